/**
 * What a CS operator can do to one order item in its status (docs/ARCHITECTURE.md, "Back office"):
 * move it forward (상품준비중, 배송완료, 구매확정) or decide its open return or exchange request —
 * approve (a return refunds through the gateway, less the return cost) or reject with a reason.
 * Shipping has its own form (carrier and tracking number) on the order screen.
 */
import { useState } from 'react';
import styles from './admin.module.css';
import { adminCall, errorText } from './api';

const FORWARD: Record<string, { status: 'PREPARING' | 'COMPLETE' | 'CONFIRMED'; label: string }> = {
  PAID: { status: 'PREPARING', label: '상품준비중으로' },
  SHIPPING: { status: 'COMPLETE', label: '배송완료로' },
  COMPLETE: { status: 'CONFIRMED', label: '구매확정' },
  EXCHANGED: { status: 'CONFIRMED', label: '구매확정' },
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
  const run = async (call: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await call();
      setError(null);
      await onDone(message);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const forward = FORWARD[status];
  const kind = CLAIM[status];
  const label = kind === 'refund' ? '반품' : '교환';
  return (
    <div className={styles.toolbar}>
      {forward && (
        <button
          type="button"
          className={styles.ghost}
          disabled={busy}
          onClick={() =>
            run(
              () => adminCall('POST', `/api/admin/orders/items/${itemId}/status`, { status: forward.status }),
              `${name}: ${forward.label} 처리했어요.`,
            )
          }
        >
          {forward.label}
        </button>
      )}
      {kind && (
        <>
          <button
            type="button"
            className={styles.button}
            disabled={busy}
            onClick={() =>
              run(
                () =>
                  adminCall('POST', `/api/admin/orders/items/${itemId}/claim`, {
                    kind,
                    decision: 'approve',
                  }),
                kind === 'refund' ? `${name}: 반품을 승인하고 환불했어요.` : `${name}: 교환을 완료했어요.`,
              )
            }
          >
            {kind === 'refund' ? '반품 승인·환불' : '교환 완료'}
          </button>
          <form
            className={styles.toolbar}
            aria-label={`${name} ${label} 거절`}
            onSubmit={(e) => {
              e.preventDefault();
              const note = String(new FormData(e.currentTarget).get('note') ?? '');
              void run(
                () =>
                  adminCall('POST', `/api/admin/orders/items/${itemId}/claim`, {
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
