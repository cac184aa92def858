/**
 * Authorisation of the member-data calls: the access level of every call matches API-CATALOGUE.md
 * (via API_ROUTES), token calls answer 401 'Token Required' without a token, and member B's token
 * never reaches member A's rows — A's address ids answer 404 and no answer carries A's data.
 */
import { API_ROUTES, type ApiAccess } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '../src/db/schema.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = { method: Method; path: string; url: (addressId: number) => string; body?: unknown };

const ADDRESS = {
  name: '집',
  recipient: '에이회원',
  phone: '010-1111-2222',
  zipcode: '06236',
  main_address: '서울 강남구 에이로 1',
  detail_address: '에이동 101호',
};

/** Every member-data call, with a valid request (address ids filled in per member). */
const CALLS: Call[] = [
  { method: 'GET', path: '/api/users/user-detail', url: () => '/api/users/user-detail' },
  { method: 'GET', path: '/api/users/info', url: () => '/api/users/info' },
  { method: 'GET', path: '/api/users/status', url: () => '/api/users/status' },
  { method: 'GET', path: '/api/users/status-main', url: () => '/api/users/status-main' },
  { method: 'GET', path: '/api/users/curation-status', url: () => '/api/users/curation-status' },
  { method: 'GET', path: '/api/users/photos', url: () => '/api/users/photos' },
  { method: 'GET', path: '/api/users/user-size-info', url: () => '/api/users/user-size-info' },
  {
    method: 'GET',
    path: '/api/users/get-user-shipping-info',
    url: () => '/api/users/get-user-shipping-info',
  },
  {
    method: 'GET',
    path: '/api/users/get-user-shipping-info/{id}',
    url: (id) => `/api/users/get-user-shipping-info/${id}`,
  },
  {
    method: 'GET',
    path: '/api/users/notification-permissions',
    url: () => '/api/users/notification-permissions',
  },
  { method: 'GET', path: '/api/users/app-alarm', url: () => '/api/users/app-alarm' },
  { method: 'GET', path: '/api/users/referral-code', url: () => '/api/users/referral-code' },
  { method: 'GET', path: '/api/users/ses-selected', url: () => '/api/users/ses-selected' },
  { method: 'GET', path: '/api/users/user-variants', url: () => '/api/users/user-variants' },
  {
    method: 'POST',
    path: '/api/users/user-size-info',
    url: () => '/api/users/user-size-info',
    body: { sizes: { SHOES: '275' } },
  },
  {
    method: 'POST',
    path: '/api/users/notification-permissions',
    url: () => '/api/users/notification-permissions',
    body: { is_nighttime_alert: true },
  },
  {
    method: 'POST',
    path: '/api/users/ses-selected',
    url: () => '/api/users/ses-selected',
    body: { ses_selected: { b: true } },
  },
  {
    method: 'POST',
    path: '/api/users/post-user-shipping-info',
    url: () => '/api/users/post-user-shipping-info',
    body: {
      name: '새 배송지',
      recipient: '새주소',
      phone: '010-5555-6666',
      zipcode: '04524',
      main_address: '서울 중구 세종대로 110',
    },
  },
  {
    method: 'PUT',
    path: '/api/users/update-profile',
    url: () => '/api/users/update-profile',
    body: { age: 33 },
  },
  {
    method: 'PUT',
    path: '/api/users/put-user-shipping-info',
    url: () => '/api/users/put-user-shipping-info',
    body: 'ADDRESS_UPDATE',
  },
  {
    method: 'DELETE',
    path: '/api/users/delete-user-shipping-info/{id}',
    url: (id) => `/api/users/delete-user-shipping-info/${id}`,
  },
  { method: 'GET', path: '/api/users/profile/{id}', url: () => '/api/users/profile/1' },
  { method: 'GET', path: '/api/users/profile-simple/{id}', url: () => '/api/users/profile-simple/1' },
  {
    method: 'GET',
    path: '/api/users/verify-referral-code',
    url: () => '/api/users/verify-referral-code?referral_code=ABCDEFGH',
  },
  { method: 'POST', path: '/api/users/stop', url: () => '/api/users/stop' },
];

let t: TestApp;
let A: Awaited<ReturnType<typeof createMember>>;
let B: Awaited<ReturnType<typeof createMember>>;
let aAddressId: number;
let aAddressIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  A = await createMember(t.ctx, {
    name: '에이회원',
    phone: '01011112222',
    email: 'member-a@codiroom.test',
    height: 183,
    weight: 81,
    referral_code: 'AAAACODE',
    ses_selected: { secret: 'A-SES' },
  });
  B = await createMember(t.ctx, { name: '비회원', phone: '01033334444', email: 'member-b@codiroom.test' });
  const ids: number[] = [];
  for (const name of ['에이집', '에이회사']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/post-user-shipping-info',
      headers: A.headers,
      payload: { ...ADDRESS, name },
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  aAddressIds = ids;
  aAddressId = ids[0] as number;
  await t.app.inject({
    method: 'POST',
    url: '/api/users/user-size-info',
    headers: A.headers,
    payload: { sizes: { TOP: 'A-TOP-SIZE' } },
  });
});
afterAll(async () => {
  await t?.close();
});

