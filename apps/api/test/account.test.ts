/**
 * Accounts (docs/ARCHITECTURE.md "Accounts"): the first-purchase coupon given at phone and social
 * sign-up, once per person (not again after a withdrawal and a new sign-up with the same number,
 * nor through the 1895 alias), in the coupon box and offered by best-coupon-combs; the required
 * sign-up agreements refused and stored, the marketing consent and its date; change-password and
 * change-phone (another member's number refused).
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  BENEFIT_MESSAGES,
  FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
  FIRST_PURCHASE_COUPON_RATE_PERCENT,
  TERMS_VERSION,
} from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponPolicies, firstPurchaseGrants, orders, users } from '../src/db/schema.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { AGREED, freshPhone, GUEST_HEADER, mutableClock, sendCode, signUpViaApi } from './auth-helpers.ts';
import { createTestApp, guestIdOf, type TestApp } from './helpers.ts';
import { makeShop, type Shop } from './orders-fixtures.ts';
import { authToken, HOST, startAuthorize } from './social-fakes.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;
let shop: Shop;
let firstPolicyId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SMS_IP_HOURLY_LIMIT: '10000' } });
  t.ctx.kv = new MemoryStore(() => clock.now().getTime());
  shop = await makeShop(t.ctx);
  const [p] = await t.ctx.db
    .insert(couponPolicies)
    .values({
      name: '첫 구매 7% 할인 쿠폰',
      coupon_type: 'FIRST_PURCHASE',
      discount_kind: 'PERCENT',
      discount_value: FIRST_PURCHASE_COUPON_RATE_PERCENT,
      max_discount: FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
      is_cart_coupon: true,
      valid_days: 30,
      is_downloadable: false,
    })
    .returning({ id: couponPolicies.id });
  firstPolicyId = p?.id as number;
});
afterAll(async () => {
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the assertions
type Json = Record<string, any>;
async function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  const r = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() as Json };
}
const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

async function box(access: string) {
  const r = await call('GET', '/api/benefits/coupon-list', bearer(access));
  expect(r.status).toBe(200);
  return r.body as { usable: Json[]; expired: Json[] };
}
const firstPurchaseIn = (coupons: Json[]) => coupons.filter((c) => c.coupon_type === 'FIRST_PURCHASE');

async function withdraw(access: string) {
  const r = await call('POST', '/api/users/stop', bearer(access), { reason: '테스트' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

// ───────────────────────────── the sign-up coupon ─────────────────────────────

describe('the first-purchase coupon at sign-up', () => {
  it('phone sign-up gives it once: in the coupon box, offered by best-coupon-combs', async () => {
    const { body } = await signUpViaApi(t.app);
    const { usable } = await box(body.access);
    const first = firstPurchaseIn(usable);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      coupon_policy_id: firstPolicyId,
      discount_kind: 'PERCENT',
      discount_value: 7,
      max_discount: 10_000,
      status: 'USABLE',
    });
    const combs = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${shop.m}&quantities=1`,
      bearer(body.access),
    );
    expect(combs.status, JSON.stringify(combs.body)).toBe(200);
    expect(combs.body.result.cart_coupon_ids).toContain(first[0]?.coupon_id);
    // 7 % of 30,000 won.
    expect(JSON.stringify(combs.body.result)).toContain('2100');
    // Asking again by a legacy alias is refused (per member).
    const again = await call('POST', '/api/benefits/issue-coupon2', bearer(body.access), {
      coupon_policy_id: 1895,
    });
    expect(again.status).toBe(400);
    expect(firstPurchaseIn((await box(body.access)).usable)).toHaveLength(1);
  });

  it('is not given again after a withdrawal and a new sign-up with the same number', async () => {
    const { phone, body } = await signUpViaApi(t.app);
    expect(firstPurchaseIn((await box(body.access)).usable)).toHaveLength(1);
    await withdraw(body.access);
    clock.advance(31 * 86_400); // past the 30-day 'STOP USER' block
    const back = await signUpViaApi(t.app, { phone });
    expect(back.body.user.id).not.toBe(body.user.id);
    const after = await box(back.body.access);
    expect(firstPurchaseIn([...after.usable, ...after.expired])).toHaveLength(0);
    // Nor by asking for it with an alias.
    const asked = await call('POST', '/api/benefits/issue-coupon2', bearer(back.body.access), {
      coupon_policy_id: 2241,
    });
    expect(asked).toEqual({ status: 400, body: { detail: BENEFIT_MESSAGES.firstPurchaseOnce } });
    // The number is remembered as its keyed hash only.
    const grants = await t.ctx.db.select().from(firstPurchaseGrants);
    expect(JSON.stringify(grants)).not.toContain(phone);
  });

  it('a member without it who withdraws and comes back gets it then (once per person, not never)', async () => {
    // A number that never had it: the first account asked for nothing, the coupon came at sign-up.
    const phone = freshPhone();
    await t.ctx.db
      .update(couponPolicies)
      .set({ is_active: false })
      .where(eq(couponPolicies.id, firstPolicyId));
    const first = await signUpViaApi(t.app, { phone });
    await t.ctx.db
      .update(couponPolicies)
      .set({ is_active: true })
      .where(eq(couponPolicies.id, firstPolicyId));
    expect(firstPurchaseIn((await box(first.body.access)).usable)).toHaveLength(0);
    await withdraw(first.body.access);
    clock.advance(31 * 86_400);
    const back = await signUpViaApi(t.app, { phone });
    expect(firstPurchaseIn((await box(back.body.access)).usable)).toHaveLength(1);
  });

  it('social sign-up gives it too', async () => {
    const devPage = await startAuthorize(t.app, 'kakao');
    const q = new URLSearchParams({
      state: devPage.searchParams.get('state') ?? '',
      redirect_uri: devPage.searchParams.get('redirect_uri') ?? '',
      social_id: `kakao-account-${Date.now()}`,
      name: '김카카오',
      email: '',
      phone: '',
    });
    const approved = await t.app.inject({
      url: `/api/dev/oauth/kakao/approve?${q}`,
      headers: { host: HOST },
    });
    const callback = new URL(String(approved.headers.location));
    const token = await authToken(t.app, {
      provider: 'kakao',
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    const required = token.json() as Json;
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    const base = {
      social_type: required.social_type,
      social_id: required.social_id,
      oauth_token: required.oauth_token,
      user_name: '김카카오',
      phone,
      code,
    };
    const headers = { [GUEST_HEADER]: guestIdOf(t.ctx, `guest-${phone}`) };
    // Without the agreements: refused, nothing created.
    const refused = await call('POST', '/api/users/social-sign-up', headers, { ...base, agree_terms: true });
    expect(refused).toEqual({
      status: 400,
      body: { detail: ACCOUNT_MESSAGES.agreePrivacy, agreements: [ACCOUNT_MESSAGES.agreePrivacy] },
    });
    const r = await call('POST', '/api/users/social-sign-up', headers, { ...base, ...AGREED });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(firstPurchaseIn((await box(r.body.access)).usable)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, r.body.user.id));
    expect(row?.terms_version).toBe(TERMS_VERSION);
  });

  it('once the member has paid an order the coupon box shows it as no longer usable', async () => {
    const { body } = await signUpViaApi(t.app);
    expect(firstPurchaseIn((await box(body.access)).usable)).toHaveLength(1);
    await t.ctx.db.insert(orders).values({
      order_no: `account-first-${body.user.id}`,
      user_id: body.user.id,
      order_name: '테스트',
      total_price: 10_000,
      amount: 10_000,
      expires_at: clock.now(),
      paid_at: clock.now(),
    });
    const after = await box(body.access);
    expect(firstPurchaseIn(after.usable)).toHaveLength(0);
    expect(firstPurchaseIn(after.expired)).toHaveLength(1);
  });
});

// ───────────────────────────── agreements ─────────────────────────────

describe('sign-up agreements', () => {
  async function attempt(extra: Json) {
    const phone = freshPhone();
    const code = await sendCode(t.app, phone);
    return call(
      'POST',
      '/api/users/sign-up',
      { [GUEST_HEADER]: guestIdOf(t.ctx, `guest-${phone}`) },
      { phone, code, password: 'codiroom123', user_name: '김약관', ...extra },
    );
  }

  it.each([
    [{}, ACCOUNT_MESSAGES.agreeTerms],
    [{ agree_terms: true, agree_age: true }, ACCOUNT_MESSAGES.agreePrivacy],
    [{ agree_terms: true, agree_privacy: true, agree_age: false }, ACCOUNT_MESSAGES.agreeAge],
    [{ agree_terms: true, agree_privacy: true, agree_marketing: true }, ACCOUNT_MESSAGES.agreeAge],
  ])('refuses %j with a Korean detail on the agreements field', async (extra, message) => {
    const r = await attempt(extra);
    expect(r).toEqual({ status: 400, body: { detail: message, agreements: [message] } });
  });

  it('stores the terms version and time; marketing consent with its date switches on 혜택 알림', async () => {
    const without = await attempt(AGREED);
    expect(without.status).toBe(201);
    const withMarketing = await attempt({ ...AGREED, agree_marketing: true });
    expect(withMarketing.status).toBe(201);
    const row = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];
    const a = await row(without.body.user.id);
    expect(a).toMatchObject({
      terms_version: TERMS_VERSION,
      marketing_agreed_at: null,
      is_benefit_alert: false,
    });
    expect(a?.terms_agreed_at?.toISOString()).toBe(clock.now().toISOString());
    const b = await row(withMarketing.body.user.id);
    expect(b?.is_benefit_alert).toBe(true);
    expect(b?.marketing_agreed_at?.toISOString()).toBe(clock.now().toISOString());

    // Changed later where the notification settings are: off clears the date, on records a new one.
    const h = bearer(withMarketing.body.access);
    const perms = await call('GET', '/api/users/notification-permissions', h);
    expect(perms.body.marketing_agreed_at).toBe(clock.now().toISOString());
    const off = await call('POST', '/api/users/notification-permissions', h, { is_benefit_alert: false });
    expect(off.body).toMatchObject({ is_benefit_alert: false, marketing_agreed_at: null });
    clock.advance(60);
    const on = await call('POST', '/api/users/notification-permissions', h, { is_benefit_alert: true });
    expect(on.body).toMatchObject({ is_benefit_alert: true, marketing_agreed_at: clock.now().toISOString() });
    // Switching another flag keeps the date.
    clock.advance(60);
    const other = await call('POST', '/api/users/notification-permissions', h, { is_benefit_alert: true });
    expect(other.body.marketing_agreed_at).toBe(on.body.marketing_agreed_at);
  });
});

// ───────────────────────────── change password ─────────────────────────────

describe('change-password', () => {
  it('needs the current password; ends the other sessions and keeps this device signed in', async () => {
    const { phone, body } = await signUpViaApi(t.app, { password: 'oldpass123' });
    const other = await call('POST', '/api/users/sign-in', {}, { phone, password: 'oldpass123' });
    expect(other.status).toBe(200);

    const wrong = await call('POST', '/api/users/change-password', bearer(body.access), {
      current_password: 'nottheone1',
      new_password: 'newpass456',
    });
    expect(wrong).toEqual({
      status: 400,
      body: {
        detail: ACCOUNT_MESSAGES.currentPasswordWrong,
        current_password: [ACCOUNT_MESSAGES.currentPasswordWrong],
      },
    });
    const weak = await call('POST', '/api/users/change-password', bearer(body.access), {
      current_password: 'oldpass123',
      new_password: 'short',
    });
    expect(weak).toEqual({
      status: 400,
      body: { detail: AUTH_MESSAGES.passwordPolicy, new_password: [AUTH_MESSAGES.passwordPolicy] },
    });
    const same = await call('POST', '/api/users/change-password', bearer(body.access), {
      current_password: 'oldpass123',
      new_password: 'oldpass123',
    });
    expect(same.status).toBe(400);
    expect(same.body.new_password).toEqual([ACCOUNT_MESSAGES.samePassword]);

    const r = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: bearer(body.access),
      payload: { current_password: 'oldpass123', new_password: 'newpass456' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const changed = r.json() as Json;
    expect(changed.detail).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect(String(r.headers['set-cookie'])).toContain('refreshToken=');
    // The old sessions' tokens are refused; the new one works.
    expect((await call('GET', '/api/users/user-detail', bearer(body.access))).status).toBe(401);
    expect((await call('GET', '/api/users/user-detail', bearer(other.body.access))).status).toBe(401);
    expect((await call('GET', '/api/users/user-detail', bearer(changed.access))).status).toBe(200);
    // Only the new password signs in.
    expect((await call('POST', '/api/users/sign-in', {}, { phone, password: 'oldpass123' })).status).toBe(
      401,
    );
    expect((await call('POST', '/api/users/sign-in', {}, { phone, password: 'newpass456' })).status).toBe(
      200,
    );
  });

  it('answers 401 without a token', async () => {
    const r = await call(
      'POST',
      '/api/users/change-password',
      {},
      { current_password: 'a', new_password: 'b' },
    );
    expect(r.status).toBe(401);
  });
});

// ───────────────────────────── change phone ─────────────────────────────

describe('change-phone', () => {
  it("changes the number with a code sent to it; another member's number is refused", async () => {
    const me = await signUpViaApi(t.app);
    const other = await signUpViaApi(t.app);
    const h = bearer(me.body.access);

    // Another member's number: refused once the code proves the number.
    clock.advance(61);
    const takenCode = await sendCode(t.app, other.phone);
    const taken = await call('POST', '/api/users/change-phone', h, { phone: other.phone, code: takenCode });
    expect(taken).toEqual({
      status: 400,
      body: { detail: 'DUPLICATE PHONE', phone: [AUTH_MESSAGES.duplicatePhone] },
    });
    // The own number.
    const own = await call('POST', '/api/users/change-phone', h, { phone: me.phone, code: '000000' });
    expect(own.status).toBe(400);
    expect(own.body.phone).toEqual([ACCOUNT_MESSAGES.samePhone]);

    const fresh = freshPhone();
    const code = await sendCode(t.app, fresh);
    const wrong = await call('POST', '/api/users/change-phone', h, {
      phone: fresh,
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.body.detail).toBe(AUTH_MESSAGES.codeMismatch);
    const ok = await call('POST', '/api/users/change-phone', h, { phone: fresh, code });
    const masked = `010-****-${fresh.slice(7)}`;
    expect(ok).toEqual({
      status: 200,
      body: { result: true, detail: ACCOUNT_MESSAGES.phoneChanged, phone: masked },
    });
    expect((await call('GET', '/api/users/user-detail', h)).body.phone).toBe(masked);
    // Signs in with the new number only; the code is spent.
    expect(
      (await call('POST', '/api/users/sign-in', {}, { phone: fresh, password: 'codiroom123' })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/users/sign-in', {}, { phone: me.phone, password: 'codiroom123' })).status,
    ).toBe(401);
    const replay = await call('POST', '/api/users/change-phone', bearer(other.body.access), {
      phone: fresh,
      code,
    });
    expect(replay.status).toBe(400);
  });
});
