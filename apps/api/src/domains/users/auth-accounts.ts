/**
 * Phone accounts: availability checks, sign-up, sign-in and the SMS password reset.
 *
 * Sign-up answers SPEC.md §5 details (400):
 *   'DUPLICATE PHONE'  an active member has the number;
 *   'STOP USER'        the number belonged to a member who withdrew less than 30 days ago;
 *   '재가입 이력이 있는 번호입니다. …'  the number already came back once after a withdrawal and
 *                      withdrew again (REREGISTER_HISTORY_WITHDRAWALS); the storefront opens its
 *                      recovery popup on that text;
 *   'DUPLICATE EMAIL'  an active member has the e-mail;
 *   field-keyed 400s   `{detail, user_name: [...]}` for a name of 50+ characters, and the same
 *                      shape for phone, password, email and referral_code problems;
 *   '[ERROR101] …' / '[ERROR102] …' for a wrong or missing/expired code;
 *   `{detail, agreements: [...]}` without the required agreements (이용약관, 개인정보 수집·이용,
 *                      만 14세 이상; account.ts in the shared package), checked with the fields.
 * The agreements are stored with the member (terms version and time; the optional marketing
 * consent with its time, which also switches on 혜택·마케팅 알림). After the account is committed
 * the sign-up listeners run (sign-up-hooks.ts: the first-purchase coupon of the benefits domain).
 * The code is checked before the account rules, so only the number's owner learns them; it is
 * consumed only when the account is created.
 *
 * Sign-in answers one 401 detail for an unknown number, a withdrawn member, an account without a
 * password and a wrong password (an unknown number still runs an argon2 verification). Failures
 * bring growing delays per (number, client address) and per address, never a lockout of the owner
 * (sign-in-limits.ts): 429 with the wait in the detail and Retry-After.
 */
import {
  type Agreements,
  AUTH_MESSAGES,
  type AuthResultBody,
  type AuthSession,
  missingAgreement,
  normalizeMobilePhone,
  passwordProblem,
  REREGISTER_BLOCK_DAYS,
  REREGISTER_HISTORY_WITHDRAWALS,
  SIGN_UP_DETAILS,
  SIGN_UP_NAME_MAX_CHARS,
  type SignInBody,
  type SignUpBody,
  TERMS_VERSION,
  type UpdatePasswordBody,
} from '@codiroom/shared';
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, type HttpError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { checkCode, consumeCode } from './auth-verification.ts';
import { mergeGuestIntoMember } from './guest-merge.ts';
import { stoppedPhoneHash } from './member-withdrawal.ts';
import { tagPushUser } from './notify.ts';
import { users } from './schema.ts';
import { issueSession, revokeAllSessions } from './sessions.ts';
import { admitSignIn, clearSignInPair, recordSignInFailure, recordSignInSuccess } from './sign-in-limits.ts';
import { memberSignedUp } from './sign-up-hooks.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** check-phone / check-email answers per client address per minute (number enumeration). */
export const CHECK_MAX_PER_MINUTE = 30;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fieldError = (field: string, detail: string, message = detail) =>
  badRequest(detail, { [field]: [message] });

export function requirePhone(input: string): string {
  const phone = normalizeMobilePhone(input);
  if (!phone) throw fieldError('phone', AUTH_MESSAGES.phoneInvalid);
  return phone;
}

/** 400 `{detail, agreements: [...]}` unless the three required agreements are given. */
export function requireAgreements(input: Agreements): void {
  const problem = missingAgreement(input);
  if (problem) throw fieldError('agreements', problem);
}

/** The consent columns of a new member (the marketing consent is 혜택·마케팅 알림 too). */
export function consentColumns(input: Agreements, now: Date) {
  const marketing = input.agree_marketing === true;
  return {
    terms_version: TERMS_VERSION,
    terms_agreed_at: now,
    marketing_agreed_at: marketing ? now : null,
    is_benefit_alert: marketing,
  };
}

export function requireNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw fieldError('password', problem);
}

/** '' / null / undefined → null; otherwise a trimmed lower-case address or a field-keyed 400. */
function optionalEmail(input: string | null | undefined): string | null {
  const email = (input ?? '').trim().toLowerCase();
  if (!email) return null;
  if (email.length > 254 || !EMAIL_RE.test(email)) throw fieldError('email', AUTH_MESSAGES.emailInvalid);
  return email;
}

