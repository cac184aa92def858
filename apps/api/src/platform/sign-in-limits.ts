/**
 * Sign-in limits (docs/ARCHITECTURE.md "Accounts", Passwords): delays, never a lockout of the
 * account's owner. One mechanism for every kind of account — members by phone number
 * (domains/users/sign-in-limits.ts, SIGN_IN_LIMITS) and operators by e-mail (domains/admin,
 * "Back office") — each with its own key namespace and numbers:
 *   - per (account, client address): from the pair's `pairFreeFailures`th failure each further
 *     attempt from that address waits firstDelayS, twice that … up to maxDelayS; a success clears
 *     the pair. Failures from one address never slow another address. An IPv6 client is its /64
 *     (clientOf).
 *   - per client address across all accounts (credential stuffing): `addressFreeFailures` failures
 *     in `addressWindowS`, then the same growing delays for that address. Successes are taken back.
 *   - per account across all addresses: `accountAlertFailures` failures in `accountWindowS` mark
 *     the account as under attack, and every address then gets `pairFreeUnderAlert` free failures
 *     for it. An address that has not failed is still let through at once, so the owner can always
 *     try.
 * Every attempt is counted before the password is checked (parallel guesses cannot overshoot) and
 * refused attempts are not counted. The records live in the key-value store, so with REDIS_URL
 * every API process shares them; while Redis is down no attempt can be counted, so every attempt
 * is refused with 503 and Retry-After (platform/errors.ts): the delays fail closed, never open.
 */
import { isIP } from 'node:net';
import { signInRetryDetail } from '@codiroom/shared';
import type { AppContext } from './context.ts';
import { tooManyRequests } from './errors.ts';
import { type BackoffRule, orWhenUnavailable } from './kv.ts';

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

/** The numbers of one kind of account (seconds and failure counts). */
export type SignInLimits = {
  readonly pairFreeFailures: number;
  readonly pairFreeUnderAlert: number;
  readonly pairMemoryS: number;
  readonly addressFreeFailures: number;
  readonly addressWindowS: number;
  readonly accountAlertFailures: number;
  readonly accountWindowS: number;
  readonly firstDelayS: number;
  readonly maxDelayS: number;
};

export type SignInAttempt = { readonly account: string; readonly ip: string };

export type SignInLimiter = {
  /**
   * Lets one attempt of `account` from `ip` through, counted as a failure until it succeeds, or
   * throws 429 with the wait (detail and Retry-After).
   */
  admit(ctx: AppContext, account: string, ip: string): Promise<SignInAttempt>;
  /** A wrong password (or unknown account): the attempt stays counted, and the account's count grows. */
  failure(ctx: AppContext, attempt: SignInAttempt): Promise<void>;
  /** A success clears the pair and takes the attempt back from the address. */
  success(ctx: AppContext, attempt: SignInAttempt): Promise<void>;
  /**
   * The password was right and a second step (a TOTP code) is still due: the address gets the
   * attempt back, the pair keeps it (so guesses of the code stay counted).
   */
  passwordProven(ctx: AppContext, attempt: SignInAttempt): Promise<void>;
  /** The owner proved the account from `ip` some other way (a password reset): that pair starts over. */
  clearPair(ctx: AppContext, account: string, ip: string): Promise<void>;
};

/** The limiter of one kind of account; `namespace` keeps its records apart from the others'. */
export function signInLimiter(namespace: string, L: SignInLimits): SignInLimiter {
  const pairKey = (account: string, ip: string) => `${namespace}:pair:${account}:${clientOf(ip)}`;
  const addressKey = (ip: string) => `${namespace}:address:${clientOf(ip)}`;
  const accountKey = (account: string) => `${namespace}:account:${account}`;
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
  return {
    async admit(ctx, account, ip) {
      const accountFailures = Number((await ctx.kv.get(accountKey(account))) ?? 0);
      const free = accountFailures >= L.accountAlertFailures ? L.pairFreeUnderAlert : L.pairFreeFailures;
      const outcome = await ctx.kv.backoff(
        [
          { key: pairKey(account, ip), rule: pairRule(free) },
          { key: addressKey(ip), rule: addressRule },
        ],
        ctx.clock.now().getTime(),
      );
      if (!outcome.allowed) {
        const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
        throw tooManyRequests(signInRetryDetail(seconds), seconds);
      }
      return { account, ip };
    },
    async failure(ctx, attempt) {
      await ctx.kv.incr(accountKey(attempt.account), L.accountWindowS);
    },
    async success(ctx, attempt) {
      // The password was right: without Redis the sign-in goes on, the records just stay as they are.
      await orWhenUnavailable(
        Promise.all([
          ctx.kv.del(pairKey(attempt.account, attempt.ip)),
          ctx.kv.backoffUndo(addressKey(attempt.ip)),
        ]),
        undefined,
      );
    },
    async passwordProven(ctx, attempt) {
      await ctx.kv.backoffUndo(addressKey(attempt.ip));
    },
    async clearPair(ctx, account, ip) {
      await ctx.kv.del(pairKey(account, ip));
    },
  };
}
