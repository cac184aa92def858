/**
 * 결제수단: 카드, 간편결제 (토스페이, 카카오페이, 네이버페이), 계좌이체 — only those the gateway
 * offers (OrderForm.payment.methods). The choice travels to the payment window (scripts.ts) and
 * the order (POST /api/orders refuses a method the gateway does not offer).
 */
import {
  methodsOfGroup,
  PAYMENT_METHOD_GROUP_LABEL,
  PAYMENT_METHOD_INFO,
  type PaymentMethod,
  type PaymentMethodGroup,
} from '@codiroom/shared';
import type { Dispatch } from 'react';
import styles from '../orders/orders.module.css';
import type { CheckoutAction, CheckoutState } from './checkout-state';
import css from './payment.module.css';

const GROUPS: PaymentMethodGroup[] = ['CARD', 'EASY_PAY', 'TRANSFER'];

type Props = { offered: readonly PaymentMethod[]; state: CheckoutState; dispatch: Dispatch<CheckoutAction> };

export function PaymentMethodSection({ offered, state, dispatch }: Props) {
  const choose = (paymentMethod: PaymentMethod) => dispatch({ type: 'set', patch: { paymentMethod } });
  const chosenGroup = PAYMENT_METHOD_INFO[state.paymentMethod].group;
  return (
    <section className={styles.section} aria-labelledby="method-title">
      <h2 id="method-title">결제수단</h2>
      <fieldset className={css.methods} aria-labelledby="method-title">
        {GROUPS.map((g) => {
          const methods = methodsOfGroup(g, offered);
          const first = methods[0];
          if (!first) return null;
          return (
            <div key={g}>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="payment_group"
                  checked={chosenGroup === g}
                  onChange={() => choose(first)}
                />
                <span>{PAYMENT_METHOD_GROUP_LABEL[g]}</span>
              </label>
              {g === 'EASY_PAY' && chosenGroup === 'EASY_PAY' && (
                <div className={css.easyPay} role="radiogroup" aria-label="간편결제 선택">
                  {methods.map((m) => (
                    <label key={m} className={styles.choice}>
                      <input
                        type="radio"
                        name="easy_pay"
                        checked={state.paymentMethod === m}
                        onChange={() => choose(m)}
                      />
                      <span>{PAYMENT_METHOD_INFO[m].label}</span>
                    </label>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}
