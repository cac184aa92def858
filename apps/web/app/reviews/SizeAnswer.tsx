/**
 * The product page's size answer (docs/ARCHITECTURE.md, "Sizing"): "추천 사이즈" with the size and
 * the reason in words, the same for clothes (SizeRecommendation, which adds the chance it fits
 * and each size's chances) and shoes (ShoeSizeAdvice).
 */
import type { ReactNode } from 'react';
import styles from './reviews.module.css';

export function SizeAnswer({
  size,
  explanation,
  meta,
  children,
}: {
  size: string;
  explanation: string | null | undefined;
  /** Said after the size on its line (the chance it fits). */
  meta?: ReactNode;
  /** Shown under the reason (each size's chances). */
  children?: ReactNode;
}) {
  return (
    <div className={styles.result} data-testid="size-answer">
      <p className={styles.resultSize}>
        추천 사이즈 <strong data-testid="recommended-size">{size}</strong>
        {meta}
      </p>
      {explanation && (
        <p className={styles.explanation} data-testid="size-explanation">
          {explanation}
        </p>
      )}
      {children}
    </div>
  );
}
