/**
 * The storefront's page patterns (routes.ts), used so that the login gate lets unknown paths
 * through to the 404 page instead of sending them to /login.
 */
const PATTERNS = [
  '/',
  '/home',
  '/category',
  '/category/search',
  '/style',
  '/style/:id',
  '/search',
  '/ranking',
  '/collection/:theme',
  '/timeSale',
  '/post',
  '/post/:id',
  '/promotion',
  '/promotion/:id',
  '/product/:id',
  '/product/:id/similar',
  '/brands/:id',
  '/theme/:id',
  '/cloth_review/:id',
  '/keepProducts',
  '/mypage',
  '/mypage/profile',
  '/mypage/addresses',
  '/curation',
  '/cart',
  '/recent_products',
  '/login',
  '/login_phone',
  '/signup',
  '/password',
  '/invited_landing',
  '/stylequiz',
  '/payment',
  '/oauth/:provider/callback',
  '/oauth/dev',
  '/_app',
  '/info/:slug',
  '/404',
].map((p) => new RegExp(`^${p.replace(/:[a-z]+/g, '[^/]+')}/?$`));

export function isKnownPage(pathname: string): boolean {
  return PATTERNS.some((re) => re.test(pathname));
}
