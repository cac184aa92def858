/**
 * /admin/orders/{id} (CS): one order — items with their status and parcel, payment, address (names
 * and phones masked; the audited reveal shows them) — and
 * shipping an item with a carrier and tracking number (the shopper gets the tracking link and a
 * notification), the other forward moves and return or exchange decisions (ItemActions), and
 * 배송지 변경 before anything shipped (PUT /api/admin/orders/{id}/address, audited).
 */
import { CARRIER_CODES, CARRIERS, COUPON_CLAWBACK_LABEL, formatWon, orderNumber } from '@codiroom/shared';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AddressChangeForm } from '../orders/AddressChangeForm';
import type { Route } from './+types/order';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { RevealButton } from './feedback';
import { kst } from './format';
import { ItemActions } from './ItemActions';

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminApi.get(`/api/admin/orders/${params.id}`, undefined, {
    signal: request.signal,
  });
}

const SHIPPABLE = new Set(['PAID', 'PREPARING']);

/** POST /api/admin/orders/{id}/reveal: the names and phones the order shows masked (audited). */
type Revealed = {
  orderer: { name: string | null; phone: string | null };
  address: { recipient: string | null; phone: string | null };
};

export default function AdminOrder({ loaderData: o }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Revealed | null>(null);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <p>
        <Link to="/admin/orders">← 주문</Link>
      </p>
      <h1>
        주문 {orderNumber(o)}{' '}
        <span className={styles.tag} data-testid="admin-order-state">
          {o.state_label}
        </span>
      </h1>
      <p className={styles.muted}>
        {o.order_id} · {kst(o.created_at)} · {formatWon(o.amount)}
      </p>
      <section className={styles.card} aria-labelledby="items">
        <h2 id="items">상품</h2>
        {o.items.map((i) => (
          <div key={i.id} className={styles.pick} data-testid="admin-order-item">
            <img src={i.image_url} alt="" />
            <div>
              <strong>
                {i.brand_name} {i.name}
              </strong>
              <div className={styles.muted}>
                {i.color_name} · {i.size_name} · {i.quantity}개 · {formatWon(i.paid_amount)}
              </div>
              {i.coupon_clawback > 0 && (
                <div className={styles.muted} data-testid="admin-coupon-clawback">
                  {COUPON_CLAWBACK_LABEL} -{formatWon(i.coupon_clawback)} (환불에서 차감)
                </div>
              )}
              <div>
                <span className={styles.tag}>{i.status_label}</span>
                {i.tracking_number && (
                  <>
                    {i.carrier_name} {i.tracking_number}{' '}
                    {i.tracking_url && (
                      <a href={i.tracking_url} target="_blank" rel="noopener noreferrer">
                        조회
                      </a>
                    )}
                  </>
                )}
              </div>
            </div>
            <ItemActions
              itemId={i.id}
              name={i.name}
              status={i.status}
              onDone={async (m) => {
                setError(null);
                setMessage(m);
                await revalidator.revalidate();
              }}
            />
            {SHIPPABLE.has(i.status) && (
              <form
                className={styles.toolbar}
                aria-label={`${i.name} 발송`}
                onSubmit={async (e) => {
                  e.preventDefault();
                  const f = new FormData(e.currentTarget);
                  try {
                    await adminApi.post(`/api/admin/orders/items/${i.id}/ship`, {
                      carrier_code: String(f.get('carrier')),
                      tracking_number: String(f.get('tracking') ?? ''),
                    });
                    setError(null);
                    setMessage('발송 처리했어요. 고객에게 알림을 보냈어요.');
                    await revalidator.revalidate();
                  } catch (err) {
                    setMessage(null);
                    setError(errorText(err));
                  }
                }}
              >
                <select className={styles.input} name="carrier" aria-label="택배사" defaultValue="CJ">
                  {CARRIER_CODES.map((c) => (
                    <option key={c} value={c}>
                      {CARRIERS[c].name}
                    </option>
                  ))}
                </select>
                <input
                  className={styles.input}
                  name="tracking"
                  aria-label="송장번호"
                  placeholder="송장번호"
                  required
                />
                <button type="submit" className={styles.button}>
                  발송
                </button>
              </form>
            )}
          </div>
        ))}
        {message && <output className={styles.ok}>{message}</output>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </section>
      {o.address && (
        <section className={styles.card} aria-labelledby="address">
          <h2 id="address">배송지</h2>
          <p>
            주문자 {shown?.orderer.name ?? o.orderer.name ?? '—'} ·{' '}
            {shown?.orderer.phone ?? o.orderer.phone ?? '—'}
            <br />
            받는 분 {shown?.address.recipient ?? o.address.recipient} ·{' '}
            {shown?.address.phone ?? o.address.phone}
            <br />({o.address.zipcode}) {o.address.main_address} {o.address.detail_address}
            {o.address.delivery_request && (
              <>
                <br />
                요청: {o.address.delivery_request}
              </>
            )}
          </p>
          {o.is_address_editable && !editing && (
            <button type="button" className={styles.ghost} onClick={() => setEditing(true)}>
              배송지 변경
            </button>
          )}
          {!o.is_address_editable && (
            <p className={styles.muted}>배송이 시작되어 배송지를 변경할 수 없어요.</p>
          )}
          {o.is_address_editable && editing && (
            <AddressChangeForm
              saved={[]}
              onClose={() => setEditing(false)}
              onSubmit={async (address) => {
                try {
                  await adminApi.put(`/api/admin/orders/${o.id}/address`, { address });
                } catch (err) {
                  return errorText(err);
                }
                setEditing(false);
                setShown(null);
                setError(null);
                setMessage('배송지를 변경했어요.');
                await revalidator.revalidate();
                return null;
              }}
            />
          )}
          {!shown && (
            <RevealButton url={`/api/admin/orders/${o.id}/reveal`} onShown={setShown} onError={setError} />
          )}
        </section>
      )}
    </>
  );
}
