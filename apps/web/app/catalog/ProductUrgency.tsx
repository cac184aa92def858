import { LiveViewers } from './LiveViewers';
import styles from './product.module.css';

/**
 * The product page's urgency line: 품절임박 while the colourway's flag window holds (SPEC.md §9
 * "Shipping rules", decided by the API's isAlmostSoldOut), then the live viewer count.
 */
export function ProductUrgency({ productId, almostSoldOut }: { productId: number; almostSoldOut: boolean }) {
  return (
    <>
      {almostSoldOut && (
        <p className={styles.almostSoldOut} data-testid="almost-sold-out">
          <span className={styles.almostSoldOutBadge}>품절임박</span> 남은 수량이 얼마 없어요
        </p>
      )}
      <LiveViewers productId={productId} />
    </>
  );
}
