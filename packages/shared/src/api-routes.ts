/**
 * Access level of every call in API-CATALOGUE.md, keyed `METHOD /path` with the catalogue's path
 * templates (`{id}`, `{x}` stand for one path segment). Transcribed line by line from the catalogue
 * (194 rows); packages/shared/test/api-client.test.ts checks it against the catalogue in the repo
 * (docs/spec/API-CATALOGUE.md).
 *
 *   public — anyone;  guest — a member token or, without one, the x-guest-user-id header;
 *   token  — a member's bearer access token;  admin — an operator account (also needs a token).
 */
export type ApiAccess = 'public' | 'guest' | 'token' | 'admin';
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const API_ROUTES = {
  // Users `/api/users/`
  'GET /api/users/check-email': 'public',
  'GET /api/users/check-phone': 'public',
  'GET /api/users/verify-sms': 'public',
  'GET /api/users/verify-referral-code': 'public',
  'GET /api/users/user-detail': 'token',
  'GET /api/users/info': 'token',
  'GET /api/users/status': 'guest',
  'GET /api/users/status-main': 'guest',
  'GET /api/users/curation-status': 'token',
  'GET /api/users/profile/{id}': 'public',
  'GET /api/users/profile-simple/{id}': 'public',
  'GET /api/users/photos': 'token',
  'GET /api/users/user-size-info': 'token',
  'GET /api/users/get-user-shipping-info': 'token',
  'GET /api/users/get-user-shipping-info/{id}': 'token',
  'GET /api/users/notification-permissions': 'token',
  'GET /api/users/app-alarm': 'token',
  'GET /api/users/referral-code': 'token',
  'GET /api/users/ses-selected': 'token',
  'GET /api/users/user-variants': 'guest',
  'POST /api/users/sign-in': 'public',
  'POST /api/users/social-sign-in': 'guest',
  'POST /api/users/social-sign-up': 'guest',
  'POST /api/users/sign-up': 'guest',
  'POST /api/users/send-sms': 'public',
  'POST /api/users/update-password': 'public',
  'POST /api/users/auth/token': 'public',
  'POST /api/users/token/refresh': 'public',
  'POST /api/users/revoke-apple': 'token',
  'POST /api/users/stop': 'token',
  'POST /api/users/user-size-info': 'token',
  'POST /api/users/notification-permissions': 'token',
  'POST /api/users/ses-selected': 'token',
  'POST /api/users/post-user-shipping-info': 'token',
  'PUT /api/users/update-profile': 'token',
  'PUT /api/users/put-user-shipping-info': 'token',
  'DELETE /api/users/delete-user-shipping-info/{id}': 'token',

  // Curations
  'GET /api/curations/curation-status': 'token',
  'GET /api/curations/get-rating/{id}': 'token',
  'GET /api/curations/daily-quiz-today': 'guest',
  'GET /api/curations/daily-quiz-done': 'token',
  'GET /api/curations/daily-quiz-done-monthly': 'token',
  'GET /api/curations/mission': 'token',
  'GET /api/curations/style-quiz': 'token',
  'GET /api/curations/get-curation-info': 'token',
  'GET /api/curations/get-curation-styles/{id}': 'token',
  'GET /api/curations/codi-by-product/{id}': 'public',
  'GET /api/curations/codi-detail/{id}': 'public',
  'GET /api/curations/payment-type': 'token',
  'GET /api/curations/personal-color-quiz': 'guest',
  'GET /api/curations/get-styling-request': 'token',
  'POST /api/v1/curations/style-quiz': 'token',
  'POST /api/curations/style-quiz-photo': 'token',
  'POST /api/curations/post-rating': 'token',
  'POST /api/curations/daily-quiz-today': 'token',
  'POST /api/curations/user-style': 'token',
  'POST /api/curations/personal-color-quiz': 'token',
  'DELETE /api/curations/style-quiz-photo/{id}': 'token',

  // Products `/api/products/`
  'GET /api/products/detail/{id}': 'public',
  'GET /api/products/get-product-display-detail/{id}': 'public',
  'GET /api/products/{id}/benefits': 'guest',
  'GET /api/products/product-displays/{id}/coupons': 'guest',
  'GET /api/products/current-view-count': 'public',
  'GET /api/products/same-products': 'public',
  'GET /api/products/similar-products': 'public',
  'GET /api/products/image-main': 'public',
  'GET /api/products/recommend-style': 'public',
  'GET /api/products/ranking-items': 'public',
  'GET /api/products/main-ranking-items': 'public',
  'GET /api/products/recommended-size/{id}': 'token',
  'GET /api/products/product-items/{id}': 'public',
  'GET /api/products/product-box/{id}': 'public',
  'GET /api/products/product-display-list': 'public',
  'GET /api/products/shipping-info': 'public',
  'GET /api/v1/products/ai-similar-products': 'public',
  'GET /api/products/size-grading': 'public',
  'GET /api/products/matchup-products': 'public',
  'GET /api/products/user-preferred-product-displays': 'guest',
  'POST /api/products/product-displays/{id}/calculate-price': 'guest',

  // Likes
  'GET /api/likes/get-like': 'guest',
  'GET /api/likes/likes': 'guest',
  'GET /api/likes/count-likes': 'public',
  'GET /api/likes/product-like-list': 'guest',
  'GET /api/likes/latest-like-type': 'guest',
  'POST /api/likes/post-like': 'guest',
  'DELETE /api/likes': 'guest',
  'DELETE /api/likes/{id}': 'guest',

  // Carts
  'GET /api/carts': 'guest',
  'GET /api/carts/product-count': 'guest',
  'GET /api/carts/cart-product-ids': 'guest',
  'GET /api/v1/carts/products-in-cart': 'guest',
  'POST /api/carts': 'guest',
  'POST /api/carts/codi-to-cart': 'guest',
  'POST /api/carts/product-to-cart': 'guest',
  'PATCH /api/carts/{id}': 'guest',
  'DELETE /api/carts': 'guest',
  'DELETE /api/v1/carts/products-in-cart': 'guest',

  // Orders `/api/orders/`
  'GET /api/orders/order-items/{id}/exchange-detail': 'token',
  'GET /api/orders/order-items/{id}/cancel-detail': 'token',
  'GET /api/orders/data': 'token',
  'GET /api/orders/product-displays': 'token',
  'GET /api/orders/my-closet': 'token',
  'GET /api/orders/closet-list': 'token',
  'GET /api/v1/orders/closet-items': 'token',
  'GET /api/orders/refund-list-by-user': 'token',
  'GET /api/orders/refunds/{id}': 'token',
  'GET /api/orders/order-by-phone': 'public',
  'GET /api/orders/{id}/detail': 'token',
  'GET /api/orders/user-order-data': 'token',
  'GET /api/orders/latest-address': 'token',
  'GET /api/orders/first-order-page': 'token',
  'GET /api/orders/order-list-simple': 'token',
  'GET /api/v1/orders/return-cost': 'token',
  'GET /api/orders/best-coupon-combs': 'token',
  'GET /api/orders/products-with-coupons': 'token',
  'PUT /api/orders/{id}/detail2': 'token',
  'POST /api/orders': 'token',
  'POST /api/orders/confirm-order': 'token',
  'POST /api/orders/refunds': 'token',
  'POST /api/orders/exchanges': 'token',
  'POST /api/orders/order-items/{id}/status': 'token',
  'POST /api/orders/order-items/{id}/cancel': 'token',
  'POST /api/orders/order-items/{id}/cancel-despoke': 'token',
  'POST /api/orders/post-coupon3': 'token',

  // Benefits `/api/benefits/`
  'GET /api/benefits/coupon-exists': 'token',
  'GET /api/benefits/has-coupon': 'token',
  'GET /api/benefits/owned-coupons': 'token',
  'GET /api/benefits/coupon-status': 'token',
  'GET /api/benefits/coupon-list-status': 'token',
  'GET /api/benefits/coupon-list': 'token',
  'GET /api/benefits/point-history': 'token',
  'GET /api/benefits/can-download-coupon-list': 'guest',
  'GET /api/benefits/can-download-brand-coupon-list': 'guest',
  'POST /api/benefits/downloadable-coupons': 'token',
  'POST /api/benefits/issue-coupon2': 'token',
  'POST /api/benefits/event-random-coupon': 'token',
  'POST /api/benefits/event-random-coupon-weekend': 'token',
  'POST /api/benefits/receive-mission-point': 'token',
  'POST /api/benefits/issue-by-serial': 'token',
  'POST /api/benefits/issue-welcome-coupon': 'token',
  'POST /api/benefits/download-coupon': 'token',
  'POST /api/benefits/download-coupons': 'token',
  'POST /api/benefits/download-coupons-by-type': 'token',

  // Reviews `/api/reviews/`
  'GET /api/reviews/review-count': 'public',
  'GET /api/reviews/product-reviews/{id}/{x}': 'public',
  'GET /api/reviews/product-review-photo/{id}': 'public',
  'GET /api/reviews/review-detail/{id}': 'public',
  'GET /api/reviews/size-review-list': 'token',
  'GET /api/reviews/size-review/{id}': 'token',
  'PUT /api/reviews/size-review': 'token',
  'POST /api/reviews/quick-review': 'token',
  'POST /api/reviews/review': 'token',
  'POST /api/reviews/review-photo': 'token',
  'POST /api/reviews/size-review': 'token',

  // Contents, search and brands
  'GET /api/contents/home-feed': 'guest',
  'GET /api/contents/banners': 'public',
  'GET /api/contents/promotion-detail/{id}': 'public',
  'GET /api/contents/promotion-info/{id}': 'public',
  'GET /api/contents/post-detail/{id}': 'public',
  'GET /api/contents/post-list': 'public',
  'GET /api/contents/post-info/{id}': 'public',
  'GET /api/contents/style-list': 'public',
  'GET /api/contents/style-detail/{id}': 'public',
  'GET /api/contents/search': 'public',
  'GET /api/contents/keywords': 'public',
  'GET /api/contents/time-sale': 'public',
  'GET /api/contents/daily-look': 'public',
  'POST /api/contents/posts/{id}/feedback': 'guest',
  'POST /api/contents/daily-look-feedback': 'guest',
  'POST /api/contents/post-curator-chat': 'token',
  'POST /api/contents/post-survey': 'guest',
  'POST /api/contents/post-quiz': 'guest',
  'POST /api/contents/codi-quiz-event': 'guest',
  'POST /api/contents/telephone-cs': 'token',
  'POST /api/contents/post-mini-quiz': 'guest',
  'GET /api/v1/search/realtime-keywords': 'public',
  'GET /api/v1/search/recommended-keywords': 'public',
  'GET /api/v1/search/available-types': 'public',
  'GET /api/v1/search/product': 'public',
  'GET /api/v1/search/style': 'public',
  'GET /api/v1/search/brand': 'public',
  'GET /api/v1/search/filters': 'public',
  'GET /api/brands/simple-brand-data': 'public',
  'GET /api/brands/category-tab-brand': 'public',
  'GET /api/brands/{id}/contents': 'public',
  'GET /api/brands/{id}/filters': 'public',
  'POST /api/admin/contents/female-landing': 'admin',

  // Support, logging, misc
  'POST /api/customer_experiences/tickets': 'token',
  'POST /api/loggers/active-user-log': 'guest',
  'POST /api/loggers/page-log': 'guest',
  'POST /api/loggers/error-log': 'guest',
  'POST /api/loggers/section-log': 'guest',
  'POST /api/misc/cart-ses-soldout': 'guest',
  'GET /api/web-status': 'public',
} as const satisfies Record<string, ApiAccess>;

