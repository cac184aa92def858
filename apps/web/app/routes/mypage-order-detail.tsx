/**
 * /mypage/orders/:id: one order with the status timeline of each item (결제완료 … 구매확정), the
 * payment and address, a cancel button for items not yet shipped (POST order-items/{id}/cancel,
 * refunded through the gateway; the refund amount is shown first from cancel-detail), arrival
 * confirmation of a shipping item, 구매확정 of a delivered or exchanged item (status CONFIRMED after
 * a dialog: points are credited, returns and exchanges end; automatic 7 days after delivery),
 * return/exchange forms within 7 days of delivery, withdrawal of a pending return or exchange,
 * 배송지 변경 before anything shipped (PUT detail2: a saved address or a new one with 주소 검색),
 * and for a made-to-order (주문 제작) item what that means and its own cancel (cancel-despoke)
 * while production has not started.
 */
import {
  autoConfirmAt,
  COUPON_CLAWBACK_LABEL,
  formatKstDateTime,
  formatPhone,
  formatWon,
  gatewayMethodLabel,
  isConfirmable,
  isDespokeCancellable,
  isWithinWithdrawal,
  kstParts,
  MADE_TO_ORDER_LABEL,
  MADE_TO_ORDER_NOTE,
  type OrderItemBody,
  type OrderShippingAddress,
  orderNumber,
  purchasePoints,
  type ShippingAddress,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirmSheet } from '../components/ConfirmSheet';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { useMutation } from '../lib/use-mutation';
import { AddressChangeForm } from '../orders/AddressChangeForm';
import { CancelSheet } from '../orders/CancelSheet';
import { ClaimForm } from '../orders/ClaimForm';
import { ItemLine, MoneyBreakdown, StatusTimeline } from '../orders/OrderParts';
import styles from '../orders/orders.module.css';
import { loadOrderDetail, useOrderReload } from '../orders/use-order-detail';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-order-detail';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('주문 상세');

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문 상세 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** The member's order, loaded in the browser; a 5xx reaches the ErrorBoundary. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadOrderDetail(params.id, request.signal);
}

export function HydrateFallback() {
  return (
    <main className={styles.main}>
      <p aria-busy="true">불러오는 중…</p>
    </main>
  );
}

/** The item changes of this page: arrival, 구매확정 and withdrawal (status), and cancel. */
type Change =
  | { kind: 'status'; itemId: number; status: 'COMPLETE' | 'CONFIRMED' }
  | { kind: 'cancel'; itemId: number; reason: string; despoke: boolean };

