import { Link } from 'react-router';
import { BrandCoupons } from '../benefits/BrandCoupons';
import { LikeButton } from '../components/LikeButton';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { pageParam } from '../lib/api';
import { brandReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/brand';
import brandStyles from './brand.module.css';
import styles from './public.module.css';

const SORTS = [
  ['popular', '인기순'],
  ['newest', '신상품순'],
  ['price_asc', '낮은 가격순'],
  ['price_desc', '높은 가격순'],
  ['discount', '할인율순'],
] as const;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const sort = SORTS.some(([k]) => k === url.searchParams.get('sort'))
    ? (url.searchParams.get('sort') as string)
    : 'popular';
  // In process on the server (web/reads-brand.ts), over HTTP otherwise.
  const brand = brandReads(context);
  // The category chips come from the brand's facets; a code the brand does not have is dropped.
  const filters = await orNotFound(brand.filters(params.id));
  const asked = url.searchParams.get('category');
  const category = filters.categories.some((c) => c.code === asked) ? (asked as string) : null;
  const body = await orNotFound(
    brand.contents(params.id, { sort, page: pageParam(url), ...(category ? { category } : {}) }),
  );
  return { ...body, sort, category, categories: filters.categories, origin: url.origin };
}

/** The brand page URL for a sort and category (the defaults are left out). */
function brandHref(sort: string, category: string | null): string {
  const q = new URLSearchParams();
  if (sort !== 'popular') q.set('sort', sort);
  if (category) q.set('category', category);
  const s = q.toString();
  return s ? `?${s}` : '?';
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '브랜드가 존재하지 않습니다 | 코디룸' }];
  const { brand: b, origin } = data;
  return seoMeta({
    title: `${b.name} (${b.name_en}) | 코디룸`,
    description: `${b.name} 브랜드 상품 ${b.product_count}개. ${b.description.slice(0, 100)}`,
    origin,
    path: `/brands/${b.id}`,
    image: b.logo_url ?? undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Brand',
        name: b.name,
        alternateName: b.name_en,
        url: `${origin}/brands/${b.id}`,
      },
      breadcrumbLd(origin, [
        { name: '홈', path: '/' },
        { name: b.name, path: `/brands/${b.id}` },
      ]),
    ],
  });
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand: b, products, sort, category, categories } = loaderData;
  return (
    <>
      <PageHeader title={b.name} />
      <main>
        <div className={brandStyles.banner}>
          <img src={b.banner_url} alt="" width={780} height={300} fetchPriority="high" />
          {b.logo_url && (
            <img
              className={brandStyles.logo}
              src={b.logo_url}
              alt={`${b.name} 로고`}
              width={64}
              height={64}
              data-testid="brand-logo"
            />
          )}
        </div>
        <section className={`${page.intro} ${styles.brandIntro} ${b.logo_url ? brandStyles.afterLogo : ''}`}>
          <div className={styles.titleRow}>
            <h1>{b.name}</h1>
            <LikeButton likeId={b.id} likeType="BRAND" variant="plain" />
          </div>
          <p className={page.muted}>
            {b.name_en} · 상품 {b.product_count.toLocaleString('ko-KR')}개 · 좋아요{' '}
            {b.like_count.toLocaleString('ko-KR')}
          </p>
          {b.description && <p className={styles.description}>{b.description}</p>}
        </section>
        <BrandCoupons brandId={b.id} />
        {categories.length > 1 && (
          <nav className={page.chips} aria-label="카테고리">
            <Link
              to={brandHref(sort, null)}
              className={category === null ? `${page.chip} ${page.chipActive}` : page.chip}
              aria-current={category === null ? 'page' : undefined}
              replace
              preventScrollReset
            >
              전체 {b.product_count.toLocaleString('ko-KR')}
            </Link>
            {categories.map((c) => (
              <Link
                key={c.code}
                to={brandHref(sort, c.code)}
                className={c.code === category ? `${page.chip} ${page.chipActive}` : page.chip}
                aria-current={c.code === category ? 'page' : undefined}
                replace
                preventScrollReset
              >
                {c.name} {c.count.toLocaleString('ko-KR')}
              </Link>
            ))}
          </nav>
        )}
        <nav className={`${page.chips} ${brandStyles.sorts}`} aria-label="정렬">
          {SORTS.map(([k, label]) => (
            <Link
              key={k}
              to={brandHref(k, category)}
              className={k === sort ? `${page.chip} ${page.chipActive}` : page.chip}
              replace
              preventScrollReset
            >
              {label}
            </Link>
          ))}
        </nav>
        {products.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState title={category ? '이 카테고리에는 상품이 없어요' : '아직 등록된 상품이 없어요'} />
        )}
        <Pager page={products.page} totalPage={products.total_page} />
      </main>
    </>
  );
}
