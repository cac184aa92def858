/**
 * Referral codes: the member's own code (created on first use) and the rate-limited check of a
 * code. Profile and status: member-service.ts.
 */
import { randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@codiroom/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { memberRow } from './member-db.ts';
import { users } from './schema.ts';

// ───────────────────────────── referral codes ─────────────────────────────

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/** The member's code, created on first use: 8 characters, unique, retried on a collision. */
export async function referralCode(
  ctx: AppContext,
  userId: number,
  generate: () => string = newReferralCode,
): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await memberRow(ctx.db, userId);
    if (existing.referral_code) return existing.referral_code;
    try {
      // Only fills an empty code, so two concurrent first calls agree on one code.
      const [row] = await ctx.db
        .update(users)
        .set({ referral_code: generate() })
        .where(and(eq(users.id, userId), isNull(users.referral_code)))
        .returning({ code: users.referral_code });
      if (row?.code) return row.code;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new HttpError(503, 'Could not allocate a referral code, please retry');
}

const REFERRAL_CODE_RE = /^[A-Z0-9]{4,16}$/;
/** Checks per client address and minute, so codes cannot be enumerated cheaply. */
export const VERIFY_REFERRAL_PER_MINUTE = 30;

/** Whether a code belongs to an active member; never says whose. */
export async function verifyReferralCode(ctx: AppContext, raw: string): Promise<boolean> {
  const code = raw.trim().toUpperCase();
  if (!REFERRAL_CODE_RE.test(code)) return false;
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referral_code, code), eq(users.is_active, true)))
    .limit(1);
  return !!row;
}

export async function verifyReferralRateLimit(ctx: AppContext, clientIp: string): Promise<boolean> {
  const minute = Math.floor(ctx.clock.now().getTime() / 60_000);
  const n = await ctx.kv.incr(`users:verify-referral:${clientIp}:${minute}`, 120);
  return n <= VERIFY_REFERRAL_PER_MINUTE;
}
