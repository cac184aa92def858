/**
 * The dashboard's first-party analytics (docs/ARCHITECTURE.md, "Analytics"): the funnel product
 * view → cart → order over 30 days, overall and per A/B group, and the pages and sections
 * shoppers saw most.
 */
import type { AdminAnalytics, AdminFunnelStep } from '@codiroom/shared';
import styles from './admin.module.css';
import { count, percent } from './format';

export type FunnelStep = AdminFunnelStep;
export type Analytics = AdminAnalytics;

const DEVICE: Record<string, string> = { app: '앱', pc: 'PC', mobile: '모바일 웹', unknown: '알 수 없음' };

const STEP = { product_view: '상품 조회', cart: '장바구니 담기', order: '주문' } as const;
const n = count;
const pct = percent;

function FunnelRows({ steps }: { steps: FunnelStep[] }) {
  return (
    <>
      {steps.map((s, i) => (
        <td key={s.step}>
          {n(s.visitors)}명{i > 0 && <span className={styles.muted}> ({pct(s.rate)})</span>}
        </td>
      ))}
    </>
  );
}

export function AnalyticsCards({ a }: { a: Analytics }) {
  return (
    <div className={styles.grid2}>
      <section className={styles.card} aria-labelledby="funnel">
        <h2 id="funnel">구매 퍼널 (30일, 방문자 기준)</h2>
        <table className={styles.table} data-testid="funnel">
          <thead>
            <tr>
              <th scope="col">그룹</th>
              {a.funnel.map((s) => (
                <th key={s.step} scope="col">
                  {STEP[s.step]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">전체</th>
              <FunnelRows steps={a.funnel} />
            </tr>
            {a.funnel_by_group.map((g) => (
              <tr key={g.ab_group}>
                <th scope="row">{g.ab_group === '-' ? '그룹 없음' : `${g.ab_group} 그룹`}</th>
                <FunnelRows steps={g.steps} />
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.muted}>
          괄호는 앞 단계 대비 비율이에요. 그룹은 A/B 실험 그룹(abType·subAbType)이에요.
        </p>
      </section>
      <section className={styles.card} aria-labelledby="pages">
        <h2 id="pages">많이 본 페이지 (30일)</h2>
        {a.top_pages.length === 0 && <p className={styles.muted}>페이지 조회 기록이 없어요.</p>}
        <ol>
          {a.top_pages.map((p) => (
            <li key={p.name}>
              {p.name} · {n(p.views)}회 · {n(p.visitors)}명
            </li>
          ))}
        </ol>
        <h2 id="devices">기기별 페이지뷰 (30일)</h2>
        {a.page_views_by_device.length === 0 && <p className={styles.muted}>페이지 조회 기록이 없어요.</p>}
        <ul data-testid="views-by-device">
          {a.page_views_by_device.map((d) => (
            <li key={d.device}>
              {DEVICE[d.device] ?? d.device} · {n(d.views)}회 · {n(d.visitors)}명
            </li>
          ))}
        </ul>
        <h2 id="sections">본 영역 (30일)</h2>
        {a.sections.length === 0 && <p className={styles.muted}>영역 기록이 없어요.</p>}
        <ol data-testid="sections-seen">
          {a.sections.map((s) => (
            <li key={s.name}>
              {s.name} · {n(s.events)}회 · {n(s.visitors)}명
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** SPEC.md §3 "Campaign codes": visits, sign-ups and paid orders per campaign link (30 days). */
export function CampaignCard({ rows }: { rows: Analytics['campaigns'] }) {
  return (
    <section className={styles.card} aria-labelledby="campaigns">
      <h2 id="campaigns">캠페인 코드별 성과 (30일)</h2>
      {rows.length === 0 && <p className={styles.muted}>캠페인 링크로 들어온 방문이 없어요.</p>}
      {rows.length > 0 && (
        <table className={styles.table} data-testid="campaigns">
          <thead>
            <tr>
              <th scope="col">코드</th>
              <th scope="col">캠페인</th>
              <th scope="col">방문</th>
              <th scope="col">가입</th>
              <th scope="col">주문</th>
              <th scope="col">매출</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.campaign_code} data-code={r.campaign_code}>
                <th scope="row">{r.campaign_code}</th>
                <td>
                  {r.utm_campaign}
                  <span className={styles.muted}>
                    {' '}
                    ({r.utm_source} · {r.utm_medium})
                  </span>
                </td>
                <td>{n(r.visits)}</td>
                <td data-col="sign_ups">{n(r.sign_ups)}</td>
                <td data-col="orders">{n(r.orders)}</td>
                <td>{n(r.sales)}원</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
