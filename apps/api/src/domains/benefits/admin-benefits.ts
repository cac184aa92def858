/**
 * Benefits in the back office (docs/ARCHITECTURE.md, "Back office"; "Benefits"): coupon policies
 * (create, list with issued and used counts, switch off, change the end or the limit), one-time
 * serial code batches (made with a CSPRNG, exported as CSV; redeemed by issueBySerial), point
 * grants and take-backs with the reason the member sees, and missions. Policy changes send
 * `prices.changed`: event coupons feed the storefront's prices.
 */
import { randomBytes } from 'node:crypto';
import {
  type CouponPolicyInput,
  type CouponPolicyUpdate,
  type MissionInput,
  type MissionUpdate,
  serialFromBytes,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { toCsv } from '../../platform/csv.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/transactions.ts';
import { lockMember } from '../users/index.ts';
import { pointBalance } from './balance.ts';
import { earnPoints, revokePoints } from './points.ts';
import {
  couponPolicies,
  couponSerials,
  coupons,
  missionCompletions,
  missions,
  operatorPointGrants,
} from './schema.ts';

export const ADMIN_POLICIES_PAGE = 30;
const POLICY_NOT_FOUND = '쿠폰 정책이 없습니다.';

type Policy = typeof couponPolicies.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const policyView = (p: Policy, used = 0, serials = 0, redeemed = 0) => ({
  ...p,
  starts_at: iso(p.starts_at),
  ends_at: iso(p.ends_at),
  created_at: p.created_at.toISOString(),
  used_count: used,
  serial_count: serials,
  serial_redeemed: redeemed,
});

export async function listPolicies(
  ctx: AppContext,
  q: { q?: string | undefined; active?: boolean | undefined; page: number },
) {
  const where = and(
    q.q ? ilike(couponPolicies.name, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.active === undefined ? undefined : eq(couponPolicies.is_active, q.active),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        p: couponPolicies,
        used: sql<number>`(select count(*)::int from ${coupons} c where c.coupon_policy_id = coupon_policies.id and c.used_at is not null)`,
        serials: sql<number>`(select count(*)::int from ${couponSerials} s where s.coupon_policy_id = coupon_policies.id)`,
        redeemed: sql<number>`(select count(*)::int from ${couponSerials} s where s.coupon_policy_id = coupon_policies.id and s.redeemed_at is not null)`,
      })
      .from(couponPolicies)
      .where(where)
      .orderBy(desc(couponPolicies.id))
      .limit(ADMIN_POLICIES_PAGE)
      .offset((q.page - 1) * ADMIN_POLICIES_PAGE),
    ctx.db.select({ n: count() }).from(couponPolicies).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page: q.page,
    result: rows.map((r) => policyView(r.p, Number(r.used), Number(r.serials), Number(r.redeemed))),
  };
}

export async function createPolicy(ctx: AppContext, input: z.output<typeof CouponPolicyInput>) {
  try {
    const [p] = await ctx.db
      .insert(couponPolicies)
      .values({
        ...input,
        // Typed codes are compared in upper case (issueBySerial): stored so, unique so.
        serial_code: input.serial_code ? input.serial_code.toUpperCase() : null,
        starts_at: input.starts_at ? new Date(input.starts_at) : null,
        ends_at: input.ends_at ? new Date(input.ends_at) : null,
        created_at: ctx.clock.now(),
      })
      .returning();
    await invalidate(ctx, 'prices.changed');
    return policyView(p as Policy);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 쓰고 있는 공용 쿠폰 번호예요.');
    throw err;
  }
}

export async function updatePolicy(ctx: AppContext, id: number, body: z.output<typeof CouponPolicyUpdate>) {
  const [before] = await ctx.db.select().from(couponPolicies).where(eq(couponPolicies.id, id));
  if (!before) throw notFound(POLICY_NOT_FOUND);
  const [after] = await ctx.db
    .update(couponPolicies)
    .set({
      ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      ...(body.is_downloadable !== undefined ? { is_downloadable: body.is_downloadable } : {}),
      ...(body.ends_at !== undefined ? { ends_at: body.ends_at ? new Date(body.ends_at) : null } : {}),
      ...(body.total_limit !== undefined ? { total_limit: body.total_limit } : {}),
    })
    .where(eq(couponPolicies.id, id))
    .returning();
  await invalidate(ctx, 'prices.changed');
  return { before: policyView(before), after: policyView(after as Policy) };
}

