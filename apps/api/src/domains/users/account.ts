/**
 * A signed-in member's own account changes (docs/ARCHITECTURE.md "Accounts"), both additions to
 * API-CATALOGUE.md, reached from the profile page:
 *   - change-password: the current password, then a new one (the password rules of sign-up, and
 *     not the current one). Wrong current passwords count as failed sign-ins of the member's number
 *     from that address (sign-in-limits.ts), so a stolen access token cannot guess the password
 *     faster than sign-in could. Every session of the member ends (as update-password); this
 *     device gets a new one in the answer, so it stays signed in.
 *   - change-phone: the new number proven with an SMS code sent to it (send-sms, verify-sms), checked
 *     before the account rules; a number an active member has answers 'DUPLICATE PHONE' (400), as
 *     at sign-up; the code is consumed with the change. The answer shows the number masked.
 * Problems answer 400 with the field key (`{detail, current_password: [...]}`), never 401, which
 * the storefront reads as an expired session.
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type ChangePhoneBody,
  maskPhone,
  passwordProblem,
  SIGN_UP_DETAILS,
} from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { requirePhone } from './auth-accounts.ts';
import { checkCode, consumeCode } from './auth-verification.ts';
import { users } from './schema.ts';
import { issueSession, revokeAllSessions } from './sessions.ts';
import { admitSignIn, recordSignInFailure, recordSignInSuccess } from './sign-in-limits.ts';

const fieldError = (field: string, detail: string, message = detail) =>
  badRequest(detail, { [field]: [message] });

async function activeMember(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ id: users.id, phone: users.phone, password_hash: users.password_hash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.is_active, true)))
    .limit(1);
  if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
  return user;
}

export async function changePassword(ctx: AppContext, userId: number, body: ChangePasswordBody, ip: string) {
  const user = await activeMember(ctx, userId);
  if (!user.password_hash || !user.phone) throw fieldError('current_password', ACCOUNT_MESSAGES.noPassword);
  const problem = passwordProblem(body.new_password);
  if (problem) throw fieldError('new_password', problem);
  if (body.new_password === body.current_password) {
    throw fieldError('new_password', ACCOUNT_MESSAGES.samePassword);
  }
  const attempt = await admitSignIn(ctx, user.phone, ip);
  if (!(await verifyPassword(user.password_hash, body.current_password))) {
    await recordSignInFailure(ctx, attempt);
    throw fieldError('current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  await recordSignInSuccess(ctx, attempt);
  const passwordHash = await hashPassword(ctx.config, body.new_password);
  const now = ctx.clock.now();
  const families = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId));
    return revokeAllSessions(tx, userId, now);
  });
  // Every earlier session's access tokens stop working now (sessions.ts), this one's included.
  await ctx.tokens.revokeFamilies(families);
  const tokens = await issueSession(ctx, userId);
  return { ...tokens, detail: ACCOUNT_MESSAGES.passwordChanged };
}

export async function changePhone(ctx: AppContext, userId: number, body: ChangePhoneBody) {
  const phone = requirePhone(body.phone);
  const user = await activeMember(ctx, userId);
  if (user.phone === phone) throw fieldError('phone', ACCOUNT_MESSAGES.samePhone);
  // The code first, so only the number's owner learns whether it is taken (as sign-up).
  const verificationId = await checkCode(ctx, phone, body.code);
  const duplicate = () => fieldError('phone', SIGN_UP_DETAILS.duplicatePhone, AUTH_MESSAGES.duplicatePhone);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.is_active, true)))
    .limit(1);
  if (taken) throw duplicate();
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ phone, updated_at: now }).where(eq(users.id, userId));
      await consumeCode(tx, verificationId, now);
    });
  } catch (err) {
    // Lost a race with a sign-up or change to the same number.
    if (isUniqueViolation(err, 'users_phone_active_uq')) throw duplicate();
    throw err;
  }
  // Masked as user-detail shows it.
  return { result: true, detail: ACCOUNT_MESSAGES.phoneChanged, phone: maskPhone(phone) ?? '' };
}