export type RouteKey = keyof typeof API_ROUTES;

export type RouteMatch = {
  /** `METHOD /template`, a key of API_ROUTES. */
  key: RouteKey;
  method: ApiMethod;
  template: string;
  access: ApiAccess;
  /** Values of the `{name}` segments, by name. */
  params: Record<string, string>;
};

type CompiledRoute = {
  key: RouteKey;
  method: ApiMethod;
  template: string;
  access: ApiAccess;
  /** Each segment: a literal string, or `{ param }` for a `{name}` template segment. */
  segments: (string | { param: string })[];
};

const PARAM_RE = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * Calls the server answers with a wider access than the catalogue lists, and why. The size
 * recommendation answers anyone who gives height and weight (docs/ARCHITECTURE.md, "Sizing"); a
 * member's token still brings their size info. The client sends these without a local 401.
 */
export const WIDENED_ACCESS: Partial<Record<RouteKey, ApiAccess>> = {
  'GET /api/products/recommended-size/{id}': 'public',
};

/** Method → segment count → routes, so a look-up only compares routes of the same shape. */
const compiled = new Map<string, CompiledRoute[]>();
for (const [key, listed] of Object.entries(API_ROUTES) as [RouteKey, ApiAccess][]) {
  const access = WIDENED_ACCESS[key] ?? listed;
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as ApiMethod;
  const template = key.slice(space + 1);
  const segments = splitPath(template).map((s) => {
    const m = PARAM_RE.exec(s);
    return m ? { param: m[1]! } : s;
  });
  const bucket = `${method} ${segments.length}`;
  const list = compiled.get(bucket) ?? [];
  list.push({ key, method, template, access, segments });
  compiled.set(bucket, list);
}