/** A batch of one-time codes for a policy; a code taken by chance twice is drawn again. */
export async function makeSerialBatch(ctx: AppContext, policyId: number, n: number) {
  const [p] = await ctx.db
    .select({ id: couponPolicies.id })
    .from(couponPolicies)
    .where(eq(couponPolicies.id, policyId));
  if (!p) throw notFound(POLICY_NOT_FOUND);
  const [last] = await ctx.db
    .select({ batch: sql<number>`coalesce(max(${couponSerials.batch}), 0)::int` })
    .from(couponSerials)
    .where(eq(couponSerials.coupon_policy_id, policyId));
  const batch = Number(last?.batch ?? 0) + 1;
  const now = ctx.clock.now();
  let made = 0;
  while (made < n) {
    const codes = new Set<string>();
    while (codes.size < Math.min(500, n - made)) codes.add(serialFromBytes(randomBytes(12)));
    const inserted = await ctx.db
      .insert(couponSerials)
      .values([...codes].map((code) => ({ coupon_policy_id: policyId, code, batch, created_at: now })))
      .onConflictDoNothing()
      .returning({ id: couponSerials.id });
    made += inserted.length;
  }
  return { coupon_policy_id: policyId, batch, count: made };
}

/** The codes of a policy (one batch, or all) as CSV: code,batch,redeemed_at. */
export async function serialsCsv(ctx: AppContext, policyId: number, batch?: number) {
  const rows = await ctx.db
    .select()
    .from(couponSerials)
    .where(
      and(eq(couponSerials.coupon_policy_id, policyId), batch ? eq(couponSerials.batch, batch) : undefined),
    )
    .orderBy(asc(couponSerials.batch), asc(couponSerials.id));
  if (rows.length === 0) throw notFound('쿠폰 번호가 없습니다.');
  return toCsv(
    ['code', 'batch', 'redeemed_at'],
    rows.map((r) => [r.code, r.batch, r.redeemed_at ? r.redeemed_at.toISOString() : null]),
  );
}

/**
 * An operator's grant (amount > 0) or take-back (< 0, as far as the balance allows), once per
 * idempotency key: the key is claimed in the same transaction as the points move, so of two
 * requests with one key (a double click) one pays and the other answers what the first answered.
 * A key already used for another member or amount is a 409.
 */
export async function grantPoints(
  ctx: AppContext,
  userId: number,
  grant: { amount: number; note: string; idempotency_key: string },
  operatorId: number | null,
) {
  const { amount, note, idempotency_key: key } = grant;
  const now = ctx.clock.now();
  const write = { userId, now, note, refType: 'operator', refId: operatorId ?? undefined };
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [claimed] = await tx
      .insert(operatorPointGrants)
      .values({ idempotency_key: key, user_id: userId, operator_id: operatorId, amount, created_at: now })
      .onConflictDoNothing()
      .returning({ key: operatorPointGrants.idempotency_key });
    if (!claimed) {
      const [first] = await tx
        .select()
        .from(operatorPointGrants)
        .where(eq(operatorPointGrants.idempotency_key, key));
      if (!first || first.user_id !== userId || first.amount !== amount) {
        throw conflict('이미 다른 지급에 쓴 요청 키입니다. 화면을 새로 고친 뒤 다시 시도해주세요.');
      }
      return { user_id: userId, moved: first.moved, balance: first.balance, repeated: true };
    }
    let moved = amount;
    if (amount > 0) await earnPoints(tx, { ...write, amount, reason: 'ADMIN_GRANT' });
    else moved = -(await revokePoints(tx, { ...write, amount: -amount, reason: 'ADMIN_REVOKE' }));
    const balance = await pointBalance(tx, userId);
    await tx
      .update(operatorPointGrants)
      .set({ moved, balance })
      .where(eq(operatorPointGrants.idempotency_key, key));
    return { user_id: userId, moved, balance, repeated: false };
  });
}

export async function listMissions(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      m: missions,
      done: sql<number>`(select count(*)::int from ${missionCompletions} c where c.mission_id = missions.id)`,
    })
    .from(missions)
    .orderBy(asc(missions.id));
  return { result: rows.map((r) => ({ ...r.m, completions: Number(r.done) })) };
}

export async function createMission(ctx: AppContext, input: z.output<typeof MissionInput>) {
  try {
    const [m] = await ctx.db.insert(missions).values(input).returning();
    return m as typeof missions.$inferSelect;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('이미 있는 미션 코드예요.');
    throw err;
  }
}

export async function updateMission(ctx: AppContext, id: number, body: z.output<typeof MissionUpdate>) {
  const [before] = await ctx.db.select().from(missions).where(eq(missions.id, id));
  if (!before) throw notFound('미션이 없습니다.');
  const [after] = await ctx.db.update(missions).set(body).where(eq(missions.id, id)).returning();
  return { before, after: after as typeof before };
}
