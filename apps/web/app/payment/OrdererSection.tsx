/** The orderer (주문자 정보): the member's name and phone from the account, editable. */
import type { Dispatch } from 'react';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { CheckoutAction, CheckoutState } from './checkout-state';
import css from './payment.module.css';

type Props = { state: CheckoutState; dispatch: Dispatch<CheckoutAction> };

export function OrdererSection({ state, dispatch }: Props) {
  return (
    <section className={styles.section} aria-labelledby="orderer-title">
      <h2 id="orderer-title">주문자 정보</h2>
      <div className={`${page.form} ${css.fields}`}>
        <label>
          주문자명
          <input
            className={page.input}
            name="orderer_name"
            autoComplete="name"
            required
            maxLength={50}
            value={state.ordererName}
            onChange={(e) => dispatch({ type: 'set', patch: { ordererName: e.target.value } })}
          />
        </label>
        <label>
          휴대폰 번호
          <input
            className={page.input}
            name="orderer_phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            pattern="0\d{1,2}-?\d{3,4}-?\d{4}"
            value={state.ordererPhone}
            onChange={(e) => dispatch({ type: 'set', patch: { ordererPhone: e.target.value } })}
          />
        </label>
      </div>
    </section>
  );
}
