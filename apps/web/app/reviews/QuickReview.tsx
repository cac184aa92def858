/**
 * 간단 후기 (API-CATALOGUE.md `POST /api/reviews/quick-review`): a delivered item rated with stars
 * and a size feel only, without text, on the list of items waiting for a review. It earns the quick
 * tier of REVIEW_CREDIT; text and photos can be added later from 내 후기 (수정).
 */
import { formatWon, REVIEW_CREDIT, type SizeFeel } from '@codiroom/shared';
import { useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import { FEEL_LABEL } from './ReviewParts';
import styles from './reviews.module.css';

export function QuickReview({ orderItemId }: { orderItemId: number }) {
  const [rating, setRating] = useState(0);
  const [feel, setFeel] = useState<SizeFeel | null>(null);
  const save = useMutation(() =>
    browserApi().request('POST', '/api/reviews/quick-review', {
      body: { order_item_id: orderItemId, rating, size_feel: feel },
    }),
  );
  const ready = rating > 0 && feel !== null;
  return (
    <form
      className={styles.quick}
      aria-label="간단 후기"
      data-testid="quick-review"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void save.run();
      }}
    >
      <fieldset className={styles.ratingInput}>
        <legend>간단 후기 · 별점과 사이즈만 ({formatWon(REVIEW_CREDIT.QUICK)} 적립)</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={`별점 ${n}점`}
            aria-pressed={n <= rating}
            onClick={() => setRating(n)}
          >
            ★
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">사이즈는 어땠나요?</legend>
        {(['SMALL', 'FIT', 'LARGE'] as const).map((f) => (
          <button
            key={f}
            type="button"
            className={styles.choice}
            aria-pressed={feel === f}
            onClick={() => setFeel(f)}
          >
            {FEEL_LABEL[f]}
          </button>
        ))}
      </fieldset>
      <button type="submit" className={styles.smallButton} disabled={!ready || save.pending}>
        간단 후기 남기기
      </button>
      {save.error && (
        <p className={styles.quickError} role="alert">
          {save.error}
        </p>
      )}
    </form>
  );
}
