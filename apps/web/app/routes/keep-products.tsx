import {
  LIKE_TYPES,
  type LikedItem,
  type LikeType,
  type PaginatedLikedItems,
  type PaginatedProducts,
  type ProductCard,
  withJosa,
} from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import page from '../styles/page.module.css';
import type { Route } from './+types/keep-products';
import my from './mypage.module.css';

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
  | { type: 'PRODUCT'; result: ProductCard[] }
  | { type: Exclude<LikeType, 'PRODUCT'>; result: LikedItem[] };

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
  const body = await browserApi().get<PaginatedProducts | PaginatedLikedItems | null>(
    '/api/likes/product-like-list',
    { page: 1, like_type: type },
    { signal: request.signal },
  );
  const listing = body && Array.isArray(body.result) ? ({ type, result: body.result } as Listing) : null;
  return { type, listing };
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return <KeepView type="PRODUCT" listing={undefined} />;
}

export default function KeepProducts({ loaderData }: Route.ComponentProps) {
  return <KeepView type={loaderData.type} listing={loaderData.listing} />;
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
        ) : listing?.result.length ? (
          listing.type === 'PRODUCT' ? (
            <ProductGrid products={listing.result} />
          ) : (
            <LikedItems type={listing.type} items={listing.result} />
          )
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
