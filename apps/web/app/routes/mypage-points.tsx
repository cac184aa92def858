/** /mypage/points: the point balance and the ledger, newest first, page by page. */
import { formatKst, formatWon } from '@codiroom/shared';
import { untilLabel } from '../benefits/coupon-text';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote, pageOf } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-points';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('포인트');

export function meta(_: Route.MetaArgs) {
  return [{ title: '포인트 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary instead of an empty ledger. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get(
    '/api/benefits/point-history',
    { page: pageOf(request) },
    { signal: request.signal },
  );
}

function Intro({ point }: { point: number | null }) {
  return (
    <section className={page.intro}>
      <p>사용 가능한 포인트</p>
      <h2 data-testid="point-balance">{point === null ? '…' : formatWon(point)}</h2>
      <p className={my.note}>포인트는 결제 시 1원 단위로 사용할 수 있고, 적립일로부터 1년간 유효해요.</p>
    </section>
  );
}

export function HydrateFallback() {
  return (
    <main>
      <Intro point={null} />
      <LoadingNote />
    </main>
  );
}

export default function PointsPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <main>
      <Intro point={data.point} />
      {data.result.length === 0 ? (
        <EmptyState title="포인트 내역이 없어요" />
      ) : (
        <ul className={page.cardList}>
          {data.result.map((r) => (
            <li key={r.id} className={my.ledgerRow}>
              <span>
                <strong>{r.title}</strong>
                <br />
                <small>
                  {formatKst(r.created_at, 'date')}
                  {r.amount > 0 && r.expires_at ? ` · ${untilLabel(r.expires_at)}` : ''}
                </small>
              </span>
              <span className={r.amount > 0 ? my.amountPlus : my.amount}>
                {r.amount > 0 ? '+' : ''}
                {formatWon(r.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} totalPage={data.total_page} />
    </main>
  );
}
