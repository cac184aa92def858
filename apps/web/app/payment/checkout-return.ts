/**
 * The checkout a shopper left for the payment window, kept in this tab's session storage so the
 * payment fail page can offer the way back to it (the cart lines and the form are still theirs:
 * the order is given up, its stock and coupons return).
 */
const KEY = 'checkoutUrl';

/** Only the checkout page itself, with its own query (cart_ids, or items and quantities). */
const CHECKOUT_URL = /^\/payment(\?[\w=&%,.-]{0,500})?$/;

export function rememberCheckoutUrl(url: string): void {
  if (!CHECKOUT_URL.test(url)) return;
  try {
    window.sessionStorage.setItem(KEY, url);
  } catch {}
}

export function checkoutReturnUrl(): string | null {
  try {
    const url = window.sessionStorage.getItem(KEY);
    return url && CHECKOUT_URL.test(url) ? url : null;
  } catch {
    return null;
  }
}
