/**
 * Back in the shop after leaving the payment window (docs/ARCHITECTURE.md, 'Reserved until paid'):
 * the member's unpaid attempts end at once (POST /api/orders/release-pending), so the stock,
 * coupons and points they held are the shopper's again on the page being shown — the checkout
 * page the window's Back returns to, and the cart. Best effort: an attempt left pending is still
 * released by the next checkout or by the expiry sweep, so a failure here is not shown.
 */
import type { ApiClient } from '@codiroom/shared';
import { isLoggedInBrowser } from '../lib/route-data';

export async function releaseAbandonedAttempts(api: ApiClient, signal?: AbortSignal): Promise<void> {
  if (!isLoggedInBrowser()) return;
  await api
    .request('POST', '/api/orders/release-pending', { body: {}, ...(signal ? { signal } : {}) })
    .catch(() => undefined);
}