function requireUserName(input: string): string {
  const name = input.trim();
  if (!name) throw fieldError('user_name', AUTH_MESSAGES.userNameRequired);
  if (Array.from(name).length > SIGN_UP_NAME_MAX_CHARS) {
    throw fieldError('user_name', AUTH_MESSAGES.userNameTooLong);
  }
  return name;
}

async function limitChecks(ctx: AppContext, ip: string): Promise<void> {
  const n = await ctx.kv.incr(`auth:check:ip:${ip}`, 60);
  if (n > CHECK_MAX_PER_MINUTE) throw tooManyRequests(AUTH_MESSAGES.checkLimit);
}

// ───────────────────────────── phone and e-mail rules ─────────────────────────────

export type PhoneStatus = 'available' | 'registered' | 'stopped' | 'history';

/** Whether `phone` (normalised) can sign up, following the rules in the file comment. */
export async function phoneStatus(ctx: AppContext, phone: string): Promise<PhoneStatus> {
  const [active] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.is_active, true)))
    .limit(1);
  if (active) return 'registered';
  // Withdrawals keep the number only as stopped_phone_hash (member-withdrawal.ts); rows that still
  // carry the plain number (withdrawn before that rule) count too.
  const [withdrawn] = await ctx.db
    .select({
      n: count(),
      last: sql<Date | string | null>`max(coalesce(${users.stopped_at}, ${users.updated_at}))`,
    })
    .from(users)
    .where(
      and(
        eq(users.is_active, false),
        or(eq(users.stopped_phone_hash, stoppedPhoneHash(ctx.config, phone)), eq(users.phone, phone)),
      ),
    );
  if (!withdrawn || withdrawn.n === 0) return 'available';
  const last = withdrawn.last ? new Date(withdrawn.last) : null;
  if (last && ctx.clock.now().getTime() - last.getTime() < REREGISTER_BLOCK_DAYS * DAY_MS) return 'stopped';
  if (withdrawn.n >= REREGISTER_HISTORY_WITHDRAWALS) return 'history';
  return 'available';
}

function phoneStatusError(status: Exclude<PhoneStatus, 'available'>): HttpError {
  switch (status) {
    case 'registered':
      return fieldError('phone', SIGN_UP_DETAILS.duplicatePhone, AUTH_MESSAGES.duplicatePhone);
    case 'stopped':
      return fieldError('phone', SIGN_UP_DETAILS.stopUser, AUTH_MESSAGES.stopUser);
    case 'history':
      return fieldError('phone', AUTH_MESSAGES.reregisterHistory);
  }
}

export async function emailTaken(ctx: AppContext, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.is_active, true)))
    .limit(1);
  return !!row;
}

const duplicateEmail = () =>
  fieldError('email', SIGN_UP_DETAILS.duplicateEmail, AUTH_MESSAGES.duplicateEmail);

export async function checkPhone(ctx: AppContext, input: string, ip: string): Promise<AuthResultBody> {
  const phone = requirePhone(input);
  await limitChecks(ctx, ip);
  const status = await phoneStatus(ctx, phone);
  if (status !== 'available') throw phoneStatusError(status);
  return { result: true, detail: AUTH_MESSAGES.phoneAvailable };
}

export async function checkEmail(ctx: AppContext, input: string, ip: string): Promise<AuthResultBody> {
  const email = optionalEmail(input);
  if (!email) throw fieldError('email', AUTH_MESSAGES.emailInvalid);
  await limitChecks(ctx, ip);
  if (await emailTaken(ctx, email)) throw duplicateEmail();
  return { result: true, detail: AUTH_MESSAGES.emailAvailable };
}

// ───────────────────────────── sessions with a guest merge ─────────────────────────────

type UserRow = typeof users.$inferSelect;

async function sessionFor(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'uuid' | 'name' | 'phone'>,
  guestId: string | null,
  log?: FastifyBaseLogger,
): Promise<AuthSession> {
  const tokens = await issueSession(ctx, user.id);
  // SPEC.md §4 "Session": login sets the push attributes (the app sets the external id itself).
  tagPushUser(ctx, user.id, 'phone');
  if (guestId) {
    // The member is signed in either way; a failed merge leaves the guest's data where it was.
    try {
      await mergeGuestIntoMember(ctx, guestId, user.id);
    } catch (err) {
      log?.error({ err, guestId, userId: user.id }, 'guest merge failed');
    }
  }
  return { ...tokens, user: { id: user.id, uuid: user.uuid, name: user.name, phone: user.phone } };
}

