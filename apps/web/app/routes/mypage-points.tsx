/** /mypage/points: the point balance and the ledger, newest first, page by page. */
import { formatWon, type PointHistoryBody } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { untilLabel } from '../benefits/coupon-text';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-points';

export function meta(_: Route.MetaArgs) {
  return [{ title: '포인트 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const EMPTY: PointHistoryBody = { page: 1, count: 0, total_count: 0, total_page: 0, result: [], point: 0 };

export default function PointsPage() {
  const [params] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const [data, setData] = useState<PointHistoryBody | null>(null);
  useEffect(() => {
    void browserApi()
      .getOr<PointHistoryBody>('/api/benefits/point-history', EMPTY, { page: pageNo })
      .then(setData);
  }, [pageNo]);
  return (
    <>
      <PageHeader title="포인트" actions={false} titleAs="h1" />
      <main>
        <section className={page.intro}>
          <p>사용 가능한 포인트</p>
          <h2 data-testid="point-balance">{data ? formatWon(data.point) : '…'}</h2>
          <p style={{ fontSize: 13 }}>
            포인트는 결제 시 1원 단위로 사용할 수 있고, 적립일로부터 1년간 유효해요.
          </p>
        </section>
        {data === null ? (
          <p className={page.toolbar} aria-busy="true">
            불러오는 중…
          </p>
        ) : data.result.length === 0 ? (
          <EmptyState title="포인트 내역이 없어요" />
        ) : (
          <ul className={page.cardList}>
            {data.result.map((r) => (
              <li
                key={r.id}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  padding: '12px 0',
                  borderBottom: '1px solid var(--color-line)',
                }}
              >
                <span>
                  <strong>{r.title}</strong>
                  <br />
                  <small>
                    {r.created_at.slice(0, 10).replaceAll('-', '.')}
                    {r.amount > 0 && r.expires_at ? ` · ${untilLabel(r.expires_at)}` : ''}
                  </small>
                </span>
                <span
                  style={{
                    fontWeight: 700,
                    color: r.amount > 0 ? 'var(--color-accent, #e5322d)' : undefined,
                  }}
                >
                  {r.amount > 0 ? '+' : ''}
                  {formatWon(r.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data && <Pager page={data.page} totalPage={data.total_page} />}
      </main>
    </>
  );
}
