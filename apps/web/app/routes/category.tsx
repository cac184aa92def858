import {
  type CategoryListingBody,
  SHOP_CATEGORIES,
  SHOP_CATEGORY_LABELS,
  type ShopCategory,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CategoryFilterForm, CategoryFilterSheet } from '../catalog/CategoryFilterSheet';
import f from '../catalog/catalog.module.css';
import { InfiniteProducts } from '../catalog/InfiniteProducts';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { SheetSelect } from '../components/SheetSelect';
import { PlacementBanners } from '../contents/PlacementBanners';
import { pageParam } from '../lib/api';
import { listingReads, siteReads } from '../lib/page-reads.server';
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
  // In process on the server (web/reads-listing.ts, reads-site.ts), over HTTP otherwise.
  const listing = listingReads(context);
  const empty: CategoryListingBody = {
    page: 1,
    count: 0,
    total_count: 0,
    total_page: 0,
    result: [],
    next_cursor: null,
  };
  const [tree, products, facets, banners] = await Promise.all([
    listing.categories().catch(() => ({ result: [] })),
    listing
      .categoryProducts({ ...query, page: pageParam(url) })
      // A bad filter combination (e.g. min above max) shows an empty list, not an error page.
      .catch(() => empty),
    listing.categoryFilters(main, sub).catch(() => null),
    // The back office's category banners, above the list; the page renders without them.
    siteReads(context)
      .banners('category')
      .then((b) => b.result)
      .catch(() => []),
  ]);
  const listQuery = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) listQuery.set(k, v);
  return {
    tree: tree.result,
    products,
    facets,
    banners,
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
  const { tree, products, main, sub, sort, facets, filters, listQuery, banners } = loaderData;
  const navigate = useNavigate();
  const [filterOpen, setFilterOpen] = useState(false);
  // The filter form keeps the category and the sort as they are.
  const filterKeep = Object.fromEntries(
    Object.entries({
      category_main: main === 'all' ? null : main,
      category_sub: sub,
      sort: sort === 'popular' ? null : sort,
    }).filter((e): e is [string, string] => !!e[1]),
  );
  const activeFilters =
    filters.brand_id.length +
    filters.size.length +
    filters.color.length +
    (filters.price_min ? 1 : 0) +
    (filters.price_max ? 1 : 0);
  const subs = tree.find((t) => t.main === main)?.subs ?? [];
  const activeParams = {
    brand_id: filters.brand_id.join(',') || null,
    size: filters.size.join(',') || null,
    color: filters.color.join(',') || null,
    price_min: filters.price_min ?? null,
    price_max: filters.price_max ?? null,
  };
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
        <PlacementBanners banners={banners} placement="category" />
        <div className={page.toolbar}>
          <span>
            상품 <strong>{products.total_count.toLocaleString('ko-KR')}</strong>개
          </span>
          <span className={f.toolbarEnd}>
            {facets && (
              // With scripts the summary opens the bottom sheet; without them the <details> opens
              // the same GET form in place (server rendering: the filter works without JavaScript).
              <details className={f.filterFallback}>
                {/* biome-ignore lint/a11y/useSemanticElements: a summary keeps the filter usable without scripts; with them it opens the dialog as a button */}
                <summary
                  role="button"
                  aria-haspopup="dialog"
                  className={f.filterButton}
                  onClick={(e) => {
                    e.preventDefault();
                    setFilterOpen(true);
                  }}
                >
                  필터{activeFilters > 0 ? ` ${activeFilters}` : ''}
                </summary>
                {/* In <noscript>: with scripts on, the browser keeps it as text, not a form of some
                    two hundred elements to style and lay out after the first paint. */}
                <noscript>
                  <CategoryFilterForm facets={facets} filters={filters} keep={filterKeep}>
                    <button type="submit" className={f.filterApply}>
                      적용
                    </button>
                  </CategoryFilterForm>
                </noscript>
              </details>
            )}
            <SheetSelect
              label="정렬"
              hideLabel
              compact
              value={sort}
              // A new order keeps the filters.
              onChange={(v) => navigate(link({ sort: v, ...activeParams }), { replace: true })}
              options={SORTS.map(([value, label]) => ({ value, label }))}
            />
          </span>
        </div>
        {facets && filterOpen && (
          <CategoryFilterSheet
            facets={facets}
            filters={filters}
            keep={filterKeep}
            resetTo={link({})}
            onClose={() => setFilterOpen(false)}
          />
        )}
        {products.result.length ? (
          <InfiniteProducts key={listQuery} initial={products} query={listQuery} />
        ) : (
          <EmptyState title="조건에 맞는 상품이 없어요" />
        )}
      </main>
    </>
  );
}
