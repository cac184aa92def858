import { describe, expect, it } from 'vitest';
import {
  HEADER_TOP_MAX_Y,
  headerAtTop,
  isPcViewport,
  nextTabBarVisible,
  PC_MIN_WIDTH,
  showsPcContent,
  showsTabBar,
} from '../app/lib/device.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('isPC in the browser (SPEC.md §3 cookies, §9 desktop breakpoint 1024)', () => {
  it('is a PC from the desktop breakpoint up, on a non-phone browser', () => {
    expect(PC_MIN_WIDTH).toBe(1024);
    expect(isPcViewport(1024, DESKTOP_UA)).toBe(true);
    expect(isPcViewport(1023, DESKTOP_UA)).toBe(false);
    expect(isPcViewport(1280, PHONE_UA)).toBe(false);
  });

  it('isPCcontentShow: the side panel shows on a PC unless closed, never in the app', () => {
    expect(showsPcContent({ isPC: true, webview: false, stored: null })).toBe(true);
    expect(showsPcContent({ isPC: true, webview: false, stored: 'true' })).toBe(true);
    expect(showsPcContent({ isPC: true, webview: false, stored: 'false' })).toBe(false);
    expect(showsPcContent({ isPC: false, webview: false, stored: null })).toBe(false);
    expect(showsPcContent({ isPC: true, webview: true, stored: null })).toBe(false);
  });
});

describe('tab bar (SPEC.md §2)', () => {
  it('tab bar only on the listed paths and never in the webview', () => {
    for (const p of [
      '/',
      '/home',
      '/ranking',
      '/style',
      '/post',
      '/category',
      '/keepProducts',
      '/mypage',
      '/timeSale',
      '/curation',
      '/collection/outlet',
    ]) {
      expect(showsTabBar(p, false)).toBe(true);
      expect(showsTabBar(p, true)).toBe(false);
    }
    for (const p of [
      '/product/1',
      '/cart',
      '/search',
      '/category/search',
      '/collection/spring',
      '/post/3',
      '/login',
    ]) {
      expect(showsTabBar(p, false)).toBe(false);
    }
  });
});

describe('tab bar scroll rule', () => {
  const base = { visible: true, viewportHeight: 800, documentHeight: 4000 };
  it('hides while scrolling down past the header zone', () => {
    expect(nextTabBarVisible({ ...base, previousY: 100, y: 180 })).toBe(false);
  });
  it('stays while near the top', () => {
    expect(nextTabBarVisible({ ...base, previousY: 10, y: 40 })).toBe(true);
  });
  it('reappears at the page bottom (within 10px) even while scrolling down', () => {
    expect(nextTabBarVisible({ ...base, visible: false, previousY: 3100, y: 3195 })).toBe(true);
    expect(nextTabBarVisible({ ...base, visible: false, previousY: 3100, y: 3185 })).toBe(false);
  });
  it('comes back when scrolling up', () => {
    expect(nextTabBarVisible({ ...base, visible: false, previousY: 1500, y: 1400 })).toBe(true);
  });
});

describe('header top state (SPEC.md §9 "Layout")', () => {
  it('holds under 60px of scroll and ends at 60px', () => {
    expect(HEADER_TOP_MAX_Y).toBe(60);
    expect([0, 30, 59, 59.9].map(headerAtTop)).toEqual([true, true, true, true]);
    expect([60, 61, 400].map(headerAtTop)).toEqual([false, false, false]);
  });
  it('the tab bar shows in the header-top zone even while scrolling down, and hides just past it', () => {
    const base = { visible: true, viewportHeight: 800, documentHeight: 4000 };
    expect(nextTabBarVisible({ ...base, previousY: 40, y: 59 })).toBe(true);
    expect(nextTabBarVisible({ ...base, previousY: 40, y: 60 })).toBe(false);
  });
});
