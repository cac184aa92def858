import {
  LIKE_TYPES,
  type LikedItem,
  type LikeType,
  type PaginatedLikedItems,
  type PaginatedProducts,
  type ProductCard,
  withJosa,
} from '@codiroom/shared';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { MoreButton, type PageOf, useMorePages } from '../components/LoadMore';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/keep-products';

const LABEL: Record<LikeType, string> = {
  PRODUCT: '상품',
  BRAND: '브랜드',
  STYLE: '스타일',
  CODI: '코디',
  CONTENT: '콘텐츠',
};

/** Where a liked item of each type opens (codi sets have no page of their own). */
const HREF: Record<Exclude<LikeType, 'PRODUCT'>, ((id: number) => string) | null> = {
  BRAND: (id) => `/brands/${id}`,
  STYLE: (id) => `/style/${id}`,
  CODI: null,
  CONTENT: (id) => `/post/${id}`,
};

type Listing =
  | { type: 'PRODUCT'; body: PaginatedProducts }
  | { type: Exclude<LikeType, 'PRODUCT'>; body: PaginatedLikedItems };

/** One page of the caller's likes of a type (20 a page, the API's default). */
function likesPage(type: LikeType, page: number, signal?: AbortSignal) {
  return browserApi().get('/api/likes/product-like-list', { page, like_type: type }, { signal });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '좋아요 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

function LikedItems({ type, items }: { type: Exclude<LikeType, 'PRODUCT'>; items: LikedItem[] }) {
  const href = HREF[type];
  return (
    <ul className={page.cardList}>
      {items.map((item, i) => {
        const inner = (
          <>
            {item.image_url && (
              <img src={item.image_url} alt="" width={390} height={260} loading={i < 2 ? 'eager' : 'lazy'} />
            )}
            <strong>{item.name}</strong>
            <span>좋아요 {item.like_count.toLocaleString('ko-KR')}</span>
          </>
        );
        return (
          <li key={item.id}>
            {href ? (
              <Link to={href(item.id)} className={page.wideCard}>
                {inner}
              </Link>
            ) : (
              <div className={page.wideCard}>{inner}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const typeOf = (url: URL): LikeType => {
  const t = url.searchParams.get('type') ?? '';
  return (LIKE_TYPES as readonly string[]).includes(t) ? (t as LikeType) : 'PRODUCT';
};

/** The likes of the browser's session (member or guest); a 5xx reaches the ErrorBoundary. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const type = typeOf(new URL(request.url));
  const body = await likesPage(type, 1, request.signal);
  const listing = body && Array.isArray(body.result) ? ({ type, body } as Listing) : null;
  return { type, listing };
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return <KeepView type="PRODUCT" listing={undefined} />;
}

export default function KeepProducts({ loaderData }: Route.ComponentProps) {
  return <KeepView type={loaderData.type} listing={loaderData.listing} />;
}

/** Every like of the tab: the first page, then the next ones as the list's end comes into view. */
function AllLikes({ listing }: { listing: Listing }) {
  const { type, body } = listing;
  const fetchPage = useCallback(
    async (n: number) => {
      const next = await likesPage(type, n);
      if (!next || !Array.isArray(next.result)) throw new Error('no list');
      return next as PageOf<ProductCard | LikedItem>;
    },
    [type],
  );
  const more = useMorePages<ProductCard | LikedItem>(body as PageOf<ProductCard | LikedItem>, fetchPage);
  const grid = useMemo(
    () =>
      type === 'PRODUCT' ? (
        <ProductGrid products={more.items as ProductCard[]} />
      ) : (
        <LikedItems type={type} items={more.items as LikedItem[]} />
      ),
    [type, more.items],
  );
  return (
    <>
      <p className={`${page.muted} ${my.padded}`}>총 {more.totalCount.toLocaleString('ko-KR')}개</p>
      {grid}
      <MoreButton
        hasMore={more.hasMore}
        loading={more.loading}
        failed={more.failed}
        onMore={more.more}
        shown={more.items.length}
        total={more.totalCount}
      />
    </>
  );
}

/** `listing` undefined while loading, null when the answer had no list. */
function KeepView({ type, listing }: { type: LikeType; listing: Listing | null | undefined }) {
  return (
    <>
      <PageHeader title="좋아요" back={false} titleAs="h1" />
      <main>
        <nav className={page.tabs} aria-label="좋아요 종류">
          {LIKE_TYPES.map((t) => (
            <Link
              key={t}
              to={`?type=${t}`}
              replace
              aria-current={t === type ? 'page' : undefined}
              className={t === type ? `${page.tab} ${page.tabActive}` : page.tab}
            >
              {LABEL[t]}
            </Link>
          ))}
        </nav>
        {listing === undefined ? (
          <LoadingNote />
        ) : listing?.body.result.length ? (
          <AllLikes listing={listing} />
        ) : (
          <EmptyState
            title={`좋아요한 ${withJosa(LABEL[type], '이/가')} 없어요`}
            text="마음에 드는 상품의 하트를 눌러 모아보세요."
            action={
              <Link to="/ranking" className={`${page.button} ${page.buttonOutline} ${my.emptyAction}`}>
                인기 상품 보러가기
              </Link>
            }
          />
        )}
      </main>
    </>
  );
}
