/**
 * 배송지 변경 of an order before shipping (PUT /api/orders/{id}/detail2 for the member, the back
 * office's PUT /api/admin/orders/{id}/address for an operator): one of the member's saved
 * addresses, or a new one with its postcode found by 주소 검색 (app/address/AddressSearch). The
 * server refuses once anything shipped; its Korean detail is shown.
 */
import type { OrderShippingAddress, ShippingAddress } from '@codiroom/shared';
import { useState } from 'react';
import { AddressSearchToggle } from '../address/AddressSearch';
import page from '../styles/page.module.css';
import styles from './orders.module.css';

type Props = {
  /** Saved addresses to pick from (none for an operator). */
  saved: ShippingAddress[];
  /** Sends the address; answers an error to show, or null after a success. */
  onSubmit: (address: OrderShippingAddress) => Promise<string | null>;
  onClose: () => void;
};

const EMPTY = { recipient: '', phone: '', zipcode: '', main_address: '', detail_address: '' };

export function AddressChangeForm({ saved, onSubmit, onClose }: Props) {
  const [choice, setChoice] = useState<number | 'new'>(saved[0]?.id ?? 'new');
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setFields((f) => ({ ...f, ...patch }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const picked = choice === 'new' ? null : saved.find((a) => a.id === choice);
    const address: OrderShippingAddress = picked
      ? {
          recipient: picked.recipient,
          phone: picked.phone,
          zipcode: picked.zipcode,
          main_address: picked.main_address,
          detail_address: picked.detail_address,
        }
      : fields;
    setBusy(true);
    setError(null);
    const failed = await onSubmit(address);
    setBusy(false);
    if (failed) setError(failed);
  }

  return (
    <form className={`${page.form} ${styles.block}`} aria-label="배송지 변경" onSubmit={submit}>
      {saved.map((a) => (
        <label key={a.id} className={styles.choice}>
          <input
            type="radio"
            name="address_choice"
            checked={choice === a.id}
            onChange={() => setChoice(a.id)}
          />
          <span>
            <strong>{a.name}</strong> {a.recipient} · {a.phone}
            <br />({a.zipcode}) {a.main_address} {a.detail_address}
          </span>
        </label>
      ))}
      {saved.length > 0 && (
        <label className={styles.choice}>
          <input
            type="radio"
            name="address_choice"
            checked={choice === 'new'}
            onChange={() => setChoice('new')}
          />
          <span>새 배송지 입력</span>
        </label>
      )}
      {choice === 'new' && (
        <>
          <label>
            받는 분
            <input
              className={page.input}
              name="recipient"
              autoComplete="name"
              required
              maxLength={50}
              value={fields.recipient}
              onChange={(e) => set({ recipient: e.target.value })}
            />
          </label>
          <label>
            연락처
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              required
              pattern="0\d{1,2}-?\d{3,4}-?\d{4}"
              value={fields.phone}
              onChange={(e) => set({ phone: e.target.value })}
            />
          </label>
          <AddressSearchToggle onPick={(a) => set({ zipcode: a.zipcode, main_address: a.road_address })} />
          <label>
            우편번호
            <input
              className={page.input}
              name="zipcode"
              inputMode="numeric"
              pattern="\d{5}"
              maxLength={5}
              autoComplete="postal-code"
              required
              value={fields.zipcode}
              onChange={(e) => set({ zipcode: e.target.value.replace(/\D/g, '') })}
            />
          </label>
          <label>
            주소
            <input
              className={page.input}
              name="main_address"
              autoComplete="address-line1"
              required
              maxLength={200}
              value={fields.main_address}
              onChange={(e) => set({ main_address: e.target.value })}
            />
          </label>
          <label>
            상세 주소
            <input
              className={page.input}
              name="detail_address"
              autoComplete="address-line2"
              maxLength={200}
              value={fields.detail_address}
              onChange={(e) => set({ detail_address: e.target.value })}
            />
          </label>
        </>
      )}
      {error && (
        <p className={page.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.itemActions}>
        <button type="submit" className={page.button} disabled={busy}>
          이 주소로 변경
        </button>
        <button type="button" className={`${page.button} ${page.buttonOutline}`} onClick={onClose}>
          닫기
        </button>
      </p>
    </form>
  );
}