function send(change: Change) {
  if (change.kind === 'cancel') {
    // A made-to-order item has its own cancel call (SPEC.md, 'Orders').
    const path = change.despoke ? 'cancel-despoke' : 'cancel';
    return browserApi().request('POST', `/api/orders/order-items/${change.itemId}/${path}`, {
      body: { reason: change.reason },
    });
  }
  return browserApi().request('POST', `/api/orders/order-items/${change.itemId}/status`, {
    body: { status: change.status },
  });
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order, missing } = loaderData;
  const load = useOrderReload();
  const [note, setNote] = useState<string | null>(null);
  const [claim, setClaim] = useState<{ itemId: number; kind: 'refund' | 'exchange' } | null>(null);
  // The item being cancelled, with the refund its cancel-detail previews (null: no preview).
  const [cancelling, setCancelling] = useState<{
    item: OrderItemBody;
    refund: number | null;
    clawback: number;
  } | null>(null);
  const [confirmSheet, ask] = useConfirmSheet();
  // 배송지 변경: the member's saved addresses once the form opens (null: closed).
  const [addressForm, setAddressForm] = useState<ShippingAddress[] | null>(null);
  // A success re-runs the loader (fresh statuses); a refusal reloads too, below.
  const change = useMutation(send);
  const message = change.error ?? note;
  const busy = change.pending;

  /** Runs a change and shows `done` after a success; a refused change reloads the order as well. */
  async function apply(
    c: Change,
    done: (data: { order_item_id: number; cancel_amount?: number; points_back?: number }) => string,
  ) {
    setNote(null);
    const r = await change.run(c);
    if (r?.ok) setNote(done(r.data));
    else if (r) await load();
  }

  async function confirmArrival(itemId: number) {
    await apply({ kind: 'status', itemId, status: 'COMPLETE' }, () => '수령 확인되었습니다.');
  }

  async function confirmPurchase(item: OrderItemBody) {
    setNote(null);
    change.reset();
    const points = purchasePoints(item.paid_amount);
    const text = [
      points > 0 ? `${formatWon(points)}이 포인트로 적립됩니다.` : null,
      '구매확정 후에는 반품·교환을 신청할 수 없습니다.',
    ]
      .filter(Boolean)
      .join('\n');
    if (!(await ask({ title: '구매확정할까요?', text, confirmLabel: '구매확정' }))) return;
    await apply({ kind: 'status', itemId: item.id, status: 'CONFIRMED' }, () =>
      points > 0 ? `구매확정되었습니다. ${formatWon(points)} 적립` : '구매확정되었습니다.',
    );
  }

  async function withdrawClaim(itemId: number, kind: 'refund' | 'exchange') {
    const label = kind === 'refund' ? '반품' : '교환';
    if (!(await ask({ title: `${label} 신청을 철회할까요?`, confirmLabel: '철회하기', cancelLabel: '닫기' })))
      return;
    await apply({ kind: 'status', itemId, status: 'COMPLETE' }, () => `${label} 신청이 철회되었습니다.`);
  }

  /** Opens the cancel sheet with the refund the cancel would give (the sheet asks the reason). */
  async function startCancel(item: OrderItemBody) {
    setNote(null);
    change.reset();
    const preview = await browserApi()
      .request('GET', `/api/orders/order-items/${item.id}/cancel-detail`)
      .catch(() => null);
    setCancelling({
      item,
      refund: preview?.ok ? preview.data.refund_amount : null,
      clawback: preview?.ok ? preview.data.coupon_clawback : 0,
    });
  }

  async function openAddressForm() {
    setNote(null);
    const r = await browserApi()
      .request('GET', '/api/users/get-user-shipping-info')
      .catch(() => null);
    setAddressForm(r?.ok ? r.data.result : []);
  }

  async function changeAddress(address: OrderShippingAddress): Promise<string | null> {
    if (!order) return null;
    const r = await browserApi().request('PUT', `/api/orders/${order.id}/detail2`, { body: { address } });
    if (!r.ok) return r.detail;
    setAddressForm(null);
    setNote('배송지를 변경했어요.');
    await load();
    return null;
  }

  async function cancel(item: OrderItemBody, reason: string) {
    setCancelling(null);
    await apply(
      { kind: 'cancel', itemId: item.id, reason, despoke: item.is_despoke },
      (d) =>
        `취소되었습니다. ${formatWon(d.cancel_amount ?? 0)} 환불${(d.points_back ?? 0) > 0 ? `, 포인트 ${formatWon(d.points_back ?? 0)} 반환` : ''}`,
    );
  }

  if (missing) {
    return (
      <main>
        <EmptyState title="주문을 찾을 수 없어요" />
      </main>
    );
  }
  return (
    <>
      <main className={styles.main}>
        {order && (
          <>
            <section className={styles.section}>
              <h2>
                <span data-testid="order-status">{order.state_label}</span>
              </h2>
              <dl className={styles.facts} data-testid="order-facts">
                <dt>주문번호</dt>
                <dd data-testid="order-number">{orderNumber(order)}</dd>
                <dt>주문일시</dt>
                <dd>
                  <time dateTime={order.created_at} data-testid="order-date">
                    {formatKstDateTime(order.created_at)}
                  </time>
                </dd>
                <dt>결제수단</dt>
                <dd data-testid="payment-method">
                  {order.payment
                    ? [gatewayMethodLabel(order.payment.method), order.payment.easy_pay_provider]
                        .filter(Boolean)
                        .join(' · ')
                    : order.payment_method_label}
                </dd>
              </dl>
              {message && <output className={`${page.muted} ${styles.block}`}>{message}</output>}
              {order.items.map((i) => (
                <div key={i.id} className={styles.card} data-testid="order-item">
                  <ItemLine
                    name={i.name}
                    brand_name={i.brand_name}
                    image_url={i.image_url}
                    size_name={i.size_name}
                    color_name={i.color_name}
                    quantity={i.quantity}
                    amount={i.paid_amount}
                  >
                    <strong data-testid="item-status">{i.status_label}</strong>
                  </ItemLine>
                  <StatusTimeline status={i.status} />
                  {i.is_despoke && (
                    <p className={page.muted} data-testid="made-to-order">
                      <strong>{MADE_TO_ORDER_LABEL}</strong> {MADE_TO_ORDER_NOTE}
                    </p>
                  )}
                  {i.coupon_clawback > 0 && (
                    <p className={page.muted} data-testid="item-coupon-clawback">
                      {COUPON_CLAWBACK_LABEL} -{formatWon(i.coupon_clawback)} (환불 금액에서 차감)
                    </p>
                  )}
                  {i.tracking_number && (
                    <p className={styles.tracking} data-testid="tracking">
                      {i.carrier_name} {i.tracking_number}{' '}
                      {i.tracking_url && (
                        <a href={i.tracking_url} target="_blank" rel="noopener noreferrer">
                          배송 조회
                        </a>
                      )}
                    </p>
                  )}
                  {(i.status === 'COMPLETE' || i.status === 'CONFIRMED' || i.status === 'EXCHANGED') && (
                    <Link
                      to={`/mypage/reviews/write/${i.id}`}
                      className={styles.smallButton}
                      data-testid="write-review"
                    >
                      후기 쓰기
                    </Link>
                  )}
                  {i.status === 'SHIPPING' && (
                    <button type="button" className={styles.smallButton} onClick={() => confirmArrival(i.id)}>
                      수령 확인
                    </button>
                  )}
                  {isConfirmable(i.status) && (
                    <p className={`${styles.itemActions} ${styles.centered}`}>
                      <button
                        type="button"
                        className={styles.smallButton}
                        disabled={busy}
                        onClick={() => confirmPurchase(i)}
                        data-testid="confirm-purchase"
                      >
                        구매확정
                      </button>
                      {i.status === 'COMPLETE' && i.completed_at && (
                        <span className={page.muted}>{autoConfirmLabel(i.completed_at)}</span>
                      )}
                    </p>
                  )}
                  {(i.status === 'REFUND_REQUESTED' || i.status === 'EXCHANGE_REQUESTED') && (
                    <button
                      type="button"
                      className={styles.smallButton}
                      disabled={busy}
                      onClick={() =>
                        withdrawClaim(i.id, i.status === 'REFUND_REQUESTED' ? 'refund' : 'exchange')
                      }
                    >
                      {i.status === 'REFUND_REQUESTED' ? '반품 철회' : '교환 철회'}
                    </button>
                  )}
                  {i.status === 'COMPLETE' &&
                    isWithinWithdrawal(i.completed_at ? new Date(i.completed_at) : null, new Date()) && (
                      <p className={styles.itemActions}>
                        <button
                          type="button"
                          className={styles.smallButton}
                          onClick={() => setClaim({ itemId: i.id, kind: 'refund' })}
                        >
                          반품 신청
                        </button>
                        <button
                          type="button"
                          className={styles.smallButton}
                          onClick={() => setClaim({ itemId: i.id, kind: 'exchange' })}
                        >
                          교환 신청
                        </button>
                      </p>
                    )}
                  {claim?.itemId === i.id && (
                    <ClaimForm
                      key={claim.kind}
                      itemId={i.id}
                      kind={claim.kind}
                      onDone={(m) => {
                        setClaim(null);
                        change.reset();
                        setNote(m);
                        void load();
                      }}
                    />
                  )}
                  {i.is_despoke && isDespokeCancellable(i.status) && (
                    <button
                      type="button"
                      className={styles.smallButton}
                      disabled={busy}
                      onClick={() => startCancel(i)}
                    >
                      제작 취소
                    </button>
                  )}
                  {i.is_cancellable && (
                    <button
                      type="button"
                      className={styles.smallButton}
                      disabled={busy}
                      onClick={() => startCancel(i)}
                    >
                      주문 취소
                    </button>
                  )}
                </div>
              ))}
            </section>
            <section className={styles.section}>
              <h2>배송지</h2>
              <p className={styles.flat}>
                {order.address.recipient} ·{' '}
                <span data-testid="address-phone">{formatPhone(order.address.phone)}</span>
              </p>
              <p className={page.muted}>
                ({order.address.zipcode}) {order.address.main_address} {order.address.detail_address}
              </p>
              {order.address.delivery_request && (
                <p className={page.muted}>{order.address.delivery_request}</p>
              )}
              {order.is_address_editable && addressForm === null && (
                <button type="button" className={styles.smallButton} onClick={openAddressForm}>
                  배송지 변경
                </button>
              )}
              {!order.is_address_editable &&
                (order.status === 'PAID' || order.status === 'PARTIALLY_CANCELLED') && (
                  <p className={page.muted}>배송이 시작되어 배송지를 변경할 수 없어요.</p>
                )}
              {order.is_address_editable && addressForm !== null && (
                <AddressChangeForm
                  saved={addressForm}
                  onSubmit={changeAddress}
                  onClose={() => setAddressForm(null)}
                />
              )}
            </section>
            <section className={styles.section}>
              <h2>결제 정보</h2>
              <MoneyBreakdown money={order} label="결제 금액" />
              {order.cancelled_amount > 0 && (
                <p data-testid="cancelled-amount">환불 금액 {formatWon(order.cancelled_amount)}</p>
              )}
            </section>
          </>
        )}
      </main>
      {confirmSheet}
      {cancelling && (
        <CancelSheet
          itemName={cancelling.item.name}
          refundAmount={cancelling.refund}
          couponClawback={cancelling.clawback}
          pending={busy}
          onClose={() => setCancelling(null)}
          onCancel={(reason) => cancel(cancelling.item, reason)}
        />
      )}
    </>
  );
}

/** "11월 28일 자동 구매확정" (KST date of the automatic confirmation). */
function autoConfirmLabel(completedAt: string): string {
  const p = kstParts(autoConfirmAt(new Date(completedAt)));
  return `${p.month}월 ${p.day}일 자동 구매확정`;
}
