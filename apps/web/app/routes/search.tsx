/**
 * /search: the search box with autocomplete, recent / realtime / recommended keywords, and for
 * `?query=` the results by type (상품, 스타일, 브랜드) with sort, filter sheet and paging —
 * server-rendered with title, description and Open Graph (SPEC.md links /search?query=출근룩 for
 * crawlers).
 */
import {
  type AvailableTypesBody,
  type BrandSearchBody,
  josaOf,
  type ProductSearchBody,
  SEARCH_SORTS,
  SEARCH_TYPES,
  type SearchFiltersBody,
  type SearchSort,
  type SearchType,
  type StyleSearchBody,
  searchCountText,
  searchShortcut,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { pageParam } from '../lib/api';
import { guestIdFor } from '../lib/guest-id';
import { searchReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import {
  type ActiveFilters,
  FilterSheet,
  filterCount,
  filterParams,
  filtersFromUrl,
} from '../search/FilterSheet';
import { RealtimeKeywords, RecentSearches, RecommendedKeywords } from '../search/KeywordSections';
import { SearchBox } from '../search/SearchBox';
import styles from '../search/search.module.css';
import type { Route } from './+types/search';

const TYPE_LABEL: Record<SearchType, string> = { product: '상품', style: '스타일', brand: '브랜드' };
const SORT_LABEL: Record<SearchSort, string> = {
  relevance: '정확도순',
  popular: '인기순',
  newest: '신상품순',
  price_asc: '낮은 가격순',
  price_desc: '높은 가격순',
  discount: '할인율순',
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const origin = url.origin;
  const query = (url.searchParams.get('query') ?? '').trim().slice(0, 50);
  // In process on the server (web/reads-search.ts), over HTTP otherwise.
  const search = searchReads(context);
  const keywordLists = async () => {
    const [realtime, recommended] = await Promise.all([
      search.realtimeKeywords().catch(() => null),
      search.recommendedKeywords().catch(() => null),
    ]);
    return { realtime, recommended };
  };
  if (!query) {
    return { query, origin, type: 'product' as SearchType, ...(await keywordLists()), results: null };
  }
  const sortParam = url.searchParams.get('sort') as SearchSort | null;
  const sort: SearchSort = sortParam && SEARCH_SORTS.includes(sortParam) ? sortParam : 'relevance';
  const page = pageParam(url);
  const filters = filtersFromUrl(url);
  const types = await search.availableTypes(query).catch(() => null);
  const typeParam = url.searchParams.get('type') as SearchType | null;
  const type: SearchType =
    typeParam && SEARCH_TYPES.includes(typeParam) ? typeParam : (types?.available[0] ?? 'product');

  // The guest id tells shoppers apart in the realtime keywords (one shopper counts once).
  const guest = await guestIdFor(request, context);
  const [products, facets, styleHits, brandHits] = await Promise.all([
    type === 'product'
      ? search.products({ query, page, sort, ...filterParams(filters) }, guest).catch(() => null)
      : null,
    type === 'product' ? search.filters(query).catch(() => null) : null,
    type === 'style' ? search.styles(query, page).catch(() => null) : null,
    type === 'brand' ? search.brands(query, page).catch(() => null) : null,
  ]);
  // "‘슬랙스’로 검색한 결과": the particle chosen here, on the server, so the shared josa helper
  // (es-hangul) stays out of the route's browser code.
  const interpretedJosa =
    products && products.interpreted_query !== products.query
      ? josaOf(products.interpreted_query, '으로/로')
      : null;
  const nothing = !types || types.available.length === 0;
  const lists = nothing ? await keywordLists() : { realtime: null, recommended: null };
  return {
    query,
    origin,
    type,
    ...lists,
    results: {
      types,
      sort,
      filters,
      products,
      interpretedJosa,
      facets,
      styles: styleHits,
      brands: brandHits,
      page,
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  const q = data?.query;
  const count = data?.results?.types?.counts.product;
  return seoMeta({
    title: q ? `${q} 검색 결과 | 코디룸` : '검색 | 코디룸',
    description: q
      ? `코디룸에서 ‘${q}’ 남성 패션${count ? ` 상품 ${searchCountText(count)}개` : ''}를 찾아보세요. 브랜드, 스타일, 코디까지 한 번에.`
      : '브랜드, 상품, 스타일을 검색해보세요. 초성 검색도 돼요.',
    origin: data?.origin ?? '',
    path: q ? `/search?query=${encodeURIComponent(q)}` : '/search',
  });
}

function Tabs({
  query,
  type,
  counts,
}: {
  query: string;
  type: SearchType;
  counts: AvailableTypesBody['counts'] | null;
}) {
  return (
    <nav className={styles.tabs} aria-label="검색 결과 종류">
      {SEARCH_TYPES.map((t) => (
        <Link
          key={t}
          to={`/search?query=${encodeURIComponent(query)}&type=${t}`}
          className={t === type ? `${styles.tab} ${styles.tabActive}` : styles.tab}
          aria-current={t === type ? 'page' : undefined}
          replace
        >
          {TYPE_LABEL[t]}
          {counts && <span className={styles.tabCount}>{searchCountText(counts[t])}</span>}
        </Link>
      ))}
    </nav>
  );
}

/** "혹시 이것을 찾으셨나요?": the corrected query of a search without exact results, as a link. */
function DidYouMean({ suggestion }: { suggestion: string | null | undefined }) {
  if (!suggestion) return null;
  return (
    <p className={styles.didYouMean}>
      혹시 이것을 찾으셨나요? <Link to={`/search?query=${encodeURIComponent(suggestion)}`}>{suggestion}</Link>
    </p>
  );
}

/** A query naming one of the shop's screens (퍼스널컬러 → the quiz): the way there, above the results. */
function Shortcut({ query }: { query: string }) {
  const s = query ? searchShortcut(query) : null;
  if (!s) return null;
  return (
    <Link to={s.href} className={styles.shortcut} data-testid="search-shortcut">
      <strong>{s.title} ›</strong>
      <span className={styles.muted}>{s.text}</span>
    </Link>
  );
}

function ProductResults({
  query,
  products,
  interpretedJosa,
  facets,
  sort,
  filters,
}: {
  query: string;
  products: ProductSearchBody | null;
  /** 로/으로 after the interpreted query, chosen by the loader (null when the query was kept). */
  interpretedJosa: string | null;
  facets: SearchFiltersBody | null;
  sort: SearchSort;
  filters: ActiveFilters;
}) {
  const navigate = useNavigate();
  const [sheet, setSheet] = useState(false);
  const active = filterCount(filters);
  const base = { query, type: 'product', sort };
  if (!products)
    return <EmptyState title="검색 결과를 불러오지 못했어요" text="잠시 후 다시 시도해주세요." />;
  return (
    <>
      <DidYouMean suggestion={products.did_you_mean} />
      {products.interpreted_query !== products.query && (
        <p className={styles.notice}>
          ‘<strong>{products.interpreted_query}</strong>’{interpretedJosa ?? '(으)로'} 검색한 결과예요.
        </p>
      )}
      <div className={styles.toolbar}>
        <span>
          상품 <strong>{searchCountText(products.total_count)}</strong>개
        </span>
        <span className={styles.toolbarActions}>
          <label>
            <span className="visually-hidden">정렬</span>
            <select
              className={styles.select}
              value={sort}
              onChange={(e) => {
                const q = new URLSearchParams({ ...base, sort: e.target.value, ...filterParams(filters) });
                navigate(`/search?${q.toString()}`);
              }}
            >
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          {facets && (
            <button type="button" className={styles.filterButton} onClick={() => setSheet(true)}>
              필터{active > 0 && <span className={styles.filterBadge}>{active}</span>}
            </button>
          )}
        </span>
      </div>
      {active > 0 && (
        <p className={styles.activeFilters}>
          <Link to={`/search?${new URLSearchParams(base).toString()}`}>필터 해제</Link>
        </p>
      )}
      {products.result.length ? (
        <ProductGrid products={products.result} />
      ) : (
        <EmptyState title="조건에 맞는 상품이 없어요" text="필터를 바꾸거나 해제해보세요." />
      )}
      <Pager page={products.page} totalPage={products.total_page} />
      {facets && (
        <FilterSheet
          open={sheet}
          onClose={() => setSheet(false)}
          facets={facets}
          active={filters}
          baseParams={base}
        />
      )}
    </>
  );
}

function StyleResults({ body }: { body: StyleSearchBody | null }) {
  if (!body) return <EmptyState title="검색 결과를 불러오지 못했어요" text="잠시 후 다시 시도해주세요." />;
  if (body.result.length === 0) return <EmptyState title="검색어에 맞는 스타일이 없어요" />;
  return (
    <>
      <ul className={styles.cards}>
        {body.result.map((s) => (
          <li key={s.id}>
            <Link to={`/style/${s.id}`} className={styles.card}>
              <img src={s.image_url} alt="" width={96} height={96} loading="lazy" />
              <span>
                <strong>{s.name}</strong>
                <span className={styles.muted}>{s.description}</span>
                <span className={styles.muted}>코디 {s.codi_count}개</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={body.page} totalPage={body.total_page} />
    </>
  );
}

function BrandResults({ body }: { body: BrandSearchBody | null }) {
  if (!body) return <EmptyState title="검색 결과를 불러오지 못했어요" text="잠시 후 다시 시도해주세요." />;
  if (body.result.length === 0) return <EmptyState title="검색어에 맞는 브랜드가 없어요" />;
  return (
    <>
      <ul className={styles.cards}>
        {body.result.map((b) => (
          <li key={b.id}>
            <Link to={`/brands/${b.id}`} className={styles.card}>
              <span className={styles.brandMark} aria-hidden="true">
                {b.name.slice(0, 1)}
              </span>
              <span>
                <strong>{b.name}</strong>
                <span className={styles.muted}>
                  {b.name_en} · 상품 {b.product_count.toLocaleString('ko-KR')}개
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={body.page} totalPage={body.total_page} />
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, type, results, realtime, recommended } = loaderData;
  const nothing = Boolean(query) && (!results?.types || results.types.available.length === 0);
  return (
    <>
      <PageHeader title="검색" actions={false} titleAs="h1" />
      <main className={styles.page}>
        <SearchBox initial={query} autoFocus={!query} />
        <Shortcut query={query} />
        {!query && (
          <>
            <RecentSearches />
            <RealtimeKeywords items={realtime?.result ?? []} updatedAt={realtime?.updated_at ?? null} />
            <RecommendedKeywords items={recommended?.result ?? []} />
          </>
        )}
        {query && nothing && (
          <>
            <EmptyState
              title={`‘${query}’에 맞는 검색 결과가 없어요`}
              text="철자나 띄어쓰기를 확인하거나, 초성(예: ㅅㄹㅅ)이나 다른 검색어로 찾아보세요."
            />
            <DidYouMean suggestion={results?.products?.did_you_mean} />
            <RecommendedKeywords items={recommended?.result ?? []} title="이런 검색어는 어때요?" />
            <RealtimeKeywords items={realtime?.result ?? []} updatedAt={realtime?.updated_at ?? null} />
          </>
        )}
        {query && results && !nothing && (
          <>
            <Tabs query={query} type={type} counts={results.types?.counts ?? null} />
            {type === 'product' && (
              <ProductResults
                query={query}
                products={results.products}
                interpretedJosa={results.interpretedJosa}
                facets={results.facets}
                sort={results.sort}
                filters={results.filters}
              />
            )}
            {type === 'style' && <StyleResults body={results.styles} />}
            {type === 'brand' && <BrandResults body={results.brands} />}
          </>
        )}
      </main>
    </>
  );
}