// ───────────────────────────── sign-up ─────────────────────────────

export async function signUp(
  ctx: AppContext,
  input: SignUpBody,
  guestId: string | null,
  log?: FastifyBaseLogger,
  campaignCode: number | null = null,
): Promise<AuthSession> {
  const phone = requirePhone(input.phone);
  const name = requireUserName(input.user_name);
  requireNewPassword(input.password);
  const email = optionalEmail(input.email);
  requireAgreements(input);
  const referralCode = (input.referral_code ?? '').trim().toUpperCase() || null;

  const verificationId = await checkCode(ctx, phone, input.code);

  const status = await phoneStatus(ctx, phone);
  if (status !== 'available') throw phoneStatusError(status);
  if (email && (await emailTaken(ctx, email))) throw duplicateEmail();
  const referredBy = await resolveReferrer(ctx, referralCode);

  const passwordHash = await hashPassword(ctx.config, input.password);
  const now = ctx.clock.now();
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          phone,
          email,
          name,
          password_hash: passwordHash,
          referred_by: referredBy,
          campaign_code: campaignCode,
          ...consentColumns(input, now),
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      await consumeCode(tx, verificationId, now);
      return created;
    });
  } catch (err) {
    // Lost a race with a concurrent sign-up of the same number or e-mail.
    if (isUniqueViolation(err, 'users_phone_active_uq')) throw phoneStatusError('registered');
    if (isUniqueViolation(err, 'users_email_active_uq')) throw duplicateEmail();
    throw err;
  }
  await memberSignedUp(ctx, { userId: user.id, method: 'phone' }, log);
  return sessionFor(ctx, user, guestId, log);
}

// ───────────────────────────── sign-in ─────────────────────────────

const signInFailed = () => unauthorized(AUTH_MESSAGES.signInFailed);

export async function signIn(
  ctx: AppContext,
  input: SignInBody,
  guestId: string | null,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<AuthSession> {
  const phone = requirePhone(input.phone);
  // Counted before verifying, so parallel guesses cannot overshoot the limits.
  const attempt = await admitSignIn(ctx, phone, ip);

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.is_active, true)))
    .limit(1);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(ctx.config, input.password);
  if (!user || !ok) {
    await recordSignInFailure(ctx, attempt);
    throw signInFailed();
  }
  await recordSignInSuccess(ctx, attempt);
  return sessionFor(ctx, user, guestId, log);
}

// ───────────────────────────── password reset ─────────────────────────────

/**
 * Sets a new password after an SMS check; every refresh token of the member is revoked, and the
 * sign-in delays of the number at the address `ip` that proved it start over.
 */
export async function updatePassword(
  ctx: AppContext,
  input: UpdatePasswordBody,
  ip: string,
): Promise<AuthResultBody> {
  const phone = requirePhone(input.phone);
  requireNewPassword(input.password);
  const verificationId = await checkCode(ctx, phone, input.code);
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.is_active, true)))
    .limit(1);
  // Only the number's owner (who just proved it) learns that it is not registered.
  if (!user) throw fieldError('phone', AUTH_MESSAGES.notRegistered);
  const passwordHash = await hashPassword(ctx.config, input.password);
  const now = ctx.clock.now();
  const sessions = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, user.id));
    await consumeCode(tx, verificationId, now);
    return revokeAllSessions(tx, user.id, now);
  });
  // Every session's access tokens stop working now, not when they expire (sessions.ts).
  await ctx.tokens.revokeFamilies(sessions);
  await clearSignInPair(ctx, phone, ip);
  return { result: true, detail: AUTH_MESSAGES.passwordUpdated };
}

/** The active member who owns a referral code (null without a code); a field error for an unknown one. */
export async function resolveReferrer(ctx: AppContext, referralCode: string | null): Promise<number | null> {
  if (!referralCode) return null;
  const [referrer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referral_code, referralCode), eq(users.is_active, true)))
    .limit(1);
  if (!referrer) throw fieldError('referral_code', AUTH_MESSAGES.referralInvalid);
  return referrer.id;
}
