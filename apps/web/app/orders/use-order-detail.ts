/**
 * One order of the signed-in member (GET /api/orders/{id}/detail), for the clientLoaders of the
 * order-complete and order-detail pages. `missing` when the server refuses it (4xx: not this
 * member's, unknown id); a 5xx or network failure is thrown to the route's ErrorBoundary.
 * `useOrderReload` re-runs the loader after a change (cancel, arrival, claim).
 */
import type { OrderDetail } from '@codiroom/shared';
import { useRevalidator } from 'react-router';
import { browserApi } from '../lib/browser-api';

export type LoadedOrder = { order: OrderDetail; missing: false } | { order: null; missing: true };

export async function loadOrderDetail(id: string, signal: AbortSignal): Promise<LoadedOrder> {
  const r = await browserApi().request('GET', `/api/orders/${encodeURIComponent(id)}/detail`, {
    signal,
  });
  return r.ok ? { order: r.data, missing: false } : { order: null, missing: true };
}

export function useOrderReload(): () => Promise<void> {
  const revalidator = useRevalidator();
  return () => revalidator.revalidate();
}
