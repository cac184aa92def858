/**
 * Member-data calls under /api/users/: detail, info, status, curation view status, profiles,
 * profile update, size info, photos, shipping addresses, alarm flags, referral codes, SES
 * selection, A/B variants and withdrawal.
 */
import {
  AI_CURATIONS_PER_MONTH,
  abGroups,
  MAX_ADDRESSES,
  maskName,
  maskPhone,
  REFERRAL_CODE_ALPHABET,
  WITHDRAWN_USER_NAME,
} from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  cartLines,
  carts,
  couponPolicies,
  coupons,
  curations,
  eventLogs,
  likes,
  orders,
  pointLedger,
  productDisplays,
  productItems,
  refreshTokens,
  reviews,
  socialIdentities,
  styleQuizPhotos,
  styleQuizzes,
  userPhotos,
  userSizeInfo,
  users,
} from '../src/db/schema.ts';
import { referralCode } from '../src/domains/users/member-referrals.ts';
import { PROFILE_RATE_LIMIT } from '../src/domains/users/member-service.ts';
import { findWithdrawalByPhone, stoppedPhoneHash } from '../src/domains/users/member-withdrawal.ts';
import { usersPorts, wireUsersPorts } from '../src/domains/users/ports.ts';
import { createMember, createTestApp, guestIdOf, type TestApp } from './helpers.ts';
import { daysAgo, insertProductDisplay } from './member-fixtures.ts';

const NOW = new Date('2026-11-20T03:00:00Z'); // 2026-11-20 12:00 KST
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(NOW) } });
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  body?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}
const get = (url: string, headers?: Headers) => call('GET', url, headers);

const guest = (id = guestIdOf(t.ctx, 'guest-0123456789')) => ({ 'x-guest-user-id': id });

function addr(over: Record<string, unknown> = {}) {
  return {
    name: '집',
    recipient: '김코디',
    phone: '010-1234-5678',
    zipcode: '06236',
    main_address: '서울 강남구 테헤란로 1',
    detail_address: '101호',
    request: '문 앞에 놓아주세요',
    is_default: false,
    ...over,
  };
}

// ───────────────────────────── detail and info ─────────────────────────────

describe('GET user-detail', () => {
  it('answers the SPEC.md user detail with a masked phone, e-mail and point 0', async () => {
    const m = await createMember(t.ctx, {
      phone: '01012345678',
      email: 'detail@codiroom.test',
      name: '김코디',
      age: 36,
      gender: 'M',
      height: 176,
      weight: 72,
    });
    const { status, body } = await get('/api/users/user-detail', m.headers);
    expect(status).toBe(200);
    expect(body).toEqual({
      uuid: m.user.uuid,
      id: m.user.id,
      name: '김코디',
      age: 36,
      gender: 'M',
      height: 176,
      weight: 72,
      stylequiz: false,
      curator_name: null,
      has_reservation: false,
      phone: '010-****-5678',
      email: 'detail@codiroom.test',
      point: 0,
      unread_notifications: 0,
    });
  });

  it("takes the point balance from the last written ledger row's balance_after", async () => {
    // Written in this order (ids ascending); the last one carries an earlier clock, as a writer that
    // read its clock before waiting for the member lock would: the balance is still the last row's.
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(pointLedger).values([
      {
        user_id: m.user.id,
        amount: 1000,
        reason: 'SIGN_UP',
        balance_after: 1000,
        created_at: daysAgo(NOW, 3),
      },
      { user_id: m.user.id, amount: -300, reason: 'ORDER', balance_after: 700, created_at: daysAgo(NOW, 1) },
      { user_id: m.user.id, amount: 50, reason: 'QUIZ', balance_after: 750, created_at: daysAgo(NOW, 2) },
    ]);
    const { body } = await get('/api/users/user-detail', m.headers);
    expect(body.point).toBe(750);
  });

  it('derives stylequiz from a style_quizzes row and curator_name from the latest DONE curation', async () => {
    const m = await createMember(t.ctx);
    const [quiz] = await t.ctx.db
      .insert(styleQuizzes)
      .values({ user_id: m.user.id, answers: {} })
      .returning();
    await t.ctx.db.insert(curations).values([
      {
        user_id: m.user.id,
        style_quiz_id: quiz?.id,
        status: 'DONE',
        curator_name: '이전 큐레이터',
        delivered_at: daysAgo(NOW, 40),
      },
      { user_id: m.user.id, status: 'DONE', curator_name: '박큐레', delivered_at: daysAgo(NOW, 2) },
    ]);
    const { body } = await get('/api/users/user-detail', m.headers);
    expect(body.stylequiz).toBe(true);
    expect(body.curator_name).toBe('박큐레');
  });
});

describe('GET info', () => {
  it('answers user, the default address, point and e-mail', async () => {
    const m = await createMember(t.ctx, { email: 'info@codiroom.test', phone: '01077776666' });
    let r = await get('/api/users/info', m.headers);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      user: { id: m.user.id, uuid: m.user.uuid, name: '테스트', phone: '010-****-6666' },
      main_address: null,
      detail_address: null,
      zipcode: null,
      point: 0,
      email: 'info@codiroom.test',
    });
    await call('POST', '/api/users/post-user-shipping-info', m.headers, addr());
    await call(
      'POST',
      '/api/users/post-user-shipping-info',
      m.headers,
      addr({ name: '회사', main_address: '서울 중구 세종대로 110', detail_address: '3층', zipcode: '04524' }),
    );
    r = await get('/api/users/info', m.headers);
    expect(r.body).toMatchObject({
      main_address: '서울 강남구 테헤란로 1',
      detail_address: '101호',
      zipcode: '06236',
    });
  });
});

// ───────────────────────────── status ─────────────────────────────

