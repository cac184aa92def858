/**
 * The product page's head: brand, name, rating, urgency, the price block and the facts (shipping,
 * colour, material, fit). A sold-out product (showsPurchasePromises, docs/ARCHITECTURE.md
 * "Buying") shows its price but no shipping date or badge, no event-coupon, time-sale quantity or
 * first-purchase price.
 */
import { formatWon, type ProductDetail, type ShippingInfoBody } from '@codiroom/shared';
import { Link } from 'react-router';
import { FirstPurchasePrice } from '../benefits/FirstPurchasePrice';
import { cssVars } from '../components/css-vars';
import { ProductUrgency } from './ProductUrgency';
import styles from './product.module.css';
import { showsPurchasePromises } from './purchase';

type Shown = {
  discount_rate: number;
  unit_price: number;
  is_time_sale: boolean;
  event_coupon_price: number | null;
};

export function ProductSummary({
  product: p,
  shown,
  shipping,
}: {
  product: ProductDetail;
  shown: Shown;
  shipping: ShippingInfoBody | null;
}) {
  const promises = showsPurchasePromises(p);
  return (
    <section className={styles.info}>
      <Link to={`/brands/${p.brand.id}`} className={styles.brand}>
        {p.brand.name} <span aria-hidden="true">›</span>
      </Link>
      <h1 className={styles.name}>{p.name}</h1>
      {p.rating !== null && (
        <p className={styles.rating}>
          <span aria-hidden="true">★</span> {p.rating.toFixed(1)} · 후기{' '}
          {p.review_count.toLocaleString('ko-KR')}개
        </p>
      )}
      <ProductUrgency productId={p.id} almostSoldOut={p.is_almost_sold_out === true} />
      <div className={styles.priceBlock}>
        {shown.discount_rate > 0 && <span className={styles.original}>{formatWon(p.price)}</span>}
        <div className={styles.priceRow}>
          {shown.discount_rate > 0 && <span className={styles.rate}>{shown.discount_rate}%</span>}
          <strong className={styles.price} data-testid="product-price">
            {formatWon(shown.unit_price)}
          </strong>
          {shown.is_time_sale && <span className={styles.timeSale}>타임세일</span>}
        </div>
        {promises && p.time_sale && (
          <p className={styles.timeSaleNote}>
            타임세일 한정 {p.time_sale.remaining.toLocaleString('ko-KR')}개 남음 · 한정 수량 소진 시 정상가
          </p>
        )}
        {promises && shown.event_coupon_price !== null && (
          <p className={styles.eventCoupon}>
            이벤트 쿠폰가 <strong>{formatWon(shown.event_coupon_price)}</strong>
          </p>
        )}
        {promises && (
          <FirstPurchasePrice
            productDisplayId={p.product_display_id}
            className={styles.firstPrice}
            slotClassName={styles.firstPriceSlot}
          />
        )}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>배송</dt>
          {promises ? (
            <dd data-testid="shipping-promise">
              {shipping ? (
                <>
                  <span className={styles.shipBadge}>{shipping.label}</span> {shipping.message}
                  <br />
                  <span className={styles.note}>
                    배송비 {formatWon(shipping.shipping_fee)} · {formatWon(shipping.free_shipping_min)} 이상
                    무료배송
                  </span>
                </>
              ) : (
                '택배배송'
              )}
            </dd>
          ) : (
            <dd data-testid="sold-out-note">품절된 상품이에요. 재입고 알림을 신청해 보세요.</dd>
          )}
        </div>
        <div>
          <dt>색상</dt>
          <dd>
            <span className={styles.swatch} style={cssVars({ '--swatch': p.color_hex })} aria-hidden="true" />{' '}
            {p.color_name}
          </dd>
        </div>
        {p.material && (
          <div>
            <dt>소재</dt>
            <dd>{p.material}</dd>
          </div>
        )}
        {p.fit && (
          <div>
            <dt>핏</dt>
            <dd>{p.fit}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
