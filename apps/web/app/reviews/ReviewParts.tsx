/**
 * Review building blocks shared by the product page, /cloth_review/:id and mypage: the summary
 * (average, size feels), the photo strip and one review with its helpful and report buttons
 * (docs/ARCHITECTURE.md, "Reviews").
 */
import {
  formatKst,
  largestRemainderPercents,
  type REPORT_REASONS,
  type ReviewItem,
  type ReviewPhotoStripBody,
  type ReviewSummary,
  type SizeFeel,
} from '@codiroom/shared';
import { useState } from 'react';
import { cssVars } from '../components/css-vars';
import { browserApi } from '../lib/browser-api';
import { isLoggedInBrowser } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import { ReportSheet } from './ReportSheet';
import styles from './reviews.module.css';

export const FEEL_LABEL: Record<SizeFeel, string> = { SMALL: '작아요', FIT: '잘 맞아요', LARGE: '커요' };

export function Stars({ rating, label }: { rating: number; label?: string }) {
  const full = Math.round(rating);
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `별점 ${rating}점`}>
      {'★'.repeat(full)}
      <span className={styles.starsOff}>{'★'.repeat(Math.max(0, 5 - full))}</span>
    </span>
  );
}

export function ReviewSummaryBlock({ summary }: { summary: ReviewSummary }) {
  const felt = summary.size_feel.SMALL + summary.size_feel.FIT + summary.size_feel.LARGE;
  // Whole percents that add up to 100 (never 34 + 33 + 34).
  const [small, fit, large] = largestRemainderPercents([
    summary.size_feel.SMALL,
    summary.size_feel.FIT,
    summary.size_feel.LARGE,
  ]);
  const shares: Record<SizeFeel, number> = { SMALL: small ?? 0, FIT: fit ?? 0, LARGE: large ?? 0 };
  return (
    <div className={styles.summary} data-testid="review-summary">
      <div className={styles.average}>
        <strong>{summary.rating_average.toFixed(1)}</strong>
        <Stars rating={summary.rating_average} />
        <span className={styles.meta}>후기 {summary.review_count.toLocaleString('ko-KR')}개</span>
      </div>
      {felt > 0 && (
        <ul className={styles.feels} aria-label="사이즈 체감">
          {(['SMALL', 'FIT', 'LARGE'] as const).map((k) => (
            <li key={k} className={styles.feel}>
              <span>{FEEL_LABEL[k]}</span>
              <span className={styles.bar}>
                <span className={styles.barFill} style={cssVars({ '--share': `${shares[k]}%` })} />
              </span>
              <span>{shares[k]}%</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PhotoStrip({ strip }: { strip: ReviewPhotoStripBody }) {
  const popups = usePopups();
  if (strip.result.length === 0) return null;
  return (
    <ul className={styles.strip} aria-label={`포토 후기 ${strip.total_count}장`}>
      {strip.result.map((p) => (
        <li key={`${p.review_id}-${p.image_url}`}>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => popups.open({ kind: 'zoomImage', src: p.image_url, alt: '후기 사진' })}
          >
            <img src={p.image_url} alt="후기 사진" width={88} height={88} loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

function bodyLine(r: ReviewItem): string {
  const parts: string[] = [];
  if (r.height) parts.push(`${r.height}cm`);
  if (r.weight) parts.push(`${r.weight}kg`);
  if (r.size_name) parts.push(`${r.size_name} 구매`);
  return parts.join(' · ');
}

/** 2026.11.20, in KST on the server and in every browser (no hydration mismatch). */
const dateOf = (iso: string) => formatKst(iso, 'date');

/** One review, with 도움돼요 (members) and 신고. */
export function ReviewCard({ review }: { review: ReviewItem }) {
  const popups = usePopups();
  const [helpful, setHelpful] = useState({ on: review.is_helpful, count: review.helpful_count });
  const [reported, setReported] = useState(false);
  const vote = useMutation(() => browserApi().request('POST', `/api/reviews/${review.id}/helpful`), {
    revalidate: false,
    onSuccess: (d) => setHelpful({ on: d.is_helpful, count: d.helpful_count }),
  });
  const [reporting, setReporting] = useState(false);
  const report = useMutation(
    (reason: (typeof REPORT_REASONS)[number]) =>
      browserApi().request('POST', `/api/reviews/${review.id}/report`, { body: { reason } }),
    { revalidate: false, onSuccess: () => setReported(true) },
  );
  const needLogin = () => {
    if (isLoggedInBrowser()) return false;
    popups.open({ kind: 'login' });
    return true;
  };
  return (
    <li className={styles.card} data-testid="review">
      <p className={styles.meta}>
        <Stars rating={review.rating} />
        <span>{review.user_name}</span>
        <span>{dateOf(review.created_at)}</span>
        {review.is_imported && <span>외부 구매 후기</span>}
      </p>
      <p className={styles.meta}>
        {bodyLine(review) && <span className={styles.bodyInfo}>{bodyLine(review)}</span>}
        {review.size_feel && <span className={styles.chip}>사이즈 {FEEL_LABEL[review.size_feel]}</span>}
      </p>
      {review.content && <p className={styles.content}>{review.content}</p>}
      {review.photos.length > 0 && (
        <ul className={styles.photos}>
          {review.photos.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={styles.textButton}
                onClick={() => popups.open({ kind: 'zoomImage', src: p.image_url, alt: '후기 사진' })}
              >
                <img src={p.image_url} alt="후기 사진" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!review.is_mine && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.smallButton}
            aria-pressed={helpful.on}
            disabled={vote.pending}
            onClick={() => !needLogin() && vote.run()}
          >
            도움돼요 {helpful.count > 0 ? helpful.count : ''}
          </button>
          {!review.is_imported && (
            <button
              type="button"
              className={styles.textButton}
              disabled={reported || report.pending}
              onClick={() => !needLogin() && setReporting(true)}
            >
              {reported ? '신고했어요' : '신고'}
            </button>
          )}
          {(vote.error || report.error) && <output>{vote.error ?? report.error}</output>}
        </div>
      )}
      {reporting && (
        <ReportSheet
          onClose={() => setReporting(false)}
          onReport={(reason) => {
            setReporting(false);
            void report.run(reason);
          }}
        />
      )}
    </li>
  );
}
