import { type ProductCard as Card, formatWon, shownPrice } from '@codiroom/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { showsPurchasePromises } from '../catalog/purchase';
import { LikeButton } from './LikeButton';
import styles from './ProductCard.module.css';

export function ProductCard({
  product,
  rank,
  eager = false,
  rankExtra,
  note,
}: {
  product: Card;
  rank?: number;
  eager?: boolean;
  /** Shown beside the rank (the ranking's ▲▼ / NEW). */
  rankExtra?: ReactNode;
  /** A line under the name (the ranking's colour of the card). */
  note?: string;
}) {
  const soldOut = product.quantity <= 0;
  // A sold-out card promises nothing: no event-coupon price, no 빠른배송 (docs/ARCHITECTURE.md, "Buying").
  const promises = showsPurchasePromises(product);
  // The live price (time sale) and the event coupon price, by the shared rule
  // (docs/ARCHITECTURE.md, 'Prices').
  const shown = shownPrice(product);
  return (
    <div className={styles.wrap}>
      <Link className={styles.card} to={`/product/${product.product_display_id}`} prefetch="intent">
        <div className={styles.thumb}>
          <img
            src={product.image_url}
            alt={`${product.brand_name} ${product.name}`}
            width={300}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {rank !== undefined && <span className={styles.rank}>{rank}</span>}
          {rankExtra}
          {soldOut && <span className={styles.soldOut}>품절</span>}
        </div>
        <div className={styles.body}>
          <span className={styles.brand}>{product.brand_name}</span>
          <span className={styles.name}>{product.name}</span>
          {/* Two colourways of one product can sit in one list: the card names its colour (a
              ranking card's note already does, with the number of colours). */}
          {note ? (
            <span className={styles.note}>{note}</span>
          ) : (
            product.color_name && (
              <span className={styles.colour}>
                <span className="visually-hidden">색상 </span>
                {product.color_name}
              </span>
            )
          )}
          <span className={styles.priceRow}>
            {shown.discount_rate > 0 && <span className={styles.rate}>{shown.discount_rate}%</span>}
            <span className={styles.price}>{formatWon(shown.unit_price)}</span>
            {shown.is_time_sale && <span className={styles.timeSale}>타임세일</span>}
          </span>
          {promises && shown.event_coupon_price !== null && (
            <span className={styles.eventCoupon}>이벤트 쿠폰가 {formatWon(shown.event_coupon_price)}</span>
          )}
          {shown.discount_rate > 0 && (
            <span className={styles.original}>
              <span className="visually-hidden">정가 </span>
              {formatWon(product.price)}
            </span>
          )}
          <span className={styles.meta}>
            {product.rating !== null && (
              <span>
                <span aria-hidden="true">★</span> {product.rating.toFixed(1)} ({product.review_count})
              </span>
            )}
            {promises && product.is_fast && <span className={styles.fast}>빠른배송</span>}
          </span>
        </div>
      </Link>
      <LikeButton likeId={product.product_display_id} className={styles.like} />
    </div>
  );
}
