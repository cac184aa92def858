import {
  type CategoryTreeBody,
  type PaginatedProducts,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_LABELS,
  type ShopCategory,
} from '@codiroom/shared';
import { Form, Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { pageParam, serverApi } from '../lib/api';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/category';

export const SORTS = [
  ['popular', '인기순'],
  ['newest', '신상품순'],
  ['price_asc', '낮은 가격순'],
  ['price_desc', '높은 가격순'],
  ['discount', '할인율순'],
  ['reviews', '후기 많은순'],
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const main = (SHOP_CATEGORIES as readonly string[]).includes(q.get('category_main') ?? '')
    ? (q.get('category_main') as ShopCategory)
    : 'all';
  const sort = SORTS.some(([k]) => k === q.get('sort')) ? (q.get('sort') as string) : 'popular';
  const sub = q.get('category_sub') || undefined;
  const api = serverApi(context);
  const [tree, products] = await Promise.all([
    api.get<CategoryTreeBody>('/api/products/categories').catch(() => ({ result: [] })),
    api.get<PaginatedProducts>('/api/products/category-products', {
      category_main: main,
      category_sub: sub,
      sort,
      page: pageParam(url),
    }),
  ]);
  return { tree: tree.result, products, main, sub: sub ?? null, sort, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  const label = data && data.main !== 'all' ? SHOP_CATEGORY_LABELS[data.main] : '전체';
  return seoMeta({
    title: `${label} 카테고리 - 남자 옷 쇼핑 | 코디룸`,
    description: `아우터, 셔츠, 슬랙스, 구두까지 30·40·50대 남성을 위한 ${label} 상품을 인기순, 신상품순, 할인율순으로 만나보세요.`,
    origin: data?.origin ?? '',
    path: data && data.main !== 'all' ? `/category?category_main=${data.main}` : '/category',
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { tree, products, main, sub, sort } = loaderData;
  const subs = tree.find((t) => t.main === main)?.subs ?? [];
  const link = (params: Record<string, string | null>) => {
    const q = new URLSearchParams();
    const next = { category_main: main, category_sub: sub, sort, ...params };
    for (const [k, v] of Object.entries(next))
      if (v && !(k === 'category_main' && v === 'all') && !(k === 'sort' && v === 'popular')) q.set(k, v);
    const s = q.toString();
    return s ? `/category?${s}` : '/category';
  };
  return (
    <>
      <PageHeader title="카테고리" back={false} titleAs="h1" />
      <main>
        <nav className={page.tabs} aria-label="카테고리">
          {SHOP_CATEGORIES.map((c) => (
            <Link
              key={c}
              to={link({ category_main: c, category_sub: null })}
              className={c === main ? `${page.tab} ${page.tabActive}` : page.tab}
              aria-current={c === main ? 'page' : undefined}
              replace
            >
              {SHOP_CATEGORY_LABELS[c]}
            </Link>
          ))}
        </nav>
        {subs.length > 0 && (
          <nav className={page.chips} aria-label="세부 카테고리">
            <Link
              to={link({ category_sub: null })}
              className={sub ? page.chip : `${page.chip} ${page.chipActive}`}
              replace
            >
              전체
            </Link>
            {subs.map((s) => (
              <Link
                key={s.code}
                to={link({ category_sub: s.sub })}
                className={sub === s.sub ? `${page.chip} ${page.chipActive}` : page.chip}
                replace
              >
                {s.name}
              </Link>
            ))}
          </nav>
        )}
        <div className={page.toolbar}>
          <span>
            상품 <strong>{products.total_count.toLocaleString('ko-KR')}</strong>개
          </span>
          <Form method="get" action="/category">
            {main !== 'all' && <input type="hidden" name="category_main" value={main} />}
            {sub && <input type="hidden" name="category_sub" value={sub} />}
            <label>
              <span className="visually-hidden">정렬</span>
              <select
                name="sort"
                defaultValue={sort}
                className={page.select}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {SORTS.map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </Form>
        </div>
        {products.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState title="조건에 맞는 상품이 없어요" />
        )}
        <Pager page={products.page} totalPage={products.total_page} />
      </main>
    </>
  );
}
