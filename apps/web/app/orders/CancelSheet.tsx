/**
 * The order page's cancel sheet: what cancelling the item refunds (GET order-items/{id}/cancel-detail)
 * and why the shopper cancels (CANCEL_REASONS; 기타 with their own words), sent as the cancel call's
 * `reason`. Stands in for the native confirm the page used.
 */
import {
  CANCEL_REASON_MAX,
  CANCEL_REASONS,
  type CancelReason,
  COUPON_CLAWBACK_LABEL,
  cancelReasonText,
  formatWon,
} from '@codiroom/shared';
import { useId, useState } from 'react';
import { BottomSheet } from '../components/BottomSheet';
import sheet from '../components/BottomSheet.module.css';
import page from '../styles/page.module.css';

export function CancelSheet({
  itemName,
  refundAmount,
  couponClawback = 0,
  pending,
  onCancel,
  onClose,
}: {
  itemName: string;
  /** null when the preview did not come (the cancel still tells the amount). */
  refundAmount: number | null;
  /** Already taken out of refundAmount: the coupon discount the items left lose. */
  couponClawback?: number;
  pending: boolean;
  onCancel: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [words, setWords] = useState('');
  const id = useId();
  return (
    <BottomSheet
      title="주문 취소"
      onClose={onClose}
      testId="cancel-sheet"
      footer={
        <>
          <button type="button" className={sheet.secondary} onClick={onClose}>
            취소하지 않기
          </button>
          <button
            type="button"
            className={sheet.primary}
            disabled={!reason || pending}
            onClick={() => reason && onCancel(cancelReasonText(reason, words))}
          >
            주문 취소하기
          </button>
        </>
      }
    >
      <p className={sheet.text}>
        {itemName}
        {refundAmount !== null && (
          <>
            <br />
            환불 예정 금액 <strong data-testid="cancel-refund">{formatWon(refundAmount)}</strong>
            {couponClawback > 0 && (
              <>
                <br />
                <span data-testid="cancel-coupon-clawback">
                  {COUPON_CLAWBACK_LABEL} -{formatWon(couponClawback)}
                </span>{' '}
                <span className={page.muted}>(남은 상품이 쿠폰 사용 조건에 맞지 않아 차감돼요)</span>
              </>
            )}
          </>
        )}
      </p>
      <fieldset className={sheet.choices}>
        <legend className={page.muted}>취소하는 이유를 알려주세요</legend>
        {CANCEL_REASONS.map((r) => (
          <label key={r} className={sheet.choice}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
            {r}
          </label>
        ))}
      </fieldset>
      {reason === '기타' && (
        <label className={sheet.field}>
          취소 사유 (직접 입력)
          <textarea
            rows={3}
            maxLength={CANCEL_REASON_MAX - 4}
            value={words}
            onChange={(e) => setWords(e.target.value)}
          />
        </label>
      )}
    </BottomSheet>
  );
}
