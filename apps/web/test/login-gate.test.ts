import { describe, expect, it } from 'vitest';
import { isLoginFreePath, loginGateRedirect } from '../app/lib/login-gate.ts';

const guest = (url: string) => {
  const u = new URL(url, 'https://codiroom.test');
  return loginGateRedirect({ pathname: u.pathname, search: u.search, isLoggedIn: false });
};

describe('login gate (SPEC.md §2)', () => {
  it.each([
    '/',
    '/404',
    '/login',
    '/login_phone',
    '/signup',
    '/password',
    '/invited_landing',
    '/home',
    '/search',
    '/search?query=출근룩',
    '/category',
    '/style',
    '/style/12',
    '/brands/7',
    '/product/1234',
    '/product/1234/similar',
    '/theme/3',
    '/promotion/123',
    '/post/9',
    '/promotion',
    '/post',
    '/mypage',
    '/curation',
    '/cart',
    '/ranking',
    '/keepProducts',
    '/recent_products',
    '/timeSale',
    '/collection/outlet',
    '/cloth_review/55',
  ])('%s needs no login', (url) => {
    expect(guest(url)).toBeNull();
  });

  it.each([
    '/payment',
    '/stylequiz',
    '/stylequiz?type=sign_up',
    '/mypage/coupons',
    '/orders/12',
    '/category/search',
    '/brands',
    '/style/12/extra',
  ])('%s sends a guest to /login', (url) => {
    expect(guest(url)).toBe('/login');
  });

  it('checkLogin=true skips the gate, other values do not', () => {
    expect(guest('/payment?checkLogin=true')).toBeNull();
    expect(guest('/payment?checkLogin=false')).toBe('/login');
    expect(guest('/payment?x=1&checkLogin=true')).toBeNull();
  });

  it.each([
    '/event/first_benefit',
    '/mkt/onboarding',
    '/landing/autumn',
    '/contents/1',
    '/info/terms',
    '/oauth/kakao/callback',
    '/kakao_login',
    '/review/open?short_url=abc',
    '/daily_look',
    '/personal_color',
    '/event/promotion/5',
    '/codybook/2',
    '/x/product/1',
    '/test',
  ])('path fragment %s skips the gate', (url) => {
    expect(guest(url)).toBeNull();
  });

  it('/review/open without short_url is gated', () => {
    expect(guest('/review/open')).toBe('/login');
  });

  it('members are never redirected', () => {
    expect(loginGateRedirect({ pathname: '/payment', isLoggedIn: true })).toBeNull();
  });

  it('tolerates a trailing slash', () => {
    expect(isLoginFreePath('/product/12/')).toBe(true);
  });
});
