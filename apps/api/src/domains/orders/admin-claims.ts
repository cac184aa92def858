/**
 * Claims for operators (docs/ARCHITECTURE.md, "Back office"; SPEC.md, 'Orders'): the queue of
 * return and exchange requests, and a CS decision on one. Approving a return refunds the paid
 * amount less the return cost through the payment gateway (returns.ts completeRefund); approving an
 * exchange completes it (EXCHANGED); rejecting either puts the item back to delivered (COMPLETE)
 * with the operator's reason. The member gets a notification of every decision.
 */
import {
  CLAIM_REASON_LABEL,
  COUPON_CLAWBACK_LABEL,
  claimReasonText,
  formatWon,
  isReturnRefundable,
  nextReturnStep,
  orderNumber,
  RETURN_STEP_LABEL,
  type ReturnStep,
  returnStep,
} from '@codiroom/shared';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { productItemRows } from '../catalog/index.ts';
import { notify } from '../users/index.ts';
import { claimRefund, itemBenefitsPreview } from './benefits.ts';
import { CLAIM_MSG, itemOf } from './claims.ts';
import { changeStatus, completeRefund } from './returns.ts';
import { exchanges, orderItems, orders, refunds } from './schema.ts';

export const ADMIN_CLAIMS_PAGE = 30;
export type ClaimKind = 'refund' | 'exchange';
export type ClaimDecision = 'approve' | 'reject';
type Principal = { userId: number | null; isAdmin: boolean };

export const CLAIM_DECISION_MSG = {
  noOpenClaim: (kind: ClaimKind) =>
    kind === 'refund' ? '처리할 반품 요청이 없는 상품입니다.' : '처리할 교환 요청이 없는 상품입니다.',
  reasonRequired: '거절 사유를 적어주세요.',
  notInspected: CLAIM_MSG.notInspected,
  badStep: (step: ReturnStep) => `지금은 이 단계로 넘길 수 없습니다. (현재: ${RETURN_STEP_LABEL[step]})`,
} as const;

export async function listClaims(
  ctx: AppContext,
  q: { kind: ClaimKind; status?: 'REQUESTED' | 'COMPLETED' | 'REJECTED' | undefined; page: number },
) {
  const table = q.kind === 'refund' ? refunds : exchanges;
  const cond: SQL | undefined = q.status ? eq(table.status, q.status) : undefined;
  const offset = (q.page - 1) * ADMIN_CLAIMS_PAGE;
  const base = {
    id: table.id,
    order_item_id: table.order_item_id,
    user_id: table.user_id,
    reason: table.reason,
    return_cost: table.return_cost,
    status: table.status,
    decision_note: table.decision_note,
    created_at: table.created_at,
    completed_at: table.completed_at,
    order_id: orders.id,
    order_no: orders.order_no,
    order_created_at: orders.created_at,
    name: orderItems.name,
    size_name: orderItems.size_name,
    color_name: orderItems.color_name,
    paid_amount: orderItems.paid_amount,
    item_status: orderItems.status,
  };
  const rows =
    q.kind === 'refund'
      ? (
          await ctx.db
            .select({
              ...base,
              amount: refunds.amount,
              coupon_clawback: refunds.coupon_clawback,
              collected_at: refunds.collected_at,
              inspected_at: refunds.inspected_at,
            })
            .from(refunds)
            .innerJoin(orderItems, eq(orderItems.id, refunds.order_item_id))
            .innerJoin(orders, eq(orders.id, orderItems.order_id))
            .where(cond)
            .orderBy(desc(refunds.created_at), desc(refunds.id))
            .limit(ADMIN_CLAIMS_PAGE)
            .offset(offset)
        ).map((r) => ({ ...r, exchange_to: null as string | null }))
      : await exchangeQueueRows(
          await ctx.db
            .select({ ...base, new_item: exchanges.new_product_item_id })
            .from(exchanges)
            .innerJoin(orderItems, eq(orderItems.id, exchanges.order_item_id))
            .innerJoin(orders, eq(orders.id, orderItems.order_id))
            .where(cond)
            .orderBy(desc(exchanges.created_at), desc(exchanges.id))
            .limit(ADMIN_CLAIMS_PAGE)
            .offset(offset),
          ctx,
        );
  const [total] = await ctx.db.select({ n: count() }).from(table).where(cond);
  return {
    total: Number(total?.n ?? 0),
    page: q.page,
    result: rows.map(({ order_created_at, ...r }) => {
      const step = q.kind === 'refund' ? returnStep(r) : null;
      return {
        ...r,
        kind: q.kind,
        // The number the shopper reads (20261127-000123), not the gateway's order id.
        order_number: orderNumber({ id: r.order_id, created_at: order_created_at }),
        reason_label: claimReasonText(r.reason, CLAIM_REASON_LABEL),
        step,
        step_label: step ? RETURN_STEP_LABEL[step] : null,
        created_at: r.created_at.toISOString(),
        completed_at: r.completed_at ? r.completed_at.toISOString() : null,
        collected_at: r.collected_at ? r.collected_at.toISOString() : null,
        inspected_at: r.inspected_at ? r.inspected_at.toISOString() : null,
      };
    }),
  };
}

