/**
 * Coupons and points of the checkout: per-line and cart-wide coupon choices (each change checked
 * by POST /api/orders/post-coupon3) and the points to use ("모두 사용": see pointLimit).
 */
import { formatDiscount, formatWon, type ProductsWithCouponsBody } from '@codiroom/shared';
import type { Dispatch } from 'react';
import { SheetSelect } from '../components/SheetSelect';
import { browserApi } from '../lib/browser-api';
import { shopperMessage } from '../lib/shopper-text';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import {
  appliedByCoupon,
  type CheckoutAction,
  type CheckoutState,
  cartCouponShown,
  chosenLineCoupons,
} from './checkout-state';
import css from './payment.module.css';

type Props = {
  couponable: boolean;
  options: ProductsWithCouponsBody | null;
  items: { product_item_id: number; quantity: number }[];
  pointBalance: number;
  maxPoints: number;
  usedPoints: number;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
};

export function BenefitSection(p: Props) {
  const { state, dispatch } = p;

  /** Checks a changed choice with the server (post-coupon3) and shows its discount. */
  async function recheck(lineCoupons: Record<number, number | null>, cartCoupons: number[]) {
    dispatch({ type: 'coupons/choose', lineCoupons, cartCoupons });
    try {
      // Left a direct call: a price check of the chosen coupons (changes nothing), run on every choice.
      const r = await browserApi().request('POST', '/api/orders/post-coupon3', {
        body: { items: p.items, line_coupons: chosenLineCoupons(lineCoupons), cart_coupon_ids: cartCoupons },
      });
      if (r.ok)
        dispatch({
          type: 'coupons/checked',
          discount: r.data.result.total_discount,
          cartApplied: appliedByCoupon(r.data.result.cart_coupons),
        });
      else
        dispatch({
          type: 'coupons/refused',
          detail: shopperMessage(r.detail, '적용할 수 없는 쿠폰 조합입니다.'),
        });
    } finally {
      dispatch({ type: 'coupons/settled' });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="benefit-title">
      <h2 id="benefit-title">쿠폰 · 포인트</h2>
      {!p.couponable ? (
        <p className={page.muted}>같은 상품이 여러 번 담긴 주문에는 쿠폰을 사용할 수 없어요.</p>
      ) : (
        <div className={page.form} data-testid="coupons">
          {(p.options?.result ?? []).map((line) => (
            <SheetSelect
              key={line.product_item_id}
              label={`${line.name} (${line.size_name}) 쿠폰`}
              testId={`line-coupon-${line.product_item_id}`}
              value={String(state.lineCoupons[line.product_item_id] ?? '')}
              onChange={(v) =>
                void recheck(
                  { ...state.lineCoupons, [line.product_item_id]: v ? Number(v) : null },
                  state.cartCoupons,
                )
              }
              options={[
                { value: '', label: line.coupons.length ? '쿠폰 선택 안 함' : '사용 가능한 쿠폰 없음' },
                ...line.coupons.map((c) => ({
                  value: String(c.coupon_id),
                  label: `${c.name} (-${formatWon(c.discount)})`,
                })),
              ]}
            />
          ))}
          {(p.options?.cart_coupons.length ?? 0) > 0 && (
            <fieldset className={css.plainFieldset}>
              <legend>장바구니 쿠폰</legend>
              {p.options?.cart_coupons.map((c) => (
                <label key={c.coupon_id} className={styles.choice}>
                  <input
                    type="checkbox"
                    data-testid={`cart-coupon-${c.coupon_id}`}
                    checked={state.cartCoupons.includes(c.coupon_id)}
                    onChange={(e) =>
                      void recheck(
                        state.lineCoupons,
                        e.target.checked
                          ? [...state.cartCoupons, c.coupon_id]
                          : state.cartCoupons.filter((id) => id !== c.coupon_id),
                      )
                    }
                  />
                  <span>
                    {c.name} ({formatDiscount(cartCouponShown(state, c))})
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <p data-testid="coupon-discount">
            쿠폰 할인 {formatDiscount(state.couponDiscount)}
            {state.checking ? ' · 확인 중…' : ''}
          </p>
          {state.couponError && (
            <p className={page.error} role="alert">
              {state.couponError}
            </p>
          )}
        </div>
      )}
      <label className={`${page.form} ${css.fields}`}>
        포인트 (보유 {formatWon(p.pointBalance)})
        <span className={css.inline}>
          <input
            className={page.input}
            type="number"
            inputMode="numeric"
            min={0}
            max={p.maxPoints}
            step={1}
            name="point"
            aria-label="사용할 포인트"
            value={state.points === 0 ? '' : String(p.usedPoints)}
            placeholder="0"
            onChange={(e) => dispatch({ type: 'points', points: Number(e.target.value) })}
          />
          <button
            type="button"
            className={`${page.button} ${page.buttonOutline}`}
            onClick={() => dispatch({ type: 'points', points: p.maxPoints })}
            disabled={p.maxPoints === 0}
          >
            모두 사용
          </button>
        </span>
      </label>
    </section>
  );
}
