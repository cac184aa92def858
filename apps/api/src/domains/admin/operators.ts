/**
 * Operator accounts (docs/ARCHITECTURE.md, "Back office"): created by an ADMIN (or the CLI for the
 * first one), argon2id passwords, roles, an optional TOTP second factor, sign-in with a lock after
 * repeated failures. Operators are not shoppers and share nothing with `users`.
 */
import type { CreateOperatorRequest, OperatorView, UpdateOperatorRequest } from '@codiroom/shared';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { operators } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import { endSessionsOf } from '../../platform/operator-sessions.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/** Failed sign-ins in a row before the account waits LOCK_MINUTES. */
export const LOGIN_LOCK = { failures: 5, minutes: 15 } as const;

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
 * Checks an operator's sign-in: the same answer for an unknown e-mail and a wrong password (and as
 * slow), a lock after LOGIN_LOCK.failures failures in a row, the TOTP code when the second factor is
 * on. Answers the operator on success.
 */
export async function checkSignIn(
  ctx: AppContext,
  body: { email: string; password: string; totp?: string | undefined },
): Promise<Row> {
  const now = ctx.clock.now();
  const [o] = await ctx.db
    .select()
    .from(operators)
    .where(eq(operators.email, body.email.toLowerCase()))
    .limit(1);
  // A locked account answers like a wrong password (and as slowly): the answer never tells which
  // e-mails are operators.
  if (!o || !o.is_active || (o.locked_until && o.locked_until > now)) {
    await verifyAgainstDummy(ctx.config, body.password);
    throw refused('이메일 또는 비밀번호가 맞지 않습니다.');
  }
  // Failures are counted in the row itself (parallel attempts each count), and the fifth in a row
  // locks the account for LOGIN_LOCK.minutes.
  const fail = async () => {
    await ctx.db
      .update(operators)
      .set({
        failed_logins: sql`case when ${operators.failed_logins} + 1 >= ${LOGIN_LOCK.failures} then 0 else ${operators.failed_logins} + 1 end`,
        locked_until: sql`case when ${operators.failed_logins} + 1 >= ${LOGIN_LOCK.failures} then ${new Date(now.getTime() + LOGIN_LOCK.minutes * 60_000).toISOString()}::timestamptz else ${operators.locked_until} end`,
      })
      .where(eq(operators.id, o.id));
  };
  if (!(await verifyPassword(o.password_hash, body.password))) {
    await fail();
    throw refused('이메일 또는 비밀번호가 맞지 않습니다.');
  }
  let step: number | null = null;
  if (o.totp_secret) {
    if (!body.totp) throw refused('인증 앱의 6자리 코드를 입력해주세요.', { totp_required: true });
    step = matchTotp(o.totp_secret, body.totp, now);
    if (step === null) {
      await fail();
      throw refused('인증 코드가 맞지 않습니다.', { totp_required: true });
    }
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
        eq(operators.id, o.id),
        or(isNull(operators.locked_until), lte(operators.locked_until, now)),
        ...(step !== null ? [or(isNull(operators.totp_last_step), lt(operators.totp_last_step, step))] : []),
      ),
    )
    .returning();
  if (!signed) {
    if (step !== null) await fail();
    throw refused(
      step !== null ? '인증 코드가 맞지 않습니다.' : '이메일 또는 비밀번호가 맞지 않습니다.',
      step !== null ? { totp_required: true } : undefined,
    );
  }
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