describe('GET status and status-main', () => {
  async function status(headers: Headers) {
    const [a, b] = await Promise.all([
      get('/api/users/status', headers),
      get('/api/users/status-main', headers),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    return { flags: a.body, main: b.body.status as string };
  }

  it('a guest: no quiz, not logged in, no cart coupon; main NONE_STYLE_QUIZ', async () => {
    const { flags, main } = await status(guest());
    expect(flags).toEqual({
      none_style_quiz_user: true,
      style_quiz_but_none_curation: false,
      curationed: false,
      waiting_list: false,
      is_login: false,
      user_id: null,
      loading: false,
      is_cart_coupon_exist: false,
    });
    expect(main).toBe('NONE_STYLE_QUIZ');
  });

  it('needs a token or a guest id', async () => {
    const r = await get('/api/users/status');
    expect(r.status).toBe(401);
    const bad = await get('/api/users/status', { 'x-guest-user-id': 'bad id!' });
    expect(bad.status).toBe(400);
  });

  it('a member without a quiz', async () => {
    const m = await createMember(t.ctx);
    const { flags, main } = await status(m.headers);
    expect(flags).toEqual({
      none_style_quiz_user: true,
      style_quiz_but_none_curation: false,
      curationed: false,
      waiting_list: false,
      is_login: true,
      user_id: m.user.uuid,
      loading: false,
      is_cart_coupon_exist: false,
    });
    expect(main).toBe('NONE_STYLE_QUIZ');
  });

  it('a quiz row and no curation → style_quiz_but_none_curation / NONE_CURATIONED', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: { fit: 'regular' } });
    const { flags, main } = await status(m.headers);
    expect(flags).toMatchObject({
      none_style_quiz_user: false,
      style_quiz_but_none_curation: true,
      curationed: false,
      waiting_list: false,
    });
    expect(main).toBe('NONE_CURATIONED');
  });

  it('the users.stylequiz flag alone counts as a quiz', async () => {
    const m = await createMember(t.ctx, { stylequiz: true });
    const { flags, main } = await status(m.headers);
    expect(flags.style_quiz_but_none_curation).toBe(true);
    expect(main).toBe('NONE_CURATIONED');
  });

  it('a REQUESTED curation waiting for a drafting slot is the waiting list; once drafted it is not', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    const [c] = await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'REQUESTED', created_at: daysAgo(NOW, 2) })
      .returning();
    let s = await status(m.headers);
    expect(s.flags).toMatchObject({
      style_quiz_but_none_curation: true,
      curationed: false,
      waiting_list: true,
    });
    expect(s.main).toBe('WAITING_LIST');

    // A slot taken (being drafted): no longer waiting.
    await t.ctx.db
      .update(curations)
      .set({ drafted_at: NOW })
      .where(eq(curations.id, c?.id ?? 0));
    s = await status(m.headers);
    expect(s.flags).toMatchObject({ style_quiz_but_none_curation: true, waiting_list: false });
    expect(s.main).toBe('NONE_CURATIONED');
  });

  it('a DONE curation → curationed / CURATIONED', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'DONE', delivered_at: daysAgo(NOW, 1), viewed: false });
    const { flags, main } = await status(m.headers);
    expect(flags).toMatchObject({
      none_style_quiz_user: false,
      style_quiz_but_none_curation: false,
      curationed: true,
      waiting_list: false,
    });
    expect(main).toBe('CURATIONED');
  });

  it('has_reservation puts a quiz taker on the waiting list, even when curated', async () => {
    const m = await createMember(t.ctx, { has_reservation: true });
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    await t.ctx.db.insert(curations).values({ user_id: m.user.id, status: 'DONE', delivered_at: NOW });
    const { flags, main } = await status(m.headers);
    expect(flags).toMatchObject({ curationed: true, waiting_list: true });
    expect(main).toBe('WAITING_LIST');
  });

  it('without a quiz the main status stays NONE_STYLE_QUIZ even with a reservation', async () => {
    const m = await createMember(t.ctx, { has_reservation: true });
    const { flags, main } = await status(m.headers);
    expect(flags).toMatchObject({ none_style_quiz_user: true, waiting_list: true });
    expect(main).toBe('NONE_STYLE_QUIZ');
  });

  it('is_cart_coupon_exist: an unused, unexpired coupon of an active cart-wide policy', async () => {
    const m = await createMember(t.ctx);
    const [cartPolicy, linePolicy] = await t.ctx.db
      .insert(couponPolicies)
      .values([
        {
          name: '장바구니 쿠폰',
          coupon_type: 'EVENT',
          discount_kind: 'FIXED',
          discount_value: 3000,
          is_cart_coupon: true,
        },
        { name: '상품 쿠폰', coupon_type: 'PRODUCT', discount_kind: 'PERCENT', discount_value: 10 },
      ])
      .returning();
    if (!cartPolicy || !linePolicy) throw new Error('insert failed');
    // a line coupon, an expired and a used cart coupon do not count
    await t.ctx.db.insert(coupons).values([
      { coupon_policy_id: linePolicy.id, user_id: m.user.id, expires_at: daysAgo(NOW, -10) },
      { coupon_policy_id: cartPolicy.id, user_id: m.user.id, expires_at: daysAgo(NOW, 1) },
      { coupon_policy_id: cartPolicy.id, user_id: m.user.id, expires_at: daysAgo(NOW, -10), used_at: NOW },
    ]);
    expect((await get('/api/users/status', m.headers)).body.is_cart_coupon_exist).toBe(false);
    await t.ctx.db
      .insert(coupons)
      .values({ coupon_policy_id: cartPolicy.id, user_id: m.user.id, expires_at: daysAgo(NOW, -10) });
    expect((await get('/api/users/status', m.headers)).body.is_cart_coupon_exist).toBe(true);
  });
});

