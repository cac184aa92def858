import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function refreshCookieOf(res: { headers: Record<string, unknown> }): { value: string; attrs: string } | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const c = list.find((x) => String(x).startsWith('refreshToken='));
  if (!c) return null;
  const [pair, ...rest] = String(c).split('; ');
  return { value: decodeURIComponent(pair!.slice('refreshToken='.length)), attrs: rest.join('; ') };
}

describe('refresh token as an HttpOnly cookie', () => {
  it('sign-up and sign-in set it HttpOnly, SameSite=Lax, on /api/users, for 30 days', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'codiroom123' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookieOf(res);
    expect(cookie?.value).toBe(res.json().refresh);
    expect(cookie?.attrs).toContain('HttpOnly');
    expect(cookie?.attrs).toContain('SameSite=Lax');
    expect(cookie?.attrs).toContain('Path=/api/users');
    expect(cookie?.attrs).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    // Failed sign-ins set nothing.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'wrong-pass1' },
    });
    expect(bad.statusCode).toBe(401);
    expect(refreshCookieOf(bad)).toBeNull();
  });

  it('token/refresh accepts the cookie without a body, rotates it, and a replayed cookie revokes the family', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'codiroom123' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    const first = refreshCookieOf(signIn)!.value;
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh',
      headers: { cookie: `refreshToken=${encodeURIComponent(first)}` },
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookieOf(rotated)!.value;
    expect(second).not.toBe(first);
    expect(rotated.json().access).toBeTruthy();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh',
      headers: { cookie: `refreshToken=${encodeURIComponent(first)}` },
      payload: {},
    });
    expect(replay.statusCode).toBe(401);
    // The whole family is gone: the newest token fails too.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh',
      headers: { cookie: `refreshToken=${encodeURIComponent(second)}` },
      payload: {},
    });
    expect(after.statusCode).toBe(401);
  });

  it('without a body token or a cookie, refresh is a 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('sign-out revokes the session and clears the cookie', async () => {
    const { phone } = await signUpViaApi(t.app, { password: 'codiroom123' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    const token = refreshCookieOf(signIn)!.value;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-out',
      headers: { cookie: `refreshToken=${encodeURIComponent(token)}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(refreshCookieOf(out)?.attrs).toContain('Max-Age=0');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/users/token/refresh',
      payload: { refresh: token },
    });
    expect(refresh.statusCode).toBe(401);
    // Signing out without a session is harmless.
    const again = await t.app.inject({ method: 'POST', url: '/api/users/sign-out', payload: {} });
    expect(again.statusCode).toBe(200);
  });
});
