import {
  type BrandRankingBody,
  formatWon,
  type PaginatedProducts,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_LABELS,
  type ShopCategory,
} from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { ProductGrid } from '../components/ProductGrid';
import { pageParam, serverApi } from '../lib/api';
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
  const api = serverApi(context);
  if (tab === 'brands') {
    const brands = await api.get<BrandRankingBody>('/api/products/ranking-brands');
    return { tab, brands: brands.result, products: null, origin: url.origin };
  }
  // 'rising' is the ranking API's own tab (last 24 hours against the 24 before).
  const products = await api.get<PaginatedProducts>('/api/products/ranking-items', {
    page: pageParam(url),
    category_main: tab as ShopCategory | 'rising',
  });
  return { tab, brands: null, products, origin: url.origin };
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
  const { tab, brands, products } = loaderData;
  return (
    <>
      <PageHeader title="랭킹" back={false} titleAs="h1" />
      <main>
        <nav className={page.tabs} aria-label="랭킹 분류">
          {TABS.map((t) => (
            <Link
              key={t}
              to={t === 'all' ? '/ranking' : `/ranking?tab=${t}`}
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
        {products && (
          <>
            <div className={styles.spacer} />
            <ProductGrid products={products.result} ranked rankOffset={(products.page - 1) * 30} />
            <Pager page={products.page} totalPage={products.total_page} />
          </>
        )}
      </main>
    </>
  );
}