describe('GET curation-status', () => {
  it('null when never curated, even with a REQUESTED curation', async () => {
    const m = await createMember(t.ctx);
    let r = await get('/api/users/curation-status', m.headers);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ current_curation_viewed: null, next_ai_curation_left: AI_CURATIONS_PER_MONTH });
    await t.ctx.db.insert(curations).values({ user_id: m.user.id, status: 'REQUESTED' });
    r = await get('/api/users/curation-status', m.headers);
    expect(r.body.current_curation_viewed).toBeNull();
  });

  it('false while the latest DONE curation is unviewed (viewed false or null), true once viewed', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'DONE', viewed: true, delivered_at: daysAgo(NOW, 60) });
    expect((await get('/api/users/curation-status', m.headers)).body.current_curation_viewed).toBe(true);

    const [latest] = await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'DONE', viewed: null, delivered_at: daysAgo(NOW, 1) })
      .returning();
    expect((await get('/api/users/curation-status', m.headers)).body.current_curation_viewed).toBe(false);
    await t.ctx.db
      .update(curations)
      .set({ viewed: false })
      .where(eq(curations.id, latest?.id ?? 0));
    expect((await get('/api/users/curation-status', m.headers)).body.current_curation_viewed).toBe(false);
    await t.ctx.db
      .update(curations)
      .set({ viewed: true })
      .where(eq(curations.id, latest?.id ?? 0));
    expect((await get('/api/users/curation-status', m.headers)).body.current_curation_viewed).toBe(true);
  });

  it('next_ai_curation_left counts the curations requested in this KST month, never below 0', async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(curations).values([
      // 2026-10-31 23:59 KST: last month
      { user_id: m.user.id, status: 'DONE', viewed: true, created_at: new Date('2026-10-31T14:59:00Z') },
      // 2026-11-01 00:30 KST: this month
      { user_id: m.user.id, status: 'DONE', viewed: true, created_at: new Date('2026-10-31T15:30:00Z') },
    ]);
    let r = await get('/api/users/curation-status', m.headers);
    expect(r.body.next_ai_curation_left).toBe(AI_CURATIONS_PER_MONTH - 1);
    // Requested this month and still waiting: counted when asked for.
    await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'REQUESTED', created_at: daysAgo(NOW, 1) });
    r = await get('/api/users/curation-status', m.headers);
    expect(r.body.next_ai_curation_left).toBe(AI_CURATIONS_PER_MONTH - 2);
    await t.ctx.db.insert(curations).values(
      [1, 2, 3].map((d) => ({
        user_id: m.user.id,
        status: 'DONE',
        viewed: true,
        created_at: daysAgo(NOW, d),
      })),
    );
    r = await get('/api/users/curation-status', m.headers);
    expect(r.body.next_ai_curation_left).toBe(0);
  });
});

// ───────────────────────────── public profiles ─────────────────────────────

describe('GET profile/{id} and profile-simple/{id}', () => {
  it('shows a masked name, review counts and the body size published with reviews — never phone or e-mail', async () => {
    const m = await createMember(t.ctx, {
      name: '김코디',
      phone: '01055554444',
      email: 'profile@codiroom.test',
      height: 181,
      weight: 80,
    });
    const display = await insertProductDisplay(t.ctx, '린넨 셔츠');

    await t.ctx.db.insert(reviews).values([
      {
        user_id: m.user.id,
        product_display_id: display.id,
        rating: 5,
        content: '좋아요',
        height: 180,
        weight: 79,
        size_name: 'L',
        photo_count: 2,
        created_at: daysAgo(NOW, 5),
      },
      {
        user_id: m.user.id,
        product_display_id: display.id,
        rating: 4,
        content: '무난해요',
        created_at: daysAgo(NOW, 1),
      },
    ]);
    const full = await get(`/api/users/profile/${m.user.id}`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      id: m.user.id,
      name: '김*디',
      review_count: 2,
      photo_review_count: 1,
      height: 180,
      weight: 79,
    });
    expect(full.body.reviews.map((r: { content: string }) => r.content)).toEqual(['무난해요', '좋아요']);
    expect(full.body.reviews[0]).toMatchObject({ product_display_id: display.id, product_name: '린넨 셔츠' });
    const text =
      JSON.stringify(full.body) + JSON.stringify((await get(`/api/users/profile-simple/${m.user.id}`)).body);
    for (const secret of ['01055554444', '5555', 'profile@codiroom.test', '김코디', m.user.uuid]) {
      expect(text).not.toContain(secret);
    }
    expect((await get(`/api/users/profile-simple/${m.user.id}`)).body.review_count).toBe(2);
  });

  it('404 for unknown, non-numeric and inactive members (without the logout detail)', async () => {
    const inactive = await createMember(t.ctx, { is_active: false });
    for (const id of ['999999', 'abc', '-1', String(inactive.user.id), '12345678901234']) {
      for (const path of ['profile', 'profile-simple']) {
        const r = await get(`/api/users/${path}/${id}`);
        expect(r.status, `${path}/${id}`).toBe(404);
        expect(r.body.detail).toBe('Profile not found');
      }
    }
  });

  it('only reviewers have one: no review, or only hidden ones, is the same 404 (docs/ARCHITECTURE.md "Security")', async () => {
    const from = { remoteAddress: '10.20.0.1' };
    const profile = async (path: string, id: number) => {
      const r = await t.app.inject({ url: `/api/users/${path}/${id}`, ...from });
      return { status: r.statusCode, body: r.json() };
    };
    const display = await insertProductDisplay(t.ctx, '옥스포드 셔츠');
    const quiet = await createMember(t.ctx, { name: '박조용', height: 175, weight: 70 });
    for (const path of ['profile', 'profile-simple']) {
      expect(await profile(path, quiet.user.id)).toEqual({
        status: 404,
        body: { detail: 'Profile not found' },
      });
    }
    const hiddenOnly = await createMember(t.ctx, { name: '최숨김' });
    await t.ctx.db.insert(reviews).values({
      user_id: hiddenOnly.user.id,
      product_display_id: display.id,
      rating: 1,
      content: '숨겨진 후기',
      height: 170,
      weight: 60,
      hidden_at: NOW,
      hidden_reason: '욕설',
    });
    for (const path of ['profile', 'profile-simple']) {
      expect((await profile(path, hiddenOnly.user.id)).status).toBe(404);
    }
    // A reviewer's hidden review is out of the counts, the list and the published body size.
    await t.ctx.db.insert(reviews).values({
      user_id: hiddenOnly.user.id,
      product_display_id: display.id,
      rating: 5,
      content: '공개 후기',
      created_at: daysAgo(NOW, 2),
    });
    const full = await profile('profile', hiddenOnly.user.id);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ review_count: 1, photo_review_count: 0, height: null, weight: null });
    expect(full.body.reviews.map((r: { content: string }) => r.content)).toEqual(['공개 후기']);
    expect((await profile('profile-simple', hiddenOnly.user.id)).body.review_count).toBe(1);
  });

  it('is throttled per client address: 429 in Korean with Retry-After, other addresses unaffected', async () => {
    const look = (remoteAddress: string, path = 'profile') =>
      t.app.inject({ url: `/api/users/${path}/999999`, remoteAddress });
    // Walking ids: profile and profile-simple share the limit.
    for (let i = 0; i < PROFILE_RATE_LIMIT.max; i++) {
      expect((await look('10.20.0.2', i % 2 ? 'profile' : 'profile-simple')).statusCode).toBe(404);
    }
    const refused = await look('10.20.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(PROFILE_RATE_LIMIT.detail);
    expect(refused.json().detail).toMatch(/[가-힣]/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await look('10.20.0.2', 'profile-simple')).statusCode).toBe(429);
    expect((await look('10.20.0.3')).statusCode).toBe(404);
  });

  it('counts an IPv6 client by its /64, so walking its addresses does not start the count over', async () => {
    const look = (remoteAddress: string) => t.app.inject({ url: '/api/users/profile/999999', remoteAddress });
    for (let i = 0; i < PROFILE_RATE_LIMIT.max; i++) {
      expect((await look(`2001:db8:77:1::${(i + 1).toString(16)}`)).statusCode).toBe(404);
    }
    expect((await look('2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    expect((await look('2001:db8:77:2::1')).statusCode).toBe(404);
  });

  it('masks names of every length', () => {
    expect(maskName('김코디')).toBe('김*디');
    expect(maskName('김코')).toBe('김*');
    expect(maskName('남궁코디')).toBe('남**디');
    expect(maskName('김')).toBe('*');
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('0212345678')).toBe('02-****-5678');
    expect(maskPhone(null)).toBeNull();
  });
});

