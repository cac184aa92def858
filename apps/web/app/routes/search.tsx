import { OFFICE_WEAR_KEYWORD, type PaginatedProducts } from '@codiroom/shared';
import { Form, Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { pageParam, serverApi } from '../lib/api';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/search';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
  let products: PaginatedProducts | null = null;
  if (query) {
    products = await serverApi(context)
      .get<PaginatedProducts>('/api/v1/search/product', { query, page: pageParam(url) })
      .catch(() => null);
  }
  return { query, products, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  const q = data?.query;
  return seoMeta({
    title: q ? `${q} 검색 결과 | 코디룸` : '검색 | 코디룸',
    description: q
      ? `코디룸에서 ${q} 관련 남성 패션 상품을 찾아보세요.`
      : '브랜드, 상품, 스타일을 검색해보세요. 초성 검색도 돼요.',
    origin: data?.origin ?? '',
    path: q ? `/search?query=${encodeURIComponent(q)}` : '/search',
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, products } = loaderData;
  return (
    <>
      <PageHeader title="검색" actions={false} titleAs="h1" />
      <main>
        <Form method="get" action="/search" role="search" className={page.form} style={{ paddingBottom: 8 }}>
          <label>
            <span className="visually-hidden">검색어</span>
            <input
              name="query"
              type="search"
              defaultValue={query}
              placeholder="브랜드, 상품, 스타일 검색"
              className={page.input}
              autoComplete="off"
              enterKeyHint="search"
            />
          </label>
        </Form>
        {!query && (
          <section className={page.section}>
            <div className={page.sectionHead}>
              <h2>추천 검색어</h2>
            </div>
            <nav className={page.chips} aria-label="추천 검색어">
              {[OFFICE_WEAR_KEYWORD, '슬랙스', '셔츠', '니트', '코트', '로퍼'].map((k) => (
                <Link key={k} to={`/search?query=${encodeURIComponent(k)}`} className={page.chip}>
                  {k}
                </Link>
              ))}
            </nav>
          </section>
        )}
        {query && products && (
          <>
            <p className={page.toolbar}>
              ‘{query}’ 상품 {products.total_count.toLocaleString('ko-KR')}개
            </p>
            {products.result.length ? (
              <ProductGrid products={products.result} />
            ) : (
              <EmptyState
                title={`‘${query}’에 맞는 상품이 없어요`}
                text="철자를 확인하거나 다른 검색어로 찾아보세요."
              />
            )}
            <Pager page={products.page} totalPage={products.total_page} />
          </>
        )}
        {query && !products && (
          <EmptyState title="검색 결과를 불러오지 못했어요" text="잠시 후 다시 시도해주세요." />
        )}
      </main>
    </>
  );
}
