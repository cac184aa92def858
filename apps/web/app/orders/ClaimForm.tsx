/**
 * Return (반품) and exchange (교환) request form of one delivered item: reason, the return shipping
 * the shopper pays (GET /api/v1/orders/return-cost, charged for a change of mind or size, never for
 * a defect or wrong delivery) and, for an exchange, another size or colour with stock
 * (GET order-items/{id}/exchange-detail).
 */
import {
  CLAIM_REASON_LABEL,
  CLAIM_REASONS,
  type ClaimReason,
  COUPON_CLAWBACK_LABEL,
  formatWon,
  isAbortError,
} from '@codiroom/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { SheetSelect } from '../components/SheetSelect';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import styles from './orders.module.css';

type Option = { product_item_id: number; size_name: string; color_name: string; is_sold_out: boolean };

export function ClaimForm(props: {
  itemId: number;
  kind: 'refund' | 'exchange';
  onDone: (message: string) => void;
}) {
  const { itemId, kind } = props;
  const [reasonType, setReasonType] = useState<ClaimReason>(kind === 'refund' ? 'CHANGE_OF_MIND' : 'SIZE');
  // The return-cost preview: null until it comes; 'failed' shows a notice (the form still submits).
  const [cost, setCost] = useState<
    { return_cost: number; refund_amount: number; coupon_clawback: number } | 'failed' | null
  >(null);
  const [options, setOptions] = useState<Option[]>([]);
  // Not revalidated here: onDone closes the form and reloads the order page.
  const submitClaim = useMutation(
    (fields: Record<string, unknown>) =>
      browserApi().request('POST', kind === 'refund' ? '/api/orders/refunds' : '/api/orders/exchanges', {
        body: fields,
      }),
    {
      revalidate: false,
      onSuccess: () => props.onDone(kind === 'refund' ? '반품이 접수되었습니다.' : '교환이 접수되었습니다.'),
    },
  );

  useEffect(() => {
    let live = true;
    void browserApi()
      .request(
        'GET',
        `/api/v1/orders/return-cost?order_item_id=${itemId}&kind=${kind}&reason_type=${reasonType}`,
      )
      .then(
        (r) => live && setCost(r.ok ? r.data : 'failed'),
        (err) => live && !isAbortError(err) && setCost('failed'),
      );
    return () => {
      live = false;
    };
  }, [itemId, kind, reasonType]);

  useEffect(() => {
    if (kind !== 'exchange') return;
    void browserApi()
      .request('GET', `/api/orders/order-items/${itemId}/exchange-detail`)
      .then((r) => setOptions(r.ok ? r.data.options : []))
      .catch(() => setOptions([]));
  }, [itemId, kind]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reason = String(f.get('reason') ?? '').trim() || CLAIM_REASON_LABEL[reasonType];
    await submitClaim.run(
      kind === 'refund'
        ? { order_item_ids: [itemId], reason_type: reasonType, reason }
        : {
            order_item_id: itemId,
            new_product_item_id: Number(f.get('new_product_item_id')),
            reason_type: reasonType,
            reason,
          },
    );
  }

  const label = kind === 'refund' ? '반품' : '교환';
  return (
    <form className={`${page.form} ${styles.claimForm}`} onSubmit={submit} aria-label={`${label} 신청`}>
      <SheetSelect
        label={`${label} 사유`}
        value={reasonType}
        onChange={(v) => setReasonType(v as ClaimReason)}
        options={CLAIM_REASONS.map((r) => ({ value: r, label: CLAIM_REASON_LABEL[r] }))}
      />
      {kind === 'exchange' && (
        <SheetSelect
          // Chosen anew when the options come (the first one with stock).
          key={options.map((o) => o.product_item_id).join(',')}
          label="교환할 옵션"
          name="new_product_item_id"
          placeholder="교환할 옵션이 없어요"
          options={options.map((o) => ({
            value: String(o.product_item_id),
            label: `${o.color_name} / ${o.size_name}${o.is_sold_out ? ' (품절)' : ''}`,
            disabled: o.is_sold_out,
          }))}
        />
      )}
      <label>
        상세 사유
        <input className={page.input} name="reason" maxLength={500} />
      </label>
      {cost === 'failed' ? (
        <p className={page.muted}>{label} 배송비를 불러오지 못했어요.</p>
      ) : (
        cost && (
          <p className={page.muted}>
            {label} 배송비 {formatWon(cost.return_cost)}
            {kind === 'refund' && ` · 환불 예정 금액 ${formatWon(cost.refund_amount)}`}
            {kind === 'refund' && cost.coupon_clawback > 0 && (
              <span data-testid="claim-coupon-clawback">
                {` (${COUPON_CLAWBACK_LABEL} -${formatWon(cost.coupon_clawback)} 차감)`}
              </span>
            )}
          </p>
        )
      )}
      {submitClaim.error && (
        <p className={page.error} role="alert">
          {submitClaim.error}
        </p>
      )}
      <button
        className={page.button}
        type="submit"
        disabled={submitClaim.pending || (kind === 'exchange' && !options.some((o) => !o.is_sold_out))}
      >
        {label} 신청하기
      </button>
    </form>
  );
}
