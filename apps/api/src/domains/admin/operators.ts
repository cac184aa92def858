/**
 * Operator accounts (docs/ARCHITECTURE.md, "Back office"): created by an ADMIN (or the CLI for the
 * first one), argon2id passwords, roles, an optional TOTP second factor, sign-in with growing
 * delays after repeated failures (never a lockout of the owner). Operators are not shoppers and share nothing with `users`.
 */
import type { CreateOperatorRequest, OperatorView, UpdateOperatorRequest } from '@codiroom/shared';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { actorOf, countAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import { endSessionsOf } from '../../platform/operator-sessions.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import { operators } from '../../platform/schema.ts';
import { clientOf, type SignInAttempt, signInLimiter } from '../../platform/sign-in-limits.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

type Row = typeof operators.$inferSelect;

export function operatorView(o: Row): OperatorView {
  return {
    id: o.id,
    email: o.email,
    name: o.name,
    roles: o.roles as OperatorView['roles'],
    totp_enabled: o.totp_secret !== null,
    is_active: o.is_active,
    last_login_at: o.last_login_at ? o.last_login_at.toISOString() : null,
    created_at: o.created_at.toISOString(),
  };
}

async function row(ctx: AppContext, id: number): Promise<Row> {
  const [o] = await ctx.db.select().from(operators).where(eq(operators.id, id)).limit(1);
  if (!o) throw notFound('운영자가 없습니다.');
  return o;
}

export async function createOperator(ctx: AppContext, body: CreateOperatorRequest): Promise<OperatorView> {
  const now = ctx.clock.now();
  try {
    const [o] = await ctx.db
      .insert(operators)
      .values({
        email: body.email.toLowerCase(),
        name: body.name,
        roles: [...new Set(body.roles)],
        password_hash: await hashPassword(ctx.config, body.password),
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!o) throw new Error('operator insert returned nothing');
    return operatorView(o);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 등록된 이메일입니다.');
    throw err;
  }
}

export async function listOperators(ctx: AppContext): Promise<OperatorView[]> {
  const rows = await ctx.db.select().from(operators).orderBy(asc(operators.id));
  return rows.map(operatorView);
}

export async function getOperator(ctx: AppContext, id: number): Promise<OperatorView> {
  return operatorView(await row(ctx, id));
}

/** Changes an operator; a change of roles, password or activity ends their sessions. */
export async function updateOperator(
  ctx: AppContext,
  id: number,
  body: UpdateOperatorRequest,
  by: number | null,
): Promise<{ before: OperatorView; after: OperatorView }> {
  const before = await row(ctx, id);
  if (by === id && (body.is_active === false || (body.roles && !body.roles.includes('ADMIN')))) {
    throw conflict('자기 자신의 관리자 권한이나 계정은 끌 수 없습니다.');
  }
  const [after] = await ctx.db
    .update(operators)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.roles !== undefined ? { roles: [...new Set(body.roles)] } : {}),
      ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      ...(body.password !== undefined
        ? {
            password_hash: await hashPassword(ctx.config, body.password),
            failed_logins: 0,
            locked_until: null,
          }
        : {}),
      ...(body.reset_totp ? { totp_secret: null, totp_pending: null, totp_last_step: null } : {}),
      updated_at: ctx.clock.now(),
    })
    .where(eq(operators.id, id))
    .returning();
  if (!after) throw notFound('운영자가 없습니다.');
  if (
    body.roles !== undefined ||
    body.password !== undefined ||
    body.is_active === false ||
    body.reset_totp
  ) {
    await endSessionsOf(ctx, id);
  }
  return { before: operatorView(before), after: operatorView(after) };
}

const refused = (detail: string, extra?: Record<string, unknown>) => new HttpError(401, detail, extra);

/**
 * Operators' sign-in limits (docs/ARCHITECTURE.md "Back office" and "Accounts"): the members'
 * mechanism (platform/sign-in-limits.ts) per e-mail — delays per (e-mail, client address), never a
 * lockout of the owner from another address; a tighter per-address limit across e-mails, since a
 * back office has few accounts and no reason for one address to fail many.
 */
export const OPERATOR_SIGN_IN_LIMITS = {
  pairFreeFailures: 5,
  pairFreeUnderAlert: 1,
  pairMemoryS: 86_400,
  addressFreeFailures: 20,
  addressWindowS: 3600,
  accountAlertFailures: 50,
  accountWindowS: 3600,
  firstDelayS: 1,
  maxDelayS: 900,
} as const;
const limits = signInLimiter('admin:signin', OPERATOR_SIGN_IN_LIMITS);

