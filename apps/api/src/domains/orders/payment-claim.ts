/**
 * The claim of POST /api/orders/confirm-order (SPEC.md, 'Orders'): three statements in one
 * transaction, each with its own snapshot (READ COMMITTED takes a new snapshot per statement):
 *   1. the order row locked, with what is known of this payment key;
 *   2. (a later snapshot: it sees every payment committed by whoever held the lock before) the
 *      conditional insert of the IN_PROGRESS claim, whose conditions are every check that allows a
 *      confirm — the member's claimable order, the amount, the payment window or a known key, no
 *      other payment of the order holding it;
 *   3. (later still) the key's row and the payments holding the order, for when the claim was not
 *      taken.
 * The states the statements allow come from payment-state.ts (the one copy of the rules).
 */
import { sql } from 'drizzle-orm';
import { runHot } from '../../db/hot-sql.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Conn } from '../../platform/transactions.ts';
import { CLAIM, HOLDING_PAYMENT, type PaymentStatus } from './payment-state.ts';

export type ClaimAnswer = {
  /** The order row (`o.*`) as the lock found it, with `known_order_id` / `known_status` of the key. */
  head: Record<string, unknown> | null;
  /** Whether this request took the claim (its IN_PROGRESS row is written). */
  claimed: boolean;
  /** The key's row and the keys of the payments holding the order, read after the claim. */
  after: { known_order_id: unknown; known_status: unknown; inflight: string[] } | null;
};

const list = (states: readonly string[]) =>
  sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );

export async function claimOrderPayment(
  db: Conn,
  c: { orderNo: string; key: string; userId: number; amount: number; at: Date; provider: string },
): Promise<ClaimAnswer> {
  const at = sql`${c.at.toISOString()}::timestamptz`;
  const holding = list(HOLDING_PAYMENT);
  const inProgress: PaymentStatus = 'IN_PROGRESS';
  return db.transaction(async (tx) => {
    // Named prepared statements on the transaction's connection (db/hot-sql.ts): parsed once, but
    // planned for each claim with its values. A plan kept from a connection's first claims was made
    // when payments and orders were nearly empty (a fresh shop, or no ANALYZE yet) and scans
    // payments on every later claim, slower as the table grows (bench/orders.mjs).
    const run = runHot(tx);
    await run(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
    const [head] = rowsOf<Record<string, unknown>>(
      await run(sql`
        select o.*, k.order_id as known_order_id, k.status as known_status
        from orders o left join payments k on k.payment_key = ${c.key}
        where o.order_no = ${c.orderNo}
        limit 1
        for update of o`),
    );
    const inserted = rowsOf(
      await run(sql`
        insert into payments (order_id, payment_key, provider, status, amount, balance_amount, created_at, updated_at)
        select o.id, ${c.key}, ${c.provider}, ${inProgress}, o.amount, o.amount, ${at}, ${at}
        from orders o
        where o.order_no = ${c.orderNo} and o.user_id = ${c.userId}::int
          and o.status::text in (${list(CLAIM.orderFrom)})
          and o.amount = ${c.amount}::int
          and (o.expires_at > ${at}
            or exists (select 1 from payments k where k.payment_key = ${c.key} and k.order_id = o.id))
          and not exists (
            select 1 from payments p where p.order_id = o.id and p.status::text in (${holding})
          )
        on conflict (payment_key) do update set status = ${inProgress}, updated_at = excluded.updated_at
          -- A key whose attempt failed before may be retried for the same order.
          where payments.order_id = excluded.order_id and payments.status::text in (${list(CLAIM.retryFrom)})
        returning id`),
    );
    const [after] = rowsOf<Record<string, unknown>>(
      await run(sql`
        select k.order_id as known_order_id, k.status as known_status,
          array_to_json(array(
            select p.payment_key from payments p join orders o on o.id = p.order_id
            where o.order_no = ${c.orderNo} and p.status::text in (${holding})
          ))::text as inflight
        from (select 1) one left join payments k on k.payment_key = ${c.key}`),
    );
    return {
      head: head ?? null,
      claimed: inserted.length === 1,
      after: after
        ? {
            known_order_id: after.known_order_id,
            known_status: after.known_status,
            inflight: (JSON.parse(String(after.inflight ?? '[]')) as unknown[]).map(String),
          }
        : null,
    };
  });
}
