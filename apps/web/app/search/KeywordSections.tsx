/** The search landing: recent searches (this browser), realtime keywords and recommended keywords. */
import type { RealtimeKeyword, RecommendedKeywordsBody } from '@codiroom/shared';
import { kstText } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { addRecent, clearRecent, readRecent, removeRecent } from './recent';
import styles from './search.module.css';

const href = (k: string) => `/search?query=${encodeURIComponent(k)}`;

export function RecentSearches() {
  const [list, setList] = useState<string[]>([]);
  useEffect(() => setList(readRecent()), []);
  if (list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recent-title">
      <div className={styles.sectionHead}>
        <h2 id="recent-title">최근 검색어</h2>
        <button type="button" className={styles.textButton} onClick={() => setList(clearRecent())}>
          전체 삭제
        </button>
      </div>
      <ul className={styles.chips}>
        {list.map((k) => (
          <li key={k} className={styles.recentChip}>
            <Link to={href(k)} onClick={() => addRecent(k)}>
              {k}
            </Link>
            <button
              type="button"
              aria-label={`${k} 삭제`}
              className={styles.chipRemove}
              onClick={() => setList(removeRecent(k))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ARROW: Record<
  RealtimeKeyword['status'],
  { text: string; label: string; className: string | undefined }
> = {
  up: { text: '▲', label: '상승', className: styles.arrowUp },
  down: { text: '▼', label: '하락', className: styles.arrowDown },
  same: { text: '-', label: '변동 없음', className: undefined },
  new: { text: 'NEW', label: '신규', className: styles.arrowNew },
};

export function RealtimeKeywords({
  items,
  updatedAt,
}: {
  items: RealtimeKeyword[];
  updatedAt: string | null;
}) {
  if (items.length === 0) return null;
  const time = updatedAt ? kstText(updatedAt, 'time') || null : null;
  return (
    <section className={styles.section} aria-labelledby="realtime-title">
      <div className={styles.sectionHead}>
        <h2 id="realtime-title">실시간 인기 검색어</h2>
        {time && <span className={styles.muted}>{time} 기준</span>}
      </div>
      <ol className={styles.realtime}>
        {items.map((k) => (
          <li key={k.keyword}>
            <Link to={href(k.keyword)} onClick={() => addRecent(k.keyword)}>
              <span className={styles.rank}>{k.rank}</span>
              <span className={styles.rtKeyword}>{k.keyword}</span>
              <span className={`${styles.arrow} ${ARROW[k.status].className ?? ''}`}>
                <span className="visually-hidden">{ARROW[k.status].label}</span>
                {ARROW[k.status].text}
                {k.rank_change ? Math.abs(k.rank_change) : ''}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RecommendedKeywords({
  items,
  title = '추천 검색어',
}: {
  items: RecommendedKeywordsBody['result'];
  title?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recommended-title">
      <div className={styles.sectionHead}>
        <h2 id="recommended-title">{title}</h2>
      </div>
      <nav className={styles.chips} aria-label={title}>
        {items.map((k) => (
          <Link
            key={k.keyword}
            to={href(k.keyword)}
            className={k.source === 'trending' ? `${styles.chip} ${styles.chipTrending}` : styles.chip}
            onClick={() => addRecent(k.keyword)}
          >
            {k.keyword}
          </Link>
        ))}
      </nav>
    </section>
  );
}
