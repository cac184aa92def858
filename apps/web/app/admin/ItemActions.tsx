/**
 * What a CS operator can do to one order item in its status (docs/ARCHITECTURE.md, "Back office"):
 * move it forward (상품준비중, 배송완료, 구매확정) or decide its open return or exchange request —
 * approve (a return refunds through the gateway, less the return cost) or reject with a reason.
 * A return goes 반품 접수 → 회수 완료 → 검수 완료 → 환불 (SPEC.md, 'Orders'): its next step is
 * read from GET refund-preview, and refunding asks first, showing the refund amount, the return
 * shipping and coupon clawback kept, the points and coupon given back.
 * Shipping has its own form (carrier and tracking number) on the order screen.
 */
import { COUPON_CLAWBACK_LABEL, formatWon, RETURN_STEP_LABEL, type ReturnStep } from '@codiroom/shared';
import { useCallback, useEffect, useState } from 'react';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';

const FORWARD: Record<string, { status: 'PREPARING' | 'COMPLETE' | 'CONFIRMED'; label: string }> = {
  PAID: { status: 'PREPARING', label: '상품준비중으로' },
  SHIPPING: { status: 'COMPLETE', label: '배송완료로' },
  COMPLETE: { status: 'CONFIRMED', label: '구매확정' },
  EXCHANGED: { status: 'CONFIRMED', label: '구매확정' },
};

type RefundPreview = {
  step: ReturnStep;
  refundable: boolean;
  paid_amount: number;
  return_cost: number;
  coupon_clawback: number;
  refund_amount: number;
  points_back: number;
  coupon_restored: boolean;
};

const CLAIM: Record<string, 'refund' | 'exchange'> = {
  REFUND_REQUESTED: 'refund',
  EXCHANGE_REQUESTED: 'exchange',
};

export function ItemActions({
  itemId,
  name,
  status,
  onDone,
}: {
  itemId: number;
  name: string;
  status: string;
  onDone: (message: string) => Promise<void> | void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<RefundPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const forward = FORWARD[status];
  const kind = CLAIM[status];
  const label = kind === 'refund' ? '반품' : '교환';
  const refresh = useCallback(
    (signal?: AbortSignal) => {
      if (kind !== 'refund') return;
      adminApi
        .get(`/api/admin/orders/items/${itemId}/refund-preview`, undefined, signal ? { signal } : {})
        .then(setPreview)
        .catch((err) => {
          if (!signal?.aborted) setError(errorText(err));
        });
    },
    [kind, itemId],
  );
  useEffect(() => {
    // A new status (the claim decided, the item moved on) starts clean: no old preview or error.
    setPreview(null);
    setError(null);
    setAsking(false);
    const ctl = new AbortController();
    refresh(ctl.signal);
    return () => ctl.abort();
  }, [refresh]);
  const run = async (
    call: () => Promise<unknown>,
    message: string | ((data: unknown) => string),
    opts: { refreshPreview?: boolean } = {},
  ) => {
    setBusy(true);
    try {
      const data = await call();
      setError(null);
      setAsking(false);
      // Only a return step leaves the claim open; after a decision the preview is gone (404).
      if (opts.refreshPreview) refresh();
      await onDone(typeof message === 'string' ? message : message(data));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const nextStep =
    preview?.step === 'REQUESTED' ? 'COLLECTED' : preview?.step === 'COLLECTED' ? 'INSPECTED' : null;
  return (
    <div className={styles.toolbar}>
      {forward && (
        <button
          type="button"
          className={styles.ghost}
          disabled={busy}
          onClick={() =>
            run(
              () => adminApi.post(`/api/admin/orders/items/${itemId}/status`, { status: forward.status }),
              `${name}: ${forward.label} 처리했어요.`,
            )
          }
        >
          {forward.label}
        </button>
      )}
      {kind === 'refund' && preview && (
        <span className={styles.tag} data-testid="return-step">
          {RETURN_STEP_LABEL[preview.step]}
        </span>
      )}
      {kind === 'refund' && nextStep && (
        <button
          type="button"
          className={styles.button}
          disabled={busy}
          onClick={() =>
            run(
              () => adminApi.post(`/api/admin/orders/items/${itemId}/return-step`, { step: nextStep }),
              `${name}: ${RETURN_STEP_LABEL[nextStep]} 처리했어요.`,
              { refreshPreview: true },
            )
          }
        >
          {RETURN_STEP_LABEL[nextStep]}
        </button>
      )}
      {kind === 'refund' && preview?.refundable && !asking && (
        <button type="button" className={styles.button} disabled={busy} onClick={() => setAsking(true)}>
          반품 승인·환불
        </button>
      )}
      {kind === 'refund' && preview?.refundable && asking && (
        <section role="dialog" aria-label={`${name} 환불 확인`} className={styles.card}>
          <strong>환불할까요?</strong>
          <dl data-testid="refund-preview">
            <dt>결제액</dt>
            <dd>{formatWon(preview.paid_amount)}</dd>
            <dt>반품 배송비</dt>
            <dd>-{formatWon(preview.return_cost)}</dd>
            <dt>{COUPON_CLAWBACK_LABEL}</dt>
            <dd>-{formatWon(preview.coupon_clawback)}</dd>
            <dt>환불 금액</dt>
            <dd>
              <strong>{formatWon(preview.refund_amount)}</strong>
            </dd>
            <dt>포인트 반환</dt>
            <dd>{formatWon(preview.points_back)}</dd>
            <dt>쿠폰</dt>
            <dd>{preview.coupon_restored ? '사용한 쿠폰이 복원돼요' : '복원되는 쿠폰 없음'}</dd>
          </dl>
          <div className={styles.toolbar}>
            <button
              type="button"
              className={styles.button}
              disabled={busy}
              onClick={() =>
                run(
                  () =>
                    adminApi.post(`/api/admin/orders/items/${itemId}/claim`, {
                      kind,
                      decision: 'approve',
                    }),
                  (d) => {
                    const points = (d as { points_back?: number } | null)?.points_back ?? 0;
                    return `${name}: 반품을 승인하고 ${formatWon(preview.refund_amount)} 환불했어요.${points > 0 ? ` 포인트 ${formatWon(points)} 반환` : ''}`;
                  },
                )
              }
            >
              환불 확정
            </button>
            <button type="button" className={styles.ghost} disabled={busy} onClick={() => setAsking(false)}>
              닫기
            </button>
          </div>
        </section>
      )}
      {kind && (
        <>
          {kind === 'exchange' && (
            <button
              type="button"
              className={styles.button}
              disabled={busy}
              onClick={() =>
                run(
                  () =>
                    adminApi.post(`/api/admin/orders/items/${itemId}/claim`, {
                      kind,
                      decision: 'approve',
                    }),
                  `${name}: 교환을 완료했어요.`,
                )
              }
            >
              교환 완료
            </button>
          )}
          <form
            className={styles.toolbar}
            aria-label={`${name} ${label} 거절`}
            onSubmit={(e) => {
              e.preventDefault();
              const note = String(new FormData(e.currentTarget).get('note') ?? '');
              void run(
                () =>
                  adminApi.post(`/api/admin/orders/items/${itemId}/claim`, {
                    kind,
                    decision: 'reject',
                    note,
                  }),
                `${name}: ${label} 요청을 거절했어요.`,
              );
            }}
          >
            <input
              className={styles.input}
              name="note"
              aria-label={`${label} 거절 사유`}
              placeholder="거절 사유"
              required
              maxLength={500}
            />
            <button type="submit" className={styles.ghost} disabled={busy}>
              {label} 거절
            </button>
          </form>
        </>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
