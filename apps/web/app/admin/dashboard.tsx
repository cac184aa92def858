/**
 * /admin/dashboard (MD, CS): today and the last 30 KST days — sales, orders, average order value,
 * sessions and conversion, cancels and returns — daily charts, best sellers, top searches and
 * searches that found nothing, the sizes running out, and the analytics: page views, pages and
 * sections seen and the purchase funnel per A/B group, and visits, sign-ups and orders per
 * campaign code (GET /api/admin/dashboard).
 */
import { formatWon } from '@codiroom/shared';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/dashboard';
import { AnalyticsCards, CampaignCard } from './AnalyticsCards';
import styles from './admin.module.css';
import { adminApi } from './api';
import { type ChartSeries, DailyChart } from './Chart';
import { count, kst, percent } from './format';

type Totals = {
  sales: number;
  orders: number;
  average_order_value: number;
  sessions: number;
  conversion: number;
  cancelled_items: number;
  returns: number;
  refunded_amount: number;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/dashboard', undefined, { signal: request.signal });
}

const pct = percent;
const n = count;

function TotalsCard({ title, t }: { title: string; t: Totals }) {
  const rows: [string, string][] = [
    ['매출', formatWon(t.sales)],
    ['주문', `${n(t.orders)}건`],
    ['객단가', formatWon(t.average_order_value)],
    ['방문', `${n(t.sessions)}회`],
    ['구매전환율', pct(t.conversion)],
    ['취소 상품', `${n(t.cancelled_items)}개`],
    ['반품 요청', `${n(t.returns)}건`],
    ['환불액', formatWon(t.refunded_amount)],
  ];
  return (
    <section className={styles.card} aria-label={title} data-testid="dashboard-totals">
      <h2>{title}</h2>
      <dl className={styles.kpis}>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const days = useMemo(() => d.daily.map((x) => x.day), [d]);
  const salesSeries = useMemo<ChartSeries[]>(
    () => [{ label: '매출', values: d.daily.map((x) => x.sales), color: '#1f6feb', format: formatWon }],
    [d],
  );
  const countSeries = useMemo<ChartSeries[]>(
    () => [
      { label: '주문', values: d.daily.map((x) => x.orders), color: '#d1242f', format: (v) => `${n(v)}건` },
      { label: '방문', values: d.daily.map((x) => x.sessions), color: '#8250df', format: (v) => `${n(v)}회` },
      {
        label: '페이지뷰',
        values: d.daily.map((x) => x.page_views),
        color: '#1a7f37',
        format: (v) => `${n(v)}회`,
      },
    ],
    [d],
  );
  return (
    <>
      <h1>대시보드</h1>
      <div className={styles.toolbar}>
        <span className={styles.muted}>{kst(d.generated_at)} 기준 (KST)</span>
        <button type="button" className={styles.ghost} onClick={() => revalidator.revalidate()}>
          새로고침
        </button>
      </div>
      <div className={styles.grid2}>
        <TotalsCard title="오늘" t={d.today} />
        <TotalsCard title="최근 30일" t={d.last_30_days} />
      </div>
      <section className={styles.card}>
        <DailyChart title="일별 매출 (최근 30일)" days={days} series={salesSeries} />
        <DailyChart title="일별 주문, 방문과 페이지뷰 (최근 30일)" days={days} series={countSeries} />
      </section>
      <AnalyticsCards a={d} />
      <CampaignCard rows={d.campaigns} />
      <div className={styles.grid2}>
        <section className={styles.card} aria-labelledby="best">
          <h2 id="best">많이 팔린 상품 (30일)</h2>
          {d.top_products.length === 0 && <p className={styles.muted}>아직 판매가 없어요.</p>}
          <ol>
            {d.top_products.map((p) => (
              <li key={p.display_id}>
                <a href={`/product/${p.display_id}`} target="_blank" rel="noopener noreferrer">
                  {p.brand_name} {p.name}
                </a>{' '}
                · {n(p.quantity)}개 · {formatWon(p.sales)}
              </li>
            ))}
          </ol>
        </section>
        <section className={styles.card} aria-labelledby="low">
          <h2 id="low">품절 임박 사이즈</h2>
          {d.low_stock.length === 0 && <p className={styles.muted}>재고가 넉넉해요.</p>}
          <ul>
            {d.low_stock.map((i) => (
              <li key={i.product_item_id}>
                <Link to={`/admin/products/${i.product_id}`}>{i.name}</Link> · {i.color_name} {i.size_name} ·{' '}
                <strong>{i.stock}개</strong>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="searches">
          <h2 id="searches">많이 찾은 검색어 (30일)</h2>
          {d.top_searches.length === 0 && <p className={styles.muted}>검색 기록이 없어요.</p>}
          <ol>
            {d.top_searches.map((s) => (
              <li key={s.keyword}>
                {s.keyword} · {n(s.searches)}회
              </li>
            ))}
          </ol>
        </section>
        <section className={styles.card} aria-labelledby="zero">
          <h2 id="zero">결과 없는 검색어 (30일)</h2>
          {d.zero_result_searches.length === 0 && <p className={styles.muted}>모두 결과가 있었어요.</p>}
          <ol data-testid="zero-result-searches">
            {d.zero_result_searches.map((s) => (
              <li key={s.keyword}>
                {s.keyword} · {n(s.searches)}회
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
