import {
  formatKst,
  formatWon,
  RANKING_PERIOD_LABELS,
  RANKING_PERIODS,
  type RankingPeriod,
  rankChangeBasis,
  rankingPeriodNote,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_LABELS,
} from '@codiroom/shared';
import { Link } from 'react-router';
import { RankingGrid } from '../catalog/RankingGrid';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { pageParam } from '../lib/api';
import { rankingReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/ranking';
import styles from './ranking.module.css';

/** SPEC.md §2: ranking tabs are rising, brands, then the categories. */
const TABS = ['rising', 'brands', ...SHOP_CATEGORIES] as const;
type Tab = (typeof TABS)[number];
const LABEL: Record<Tab, string> = { rising: '급상승', brands: '브랜드', ...SHOP_CATEGORY_LABELS };

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = (
    (TABS as readonly string[]).includes(url.searchParams.get('tab') ?? '')
      ? url.searchParams.get('tab')
      : 'all'
  ) as Tab;
  const period = (
    (RANKING_PERIODS as readonly string[]).includes(url.searchParams.get('period') ?? '')
      ? url.searchParams.get('period')
      : 'realtime'
  ) as RankingPeriod;
  // In process on the server (web/reads-ranking.ts), over HTTP otherwise.
  const ranking = rankingReads(context);
  if (tab === 'brands') {
    const brands = await ranking.brands();
    return { tab, period, brands: brands.result, products: null, origin: url.origin };
  }
  // 'rising' is the ranking API's own tab (last 24 hours against the 24 before); the shop tabs
  // rank by the chosen period (realtime, daily, weekly).
  const products = await ranking.items({
    page: pageParam(url),
    category_main: tab,
    ...(tab === 'rising' ? {} : { period }),
  });
  return { tab, period, brands: null, products, origin: url.origin };
}

/** The ranking URL of a tab and period (realtime and 'all' are the defaults, left out). */
function rankingHref(tab: Tab, period: RankingPeriod): string {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('tab', tab);
  if (period !== 'realtime' && tab !== 'rising' && tab !== 'brands') q.set('period', period);
  const s = q.toString();
  return s ? `/ranking?${s}` : '/ranking';
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '랭킹 - 지금 3040 남자들이 많이 사는 옷 | 코디룸',
    description:
      '조회, 좋아요, 장바구니, 구매 데이터로 5분마다 갱신되는 코디룸 랭킹. 아우터, 상의, 바지, 신발 카테고리별 인기 상품.',
    origin: data?.origin ?? '',
    path: '/ranking',
  });
}

export default function RankingPage({ loaderData }: Route.ComponentProps) {
  const { tab, period, brands, products } = loaderData;
  const byPeriod = tab !== 'rising' && tab !== 'brands';
  const basis = products?.period ? rankChangeBasis(products.period, products.compared_at) : null;
  return (
    <>
      <PageHeader title="랭킹" back={false} titleAs="h1" />
      <main>
        <nav className={page.tabs} aria-label="랭킹 분류">
          {TABS.map((t) => (
            <Link
              key={t}
              to={rankingHref(t, period)}
              className={t === tab ? `${page.tab} ${page.tabActive}` : page.tab}
              aria-current={t === tab ? 'page' : undefined}
              replace
            >
              {LABEL[t]}
            </Link>
          ))}
        </nav>
        {brands && (
          <ol className={page.cardList}>
            {brands.map((b) => (
              <li key={b.id}>
                <Link to={`/brands/${b.id}`} className={styles.brandRow}>
                  <strong className={styles.rank}>{b.rank}</strong>
                  <span className={styles.brandName}>
                    <strong>{b.name}</strong>
                    <span className={page.muted}> {b.name_en}</span>
                  </span>
                  {b.products.slice(0, 3).map((p) => (
                    <img
                      key={p.id}
                      src={p.image_url}
                      alt={`${p.name} ${formatWon(p.price_discount)}`}
                      width={48}
                      height={58}
                      loading="lazy"
                      className={styles.thumb}
                    />
                  ))}
                </Link>
              </li>
            ))}
          </ol>
        )}
        {byPeriod && (
          <nav className={page.chips} aria-label="랭킹 기간">
            {RANKING_PERIODS.map((p) => (
              <Link
                key={p}
                to={rankingHref(tab, p)}
                className={p === period ? `${page.chip} ${page.chipActive}` : page.chip}
                aria-current={p === period ? 'page' : undefined}
                replace
              >
                {RANKING_PERIOD_LABELS[p]}
              </Link>
            ))}
          </nav>
        )}
        {products && (
          <>
            <div className={styles.about} data-testid="ranking-about">
              <p>
                {products.period
                  ? rankingPeriodNote(products.period)
                  : '최근 24시간 활동이 그 전 24시간보다 가장 많이 늘어난 상품이에요.'}
              </p>
              <p className={page.muted}>
                {products.computed_at ? (
                  <time dateTime={products.computed_at}>
                    {formatKst(new Date(products.computed_at), 'datetime')} 업데이트 (한국 시간)
                  </time>
                ) : (
                  '집계 전이라 최신 상품을 보여드려요.'
                )}
                {basis ? ` · 순위 변동: ${basis}` : ''}
              </p>
            </div>
            {products.result.length ? (
              <RankingGrid cards={products.result} />
            ) : (
              <EmptyState title="이 기간에 집계된 상품이 아직 없어요" />
            )}
            <Pager page={products.page} totalPage={products.total_page} />
          </>
        )}
      </main>
    </>
  );
}