/** The path part of a path or URL: no origin, query string or fragment, no trailing slash. */
export function pathnameOf(path: string): string {
  let p = path;
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(p);
  if (abs) p = p.slice(abs[0].length);
  const cut = p.search(/[?#]/);
  if (cut >= 0) p = p.slice(0, cut);
  if (p.length > 1 && p.endsWith('/')) p = p.replace(/\/+$/, '');
  return p.startsWith('/') ? p : `/${p}`;
}

/** Left-to-right, a literal segment beats a parameter (`/products/detail/{id}` over `/products/{id}/…`). */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const la = typeof a.segments[i] === 'string';
    const lb = typeof b.segments[i] === 'string';
    if (la !== lb) return la;
  }
  return false;
}

/**
 * The catalogue route a concrete call hits, or undefined when the call is not in the catalogue.
 * `path` may carry a query string or an origin; parameters match exactly one non-empty segment.
 */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const m = method.toUpperCase();
  const parts = splitPath(pathnameOf(path));
  const candidates = compiled.get(`${m} ${parts.length}`);
  if (!candidates) return undefined;
  let best: CompiledRoute | undefined;
  for (const route of candidates) {
    const fits = route.segments.every((seg, i) => typeof seg !== 'string' || seg === parts[i]);
    if (fits && (!best || moreSpecific(route, best))) best = route;
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.segments.forEach((seg, i) => {
    if (typeof seg !== 'string') params[seg.param] = decodeURIComponent(parts[i]!);
  });
  return { key: best.key, method: best.method, template: best.template, access: best.access, params };
}

/** The access level of a call, or undefined when it is not in the catalogue. */
export function routeAccess(method: string, path: string): ApiAccess | undefined {
  return matchRoute(method, path)?.access;
}
