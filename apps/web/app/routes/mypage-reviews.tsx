/**
 * /mypage/reviews: 후기 쓰기 (delivered items waiting for a review, with the points each would earn)
 * and 내 후기 (the member's reviews, editable for 30 days). Member data: loaded in the browser.
 */
import { formatWon, REVIEW_CREDIT } from '@codiroom/shared';
import { Link } from 'react-router';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote, pageOf } from '../lib/route-data';
import { QuickReview } from '../reviews/QuickReview';
import { FEEL_LABEL, Stars } from '../reviews/ReviewParts';
import styles from '../reviews/reviews.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-reviews';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('내 후기');

export function meta(_: Route.MetaArgs) {
  return [{ title: '내 후기 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const tab = new URL(request.url).searchParams.get('tab') === 'mine' ? 'mine' : 'write';
  const api = browserApi();
  const [toWrite, mine] = await Promise.all([
    api.get('/api/reviews/reviews-to-write', undefined, { signal: request.signal }),
    api.get('/api/reviews/my-reviews', { page: pageOf(request) }, { signal: request.signal }),
  ]);
  return { tab, toWrite: toWrite.result.filter((i) => i.review_id === null), mine };
}

function Tabs({ tab, waiting, written }: { tab: string; waiting: number | null; written: number | null }) {
  return (
    <nav className={page.tabs} aria-label="후기">
      <Link to="?tab=write" className={tab === 'write' ? `${page.tab} ${page.tabActive}` : page.tab}>
        후기 쓰기{waiting !== null ? ` ${waiting}` : ''}
      </Link>
      <Link to="?tab=mine" className={tab === 'mine' ? `${page.tab} ${page.tabActive}` : page.tab}>
        내 후기{written !== null ? ` ${written}` : ''}
      </Link>
    </nav>
  );
}

export function HydrateFallback() {
  return (
    <main>
      <Tabs tab="write" waiting={null} written={null} />
      <LoadingNote />
    </main>
  );
}

export default function MyReviews({ loaderData: d }: Route.ComponentProps) {
  return (
    <main>
      <Tabs tab={d.tab} waiting={d.toWrite.length} written={d.mine.pagination.total_count} />
      {d.tab === 'write' ? (
        d.toWrite.length === 0 ? (
          <EmptyState title="쓸 수 있는 후기가 없어요" />
        ) : (
          <>
            <p className={`${page.intro} ${page.muted}`}>
              후기를 쓰면 {formatWon(REVIEW_CREDIT.TEXT)}, 사진 후기는 {formatWon(REVIEW_CREDIT.PHOTO)} 적립!
              사이즈 후기까지 쓰면 {formatWon(REVIEW_CREDIT.SIZE_BONUS)} 더 드려요.
            </p>
            <ul className={page.cardList} data-testid="reviews-to-write">
              {d.toWrite.map((i) => (
                <li key={i.order_item_id} className={styles.itemLine}>
                  <img src={i.image_url} alt="" width={64} height={76} loading="lazy" />
                  <div>
                    <p className={styles.meta}>{i.brand_name}</p>
                    <strong>{i.name}</strong>
                    <p className={styles.meta}>
                      {i.color_name} · {i.size_name} · 최대 {formatWon(i.credit_available)} 적립
                    </p>
                    <Link to={`/mypage/reviews/write/${i.order_item_id}`} className={styles.smallButton}>
                      후기 쓰기
                    </Link>
                    <QuickReview orderItemId={i.order_item_id} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )
      ) : d.mine.result.length === 0 ? (
        <EmptyState title="아직 쓴 후기가 없어요" />
      ) : (
        <>
          <ul className={page.cardList} data-testid="my-reviews">
            {d.mine.result.map((r) => (
              <li key={r.id} className={styles.card}>
                <Link to={`/product/${r.product.id}`} className={styles.itemLine}>
                  <img src={r.product.image_url} alt="" width={64} height={76} loading="lazy" />
                  <span>
                    <span className={styles.meta}>{r.product.brand_name}</span>
                    <br />
                    <strong>{r.product.name}</strong>
                  </span>
                </Link>
                <p className={styles.meta}>
                  <Stars rating={r.rating} />
                  {r.size_name && <span>{r.size_name}</span>}
                  {r.size_feel && <span className={styles.chip}>사이즈 {FEEL_LABEL[r.size_feel]}</span>}
                </p>
                {r.content && <p className={styles.content}>{r.content}</p>}
                {r.photos.length > 0 && <p className={styles.meta}>사진 {r.photos.length}장</p>}
                <div className={styles.actions}>
                  <Link to={`/cloth_review/${r.product.id}?review=${r.id}`} className={styles.textButton}>
                    후기 보기
                  </Link>
                  {r.editable_until && new Date(r.editable_until) > new Date() && (
                    <Link to={`/mypage/reviews/edit/${r.id}`} className={styles.smallButton}>
                      수정
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={d.mine.pagination.page} totalPage={d.mine.pagination.total_page} />
        </>
      )}
    </main>
  );
}