// ───────────────────────────── profile update ─────────────────────────────

describe('PUT update-profile', () => {
  it('updates the profile and answers the user detail', async () => {
    const m = await createMember(t.ctx);
    const r = await call('PUT', '/api/users/update-profile', m.headers, {
      name: ' 이코디 ',
      age: 41,
      gender: 'M',
      height: 172,
      weight: 68,
      email: 'New@Codiroom.Test',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: '이코디',
      age: 41,
      gender: 'M',
      height: 172,
      weight: 68,
      email: 'new@codiroom.test',
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ name: '이코디', email: 'new@codiroom.test', updated_at: NOW });
    // partial: only what is sent changes; null clears
    const r2 = await call('PUT', '/api/users/update-profile', m.headers, { gender: 'F', age: null });
    expect(r2.body).toMatchObject({ name: '이코디', gender: 'F', age: null, height: 172 });
  });

  it.each([
    [{ height: 139 }, 'body.height'],
    [{ height: 211 }, 'body.height'],
    [{ weight: 39 }, 'body.weight'],
    [{ weight: 151 }, 'body.weight'],
    [{ height: 170.5 }, 'body.height'],
    [{ gender: 'X' }, 'body.gender'],
    [{ age: 5 }, 'body.age'],
    [{ email: 'not-an-email' }, 'body.email'],
    [{ name: '' }, 'body.name'],
    [{ name: '가'.repeat(50) }, 'body.name'],
    [{ nickname: 'x' }, 'body'],
  ])('400 for %j naming %s', async (payload, field) => {
    const m = await createMember(t.ctx);
    const r = await call('PUT', '/api/users/update-profile', m.headers, payload);
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(field);
  });

  it("409 'DUPLICATE EMAIL' for another active member's e-mail (any case); inactive ones and its own are free", async () => {
    await createMember(t.ctx, { email: 'taken@codiroom.test' });
    await createMember(t.ctx, { email: 'gone@codiroom.test', is_active: false });
    const m = await createMember(t.ctx, { email: 'mine@codiroom.test' });
    let r = await call('PUT', '/api/users/update-profile', m.headers, { email: 'TAKEN@codiroom.test' });
    expect(r).toEqual({ status: 409, body: { detail: 'DUPLICATE EMAIL' } });
    r = await call('PUT', '/api/users/update-profile', m.headers, { email: 'gone@codiroom.test' });
    expect(r.status).toBe(200);
    r = await call('PUT', '/api/users/update-profile', m.headers, {
      email: 'gone@codiroom.test',
      name: '재설정',
    });
    expect(r.status).toBe(200);
  });

  it('two members racing for one e-mail: one wins, the other gets 409', async () => {
    const [m1, m2] = await Promise.all([createMember(t.ctx), createMember(t.ctx)]);
    const rs = await Promise.all(
      [m1, m2].map((m) =>
        call('PUT', '/api/users/update-profile', m.headers, { email: 'race@codiroom.test' }),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(rs.find((r) => r.status === 409)?.body).toEqual({ detail: 'DUPLICATE EMAIL' });
  });

  it('keeps the size profile in step with height and weight', async () => {
    const m = await createMember(t.ctx, { height: 170, weight: 65 });
    await call('POST', '/api/users/user-size-info', m.headers, { sizes: { TOP: 'M' } });
    await call('PUT', '/api/users/update-profile', m.headers, { height: 175 });
    const r = await get('/api/users/user-size-info', m.headers);
    expect(r.body).toMatchObject({ height: 175, weight: 65, sizes: { TOP: 'M' } });
  });
});

// ───────────────────────────── size info and photos ─────────────────────────────

describe('user-size-info', () => {
  it('GET falls back to the profile, POST upserts and merges sizes (null removes a key)', async () => {
    const m = await createMember(t.ctx, { height: 178, weight: 74 });
    let r = await get('/api/users/user-size-info', m.headers);
    expect(r).toEqual({
      status: 200,
      body: { height: 178, weight: 74, sizes: {}, fit_preference: null, updated_at: null },
    });

    r = await call('POST', '/api/users/user-size-info', m.headers, {
      height: 180,
      weight: 75,
      sizes: { TOP: 'L', BOTTOM: '32', SHOES: '270' },
      fit_preference: 'slim',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      height: 180,
      weight: 75,
      sizes: { TOP: 'L', BOTTOM: '32', SHOES: '270' },
      fit_preference: 'slim',
      updated_at: NOW.toISOString(),
    });
    r = await call('POST', '/api/users/user-size-info', m.headers, {
      sizes: { TOP: 'XL', SHOES: null, OUTER: 'L' },
    });
    // An absent preference keeps the saved one; null clears it.
    expect(r.body).toMatchObject({
      height: 180,
      weight: 75,
      sizes: { TOP: 'XL', BOTTOM: '32', OUTER: 'L' },
      fit_preference: 'slim',
    });
    r = await call('POST', '/api/users/user-size-info', m.headers, { fit_preference: null });
    expect(r.body).toMatchObject({ fit_preference: null });
    const rows = await t.ctx.db.select().from(userSizeInfo).where(eq(userSizeInfo.user_id, m.user.id));
    expect(rows).toHaveLength(1);
    // the profile follows
    expect((await get('/api/users/user-detail', m.headers)).body).toMatchObject({ height: 180, weight: 75 });
  });

  it.each([
    [{ height: 300 }, 'body.height'],
    [{ weight: 10 }, 'body.weight'],
    [{ sizes: { top: 'L' } }, 'body.sizes'],
    [{ sizes: { TOP: '' } }, 'body.sizes.TOP'],
    [{ sizes: 'L' }, 'body.sizes'],
    [{ fit_preference: 'baggy' }, 'body.fit_preference'],
  ])('400 for %j naming %s', async (payload, field) => {
    const m = await createMember(t.ctx);
    const r = await call('POST', '/api/users/user-size-info', m.headers, payload);
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(field);
  });
});

describe('GET photos', () => {
  it("lists the member's own and style-quiz photos, newest first", async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    await t.ctx.db.insert(userPhotos).values([
      { user_id: m.user.id, photo_type: 'FACE', image_url: '/u/face.jpg', created_at: daysAgo(NOW, 3) },
      { user_id: other.user.id, photo_type: 'FACE', image_url: '/u/other.jpg' },
    ]);
    await t.ctx.db.insert(styleQuizPhotos).values({
      user_id: m.user.id,
      photo_type: 'BODY',
      image_url: '/q/body.jpg',
      created_at: daysAgo(NOW, 1),
    });
    const r = await get('/api/users/photos', m.headers);
    expect(r.status).toBe(200);
    expect(
      r.body.result.map((p: { image_url: string; source: string; photo_type: string }) => [
        p.image_url,
        p.source,
        p.photo_type,
      ]),
    ).toEqual([
      ['/q/body.jpg', 'STYLE_QUIZ', 'BODY'],
      ['/u/face.jpg', 'USER', 'FACE'],
    ]);
  });
});

// ───────────────────────────── shipping addresses ─────────────────────────────

describe('shipping addresses', () => {
  const list = async (h: Headers) =>
    (await get('/api/users/get-user-shipping-info', h)).body.result as {
      id: number;
      name: string;
      is_default: boolean;
    }[];
  const post = (h: Headers, over: Record<string, unknown> = {}) =>
    call('POST', '/api/users/post-user-shipping-info', h, addr(over));

  it('the first address becomes the default; the list is default first, then newest', async () => {
    const m = await createMember(t.ctx);
    const first = await post(m.headers, { name: '집', is_default: false });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: '집',
      recipient: '김코디',
      phone: '01012345678',
      zipcode: '06236',
      detail_address: '101호',
      request: '문 앞에 놓아주세요',
      is_default: true,
    });
    const second = await post(m.headers, { name: '회사' });
    expect(second.body.is_default).toBe(false);
    const third = await post(m.headers, { name: '본가' });
    expect((await list(m.headers)).map((a) => a.name)).toEqual(['집', '본가', '회사']);
    expect((await get(`/api/users/get-user-shipping-info/${third.body.id}`, m.headers)).body).toMatchObject({
      id: third.body.id,
      name: '본가',
      is_default: false,
    });
  });

  it('a new default unsets the old one (POST and PUT)', async () => {
    const m = await createMember(t.ctx);
    const a = await post(m.headers, { name: 'A' });
    const b = await post(m.headers, { name: 'B', is_default: true });
    expect(b.body.is_default).toBe(true);
    let rows = await list(m.headers);
    expect(rows.filter((x) => x.is_default).map((x) => x.name)).toEqual(['B']);
    const put = await call('PUT', '/api/users/put-user-shipping-info', m.headers, {
      id: a.body.id,
      is_default: true,
    });
    expect(put.status).toBe(200);
    expect(put.body.is_default).toBe(true);
    rows = await list(m.headers);
    expect(rows.filter((x) => x.is_default).map((x) => x.name)).toEqual(['A']);
    expect(rows[0]?.name).toBe('A');
  });

  it('PUT changes only the fields sent', async () => {
    const m = await createMember(t.ctx);
    const a = await post(m.headers);
    const r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, {
      id: a.body.id,
      recipient: '박코디',
      phone: '02-123-4567',
      request: null,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: a.body.id,
      name: '집',
      recipient: '박코디',
      phone: '021234567',
      request: null,
      zipcode: '06236',
      is_default: true,
    });
  });

  it('un-defaulting the default hands it to the newest other; the only address stays the default', async () => {
    const m = await createMember(t.ctx);
    const only = await post(m.headers, { name: 'only' });
    let r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, {
      id: only.body.id,
      is_default: false,
    });
    expect(r.body.is_default).toBe(true);
    await post(m.headers, { name: 'older' });
    await post(m.headers, { name: 'newest' });
    r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, {
      id: only.body.id,
      is_default: false,
    });
    expect(r.body.is_default).toBe(false);
    expect((await list(m.headers)).filter((x) => x.is_default).map((x) => x.name)).toEqual(['newest']);
  });

  it('deleting the default promotes the most recent other; deleting another keeps the default', async () => {
    const m = await createMember(t.ctx);
    const def = await post(m.headers, { name: 'default' });
    const older = await post(m.headers, { name: 'older' });
    await post(m.headers, { name: 'newer' });
    let r = await call('DELETE', `/api/users/delete-user-shipping-info/${older.body.id}`, m.headers);
    expect(r).toEqual({ status: 200, body: { result: 'ok' } });
    expect((await list(m.headers)).map((x) => [x.name, x.is_default])).toEqual([
      ['default', true],
      ['newer', false],
    ]);
    r = await call('DELETE', `/api/users/delete-user-shipping-info/${def.body.id}`, m.headers);
    expect(r.status).toBe(200);
    expect((await list(m.headers)).map((x) => [x.name, x.is_default])).toEqual([['newer', true]]);
    const last = (await list(m.headers))[0];
    await call('DELETE', `/api/users/delete-user-shipping-info/${last?.id}`, m.headers);
    expect(await list(m.headers)).toEqual([]);
    // and the next address is the default again
    expect((await post(m.headers)).body.is_default).toBe(true);
  });

  it(`allows at most ${MAX_ADDRESSES} addresses`, async () => {
    const m = await createMember(t.ctx);
    for (let i = 0; i < MAX_ADDRESSES; i++)
      expect((await post(m.headers, { name: `주소${i}` })).status).toBe(201);
    const r = await post(m.headers, { name: 'one too many' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(String(MAX_ADDRESSES));
    expect(await list(m.headers)).toHaveLength(MAX_ADDRESSES);
  });

  it('concurrent first addresses still leave exactly one default', async () => {
    const m = await createMember(t.ctx);
    const rs = await Promise.all([1, 2, 3, 4].map((i) => post(m.headers, { name: `동시${i}` })));
    expect(rs.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect((await list(m.headers)).filter((x) => x.is_default)).toHaveLength(1);
  });

  it.each([
    [{ zipcode: '1234' }, 'body.zipcode'],
    [{ zipcode: '123456' }, 'body.zipcode'],
    [{ zipcode: 'abcde' }, 'body.zipcode'],
    [{ phone: '12345' }, 'body.phone'],
    [{ recipient: undefined }, 'body.recipient'],
    [{ name: '' }, 'body.name'],
    [{ main_address: '   ' }, 'body.main_address'],
    [{ is_default: 'yes' }, 'body.is_default'],
    [{ name: 'x'.repeat(51) }, 'body.name'],
  ])('POST 400 for %j naming %s', async (over, field) => {
    const m = await createMember(t.ctx);
    const r = await post(m.headers, over);
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(field);
  });

  it('PUT 400 without an id or with a bad field; 404 for an unknown id', async () => {
    const m = await createMember(t.ctx);
    const a = await post(m.headers);
    let r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, { recipient: '박' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('body.id');
    r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, { id: a.body.id, zipcode: '1' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('body.zipcode');
    r = await call('PUT', '/api/users/put-user-shipping-info', m.headers, {
      id: 99_999_999,
      recipient: '박',
    });
    expect(r).toEqual({ status: 404, body: { detail: '배송지를 찾을 수 없습니다.' } });
  });

  it('404 for unknown and non-numeric ids on GET and DELETE', async () => {
    const m = await createMember(t.ctx);
    for (const id of ['99999999', 'abc']) {
      expect((await get(`/api/users/get-user-shipping-info/${id}`, m.headers)).status).toBe(404);
      expect((await call('DELETE', `/api/users/delete-user-shipping-info/${id}`, m.headers)).status).toBe(
        404,
      );
    }
  });
});

// ───────────────────────────── alarm flags ─────────────────────────────

describe('notification-permissions and app-alarm', () => {
  it('GET answers the three flags; POST changes only those sent', async () => {
    const m = await createMember(t.ctx, { is_benefit_alert: true });
    const off = {
      is_app_alert: false,
      is_benefit_alert: true,
      is_nighttime_alert: false,
      marketing_agreed_at: null,
    };
    expect(await get('/api/users/notification-permissions', m.headers)).toEqual({ status: 200, body: off });
    expect(await get('/api/users/app-alarm', m.headers)).toEqual({ status: 200, body: off });
    const r = await call('POST', '/api/users/notification-permissions', m.headers, {
      is_app_alert: true,
      is_nighttime_alert: true,
    });
    const on = {
      is_app_alert: true,
      is_benefit_alert: true,
      is_nighttime_alert: true,
      marketing_agreed_at: null,
    };
    expect(r).toEqual({ status: 200, body: on });
    expect((await get('/api/users/app-alarm', m.headers)).body).toEqual(on);
    expect((await call('POST', '/api/users/notification-permissions', m.headers, {})).body).toEqual(on);
  });

  it('400 naming the field for a non-boolean', async () => {
    const m = await createMember(t.ctx);
    const r = await call('POST', '/api/users/notification-permissions', m.headers, { is_app_alert: 'yes' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('body.is_app_alert');
  });
});

// ───────────────────────────── referral codes ─────────────────────────────

describe('referral codes', () => {
  it('creates the code lazily (8 unambiguous characters) and keeps it', async () => {
    const m = await createMember(t.ctx);
    const r = await get('/api/users/referral-code', m.headers);
    expect(r.status).toBe(200);
    const code = r.body.referral_code as string;
    expect(code).toHaveLength(8);
    for (const ch of code) expect(REFERRAL_CODE_ALPHABET).toContain(ch);
    expect(code).not.toMatch(/[01OIL]/);
    expect((await get('/api/users/referral-code', m.headers)).body.referral_code).toBe(code);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.referral_code).toBe(code);
  });

  it('concurrent first calls agree on one code', async () => {
    const m = await createMember(t.ctx);
    const rs = await Promise.all([1, 2, 3].map(() => get('/api/users/referral-code', m.headers)));
    expect(new Set(rs.map((r) => r.body.referral_code)).size).toBe(1);
  });

  it("retries when a generated code is already someone else's", async () => {
    await createMember(t.ctx, { referral_code: 'TAKENAAA' });
    const m = await createMember(t.ctx);
    const codes = ['TAKENAAA', 'FRESHBBB'];
    const code = await referralCode(t.ctx, m.user.id, () => codes.shift() ?? 'UNUSEDCC');
    expect(code).toBe('FRESHBBB');
  });

  it('verify-referral-code answers only {valid}', async () => {
    const owner = await createMember(t.ctx, { referral_code: 'KIMCODI9' });
    await createMember(t.ctx, { referral_code: 'GONEUSER', is_active: false });
    const v = async (code: string) =>
      get(`/api/users/verify-referral-code?referral_code=${encodeURIComponent(code)}`);
    expect(await v('KIMCODI9')).toEqual({ status: 200, body: { valid: true } });
    expect(await v(' kimcodi9 ')).toEqual({ status: 200, body: { valid: true } });
    expect(await v('NOPENOPE')).toEqual({ status: 200, body: { valid: false } });
    expect(await v('GONEUSER')).toEqual({ status: 200, body: { valid: false } });
    expect(await v('!!')).toEqual({ status: 200, body: { valid: false } });
    expect(JSON.stringify((await v('KIMCODI9')).body)).not.toContain(String(owner.user.id));
    const missing = await get('/api/users/verify-referral-code');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('querystring.referral_code');
  });

  it('limits checks per client address and minute', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        url: '/api/users/verify-referral-code?referral_code=ABCDEFGH',
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

// ───────────────────────────── SES selection, variants ─────────────────────────────

describe('ses-selected', () => {
  it('stores and reads a JSON selection', async () => {
    const m = await createMember(t.ctx);
    expect(await get('/api/users/ses-selected', m.headers)).toEqual({
      status: 200,
      body: { ses_selected: null },
    });
    const value = { top: ['L', 'XL'], bottom: 32, fit: 'regular', nested: { a: [1, { b: null }] } };
    expect(await call('POST', '/api/users/ses-selected', m.headers, { ses_selected: value })).toEqual({
      status: 200,
      body: { ses_selected: value },
    });
    expect((await get('/api/users/ses-selected', m.headers)).body).toEqual({ ses_selected: value });
    await call('POST', '/api/users/ses-selected', m.headers, { ses_selected: null });
    expect((await get('/api/users/ses-selected', m.headers)).body).toEqual({ ses_selected: null });
  });

  it('400 without ses_selected, with other fields or when too large', async () => {
    const m = await createMember(t.ctx);
    for (const body of [{}, { selection: 1 }, { ses_selected: 'x'.repeat(9000) }]) {
      const r = await call('POST', '/api/users/ses-selected', m.headers, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body.detail).toContain('body');
    }
  });
});

describe('GET user-variants', () => {
  it("members by their uuid's digit count (SPEC.md §4)", async () => {
    const m = await createMember(t.ctx);
    const r = await get('/api/users/user-variants', m.headers);
    expect(r).toEqual({ status: 200, body: { ...abGroups(m.user.uuid), basis: 'user' } });
  });

  it('guests by the same rule over the guest id, stable across calls', async () => {
    const g1 = guestIdOf(t.ctx, 'variants-1');
    const r1 = await get('/api/users/user-variants', guest(g1));
    expect(r1.body).toEqual({ ...abGroups(g1), basis: 'guest' });
    expect((await get('/api/users/user-variants', guest(g1))).body).toEqual(r1.body);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const id = guestIdOf(t.ctx);
      seen.add((await get('/api/users/user-variants', guest(id))).body.abType);
    }
    expect(seen).toEqual(new Set(['A', 'B']));
  });
});

// ───────────────────────────── withdrawal ─────────────────────────────

describe('POST stop', () => {
  it('deactivates, revokes refresh tokens, anonymises, deletes personal rows and keeps orders', async () => {
    const display = await insertProductDisplay(t.ctx);
    const [item] = await t.ctx.db
      .insert(productItems)
      .values({
        product_display_id: display.id,
        product_id: display.product_id,
        size_name: 'L',
        color_name: '화이트',
        stock: 5,
        sku: `member-stop-${display.id}`,
      })
      .returning();
    const m = await createMember(t.ctx, {
      phone: '01098765432',
      email: 'leaving@codiroom.test',
      name: '떠나는회원',
      age: 40,
      height: 175,
      referral_code: 'LEAVEME2',
      is_app_alert: true,
      ses_selected: { a: 1 },
    });
    const uid = m.user.id;
    await call('POST', '/api/users/post-user-shipping-info', m.headers, addr());
    await call('POST', '/api/users/user-size-info', m.headers, { sizes: { TOP: 'L' } });
    await t.ctx.db.insert(userPhotos).values({ user_id: uid, photo_type: 'FACE', image_url: '/u/f.jpg' });
    await t.ctx.db
      .insert(styleQuizPhotos)
      .values({ user_id: uid, photo_type: 'BODY', image_url: '/q/b.jpg' });
    const [quiz] = await t.ctx.db.insert(styleQuizzes).values({ user_id: uid, answers: {} }).returning();
    await t.ctx.db.insert(curations).values({ user_id: uid, style_quiz_id: quiz?.id, status: 'DONE' });
    await t.ctx.db.insert(likes).values({ user_id: uid, like_type: 'PRODUCT', like_id: display.id });
    const [cart] = await t.ctx.db.insert(carts).values({ user_id: uid }).returning();
    await t.ctx.db.insert(cartLines).values({
      cart_id: cart?.id ?? 0,
      product_item_id: item?.id ?? 0,
      product_display_id: display.id,
      quantity: 1,
    });
    await t.ctx.db
      .insert(socialIdentities)
      .values({ user_id: uid, social_type: 'KAKAO', social_id: `k-${uid}` });
    const family = crypto.randomUUID();
    await t.ctx.db.insert(refreshTokens).values([
      { user_id: uid, jti: crypto.randomUUID(), family_id: family, expires_at: daysAgo(NOW, -30) },
      { user_id: uid, jti: crypto.randomUUID(), family_id: family, expires_at: daysAgo(NOW, -30) },
      {
        user_id: uid,
        jti: crypto.randomUUID(),
        family_id: family,
        expires_at: daysAgo(NOW, -30),
        revoked_at: daysAgo(NOW, 1),
      },
    ]);
    const [order] = await t.ctx.db
      .insert(orders)
      .values({
        order_no: `ORDER-${uid}-stop`,
        user_id: uid,
        status: 'PAID',
        order_name: '셔츠',
        total_price: 59_000,
        amount: 49_000,
        recipient: '떠나는회원',
        expires_at: NOW,
      })
      .returning();
    await t.ctx.db.insert(pointLedger).values({ user_id: uid, amount: 500, reason: 'X', balance_after: 500 });

    const r = await call('POST', '/api/users/stop', m.headers, { reason: '자주 사용하지 않아요' });
    expect(r).toEqual({ status: 200, body: { result: 'ok' } });

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(row).toMatchObject({
      is_active: false,
      stopped_at: NOW,
      name: WITHDRAWN_USER_NAME,
      email: null,
      phone: null,
      password_hash: null,
      age: null,
      height: null,
      referral_code: null,
      ses_selected: null,
      is_app_alert: false,
      stopped_phone_hash: stoppedPhoneHash(t.ctx.config, '01098765432'),
    });
    expect(row?.stopped_phone_hash).toMatch(/^[0-9a-f]{64}$/);
    const tokens = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.user_id, uid));
    expect(tokens).toHaveLength(3);
    expect(tokens.every((x) => x.revoked_at !== null)).toBe(true);
    expect(tokens.filter((x) => x.revoked_at?.getTime() === NOW.getTime())).toHaveLength(2);

    for (const [name, table, col] of [
      ['addresses', addresses, addresses.user_id],
      ['user_size_info', userSizeInfo, userSizeInfo.user_id],
      ['user_photos', userPhotos, userPhotos.user_id],
      ['style_quiz_photos', styleQuizPhotos, styleQuizPhotos.user_id],
      ['style_quizzes', styleQuizzes, styleQuizzes.user_id],
      ['curations', curations, curations.user_id],
      ['likes', likes, likes.user_id],
      ['carts', carts, carts.user_id],
      ['social_identities', socialIdentities, socialIdentities.user_id],
    ] as const) {
      expect(await t.ctx.db.select().from(table).where(eq(col, uid)), name).toEqual([]);
    }
    expect(
      await t.ctx.db
        .select()
        .from(cartLines)
        .where(eq(cartLines.cart_id, cart?.id ?? 0)),
    ).toEqual([]);
    const [d] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, display.id));
    expect(d?.like_count).toBe(4); // 5 − the withdrawn member's like
    // orders and the point ledger stay
    expect(
      await t.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, order?.id ?? 0)),
    ).toHaveLength(1);
    expect(await t.ctx.db.select().from(pointLedger).where(eq(pointLedger.user_id, uid))).toHaveLength(1);
    const [log] = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.user_id, uid));
    expect(log).toMatchObject({
      kind: 'EVENT',
      name: 'user_stop',
      payload: { reason: '자주 사용하지 않아요' },
    });

    // the old access token is refused with the logout detail
    for (const url of ['/api/users/user-detail', '/api/users/get-user-shipping-info', '/api/users/status']) {
      expect(await get(url, m.headers)).toEqual({ status: 401, body: { detail: 'User is inactive' } });
    }
    expect((await call('POST', '/api/users/stop', m.headers)).status).toBe(401);
    // the public profile is gone, the referral code no longer verifies
    expect((await get(`/api/users/profile/${uid}`)).status).toBe(404);
    expect((await get('/api/users/verify-referral-code?referral_code=LEAVEME2')).body).toEqual({
      valid: false,
    });
    // the phone and e-mail are free again; sign-up can still tell the number withdrew
    const again = await createMember(t.ctx, { phone: '01098765432', email: 'leaving@codiroom.test' });
    expect(again.user.id).not.toBe(uid);
    expect(await findWithdrawalByPhone(t.ctx.db, t.ctx.config, '010-9876-5432')).toEqual({
      userId: uid,
      stoppedAt: NOW,
    });
    expect(await findWithdrawalByPhone(t.ctx.db, t.ctx.config, '01000000000')).toBeNull();
  });

  it('works without a body and without a phone', async () => {
    const m = await createMember(t.ctx, { phone: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/stop', headers: m.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ is_active: false, stopped_phone_hash: null });
  });

  it("runs the other owners' steps in order, in its one transaction: a failing step undoes it all", async () => {
    const ports = usersPorts(t.ctx);
    expect(ports.withdrawalSteps.map((s) => s.name)).toEqual([
      'curations.delete-member-data',
      'likes.delete-member-likes',
      'carts.delete-member-cart',
      'support.log-user-stop',
    ]);
    const display = await insertProductDisplay(t.ctx);
    const m = await createMember(t.ctx);
    await t.ctx.db.insert(likes).values({ user_id: m.user.id, like_type: 'PRODUCT', like_id: display.id });
    await t.ctx.db.insert(carts).values({ user_id: m.user.id });
    const failing = {
      name: 'test.fails',
      owner: 'test',
      run: async () => {
        throw new Error('step failed');
      },
    };
    wireUsersPorts(t.ctx, {
      ...ports,
      withdrawalSteps: [...ports.withdrawalSteps.slice(0, 3), failing, ...ports.withdrawalSteps.slice(3)],
    });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/stop', headers: m.headers });
      expect(res.statusCode).toBe(500);
    } finally {
      wireUsersPorts(t.ctx, ports);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.is_active).toBe(true);
    expect(await t.ctx.db.select().from(likes).where(eq(likes.user_id, m.user.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(carts).where(eq(carts.user_id, m.user.id))).toHaveLength(1);
    const [d] = await t.ctx.db.select().from(productDisplays).where(eq(productDisplays.id, display.id));
    expect(d?.like_count).toBe(5);
    const logs = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.user_id, m.user.id));
    expect(logs.filter((l) => l.name === 'user_stop')).toEqual([]);
  });

  it('400 for a too-long reason', async () => {
    const m = await createMember(t.ctx);
    const r = await call('POST', '/api/users/stop', m.headers, { reason: 'x'.repeat(501) });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('body.reason');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.is_active).toBe(true);
  });
});