/** Refused sign-ins are counted in one audit row per (account or unknown, address) and this window. */
export const REFUSED_SIGN_IN_AUDIT_WINDOW_S = 900;
/** The audit actor of refused sign-ins of e-mails that are no operator's (one row for all of them). */
export const UNKNOWN_OPERATOR = '(unknown e-mail)';

const WRONG = '이메일 또는 비밀번호가 맞지 않습니다.';

/**
 * Checks an operator's sign-in from `ip`: the same answer for an unknown e-mail and a wrong password
 * (and as slow), growing delays (429) per (e-mail, address) and per address, the TOTP code when the
 * second factor is on. Answers the operator on success; a refusal is counted in the audit log.
 */
export async function checkSignIn(
  ctx: AppContext,
  body: { email: string; password: string; totp?: string | undefined },
  ip: string,
): Promise<Row> {
  const now = ctx.clock.now();
  const email = body.email.toLowerCase();
  const [o] = await ctx.db.select().from(operators).where(eq(operators.email, email)).limit(1);
  const known = o?.is_active ? o : undefined;
  const refuse = async (err: HttpError): Promise<never> => {
    await countAudit(
      ctx,
      {
        operator_id: known?.id ?? null,
        actor: known ? actorOf(known) : UNKNOWN_OPERATOR,
        action: 'POST /api/admin/auth/login',
        status_code: err.statusCode,
        ip: clientOf(ip),
        detail: { action: 'operator.login.refused' },
      },
      REFUSED_SIGN_IN_AUDIT_WINDOW_S,
    );
    throw err;
  };
  let attempt: SignInAttempt;
  try {
    attempt = await limits.admit(ctx, email, ip);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return refuse(err);
  }
  const fail = async (err: HttpError): Promise<never> => {
    await limits.failure(ctx, attempt);
    return refuse(err);
  };
  if (!known) {
    await verifyAgainstDummy(ctx.config, body.password);
    return fail(refused(WRONG));
  }
  if (!(await verifyPassword(known.password_hash, body.password))) return fail(refused(WRONG));
  let step: number | null = null;
  if (known.totp_secret) {
    // The attempt stays counted (not a success): otherwise the password alone would reset the
    // delays between guesses of the code.
    // A right password asking for the code is no failure of the address: an office of operators
    // behind one address signs in all day.
    if (!body.totp) {
      await limits.passwordProven(ctx, attempt);
      return refuse(refused('인증 앱의 6자리 코드를 입력해주세요.', { totp_required: true }));
    }
    step = matchTotp(known.totp_secret, body.totp, now);
    if (step === null) return fail(refused('인증 코드가 맞지 않습니다.', { totp_required: true }));
  }
  // Signed in — and a code's time step is taken once: of two sign-ins with one code, one wins.
  const [signed] = await ctx.db
    .update(operators)
    .set({
      failed_logins: 0,
      locked_until: null,
      last_login_at: now,
      ...(step !== null ? { totp_last_step: step } : {}),
    })
    .where(
      and(
        eq(operators.id, known.id),
        ...(step !== null ? [or(isNull(operators.totp_last_step), lt(operators.totp_last_step, step))] : []),
      ),
    )
    .returning();
  if (!signed) return fail(refused('인증 코드가 맞지 않습니다.', { totp_required: true }));
  await limits.success(ctx, attempt);
  return signed;
}

/** Starts setting up the second factor: a pending secret and its otpauth URI for the app. */
export async function beginTotp(ctx: AppContext, id: number) {
  const o = await row(ctx, id);
  if (o.totp_secret) throw conflict('2단계 인증이 이미 켜져 있습니다.');
  const secret = newTotpSecret();
  await ctx.db.update(operators).set({ totp_pending: secret }).where(eq(operators.id, id));
  return { secret, otpauth_uri: otpauthUri(secret, o.email) };
}

/** Confirms the pending secret with a first code: the second factor is on from the next sign-in. */
export async function confirmTotp(ctx: AppContext, id: number, code: string): Promise<OperatorView> {
  const o = await row(ctx, id);
  if (!o.totp_pending) throw conflict('먼저 2단계 인증 설정을 시작해주세요.');
  const step = matchTotp(o.totp_pending, code, ctx.clock.now());
  if (step === null) throw new HttpError(400, '인증 코드가 맞지 않습니다.');
  const [after] = await ctx.db
    .update(operators)
    .set({
      totp_secret: o.totp_pending,
      totp_pending: null,
      totp_last_step: step,
      updated_at: ctx.clock.now(),
    })
    .where(eq(operators.id, id))
    .returning();
  return operatorView(after ?? o);
}
