/**
 * SMS verification codes (send-sms, verify-sms, and the code check of sign-up / update-password).
 *
 * - 6 digits from crypto.randomInt; only a keyed hash is stored (HMAC-SHA256 of phone:code under
 *   a key derived from JWT_SECRET), compared in constant time.
 * - A code must be entered within 3 minutes. Once verified it can complete sign-up or a password
 *   reset for 10 more minutes; completing consumes it.
 * - Every check of a wrong code counts; the 5th wrong answer kills the code ('[ERROR102]' after).
 *   Only the latest code of a phone counts: a new send replaces the previous one.
 * - One send per phone per 60 s and at most 5 per rolling hour, counted from the stored rows with
 *   the injected clock under a per-phone advisory lock; plus SMS_IP_HOURLY_LIMIT per client address
 *   in the key-value store (SMS pumping).
 * - send-sms answers the same for registered and unregistered numbers.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_S,
  SMS_MAX_PER_HOUR,
  SMS_MAX_WRONG_ATTEMPTS,
  SMS_RESEND_COOLDOWN_S,
  SMS_VERIFIED_TTL_S,
} from '@codiroom/shared';
import { and, count, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, tooManyRequests } from '../../platform/errors.ts';
import type { Conn } from '../../platform/transactions.ts';
import { smsVerifications } from './schema.ts';
import { smsSenderFor } from './sms.ts';

const CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
const keys = new WeakMap<object, Buffer>();

function codeKey(config: Pick<Config, 'jwtSecret'>): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('codiroom:sms-code:v1').digest();
    keys.set(config, key);
  }
  return key;
}

export function hashCode(config: Pick<Config, 'jwtSecret'>, phone: string, code: string): string {
  return createHmac('sha256', codeKey(config)).update(`${phone}:${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

export function smsText(code: string): string {
  return `[코디룸] 인증번호는 [${code}]입니다. 3분 안에 입력해주세요.`;
}

const codeMissing = () => badRequest(AUTH_MESSAGES.codeMissing, { code: [AUTH_MESSAGES.codeMissing] });
const codeMismatch = () => badRequest(AUTH_MESSAGES.codeMismatch, { code: [AUTH_MESSAGES.codeMismatch] });

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** Issues a code for `phone` (normalised) and sends it. Rate limits answer 429. */
export async function sendVerificationCode(
  ctx: AppContext,
  phone: string,
  clientIp: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const now = ctx.clock.now();
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`codiroom:sms:${phone}`}))`);
    const [recent] = await tx
      .select({ n: count(), last: max(smsVerifications.created_at) })
      .from(smsVerifications)
      .where(and(eq(smsVerifications.phone, phone), gt(smsVerifications.created_at, addSeconds(now, -3600))));
    const last = recent?.last ? new Date(recent.last) : null;
    if (last && now.getTime() - last.getTime() < SMS_RESEND_COOLDOWN_S * 1000) {
      throw tooManyRequests(AUTH_MESSAGES.smsCooldown);
    }
    if ((recent?.n ?? 0) >= SMS_MAX_PER_HOUR) throw tooManyRequests(AUTH_MESSAGES.smsHourly);
    const perIp = await ctx.kv.incr(`auth:sms:ip:${clientIp}`, 3600);
    if (perIp > ctx.config.SMS_IP_HOURLY_LIMIT) throw tooManyRequests(AUTH_MESSAGES.smsClientLimit);
    // Rows older than a day serve no rule any more.
    await tx
      .delete(smsVerifications)
      .where(
        and(eq(smsVerifications.phone, phone), lt(smsVerifications.created_at, addSeconds(now, -86_400))),
      );
    await tx.insert(smsVerifications).values({
      phone,
      code_hash: hashCode(ctx.config, phone, code),
      expires_at: addSeconds(now, SMS_CODE_TTL_S),
      created_at: now,
    });
  });
  try {
    await smsSenderFor(ctx).send(phone, smsText(code));
  } catch (err) {
    log?.error({ err }, 'verification SMS was not delivered');
    throw new HttpError(502, AUTH_MESSAGES.smsDeliveryFailed);
  }
}

/**
 * Checks `code` against the latest code of `phone` and marks it verified; returns its row id.
 * Throws '[ERROR102]' when there is no live code (never sent, expired, consumed, or killed by
 * wrong answers) and '[ERROR101]' for a wrong code (which counts towards the limit).
 */
export async function checkCode(ctx: AppContext, phone: string, code: string): Promise<number> {
  const now = ctx.clock.now();
  const [latest] = await ctx.db
    .select()
    .from(smsVerifications)
    .where(eq(smsVerifications.phone, phone))
    .orderBy(desc(smsVerifications.id))
    .limit(1);
  if (
    !latest ||
    latest.consumed_at ||
    latest.expires_at.getTime() <= now.getTime() ||
    latest.attempts >= SMS_MAX_WRONG_ATTEMPTS
  ) {
    throw codeMissing();
  }
  const given = code.trim();
  if (!CODE_RE.test(given)) throw codeMismatch(); // cannot match: not counted
  // Reserve an attempt first, so parallel guesses cannot exceed the limit.
  const live = and(
    eq(smsVerifications.id, latest.id),
    lt(smsVerifications.attempts, SMS_MAX_WRONG_ATTEMPTS),
    isNull(smsVerifications.consumed_at),
    gt(smsVerifications.expires_at, now),
  );
  const [reserved] = await ctx.db
    .update(smsVerifications)
    .set({ attempts: sql`${smsVerifications.attempts} + 1` })
    .where(live)
    .returning({ id: smsVerifications.id });
  if (!reserved) throw codeMissing();
  const expected = Buffer.from(latest.code_hash, 'hex');
  const actual = Buffer.from(hashCode(ctx.config, phone, given), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw codeMismatch();
  // Right: give the attempt back; the first verification extends the life for completing.
  await ctx.db
    .update(smsVerifications)
    .set({
      attempts: sql`greatest(${smsVerifications.attempts} - 1, 0)`,
      verified_at: sql`coalesce(${smsVerifications.verified_at}, ${now.toISOString()}::timestamptz)`,
      expires_at: latest.verified_at ? latest.expires_at : addSeconds(now, SMS_VERIFIED_TTL_S),
    })
    .where(eq(smsVerifications.id, latest.id));
  return latest.id;
}

/** Consumes a verified code inside the caller's transaction; '[ERROR102]' if already used. */
export async function consumeCode(db: Conn, id: number, now: Date): Promise<void> {
  const [row] = await db
    .update(smsVerifications)
    .set({ consumed_at: now })
    .where(and(eq(smsVerifications.id, id), isNull(smsVerifications.consumed_at)))
    .returning({ id: smsVerifications.id });
  if (!row) throw codeMissing();
}
