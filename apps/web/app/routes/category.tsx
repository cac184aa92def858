import {
  type CategoryFiltersBody,
  type CategoryListingBody,
  type CategoryTreeBody,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_LABELS,
  type ShopCategory,
} from '@codiroom/shared';
import { Form, Link } from 'react-router';
import f from '../catalog/catalog.module.css';
import { InfiniteProducts } from '../catalog/InfiniteProducts';
import { cssVars } from '../components/css-vars';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
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

/** Multi-valued filter params (checkboxes repeat the name; links use commas). */
function listParam(q: URLSearchParams, name: string, re: RegExp): string[] {
  const out = q
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v && re.test(v));
  return [...new Set(out)].slice(0, 20);
}

function wonParam(q: URLSearchParams, name: string): string | undefined {
  const v = (q.get(name) ?? '').replaceAll(',', '').trim();
  return /^\d{1,9}$/.test(v) ? v : undefined;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const main = (SHOP_CATEGORIES as readonly string[]).includes(q.get('category_main') ?? '')
    ? (q.get('category_main') as ShopCategory)
    : 'all';
  const sort = SORTS.some(([k]) => k === q.get('sort')) ? (q.get('sort') as string) : 'popular';
  const sub = q.get('category_sub') || undefined;
  const filters = {
    brand_id: listParam(q, 'brand_id', /^\d{1,9}$/),
    size: listParam(q, 'size', /^[\w가-힣 .-]{1,20}$/),
    color: listParam(q, 'color', /^[\w가-힣 .-]{1,30}$/),
    price_min: wonParam(q, 'price_min'),
    price_max: wonParam(q, 'price_max'),
  };
  const query = {
    category_main: main,
    category_sub: sub,
    sort,
    brand_id: filters.brand_id.join(',') || undefined,
    size: filters.size.join(',') || undefined,
    color: filters.color.join(',') || undefined,
    price_min: filters.price_min,
    price_max: filters.price_max,
  };
  const api = serverApi(context);
  const empty: CategoryListingBody = {
    page: 1,
    count: 0,
    total_count: 0,
    total_page: 0,
    result: [],
    next_cursor: null,
  };
  const [tree, products, facets] = await Promise.all([
    api.get<CategoryTreeBody>('/api/products/categories').catch(() => ({ result: [] })),
    api
      .get<CategoryListingBody>('/api/products/category-products', { ...query, page: pageParam(url) })
      // A bad filter combination (e.g. min above max) shows an empty list, not an error page.
      .catch(() => empty),
    api
      .get<CategoryFiltersBody>('/api/products/category-filters', { category_main: main, category_sub: sub })
      .catch(() => null),
  ]);
  const listQuery = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) listQuery.set(k, v);
  return {
    tree: tree.result,
    products,
    facets,
    filters,
    listQuery: listQuery.toString(),
    main,
    sub: sub ?? null,
    sort,
    origin: url.origin,
  };
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
  const { tree, products, main, sub, sort, facets, filters, listQuery } = loaderData;
  const activeFilters =
    filters.brand_id.length +
    filters.size.length +
    filters.color.length +
    (filters.price_min ? 1 : 0) +
    (filters.price_max ? 1 : 0);
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
        {facets && (
          <details className={f.filters} open={activeFilters > 0 ? true : undefined}>
            <summary>필터{activeFilters > 0 ? ` (${activeFilters})` : ''}</summary>
            <Form method="get" action="/category" className={f.filterForm} aria-label="상품 필터">
              {main !== 'all' && <input type="hidden" name="category_main" value={main} />}
              {sub && <input type="hidden" name="category_sub" value={sub} />}
              {sort !== 'popular' && <input type="hidden" name="sort" value={sort} />}
              {facets.brands.length > 0 && (
                <fieldset>
                  <legend>브랜드</legend>
                  <div className={f.options}>
                    {facets.brands.slice(0, 20).map((b) => (
                      <label key={b.id} className={f.option}>
                        <input
                          type="checkbox"
                          name="brand_id"
                          value={b.id}
                          defaultChecked={filters.brand_id.includes(String(b.id))}
                        />
                        {b.name}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <fieldset>
                <legend>가격</legend>
                <div className={f.price}>
                  <label>
                    <span className="visually-hidden">최저 가격</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      name="price_min"
                      min={0}
                      step={1000}
                      placeholder={facets.price.min !== null ? String(facets.price.min) : '최저'}
                      defaultValue={filters.price_min}
                    />
                  </label>
                  ~
                  <label>
                    <span className="visually-hidden">최고 가격</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      name="price_max"
                      min={0}
                      step={1000}
                      placeholder={facets.price.max !== null ? String(facets.price.max) : '최고'}
                      defaultValue={filters.price_max}
                    />
                  </label>
                  원
                </div>
              </fieldset>
              {facets.sizes.length > 0 && (
                <fieldset>
                  <legend>사이즈</legend>
                  <div className={f.options}>
                    {facets.sizes.map((z) => (
                      <label key={z.size_name} className={f.option}>
                        <input
                          type="checkbox"
                          name="size"
                          value={z.size_name}
                          defaultChecked={filters.size.includes(z.size_name)}
                        />
                        {z.size_name}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              {facets.colors.length > 0 && (
                <fieldset>
                  <legend>색상</legend>
                  <div className={f.options}>
                    {facets.colors.map((c) => (
                      <label key={c.color_name} className={f.option}>
                        <input
                          type="checkbox"
                          name="color"
                          value={c.color_name}
                          defaultChecked={filters.color.includes(c.color_name)}
                        />
                        <span
                          className={f.swatch}
                          style={cssVars({ '--swatch': c.color_hex })}
                          aria-hidden="true"
                        />
                        {c.color_name}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <div className={f.actions}>
                <Link to={link({})} className={f.reset} replace>
                  초기화
                </Link>
                <button type="submit" className={f.apply}>
                  적용
                </button>
              </div>
            </Form>
          </details>
        )}
        <div className={page.toolbar}>
          <span>
            상품 <strong>{products.total_count.toLocaleString('ko-KR')}</strong>개
          </span>
          <Form method="get" action="/category">
            {main !== 'all' && <input type="hidden" name="category_main" value={main} />}
            {sub && <input type="hidden" name="category_sub" value={sub} />}
            {filters.brand_id.length > 0 && (
              <input type="hidden" name="brand_id" value={filters.brand_id.join(',')} />
            )}
            {filters.size.length > 0 && <input type="hidden" name="size" value={filters.size.join(',')} />}
            {filters.color.length > 0 && <input type="hidden" name="color" value={filters.color.join(',')} />}
            {filters.price_min && <input type="hidden" name="price_min" value={filters.price_min} />}
            {filters.price_max && <input type="hidden" name="price_max" value={filters.price_max} />}
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
            <noscript>
              <button type="submit">정렬</button>
            </noscript>
          </Form>
        </div>
        {products.result.length ? (
          <InfiniteProducts key={listQuery} initial={products} query={listQuery} />
        ) : (
          <EmptyState title="조건에 맞는 상품이 없어요" />
        )}
      </main>
    </>
  );
}