/** Exchange queue rows with the replacement's colour and size (exchange_to), read by item id. */
async function exchangeQueueRows<R extends { new_item: number }>(rows: R[], ctx: AppContext) {
  const items = await productItemRows(
    ctx.db,
    rows.map((r) => r.new_item),
  );
  return rows.flatMap(({ new_item, ...r }) => {
    const to = items.get(new_item);
    return to
      ? [
          {
            ...r,
            collected_at: null as Date | null,
            inspected_at: null as Date | null,
            amount: 0,
            coupon_clawback: 0,
            exchange_to: `${to.color_name} · ${to.size_name}`,
          },
        ]
      : [];
  });
}

/** The open (REQUESTED) return or exchange of an order item (and where a return stands), or a 404. */
async function openClaimRow(ctx: AppContext, kind: ClaimKind, itemId: number) {
  if (kind === 'refund') {
    const [r] = await ctx.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.order_item_id, itemId), eq(refunds.status, 'REQUESTED')))
      .orderBy(desc(refunds.id))
      .limit(1);
    if (!r) throw notFound(CLAIM_DECISION_MSG.noOpenClaim(kind));
    return { id: r.id, return_cost: r.return_cost, step: returnStep(r) };
  }
  const [row] = await ctx.db
    .select({ id: exchanges.id, return_cost: exchanges.return_cost })
    .from(exchanges)
    .where(and(eq(exchanges.order_item_id, itemId), eq(exchanges.status, 'REQUESTED')))
    .orderBy(desc(exchanges.id))
    .limit(1);
  if (!row) throw notFound(CLAIM_DECISION_MSG.noOpenClaim(kind));
  return { ...row, step: null };
}

/**
 * The next step of an item's open return (SPEC.md, 'Orders': 반품 접수 → 회수 완료 → 검수 완료),
 * in order only; refunding is the claim decision, allowed once inspected.
 */
export async function advanceReturn(ctx: AppContext, itemId: number, to: 'COLLECTED' | 'INSPECTED') {
  const open = await openClaimRow(ctx, 'refund', itemId);
  const step = open.step ?? 'REQUESTED';
  if (nextReturnStep(step) !== to) throw conflict(CLAIM_DECISION_MSG.badStep(step));
  const now = ctx.clock.now();
  const [done] = await ctx.db
    .update(refunds)
    .set(to === 'COLLECTED' ? { collected_at: now } : { inspected_at: now })
    .where(and(eq(refunds.id, open.id), eq(refunds.status, 'REQUESTED')))
    .returning();
  if (!done) throw notFound(CLAIM_DECISION_MSG.noOpenClaim('refund'));
  const next = returnStep(done);
  return { order_item_id: itemId, claim_id: done.id, step: next, step_label: RETURN_STEP_LABEL[next] };
}

