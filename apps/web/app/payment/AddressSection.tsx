/**
 * The checkout's address: a saved (or the latest order's) address, or a new one — its recipient
 * copied from the orderer with 주문자와 동일, its postcode found with 주소 검색 (app/address/
 * AddressSearch) or typed, and 배송지 목록에 저장 to keep it in the address book — and the request.
 */
import { MAX_ADDRESSES } from '@codiroom/shared';
import type { Dispatch } from 'react';
import { AddressSearchToggle } from '../address/AddressSearch';
import { SheetSelect } from '../components/SheetSelect';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import { type AddressChoice, type CheckoutAction, type CheckoutState, recipientOf } from './checkout-state';
import css from './payment.module.css';

const REQUESTS = [
  '문 앞에 놓아주세요',
  '경비실에 맡겨주세요',
  '배송 전 연락 부탁드립니다',
  '부재 시 휴대폰으로 연락주세요',
];

type Props = {
  choices: AddressChoice[];
  /** Saved addresses in the book (배송지 목록에 저장 is off when it is full). */
  savedCount: number;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
};

export function AddressSection({ choices, savedCount, state, dispatch }: Props) {
  const set = (patch: Extract<CheckoutAction, { type: 'set' }>['patch']) => dispatch({ type: 'set', patch });
  const recipient = recipientOf(state);
  const bookFull = savedCount >= MAX_ADDRESSES;

  return (
    <section className={styles.section} aria-labelledby="ship-title">
      <h2 id="ship-title">배송지</h2>
      {choices.map((c) => (
        <label key={c.key} className={styles.choice}>
          <input
            type="radio"
            name="address_choice"
            checked={state.addressId === c.key}
            onChange={() => set({ addressId: c.key })}
          />
          <span>
            <strong>{c.a.name}</strong> {c.a.recipient} · {c.a.phone}
            <br />({c.a.zipcode}) {c.a.main_address} {c.a.detail_address}
          </span>
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name="address_choice"
          checked={state.addressId === 'new'}
          onChange={() => set({ addressId: 'new' })}
        />
        <span>새 배송지 입력</span>
      </label>
      {state.addressId === 'new' && (
        <div className={`${page.form} ${css.fields}`}>
          <label className={css.check}>
            <input
              type="checkbox"
              checked={state.sameAsOrderer}
              onChange={(e) =>
                set(
                  e.target.checked
                    ? { sameAsOrderer: true }
                    : // Turning it off keeps the copied values to edit.
                      {
                        sameAsOrderer: false,
                        recipient: recipient.recipient,
                        recipientPhone: recipient.phone,
                      },
                )
              }
            />
            주문자와 동일
          </label>
          <label>
            받는 분
            <input
              className={page.input}
              name="recipient"
              autoComplete="name"
              required
              maxLength={50}
              value={recipient.recipient}
              readOnly={state.sameAsOrderer}
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
              value={recipient.phone}
              readOnly={state.sameAsOrderer}
              onChange={(e) => set({ recipientPhone: e.target.value })}
            />
          </label>
          <AddressSearchToggle onPick={(a) => set({ zipcode: a.zipcode, mainAddress: a.road_address })} />
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
              value={state.zipcode}
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
              value={state.mainAddress}
              onChange={(e) => set({ mainAddress: e.target.value })}
            />
          </label>
          <label>
            상세 주소
            <input className={page.input} name="detail_address" autoComplete="address-line2" />
          </label>
          <label className={css.check}>
            <input
              type="checkbox"
              checked={state.saveAddress && !bookFull}
              disabled={bookFull}
              onChange={(e) => set({ saveAddress: e.target.checked })}
            />
            배송지 목록에 저장
          </label>
          {bookFull && <p className={page.muted}>배송지는 최대 {MAX_ADDRESSES}개까지 저장할 수 있어요.</p>}
        </div>
      )}
      <div className={`${page.form} ${css.fields}`}>
        <SheetSelect
          label="배송 요청사항"
          value={state.request}
          onChange={(v) => set({ request: v })}
          options={[{ value: '', label: '선택 안 함' }, ...REQUESTS.map((r) => ({ value: r, label: r }))]}
        />
      </div>
    </section>
  );
}
