import { describe, expect, it } from 'vitest';
import { deviceKind, isPcFromRequest } from '../src/device.ts';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('isPC from a request (SPEC.md §3 cookies)', () => {
  it('the server trusts the cookie, else guesses from the user agent (never the app)', () => {
    expect(isPcFromRequest('true', PHONE_UA)).toBe(true);
    expect(isPcFromRequest('false', DESKTOP_UA)).toBe(false);
    expect(isPcFromRequest(undefined, DESKTOP_UA)).toBe(true);
    expect(isPcFromRequest(undefined, PHONE_UA)).toBe(false);
    expect(isPcFromRequest(undefined, `${DESKTOP_UA} CodiroomApp/1.0`)).toBe(false);
    expect(isPcFromRequest(undefined, null)).toBe(false);
  });
});

describe('deviceKind (analytics page views)', () => {
  it('is the app in the webview, else a PC by the isPC cookie or the agent, else mobile', () => {
    expect(deviceKind({ userAgent: `${PHONE_UA} CodiroomApp/2.1` })).toBe('app');
    expect(deviceKind({ userAgent: PHONE_UA, webviewCookie: 'true' })).toBe('app');
    expect(deviceKind({ userAgent: DESKTOP_UA })).toBe('pc');
    expect(deviceKind({ userAgent: DESKTOP_UA, pcCookie: 'false' })).toBe('mobile');
    expect(deviceKind({ userAgent: PHONE_UA })).toBe('mobile');
  });
});