async function send(c: Call, headers: Record<string, string>, addressId: number) {
  const body = c.body === 'ADDRESS_UPDATE' ? { id: addressId, recipient: '비가바꿈' } : c.body;
  const res = await t.app.inject({
    method: c.method,
    url: c.url(addressId),
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, text: res.body, json: () => res.json() };
}

describe('access levels', () => {
  it('every call of API-CATALOGUE.md Users that this domain serves is tested here with its catalogue access', () => {
    const mine = new Set(CALLS.map((c) => `${c.method} ${c.path}`));
    const authCalls = [
      'check-email',
      'check-phone',
      'verify-sms',
      'sign-in',
      'social-sign-in',
      'social-sign-up',
      'sign-up',
      'send-sms',
      'update-password',
      'auth/token',
      'token/refresh',
      'revoke-apple',
    ];
    const catalogue = Object.keys(API_ROUTES).filter(
      (k) => k.includes(' /api/users/') && !authCalls.some((a) => k.endsWith(`/api/users/${a}`)),
    );
    expect(new Set(catalogue)).toEqual(mine);
  });

  it.each(
    CALLS.map((c) => [`${c.method} ${c.path}`, c] as const),
  )('%s without credentials follows the catalogue access', async (key, c) => {
    const access = (API_ROUTES as Record<string, ApiAccess>)[key];
    const r = await send(c, {}, aAddressId);
    if (access === 'token') {
      expect(r.status).toBe(401);
      expect(r.json()).toEqual({ detail: 'Token Required' });
    } else if (access === 'guest') {
      expect(r.status).toBe(401);
      expect(r.json().detail).toContain('x-guest-user-id');
    } else {
      expect(access).toBe('public');
      expect(r.status).not.toBe(401);
    }
  });

  it.each(
    CALLS.filter((c) => (API_ROUTES as Record<string, ApiAccess>)[`${c.method} ${c.path}`] === 'token').map(
      (c) => [`${c.method} ${c.path}`, c] as const,
    ),
  )('%s with only a guest id is 401 Token Required; with a bad token 401', async (_key, c) => {
    const g = await send(c, { 'x-guest-user-id': 'guest-abcdefgh1234' }, aAddressId);
    expect(g.status).toBe(401);
    expect(g.json()).toEqual({ detail: 'Token Required' });
    const bad = await send(c, { authorization: 'Bearer not-a-token' }, aAddressId);
    expect(bad.status).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Invalid or expired token' });
  });
});

describe("member B against member A's data", () => {
  const A_SECRETS = () => [
    '에이회원',
    '01011112222',
    '1111-2222',
    'member-a@codiroom.test',
    'AAAACODE',
    'A-SES',
    'A-TOP-SIZE',
    '에이로',
    '에이집',
    '에이회사',
    A.user.uuid,
  ];

  it.each(
    CALLS.filter((c) => c.path !== '/api/users/stop').map((c) => [`${c.method} ${c.path}`, c] as const),
  )("%s with B's token and A's ids never answers A's data", async (_key, c) => {
    const r = await send(c, B.headers, aAddressId);
    if (c.path.includes('{id}') && c.path.includes('shipping')) {
      expect(r.status).toBe(404);
      expect(r.json()).toEqual({ detail: '배송지를 찾을 수 없습니다.' });
    } else if (c.path === '/api/users/put-user-shipping-info') {
      expect(r.status).toBe(404);
    } else if (c.path.startsWith('/api/users/profile')) {
      // A has written no review, so A has no public profile ("Security", public profiles).
      expect(r.status).toBe(404);
    } else {
      expect(r.status, r.text).toBeLessThan(300);
    }
    for (const s of A_SECRETS()) expect(r.text, s).not.toContain(s);
  });

  it("A's rows are unchanged after B's attempts", async () => {
    for (const id of aAddressIds) {
      const [row] = await t.ctx.db.select().from(addresses).where(eq(addresses.id, id));
      expect(row).toMatchObject({ user_id: A.user.id, recipient: '에이회원' });
    }
    const [a] = await t.ctx.db.select().from(users).where(eq(users.id, A.user.id));
    expect(a).toMatchObject({
      is_active: true,
      age: null,
      is_nighttime_alert: false,
      ses_selected: { secret: 'A-SES' },
    });
    const list = await t.app.inject({ url: '/api/users/get-user-shipping-info', headers: A.headers });
    expect(
      list
        .json()
        .result.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([...aAddressIds].sort());
  });

  it("B's own address cannot be moved to A by naming it in A's calls, and B's list holds only B's", async () => {
    const bList = await t.app.inject({ url: '/api/users/get-user-shipping-info', headers: B.headers });
    const ids = bList.json().result.map((x: { id: number }) => x.id) as number[];
    for (const id of ids) expect(aAddressIds).not.toContain(id);
    const rows = await t.ctx.db.select().from(addresses).where(eq(addresses.user_id, B.user.id));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it("B's withdrawal leaves A untouched; A's old token is still accepted", async () => {
    const r = await send(CALLS.find((c) => c.path === '/api/users/stop') as Call, B.headers, aAddressId);
    expect(r.status).toBe(200);
    const detail = await t.app.inject({ url: '/api/users/user-detail', headers: A.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: A.user.id, name: '에이회원', email: 'member-a@codiroom.test' });
    const addrs = await t.ctx.db.select().from(addresses).where(eq(addresses.user_id, A.user.id));
    expect(addrs).toHaveLength(2);
    const again = await t.app.inject({ url: '/api/users/user-detail', headers: B.headers });
    expect(again.json()).toEqual({ detail: 'User is inactive' });
  });
});
