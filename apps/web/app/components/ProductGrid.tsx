import type { ProductCard as Card } from '@codiroom/shared';
import { ProductCard } from './ProductCard';
import styles from './ProductGrid.module.css';

export function ProductGrid({
  products,
  columns = 3,
  ranked = false,
  eagerCount = 3,
  rankOffset = 0,
}: {
  products: Card[];
  columns?: 2 | 3;
  ranked?: boolean;
  eagerCount?: number;
  rankOffset?: number;
}) {
  return (
    <ul className={columns === 2 ? `${styles.grid} ${styles.two}` : styles.grid}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} rank={ranked ? rankOffset + i + 1 : undefined} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {text && <p className={styles.emptyText}>{text}</p>}
      {action}
    </div>
  );
}
