/**
 * Sign-in limits (docs/ARCHITECTURE.md "Accounts", Passwords; numbers in SIGN_IN_LIMITS). Delays,
 * never a lockout of the number's owner:
 *   - per (number, client address): from the pair's 5th failure each further attempt from that
 *     address waits 1 s, 2 s, 4 s … up to 15 minutes; a success clears the pair, and so does a
 *     password reset from that address. Failures from one address never slow another address.
 *     An IPv6 client is its /64 (clientOf).
 *   - per client address across all numbers (credential stuffing): 100 failures in an hour, then
 *     the same growing delays for that address. Successes are taken back.
 *   - per number across all addresses: 50 failures in an hour mark the number as under attack, and
 *     every address then gets 1 free failure for it instead of 5. An address that has not failed
 *     is still let through at once, so the owner can always try.
 * Every attempt is counted before the password is checked (parallel guesses cannot overshoot) and
 * refused attempts are not counted. The records live in the key-value store, so with REDIS_URL
 * every API process shares them.
 */
import { isIP } from 'node:net';
import { SIGN_IN_LIMITS as L, signInRetryDetail } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import type { BackoffRule } from '../../platform/kv.ts';

/**
 * The client a limit counts: an IPv4 address (also when written as ::ffff:a.b.c.d), or the /64 of
 * an IPv6 address — one subscriber usually holds a whole /64, and counting single addresses would
 * let it start over with every one of them.
 */
export function clientOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (a.b.c.d) is two groups, past the /64 either way.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const pairKey = (phone: string, ip: string) => `auth:signin:pair:${phone}:${clientOf(ip)}`;
const addressKey = (ip: string) => `auth:signin:address:${clientOf(ip)}`;
const numberKey = (phone: string) => `auth:signin:number:${phone}`;

const delays = { firstDelayMs: L.firstDelayS * 1000, maxDelayMs: L.maxDelayS * 1000 };
const addressRule: BackoffRule = {
  free: L.addressFreeFailures,
  ...delays,
  ttlSeconds: L.addressWindowS,
  sliding: false,
};
const pairRule = (free: number): BackoffRule => ({
  free,
  ...delays,
  ttlSeconds: L.pairMemoryS,
  sliding: true,
});

export type SignInAttempt = { readonly phone: string; readonly ip: string };

/**
 * Lets one attempt of `phone` from `ip` through, counted as a failure until it succeeds, or throws
 * 429 with the wait (detail and Retry-After).
 */
export async function admitSignIn(ctx: AppContext, phone: string, ip: string): Promise<SignInAttempt> {
  const numberFailures = Number((await ctx.kv.get(numberKey(phone))) ?? 0);
  const free = numberFailures >= L.numberAlertFailures ? L.pairFreeUnderAlert : L.pairFreeFailures;
  const outcome = await ctx.kv.backoff(
    [
      { key: pairKey(phone, ip), rule: pairRule(free) },
      { key: addressKey(ip), rule: addressRule },
    ],
    ctx.clock.now().getTime(),
  );
  if (!outcome.allowed) {
    const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
    throw tooManyRequests(signInRetryDetail(seconds), seconds);
  }
  return { phone, ip };
}

/** A wrong password (or unknown number): the attempt stays counted, and the number's count grows. */
export async function recordSignInFailure(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  await ctx.kv.incr(numberKey(attempt.phone), L.numberWindowS);
}

/** A success clears the pair and takes the attempt back from the address. */
export async function recordSignInSuccess(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  await Promise.all([
    ctx.kv.del(pairKey(attempt.phone, attempt.ip)),
    ctx.kv.backoffUndo(addressKey(attempt.ip)),
  ]);
}

/** The owner proved the number by SMS from `ip` (update-password): that pair starts over. */
export async function clearSignInPair(ctx: AppContext, phone: string, ip: string): Promise<void> {
  await ctx.kv.del(pairKey(phone, ip));
}
