/**
 * The checkout form: orderer, address, items, coupons and points, payment method, money, terms, and
 * the hand-over to the payment window of the chosen method.
 */
import { formatWon, type OrderForm } from '@codiroom/shared';
import { type FormEvent, useReducer } from 'react';
import { browserApi } from '../lib/browser-api';
import { isPaymentCancel, PAYMENT_CANCEL_TEXT, shopperMessage } from '../lib/shopper-text';
import { failureText, useMutation } from '../lib/use-mutation';
import { ItemLine, MoneyBreakdown } from '../orders/OrderParts';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import { AddressSection } from './AddressSection';
import { BenefitSection } from './BenefitSection';
import { rememberCheckoutUrl } from './checkout-return';
import {
  addressChoices,
  checkoutReducer,
  initialCheckout,
  isCouponable,
  moneyAfterBenefits,
  orderableLines,
} from './checkout-state';
import { InterestFreeNote } from './InterestFreeNote';
import type { CheckoutData } from './load-checkout';
import { OrdererSection } from './OrdererSection';
import { PaymentMethodSection } from './PaymentMethodSection';
import { openSandboxPayment, requestTossPayment } from './scripts';
import { orderBody } from './submit-order';

type Props = Extract<CheckoutData, { kind: 'form' }>;

export function Checkout({ form, best, options }: Props) {
  const [state, dispatch] = useReducer(checkoutReducer, null, () => initialCheckout(form, best));
  const orderable = orderableLines(form);
  const couponable = isCouponable(form);
  const choices = addressChoices(form);
  const { money, usedPoints, maxPoints } = moneyAfterBenefits(form, state);

  // Not revalidated: a created order leaves for the payment window (Toss's or the sandbox page).
  const createOrder = useMutation(
    (body: ReturnType<typeof orderBody>) => browserApi().request('POST', '/api/orders', { body }),
    {
      revalidate: false,
      onSuccess: async (order) => {
        rememberCheckoutUrl(`${window.location.pathname}${window.location.search}`);
        if (form.payment.provider === 'toss' && form.payment.client_key) {
          await requestTossPayment(form.payment.client_key, order);
          return;
        }
        openSandboxPayment(order);
      },
      // Toss's SDK rejects with a code when the shopper closes its window (USER_CANCEL): their
      // choice, said calmly; another thrown failure shows its own Korean text (e.g. the script not
      // loading), never a code or English.
      failedText: (err) => {
        const code = (err as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && isPaymentCancel(code))
          return `${PAYMENT_CANCEL_TEXT.title}. 다시 결제하려면 결제하기를 눌러주세요.`;
        return err instanceof Error ? shopperMessage(err.message, failureText(err)) : failureText(err);
      },
    },
  );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (createOrder.pending) return;
    const picked = choices.find((c) => c.key === state.addressId)?.a;
    const body = orderBody(form, state, new FormData(e.currentTarget), picked, usedPoints, couponable);
    await createOrder.run(body);
  }

  return (
    <form className={styles.main} onSubmit={submit} aria-label="주문서">
      <OrdererSection state={state} dispatch={dispatch} />
      <AddressSection
        choices={choices}
        savedCount={form.addresses.length}
        state={state}
        dispatch={dispatch}
      />
      <ItemsSection form={form} count={orderable.length} />
      <BenefitSection
        couponable={couponable}
        options={options}
        items={orderable.map((l) => ({ product_item_id: l.product_item_id, quantity: l.quantity }))}
        pointBalance={form.point_balance}
        maxPoints={maxPoints}
        usedPoints={usedPoints}
        state={state}
        dispatch={dispatch}
      />

      <PaymentMethodSection offered={form.payment.methods} state={state} dispatch={dispatch} />

      <section className={styles.section} aria-labelledby="money-title">
        <h2 id="money-title">결제 금액</h2>
        <MoneyBreakdown money={money} />
        <InterestFreeNote amount={money.amount} className={page.muted} />
      </section>

      <section className={styles.section} aria-labelledby="terms-title">
        <h2 id="terms-title">약관 동의</h2>
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={state.agreed}
            onChange={(e) => dispatch({ type: 'set', patch: { agreed: e.target.checked } })}
          />
          <span>주문 내용을 확인했으며, 구매조건 및 개인정보 제3자 제공에 동의합니다. (필수)</span>
        </label>
        {form.payment.provider === 'sandbox' && (
          <p className={page.muted}>테스트 결제로 진행되며 실제 결제가 이루어지지 않습니다.</p>
        )}
        {createOrder.error &&
          (createOrder.error.startsWith(PAYMENT_CANCEL_TEXT.title) ? (
            // The shopper's own cancel in Toss's window: a note, not an alert.
            <output className={page.muted} data-testid="payment-cancelled">
              {createOrder.error}
            </output>
          ) : (
            <p className={page.error} role="alert">
              {createOrder.error}
            </p>
          ))}
      </section>

      <div className={styles.payBar}>
        <button
          className={page.button}
          type="submit"
          disabled={
            !state.agreed ||
            createOrder.pending ||
            state.checking ||
            state.couponError !== null ||
            orderable.length === 0
          }
        >
          {formatWon(money.amount)} 결제하기
        </button>
      </div>
    </form>
  );
}

function ItemsSection({ form, count }: { form: OrderForm; count: number }) {
  return (
    <section className={styles.section} aria-labelledby="items-title">
      <h2 id="items-title">주문 상품 {count}개</h2>
      {form.lines.map((l) => (
        <ItemLine
          key={`${l.cart_id}-${l.product_item_id}`}
          name={l.name}
          brand_name={l.brand_name}
          image_url={l.image_url}
          size_name={l.size_name}
          color_name={l.color_name}
          quantity={l.quantity}
          amount={l.price * l.quantity}
        >
          {l.is_sold_out && <span className={page.error}>품절 · 주문에서 제외됩니다</span>}
        </ItemLine>
      ))}
    </section>
  );
}
