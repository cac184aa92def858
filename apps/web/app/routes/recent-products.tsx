import { FramePage } from '../components/FramePage';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { RouteErrorBoundary } from '../lib/route-data';
import type { Route } from './+types/recent-products';

export function meta(_: Route.MetaArgs) {
  return [{ title: '최근 본 상품 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Recently viewed product display ids are kept on the device (local storage `recentProducts`), so
 * the list loads in the browser; a 5xx reaches the ErrorBoundary instead of "nothing viewed".
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  let ids: number[] = [];
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem('recentProducts') ?? '[]');
    if (Array.isArray(stored)) ids = stored as number[];
  } catch {}
  if (!ids.length) return [];
  const r = await browserApi().request('GET', '/api/products/product-display-list', {
    query: { product_display_list: ids.slice(0, 50).join(',') },
    signal: request.signal,
  });
  // A refused list (4xx: stale or altered ids on the device) shows as nothing viewed.
  return r.ok ? r.data.result : [];
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return <FramePage title="최근 본 상품" heading="최근 본 상품" />;
}

export default function RecentProducts({ loaderData: list }: Route.ComponentProps) {
  return (
    <FramePage title="최근 본 상품" heading="최근 본 상품">
      {list.length ? <ProductGrid products={list} /> : <EmptyState title="최근 본 상품이 없어요" />}
    </FramePage>
  );
}