/**
 * What refunding an item's open return would do, for the confirmation before it: the amount the
 * gateway refunds (paid less return shipping and 쿠폰 할인 회수), the points given back and whether
 * its coupon comes back. completeRefund recomputes all of it under the order lock.
 */
export async function refundPreview(ctx: AppContext, itemId: number) {
  const open = await openClaimRow(ctx, 'refund', itemId);
  const { item, order } = await itemOf(ctx, itemId, null);
  const refund = await claimRefund(ctx.db, order, item, item.paid_amount - open.return_cost, ctx.clock.now());
  const benefits = await itemBenefitsPreview(ctx.db, order, item);
  const step = open.step ?? 'REQUESTED';
  return {
    order_item_id: itemId,
    claim_id: open.id,
    step,
    refundable: isReturnRefundable(step),
    paid_amount: item.paid_amount,
    return_cost: open.return_cost,
    coupon_clawback: refund.clawback,
    refund_amount: refund.refund,
    points_back: benefits.points,
    coupon_restored: benefits.coupon_restored,
  };
}

/**
 * A CS decision on the open return or exchange request of an order item. A rejection needs a
 * reason, kept on the request and sent to the member.
 */
export async function decideClaim(
  ctx: AppContext,
  principal: Principal,
  itemId: number,
  kind: ClaimKind,
  decision: ClaimDecision,
  note: string | undefined,
) {
  const open = await openClaimRow(ctx, kind, itemId);
  const claimId = open.id;
  // SPEC.md, 'Orders': a return is refunded only after it was collected and inspected.
  if (kind === 'refund' && decision === 'approve' && !isReturnRefundable(open.step ?? 'REQUESTED')) {
    throw conflict(CLAIM_DECISION_MSG.notInspected);
  }
  const reason = note?.trim() ?? '';
  if (decision === 'reject' && !reason) throw badRequest(CLAIM_DECISION_MSG.reasonRequired);
  const label = kind === 'refund' ? '반품' : '교환';
  let title: string;
  let body: string;
  let status: string;
  let pointsBack = 0;
  if (decision === 'approve' && kind === 'refund') {
    const done = await completeRefund(ctx, claimId);
    status = 'REFUNDED';
    title = '반품 환불이 완료됐어요';
    const kept = [
      done && done.return_cost > 0 ? `반품 배송비 ${formatWon(done.return_cost)}` : '',
      done && done.coupon_clawback > 0 ? `${COUPON_CLAWBACK_LABEL} ${formatWon(done.coupon_clawback)}` : '',
    ].filter(Boolean);
    const points = done?.points_back ?? 0;
    body = `${done?.name ?? ''} · ${formatWon(done?.amount ?? 0)} 환불${kept.length ? ` (${kept.join(', ')} 차감)` : ''}${points > 0 ? ` · 포인트 ${formatWon(points)} 반환` : ''}`;
    pointsBack = points;
  } else {
    status = (
      await changeStatus(ctx, principal, itemId, decision === 'approve' ? 'EXCHANGED' : 'COMPLETE', reason)
    ).status;
    if (decision === 'reject') {
      const table = kind === 'refund' ? refunds : exchanges;
      await ctx.db.update(table).set({ decision_note: reason }).where(eq(table.id, claimId));
    }
    title = decision === 'approve' ? '교환이 완료됐어요' : `${label} 요청이 거절됐어요`;
    body = decision === 'approve' ? '새 상품이 발송될 예정이에요.' : `사유: ${reason}`;
  }
  const [owner] = await ctx.db
    .select({ user_id: orders.user_id, order_id: orders.id, name: orderItems.name })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, itemId));
  if (owner?.user_id) {
    await notify(ctx.db, ctx, owner.user_id, {
      kind: 'CLAIM',
      title,
      body: decision === 'approve' && kind === 'refund' ? body : `${owner.name} · ${body}`,
      link: `/mypage/orders/${owner.order_id}`,
    });
  }
  return { order_item_id: itemId, claim_id: claimId, kind, decision, status, points_back: pointsBack };
}
