/**
 * /mypage/closet (옷장): the member's purchased items, newest purchase first (SPEC.md §1 "a closet
 * of purchased items"; `GET /api/v1/orders/closet-items` with its SPEC.md §9 defaults, page 1 and
 * limit 10), the next pages as the list's end comes into view or on "더 보기".
 */
import { formatKst } from '@codiroom/shared';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { MoreButton, useMorePages } from '../components/LoadMore';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-closet';

type ClosetItem = {
  order_item_id: number;
  product_display_id: number;
  name: string;
  brand_name: string;
  image_url: string;
  size_name: string;
  color_name: string;
  purchased_at: string;
};

/** SPEC.md §9: "Closet v1 default limit 10, page 1". */
const CLOSET_LIMIT = 10;

const closetPage = (n: number, signal?: AbortSignal) =>
  browserApi().get('/api/v1/orders/closet-items', { page: n, limit: CLOSET_LIMIT }, { signal });

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('옷장');

export function meta(_: Route.MetaArgs) {
  return [{ title: '옷장 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return closetPage(1, request.signal);
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

export default function ClosetPage({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((n: number) => closetPage(n), []);
  const closet = useMorePages<ClosetItem>(loaderData, fetchPage);
  return (
    <main>
      <section className={page.intro}>
        <p>구매한 옷 {closet.totalCount.toLocaleString('ko-KR')}벌</p>
        <p className={my.note}>결제를 마친 상품이 옷장에 모여요. 취소·반품한 상품은 빠져요.</p>
      </section>
      {closet.items.length === 0 ? (
        <EmptyState
          title="옷장이 비어 있어요"
          text="구매한 옷이 여기에 모여요."
          action={
            <Link to="/ranking" className={`${page.button} ${page.buttonOutline} ${my.emptyAction}`}>
              인기 상품 보러가기
            </Link>
          }
        />
      ) : (
        <ul className={my.plainList} data-testid="closet-list">
          {closet.items.map((c, i) => (
            <li key={c.order_item_id}>
              <Link to={`/product/${c.product_display_id}`} className={my.closetItem}>
                <img src={c.image_url} alt="" width={72} height={90} loading={i < 4 ? 'eager' : 'lazy'} />
                <span>
                  <small className={page.muted}>{c.brand_name}</small>
                  <strong>{c.name}</strong>
                  <small>
                    {[c.color_name, c.size_name].filter(Boolean).join(' / ')} · 구매{' '}
                    {formatKst(new Date(c.purchased_at), 'date')}
                  </small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <MoreButton
        hasMore={closet.hasMore}
        loading={closet.loading}
        failed={closet.failed}
        onMore={closet.more}
        shown={closet.items.length}
        total={closet.totalCount}
      />
    </main>
  );
}
