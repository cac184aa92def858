/**
 * The look of the day on the home page (API-CATALOGUE.md `GET /api/contents/daily-look`) with its
 * like/dislike (daily-look-feedback: one per visitor and KST day, changeable) and today's counts.
 */
import { type AnswerResult, DAILY_LOOK_VALUES, type DailyLookBody } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { inOwnTask } from '../lib/tasks';
import { FeedbackButtons } from './ContentForms';
import styles from './ContentForms.module.css';
import { loadDailyLookResults } from './form-api';

export function DailyLookCard({ look }: { look: DailyLookBody }) {
  const codi = look.codi;
  const [result, setResult] = useState<AnswerResult | undefined>(undefined);
  useEffect(() => {
    if (!codi) return;
    const ac = new AbortController();
    // A task of its own: this runs among the hydration's effects (lib/tasks.ts).
    const cancel = inOwnTask(
      () => void loadDailyLookResults(codi.id, ac.signal).then((rs) => rs[0] && setResult(rs[0])),
    );
    return () => {
      cancel();
      ac.abort();
    };
  }, [codi]);
  if (!codi) return null;
  return (
    <section className={styles.box} aria-labelledby="daily-look" data-testid="daily-look">
      <p className={styles.kicker}>오늘의 룩 · {look.date.replaceAll('-', '.')}</p>
      <div className={styles.look}>
        <img src={codi.image_url} alt="" width={96} height={96} loading="lazy" />
        <div>
          <h2 id="daily-look" className={styles.question}>
            {codi.title}
          </h2>
          <FeedbackButtons
            values={DAILY_LOOK_VALUES}
            result={result}
            path="/api/contents/daily-look-feedback"
            body={(value) => ({ codi_id: codi.id, value })}
            onResults={(rs) => rs[0] && setResult(rs[0])}
            label="오늘의 룩 평가"
          />
        </div>
      </div>
      {result && result.total > 0 && (
        <output className={styles.note}>
          오늘 {result.total}명이 평가했어요 · 좋아요{' '}
          {result.options.find((o) => o.value === 'like')?.percent ?? 0}%
        </output>
      )}
    </section>
  );
}
