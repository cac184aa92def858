import type { BrandContentsBody } from '@codiroom/shared';
import { Link } from 'react-router';
import { LikeButton } from '../components/LikeButton';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { or404, pageParam, serverApi } from '../lib/api';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/brand';
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
  const body = await or404(
    serverApi(context).get<BrandContentsBody>(`/api/brands/${params.id}/contents`, {
      sort,
      page: pageParam(url),
    }),
  );
  return { ...body, sort, origin: url.origin };
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
  const { brand: b, products, sort } = loaderData;
  return (
    <>
      <PageHeader title={b.name} />
      <main>
        <section className={`${page.intro} ${styles.brandIntro}`}>
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
        <nav className={page.chips} aria-label="정렬">
          {SORTS.map(([k, label]) => (
            <Link
              key={k}
              to={`?sort=${k}`}
              className={k === sort ? `${page.chip} ${page.chipActive}` : page.chip}
              replace
            >
              {label}
            </Link>
          ))}
        </nav>
        {products.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState title="아직 등록된 상품이 없어요" />
        )}
        <Pager page={products.page} totalPage={products.total_page} />
      </main>
    </>
  );
}
