/** The checkout's address: a saved (or the latest order's) address, or a new one, and the request. */
import type { Dispatch } from 'react';
import { SheetSelect } from '../components/SheetSelect';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { AddressChoice, CheckoutAction, CheckoutState } from './checkout-state';
import css from './payment.module.css';
import { openPostcode } from './scripts';

const REQUESTS = [
  '문 앞에 놓아주세요',
  '경비실에 맡겨주세요',
  '배송 전 연락 부탁드립니다',
  '부재 시 휴대폰으로 연락주세요',
];

type Props = { choices: AddressChoice[]; state: CheckoutState; dispatch: Dispatch<CheckoutAction> };

export function AddressSection({ choices, state, dispatch }: Props) {
  const set = (patch: Extract<CheckoutAction, { type: 'set' }>['patch']) => dispatch({ type: 'set', patch });

  async function searchAddress() {
    dispatch({ type: 'postcodeNote', note: null });
    try {
      await openPostcode((zipcode, mainAddress) => set({ zipcode, mainAddress }));
    } catch {
      dispatch({
        type: 'postcodeNote',
        note: '주소 검색을 사용할 수 없어요. 우편번호와 주소를 직접 입력해주세요.',
      });
    }
  }

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
          <label>
            받는 분
            <input className={page.input} name="recipient" autoComplete="name" required maxLength={50} />
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
            />
          </label>
          <button type="button" className={`${page.button} ${page.buttonOutline}`} onClick={searchAddress}>
            주소 검색
          </button>
          {state.postcodeNote && <p className={page.muted}>{state.postcodeNote}</p>}
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
