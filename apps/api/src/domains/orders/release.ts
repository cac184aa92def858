/**
 * Abandoned payment attempts released at once (docs/ARCHITECTURE.md, 'Reserved until paid';
 * SPEC.md, 'Orders'). An unpaid order holds its stock, time-sale units, coupons and points only
 * while the shopper is in the payment window: starting checkout again (`POST /api/orders`),
 * coming back to the cart or the checkout page (`POST /api/orders/release-pending`) or the
 * window's fail URL (`POST /api/orders/payment-failed`) ends it now; the expiry sweep
 * (settle.ts `expireOrders`) stays the safety net for a shopper who never comes back.
 */
import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { fixedStatement } from '../../db/hot-sql.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/transactions.ts';
import { displaysChanged } from '../catalog/index.ts';
import { releaseOrderBenefits } from './benefits.ts';
import { EXPIRE_FROM, FAIL_FROM, HOLDING_PAYMENT } from './payment-state.ts';
import { orders, payments } from './schema.ts';
import { releaseStock } from './stock.ts';

export type ReleaseScope = {
  /** Only this order of the member (the window it left); all of the member's attempts when absent. */
  orderNo?: string | undefined;
  /** Never this order (a repeated create of the same order id keeps the first one). */
  keep?: string | undefined;
};

/**
 * Moves the given locked orders that are still PENDING and have no payment in flight or approved
 * to `to`, and gives back what they held. Must run in the transaction that locked the rows, in a
 * statement after the lock (see releaseAttempts). Returns the orders moved and the displays whose
 * stock came back (to announce once committed).
 */
export async function endLockedAttempts(
  tx: Tx,
  ids: number[],
  to: 'FAILED' | 'EXPIRED',
  now: Date,
): Promise<{ ended: { id: number; order_no: string }[]; moved: number[] }> {
  if (ids.length === 0) return { ended: [], moved: [] };
  const ended = await tx
    .update(orders)
    .set({ status: to, updated_at: now })
    .where(
      and(
        inArray(orders.id, ids),
        inArray(orders.status, to === 'FAILED' ? FAIL_FROM : EXPIRE_FROM),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.order_id, orders.id), inArray(payments.status, HOLDING_PAYMENT))),
        ),
      ),
    )
    .returning({ id: orders.id, order_no: orders.order_no });
  if (ended.length === 0) return { ended, moved: [] };
  const endedIds = ended.map((o) => o.id);
  const moved = await releaseStock(tx, endedIds);
  await releaseOrderBenefits(tx, endedIds, now);
  return { ended, moved };
}

/**
 * Ends the member's unpaid attempts now (FAILED: "the owner gave up"), never one whose payment is
 * being confirmed. One transaction, two statements:
 *   1. the attempts' order rows are locked (`for update`, id order). A confirm's claim locks the
 *      same row and holds it until its IN_PROGRESS payment row commits, so this waits for it;
 *   2. a later statement — its own snapshot (READ COMMITTED), which sees every claim committed
 *      before the lock was taken — moves only the orders still PENDING with no payment in flight or
 *      approved. A claim arriving later waits for this lock, and its insert (again a later
 *      snapshot) finds the order FAILED and takes nothing: no payment is approved for it.
 * Stock, time-sale units, coupons and points of the released orders return in the same
 * transaction. A member with no PENDING order costs one indexed read. Returns the order ids
 * (order_no) released.
 */
/** Whether the member has an attempt in the scope (`shape`: which of orderNo / keep apply). */
const pendingProbe = fixedStatement<{ userId: number; orderNo: string; keep: string }>(
  (v, shape) => sql`select o.id from orders o
    where o.user_id = ${v('userId')}::int and o.status in (${sql.join(
      FAIL_FROM.map((st) => sql.raw(`'${st}'`)),
      sql`, `,
    )})${shape.startsWith('only') ? sql` and o.order_no = ${v('orderNo')}::text` : sql``}${
      shape.endsWith('keep') ? sql` and o.order_no <> ${v('keep')}::text` : sql``
    }
    limit 1`,
);

export async function releaseAttempts(
  ctx: AppContext,
  userId: number,
  scope: ReleaseScope = {},
): Promise<string[]> {
  const where = and(
    eq(orders.user_id, userId),
    inArray(orders.status, FAIL_FROM),
    scope.orderNo === undefined ? undefined : eq(orders.order_no, scope.orderNo),
    scope.keep === undefined ? undefined : ne(orders.order_no, scope.keep),
  );
  // The probe runs before every order is created: a fixed text per scope (hot-sql.ts).
  const shape = `${scope.orderNo === undefined ? '' : 'only'}/${scope.keep === undefined ? '' : 'keep'}`;
  const any = await pendingProbe(
    ctx.db,
    { userId, orderNo: scope.orderNo ?? '', keep: scope.keep ?? '' },
    shape,
  );
  if (any.length === 0) return [];
  const now = ctx.clock.now();
  const released = await ctx.db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(orders.id)
      .for('update');
    const { ended, moved } = await endLockedAttempts(
      tx,
      locked.map((o) => o.id),
      'FAILED',
      now,
    );
    return { orderNos: ended.map((o) => o.order_no), moved };
  });
  await displaysChanged(ctx, released.moved);
  if (released.orderNos.length) ctx.metrics.count('order_failed', released.orderNos.length);
  return released.orderNos;
}
