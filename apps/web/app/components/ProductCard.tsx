import { type ProductCard as Card, formatWon } from '@codiroom/shared';
import { Link } from 'react-router';
import { LikeButton } from './LikeButton';
import styles from './ProductCard.module.css';

export function ProductCard({
  product,
  rank,
  eager = false,
}: {
  product: Card;
  rank?: number;
  eager?: boolean;
}) {
  const soldOut = product.quantity <= 0;
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
          {soldOut && <span className={styles.soldOut}>품절</span>}
        </div>
        <div className={styles.body}>
          <span className={styles.brand}>{product.brand_name}</span>
          <span className={styles.name}>{product.name}</span>
          <span className={styles.priceRow}>
            {product.discount_rate > 0 && <span className={styles.rate}>{product.discount_rate}%</span>}
            <span className={styles.price}>{formatWon(product.price_discount)}</span>
          </span>
          {product.discount_rate > 0 && (
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
            {product.is_fast && <span className={styles.fast}>빠른배송</span>}
          </span>
        </div>
      </Link>
      <LikeButton likeId={product.product_display_id} className={styles.like} />
    </div>
  );
}
