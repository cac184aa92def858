/**
 * Benefits API: issuing (single, multi, by type, serial, welcome, random event, weekend rule,
 * first-purchase aliases, auto-issue after the style quiz), concurrency (a limited coupon under 50
 * parallel downloads, one member's parallel downloads, one coupon on two orders at once), owned
 * coupon reads, the best combination and per-line options, product coupon prices, points and
 * missions.
 */
import { randomUUID } from 'node:crypto';
import { bestCouponAssignment, FIRST_PURCHASE_COUPON_LEGACY_IDS } from '@codiroom/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponPolicies,
  coupons,
  missionCompletions,
  missions,
  orders,
  productDisplays,
  productItems,
  styleQuizzes,
  timeSaleItems,
  timeSales,
  users,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { pointBalance } from '../src/domains/benefits/balance.ts';
import { reserveCoupon, restoreCoupon, ruleOf } from '../src/domains/benefits/coupons.ts';
import { autoIssueStyleQuizCoupons, SERIAL_ATTEMPT_LIMITS } from '../src/domains/benefits/issuing.ts';
import { earnPoints, refundPoints, spendPoints } from '../src/domains/benefits/points.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z'); // Friday 12:00 KST
type Display = { id: number; brand_id: number; category_id: number; price_discount: number; item: number };
let displays: Display[];

type Method = 'GET' | 'POST';
async function call(method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) {
  const r = await t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() };
}

let policySeq = 0;
async function policy(values: Partial<typeof couponPolicies.$inferInsert> = {}) {
  policySeq += 1;
  const [p] = await t.ctx.db
    .insert(couponPolicies)
    .values({
      name: `테스트 쿠폰 ${policySeq}`,
      coupon_type: 'EVENT',
      discount_kind: 'FIXED',
      discount_value: 1000,
      ...values,
    })
    .returning();
  if (!p) throw new Error('policy insert failed');
  return p;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 40 });
  const rows = await t.ctx.db
    .select({
      id: productDisplays.id,
      brand_id: productDisplays.brand_id,
      category_id: productDisplays.category_id,
      price_discount: productDisplays.price_discount,
      item: sql<number>`min(${productItems.id})::int`,
    })
    .from(productDisplays)
    .innerJoin(productItems, eq(productItems.product_display_id, productDisplays.id))
    .groupBy(productDisplays.id)
    .orderBy(productDisplays.id);
  displays = rows.map((r) => ({ ...r, item: Number(r.item) }));
  // Seeded policies are switched off so that each test sees only its own.
  await t.ctx.db.update(couponPolicies).set({ is_downloadable: false }).where(sql`true`);
  await t.ctx.db.update(productItems).set({ extra_price: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('token calls answer 401 without a token; guest calls take the guest header', async () => {
    for (const [m, u] of [
      ['GET', '/api/benefits/coupon-list'],
      ['GET', '/api/benefits/point-history'],
      ['POST', '/api/benefits/issue-coupon2'],
      ['GET', '/api/orders/best-coupon-combs?product_item_ids=1'],
    ] as const) {
      const r = await call(m, u);
      expect(r.status, u).toBe(401);
      expect(r.body.detail).toBe('Token Required');
    }
    const g = await call(
      'GET',
      '/api/benefits/can-download-coupon-list',
      guestHeader(t.ctx, 'guest-benefit-01'),
    );
    expect(g.status).toBe(200);
  });
});

describe('issuing', () => {
  it('issue-coupon2 issues once; a second request is refused with the detail', async () => {
    const p = await policy({ valid_days: 14 });
    const m = await createMember(t.ctx);
    const a = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.result).toBe('success');
    expect(a.body.coupon.coupon_policy_id).toBe(p.id);
    expect(a.body.coupon.status).toBe('USABLE');
    // 14 KST days counting the issue day: ends 2026-12-04 00:00 KST.
    expect(a.body.coupon.expires_at).toBe('2026-12-03T15:00:00.000Z');
    const b = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
    expect(b.status).toBe(400);
    expect(b.body.detail).toBe('이미 발급받은 쿠폰입니다.');
  });

  it('unknown, not downloadable, inactive and out-of-period policies are refused', async () => {
    const m = await createMember(t.ctx);
    expect(
      (await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: 999_999 })).status,
    ).toBe(404);
    const hidden = await policy({ is_downloadable: false });
    expect(
      (await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: hidden.id })).body
        .detail,
    ).toBe('다운로드할 수 없는 쿠폰입니다.');
    const later = await policy({ starts_at: new Date('2026-12-01T00:00:00Z') });
    expect(
      (await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: later.id })).body
        .detail,
    ).toBe('쿠폰 발급 기간이 아닙니다.');
    const bad = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/coupon_policy_id/);
  });

  it('per_user_limit above one allows that many', async () => {
    const p = await policy({ per_user_limit: 2 });
    const m = await createMember(t.ctx);
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id })).status,
      );
    expect(codes).toEqual([200, 200, 400]);
  });

  it('50 parallel downloads of a coupon limited to 10 issue exactly 10', async () => {
    const p = await policy({ total_limit: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(t.ctx)));
    const res = await Promise.all(
      members.map((m) =>
        call('POST', '/api/benefits/download-coupon', m.headers, { coupon_policy_id: p.id }),
      ),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = res.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.detail).toBe('선착순 쿠폰이 모두 소진되었습니다.');
    const [row] = await t.ctx.db.select().from(couponPolicies).where(eq(couponPolicies.id, p.id));
    expect(row?.issued_count).toBe(10);
    const [n] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(eq(coupons.coupon_policy_id, p.id));
    expect(Number(n?.n)).toBe(10);
  });

  it('20 parallel downloads by one member issue exactly one', async () => {
    const p = await policy();
    const m = await createMember(t.ctx);
    const res = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id }),
      ),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    const [n] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(and(eq(coupons.coupon_policy_id, p.id), eq(coupons.user_id, m.user.id)));
    expect(Number(n?.n)).toBe(1);
  });

  it('download-coupon by coupon_type takes the first open policy not held; none left → detail', async () => {
    const a = await policy({ coupon_type: 'MONTHLY_CODI_COUPON' });
    const b = await policy({ coupon_type: 'MONTHLY_CODI_COUPON' });
    const m = await createMember(t.ctx);
    const r1 = await call('POST', '/api/benefits/download-coupon', m.headers, {
      coupon_type: 'MONTHLY_CODI_COUPON',
    });
    const r2 = await call('POST', '/api/benefits/download-coupon', m.headers, {
      coupon_type: 'MONTHLY_CODI_COUPON',
    });
    expect([r1.body.coupon.coupon_policy_id, r2.body.coupon.coupon_policy_id]).toEqual([a.id, b.id]);
    const r3 = await call('POST', '/api/benefits/download-coupon', m.headers, {
      coupon_type: 'MONTHLY_CODI_COUPON',
    });
    expect(r3.status).toBe(400);
    expect(r3.body.detail).toBe('받을 수 있는 쿠폰이 없습니다.');
    const none = await call('POST', '/api/benefits/download-coupon', m.headers, {});
    expect(none.status).toBe(400);
  });

  it('download-coupons answers per policy; download-coupons-by-type takes every open one', async () => {
    const a = await policy({ coupon_type: 'PRODUCT' });
    const b = await policy({ coupon_type: 'PRODUCT', total_limit: 0 });
    const m = await createMember(t.ctx);
    const r = await call('POST', '/api/benefits/download-coupons', m.headers, {
      coupon_list: [a.id, b.id, 999_998],
    });
    expect(r.status).toBe(200);
    expect(r.body.issued_count).toBe(1);
    expect(r.body.result.map((x: { status: string }) => x.status)).toEqual(['success', 'error', 'error']);
    expect(r.body.result[1].detail).toBe('선착순 쿠폰이 모두 소진되었습니다.');
    const c = await policy({ coupon_type: 'BRAND' });
    const d = await policy({ coupon_type: 'BRAND' });
    const m2 = await createMember(t.ctx);
    const all = await call('POST', '/api/benefits/download-coupons-by-type', m2.headers, {
      coupon_type: 'BRAND',
    });
    expect(all.body.issued_count).toBe(2);
    expect(all.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id)).toEqual([
      c.id,
      d.id,
    ]);
  });

  it('issue-by-serial: a known serial (any case) issues; a failure answers result: error', async () => {
    await policy({ coupon_type: 'SERIAL', serial_code: 'HELLO2026', is_downloadable: false });
    const m = await createMember(t.ctx);
    const ok = await call('POST', '/api/benefits/issue-by-serial', m.headers, { serial: 'hello2026' });
    expect(ok.status).toBe(200);
    expect(ok.body.coupon.coupon_type).toBe('SERIAL');
    const again = await call('POST', '/api/benefits/issue-by-serial', m.headers, { serial: 'HELLO2026' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: '이미 발급받은 쿠폰입니다.', result: 'error' });
    const bad = await call('POST', '/api/benefits/issue-by-serial', m.headers, { serial: 'NOPE' });
    expect(bad.body).toEqual({ detail: '유효하지 않은 쿠폰 번호입니다.', result: 'error' });
  });

  it('issue-by-serial: attempts are limited per member and per address (429, Korean detail, Retry-After)', async () => {
    await policy({ coupon_type: 'SERIAL', serial_code: 'LIMIT2026', is_downloadable: false });
    const { member, address } = SERIAL_ATTEMPT_LIMITS;
    const attempt = (headers: Record<string, string>, serial: string, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/benefits/issue-by-serial',
        headers,
        payload: { serial },
        remoteAddress: from,
      });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createMember(t.ctx)));
    if (!a || !b || !c || !d) throw new Error('members');
    const home = '198.51.100.77';
    for (let i = 0; i < member.max; i++)
      expect((await attempt(a.headers, `WRONG${i}`, home)).statusCode).toBe(400);
    const refused = await attempt(a.headers, 'LIMIT2026', home);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: member.detail, result: 'error' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same address, other members: the address's own limit across members.
    for (const m of [b, c]) for (let i = 0; i < member.max; i++) await attempt(m.headers, `WRONG${i}`, home);
    expect(address.max).toBe(3 * member.max);
    expect((await attempt(d.headers, 'LIMIT2026', home)).statusCode).toBe(429);
    expect((await attempt(d.headers, 'LIMIT2026', '203.0.113.77')).statusCode).toBe(200);
    // The next window starts afresh.
    clock.advance(member.windowSeconds);
    expect((await attempt(a.headers, 'LIMIT2026', home)).statusCode).toBe(200);
  });

  it('issue-welcome-coupon issues the (not downloadable) welcome coupon once', async () => {
    const m = await createMember(t.ctx);
    const a = await call('POST', '/api/benefits/issue-welcome-coupon', m.headers);
    expect(a.status).toBe(200);
    expect(a.body.coupon.coupon_type).toBe('WELCOME');
    expect((await call('POST', '/api/benefits/issue-welcome-coupon', m.headers)).status).toBe(400);
  });

  it('first purchase: 1895 and 2241 both issue the 7% (max 10,000) coupon; not after a paid order', async () => {
    for (const id of FIRST_PURCHASE_COUPON_LEGACY_IDS) {
      const m = await createMember(t.ctx);
      const r = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.coupon).toMatchObject({
        coupon_type: 'FIRST_PURCHASE',
        discount_kind: 'PERCENT',
        discount_value: 7,
        max_discount: 10_000,
      });
    }
    const buyer = await createMember(t.ctx);
    await t.ctx.db.insert(orders).values({
      order_no: `benefit-order-${buyer.user.id}`,
      user_id: buyer.user.id,
      order_name: '테스트',
      total_price: 10_000,
      amount: 10_000,
      expires_at: clock.now(),
      paid_at: clock.now(),
    });
    const r = await call('POST', '/api/benefits/issue-coupon2', buyer.headers, { coupon_policy_id: 1895 });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('첫 구매 고객만 받을 수 있는 쿠폰입니다.');
  });

  it('the weekday random coupon only Mon–Thu KST, the weekend one only Fri–Sun KST', async () => {
    await policy({ coupon_type: 'EVENT', discount_value: 2000 });
    // Thursday 23:59 KST = Thursday 14:59Z
    const saved = clock.now();
    clock.advance((new Date('2026-11-19T14:59:00Z').getTime() - saved.getTime()) / 1000);
    try {
      // Signed in then (a token is not valid before it was issued).
      const m = await createMember(t.ctx);
      const status = await call('GET', '/api/benefits/event-random-coupon-status', m.headers);
      expect(status.body).toEqual({ week_part: 'WEEKDAY', date: '2026-11-19', can_draw: true });
      const thu = await call('POST', '/api/benefits/event-random-coupon-weekend', m.headers);
      expect(thu.status).toBe(400);
      expect(thu.body.detail).toBe('주말(금~일)에만 받을 수 있는 쿠폰입니다.');
      const weekday = await call('POST', '/api/benefits/event-random-coupon', m.headers);
      expect(weekday.status).toBe(200);
      expect(weekday.body.coupon.coupon_type).toBe('EVENT');
      clock.advance(60); // Friday 00:00 KST
      expect((await call('GET', '/api/benefits/event-random-coupon-status', m.headers)).body).toMatchObject({
        week_part: 'WEEKEND',
        date: '2026-11-20',
      });
      const friWeekday = await call('POST', '/api/benefits/event-random-coupon', m.headers);
      expect(friWeekday.status).toBe(400);
      expect(friWeekday.body.detail).toBe('평일(월~목)에만 받을 수 있는 쿠폰입니다.');
      const fri = await call('POST', '/api/benefits/event-random-coupon-weekend', m.headers);
      expect(fri.status, JSON.stringify(fri.body)).toBe(200);
      expect(fri.body.coupon.coupon_type).toBe('EVENT_WEEKEND');
      // Sunday 23:59 KST is still the weekend; Monday 00:00 KST the weekday draw again.
      clock.advance((new Date('2026-11-22T14:59:00Z').getTime() - clock.now().getTime()) / 1000);
      const sun = await createMember(t.ctx);
      expect((await call('POST', '/api/benefits/event-random-coupon', sun.headers)).status).toBe(400);
      clock.advance(60);
      const mon = await call('GET', '/api/benefits/event-random-coupon-status', sun.headers);
      expect(mon.body.week_part).toBe('WEEKDAY');
    } finally {
      clock.advance((saved.getTime() - clock.now().getTime()) / 1000);
    }
  });

  it('each random call has its own pool: EVENT on the weekday call, EVENT_WEEKEND only on the weekend call', async () => {
    // Friday 12:00 KST (the suite clock). The seed's weekend policy is in the weekend pool too.
    const weekend = await policy({
      coupon_type: 'EVENT_WEEKEND',
      discount_value: 2500,
      is_downloadable: false,
    });
    const m = await createMember(t.ctx);
    const held = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const r = await call('POST', '/api/benefits/event-random-coupon-weekend', m.headers);
      if (r.status !== 200) {
        expect(r.status).toBe(400);
        break;
      }
      expect(r.body.coupon.coupon_type).toBe('EVENT_WEEKEND');
      held.add(r.body.coupon.coupon_policy_id);
    }
    expect(held.has(weekend.id)).toBe(true);
    expect((await call('GET', '/api/benefits/event-random-coupon-status', m.headers)).body.can_draw).toBe(
      false,
    );
    // Not downloadable any other way: download-coupon refuses the weekend policy.
    const other = await createMember(t.ctx);
    const dl = await call('POST', '/api/benefits/download-coupon', other.headers, {
      coupon_policy_id: weekend.id,
    });
    expect(dl.status).toBe(400);
    // Wednesday 12:00 KST: the weekday draw gives EVENT coupons only.
    const saved = clock.now();
    clock.advance((new Date('2026-11-25T03:00:00Z').getTime() - saved.getTime()) / 1000);
    try {
      const w = await createMember(t.ctx);
      const seen = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const r = await call('POST', '/api/benefits/event-random-coupon', w.headers);
        if (r.status !== 200) break; // every EVENT policy held
        seen.add(r.body.coupon.coupon_type);
      }
      expect([...seen]).toEqual(['EVENT']);
    } finally {
      clock.advance((saved.getTime() - clock.now().getTime()) / 1000);
    }
  });

  it('auto-issue after the style quiz: CODI always, PROMOTION only before 2025-03-17 KST', async () => {
    const promo = await policy({ coupon_type: 'PROMOTION', is_downloadable: false });
    const codiIds = [1865, 1866, 1867];
    const m = await createMember(t.ctx);
    expect((await autoIssueStyleQuizCoupons(t.ctx, m.user.id)).issued).toEqual([]); // no quiz yet
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    const after = await autoIssueStyleQuizCoupons(t.ctx, m.user.id);
    expect(after.issued).toEqual(expect.arrayContaining(codiIds));
    expect(after.issued).not.toContain(promo.id);
    expect((await autoIssueStyleQuizCoupons(t.ctx, m.user.id)).issued).toEqual([]); // idempotent

    const early = await createTestApp({ clock: mutableClock('2025-03-16T14:59:00Z'), database: undefined });
    try {
      const [p] = await early.ctx.db
        .insert(couponPolicies)
        .values([
          { name: '프로모션', coupon_type: 'PROMOTION', discount_kind: 'FIXED', discount_value: 1000 },
          { name: '코디', coupon_type: 'CODI', discount_kind: 'FIXED', discount_value: 1000 },
        ])
        .returning();
      const [u] = await early.ctx.db
        .insert(users)
        .values({ phone: '01099990001', name: '퀴즈', stylequiz: true })
        .returning();
      const r = await autoIssueStyleQuizCoupons(early.ctx, u?.id as number);
      expect(r.issued).toHaveLength(2);
      expect(r.issued).toContain(p?.id);
      // At 2025-03-17 00:00 KST the promotion one is no longer issued.
      const late = { ...early.ctx, clock: mutableClock('2025-03-16T15:00:00Z') };
      const [u2] = await early.ctx.db
        .insert(users)
        .values({ phone: '01099990002', name: '퀴즈2', stylequiz: true })
        .returning();
      const r2 = await autoIssueStyleQuizCoupons(late, u2?.id as number);
      expect(r2.issued).toHaveLength(1);
      expect(r2.issued).not.toContain(p?.id);
    } finally {
      await early.close();
    }
  });
});

describe('owned coupons', () => {
  it('coupon-exists, has-coupon, owned-coupons, coupon-status, coupon-list, coupon-list-status', async () => {
    const m = await createMember(t.ctx);
    const empty = await call('GET', '/api/benefits/coupon-exists', m.headers);
    expect(empty.body).toEqual({ is_exists: false, count: 0 });
    const a = await policy({ coupon_type: 'CODI' });
    const b = await policy({ coupon_type: 'EVENT', valid_days: 3 });
    const c = await policy({ coupon_type: 'EVENT', total_limit: 1 });
    for (const p of [a, b])
      await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
    // One used coupon.
    const used = await policy();
    const u = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: used.id });
    await t.ctx.db
      .update(coupons)
      .set({ used_at: clock.now(), order_id: 1 })
      .where(eq(coupons.id, u.body.coupon.coupon_id));

    expect((await call('GET', '/api/benefits/coupon-exists', m.headers)).body).toEqual({
      is_exists: true,
      count: 2,
    });
    expect((await call('GET', '/api/benefits/has-coupon', m.headers)).body).toEqual({
      result: true,
      count: 2,
    });
    const codi = await call('GET', '/api/benefits/owned-coupons?coupon_type=CODI', m.headers);
    expect(codi.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id)).toEqual([a.id]);
    expect((await call('GET', '/api/benefits/owned-coupons?coupon_type=NOPE', m.headers)).status).toBe(400);
    const status = await call('GET', '/api/benefits/coupon-status', m.headers);
    expect(status.body).toEqual({
      usable_count: 2,
      expiring_soon_count: 1,
      used_count: 1,
      expired_count: 0,
      point: 0,
    });
    const box = await call('GET', '/api/benefits/coupon-list', m.headers);
    expect(box.body.usable).toHaveLength(2);
    expect(box.body.expired.map((x: { status: string }) => x.status)).toEqual(['USED']);
    const ls = await call('GET', `/api/benefits/coupon-list-status?coupon_ids=${a.id},${c.id}`, m.headers);
    expect(ls.body.result).toEqual([
      { coupon_policy_id: a.id, coupon_id: expect.any(Number), is_issued: true, is_exists: true },
      { coupon_policy_id: c.id, coupon_id: null, is_issued: false, is_exists: true },
    ]);
    expect((await call('GET', '/api/benefits/coupon-list-status?coupon_ids=a,b', m.headers)).status).toBe(
      400,
    );

    // Four days later the 3-day coupon has expired.
    clock.advance(4 * 86_400);
    try {
      const fresh = {
        authorization: `Bearer ${await t.ctx.tokens.signAccess(m.user.id, randomUUID(), clock.now())}`,
      };
      const later = await call('GET', '/api/benefits/coupon-list', fresh);
      expect(later.body.usable).toHaveLength(1);
      expect(later.body.expired.map((x: { status: string }) => x.status).sort()).toEqual(['EXPIRED', 'USED']);
    } finally {
      clock.advance(-4 * 86_400);
    }
  });
});

describe('offers and product prices', () => {
  it('product coupons, benefits (first-purchase price) and brand lists; guests see is_issued false', async () => {
    const d = displays[0] as Display;
    const brandCoupon = await policy({
      coupon_type: 'BRAND',
      scope: 'BRAND',
      scope_ids: [d.brand_id],
      discount_kind: 'PERCENT',
      discount_value: 10,
      max_discount: 3000,
    });
    const other = await policy({ coupon_type: 'BRAND', scope: 'BRAND', scope_ids: [d.brand_id + 1000] });
    const guestH = guestHeader(t.ctx, 'guest-benefit-02');
    const g = await call('GET', `/api/products/product-displays/${d.id}/coupons`, guestH);
    expect(g.status).toBe(200);
    const ids = g.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id);
    expect(ids).toContain(brandCoupon.id);
    expect(ids).not.toContain(other.id);
    const expectDiscount = Math.min(3000, Math.floor(d.price_discount / 10));
    // A guest's "첫 구매 시" price: the seeded first-purchase coupon (7 %, at most 10,000) sign-up gives.
    const firstPrice = d.price_discount - Math.min(10_000, Math.floor((d.price_discount * 7) / 100));
    expect(g.body.first_discount_price).toBe(firstPrice);
    // The brand coupon is the best offer on this product (10% capped at 3,000): the exact price.
    expect(g.body.result[0].coupon_policy_id).toBe(brandCoupon.id);
    expect(g.body.best_price).toBe(d.price_discount - expectDiscount);

    const ben = await call('GET', `/api/products/${d.id}/benefits`, guestH);
    expect(ben.status).toBe(200);
    expect(ben.body.first_discount_price).toBe(firstPrice);
    expect(ben.body.is_first_purchase).toBe(false);
    expect(ben.body.best_coupon_price).toBe(g.body.best_price);

    const m = await createMember(t.ctx);
    await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: brandCoupon.id });
    const mine = await call('GET', `/api/products/${d.id}/benefits`, m.headers);
    expect(mine.body.is_first_purchase).toBe(true);
    // A member without the first-purchase coupon (this one was inserted, not signed up) is promised none.
    expect(mine.body.first_discount_price).toBeNull();
    expect(
      mine.body.coupons.find((x: { coupon_policy_id: number }) => x.coupon_policy_id === brandCoupon.id)
        .is_issued,
    ).toBe(true);
    const dl = await call('POST', '/api/benefits/downloadable-coupons', m.headers, {
      product_display_id: d.id,
    });
    expect(dl.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id)).not.toContain(
      brandCoupon.id,
    );

    const all = await call('POST', '/api/benefits/downloadable-coupons', m.headers);
    expect(all.status).toBe(200);
    expect(all.body.result.every((x: { is_issued: boolean }) => !x.is_issued)).toBe(true);
    expect(all.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id)).toContain(other.id);

    const brand = await call(
      'GET',
      `/api/benefits/can-download-brand-coupon-list?brand_id=${d.brand_id}`,
      guestH,
    );
    expect(brand.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id)).toContain(
      brandCoupon.id,
    );
    expect((await call('GET', '/api/products/abc/benefits', guestH)).status).toBe(404);
    expect((await call('GET', '/api/products/999999/benefits', guestH)).body.detail).toBe('상품이 없습니다.');
  });

  it('time-sale products: excluded from coupons unless the policy allows them', async () => {
    const d = displays[1] as Display;
    const [ts] = await t.ctx.db
      .insert(timeSales)
      .values({
        title: '타임세일',
        starts_at: new Date('2026-11-19T00:00:00Z'),
        ends_at: new Date('2026-11-21T00:00:00Z'),
      })
      .returning();
    await t.ctx.db.insert(timeSaleItems).values({
      time_sale_id: ts?.id as number,
      product_display_id: d.id,
      sale_price: 9900,
      stock_limit: 10,
    });
    const no = await policy({ scope: 'PRODUCT_DISPLAY', scope_ids: [d.id], discount_value: 500 });
    const yes = await policy({
      scope: 'PRODUCT_DISPLAY',
      scope_ids: [d.id],
      discount_value: 700,
      allow_time_sale: true,
    });
    const r = await call(
      'GET',
      `/api/products/product-displays/${d.id}/coupons`,
      guestHeader(t.ctx, 'guest-benefit-03'),
    );
    const ids = r.body.result.map((x: { coupon_policy_id: number }) => x.coupon_policy_id);
    expect(ids).toContain(yes.id);
    expect(ids).not.toContain(no.id);
    expect(r.body.best_price).toBe(9900 - 700);
  });
});

describe('best combination and options', () => {
  it('a first-purchase coupon is refused at use once the member has a paid order', async () => {
    const d = displays[6] as Display;
    const m = await createMember(t.ctx);
    const got = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: 1895 });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const couponId = got.body.coupon.coupon_id as number;
    const q = `/api/orders/best-coupon-combs?product_item_ids=${d.item}&quantities=1`;
    const before = await call('GET', q, m.headers);
    const usedBefore = [...before.body.result.cart_coupon_ids, before.body.result.lines[0].coupon_id];
    expect(usedBefore).toContain(couponId);
    await t.ctx.db.insert(orders).values({
      order_no: `benefit-first-${m.user.id}`,
      user_id: m.user.id,
      order_name: '테스트',
      total_price: 10_000,
      amount: 10_000,
      expires_at: clock.now(),
      paid_at: clock.now(),
    });
    const after = await call('GET', q, m.headers);
    expect(after.status).toBe(200);
    expect([...after.body.result.cart_coupon_ids, after.body.result.lines[0].coupon_id]).not.toContain(
      couponId,
    );
    const opts = await call('GET', `/api/orders/products-with-coupons?product_item_ids=${d.item}`, m.headers);
    expect(JSON.stringify(opts.body)).not.toContain(`"coupon_id":${couponId},`);
    const chosen = got.body.coupon.is_cart_coupon
      ? { line_coupons: [], cart_coupon_ids: [couponId] }
      : { line_coupons: [{ product_item_id: d.item, coupon_id: couponId }], cart_coupon_ids: [] };
    const post = await call('POST', '/api/orders/post-coupon3', m.headers, {
      items: [{ product_item_id: d.item, quantity: 1 }],
      ...chosen,
    });
    expect(post.status).toBe(400);
  });

  it('quantities pair with ids: a repeated id is refused when quantities are given', async () => {
    const [d1, d2] = displays.slice(7, 9) as [Display, Display];
    const m = await createMember(t.ctx);
    const dup = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${d1.item},${d2.item},${d1.item}&quantities=1,2,3`,
      m.headers,
    );
    expect(dup.status).toBe(400);
    const dup2 = await call(
      'GET',
      `/api/orders/products-with-coupons?product_item_ids=${d1.item},${d1.item}&quantities=1,1`,
      m.headers,
    );
    expect(dup2.status).toBe(400);
    // Deduplicating first made "two ids, one quantity" look aligned: refused, not priced as one line.
    const hidden = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${d1.item},${d1.item}&quantities=2`,
      m.headers,
    );
    expect(hidden.status).toBe(400);
    expect(hidden.body.detail).toMatch(/duplicate product_item_ids/);
    // Without quantities a repeat is harmless (one line per id).
    const ok = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${d1.item},${d1.item}`,
      m.headers,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.result.lines).toHaveLength(1);
  });

  it("without quantities, prices each line at the member's cart quantity (1 when not in the cart)", async () => {
    const [d1, d2] = displays.slice(7, 9) as [Display, Display];
    const m = await createMember(t.ctx);
    await t.ctx.db
      .update(productItems)
      .set({ stock: 10, is_active: true })
      .where(eq(productItems.id, d1.item));
    const add = await call('POST', '/api/carts', m.headers, { product_item_id: d1.item, quantity: 2 });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const combs = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${d1.item},${d2.item}`,
      m.headers,
    );
    expect(combs.status).toBe(200);
    expect(combs.body.result.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 1]);
    const opts = await call(
      'GET',
      `/api/orders/products-with-coupons?product_item_ids=${d1.item}`,
      m.headers,
    );
    expect(opts.status).toBe(200);
    expect(opts.body.result[0].quantity).toBe(2);
  });

  it('best-coupon-combs equals the optimiser on the same data and uses each coupon once', async () => {
    const [d1, d2, d3] = displays.slice(2, 5) as [Display, Display, Display];
    const m = await createMember(t.ctx);
    const ps = [
      await policy({ discount_value: 3000 }),
      await policy({
        scope: 'PRODUCT_DISPLAY',
        scope_ids: [d1.id],
        discount_kind: 'PERCENT',
        discount_value: 20,
        max_discount: 8000,
      }),
      await policy({
        is_cart_coupon: true,
        discount_kind: 'PERCENT',
        discount_value: 10,
        max_discount: 5000,
      }),
      await policy({ is_cart_coupon: true, discount_value: 4000, min_order_amount: 10_000_000 }),
    ];
    for (const p of ps)
      await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
    const items = [d1.item, d2.item, d3.item];
    const r = await call(
      'GET',
      `/api/orders/best-coupon-combs?is_app=false&product_item_ids=${items.join(',')}&quantities=1,2,1`,
      m.headers,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const res = r.body.result;
    expect(res.lines.map((l: { product_item_id: number }) => l.product_item_id)).toEqual(items);
    expect(res.lines[1].quantity).toBe(2);
    const used = [
      ...res.lines.map((l: { coupon_id: number | null }) => l.coupon_id).filter(Boolean),
      ...res.cart_coupon_ids,
    ];
    expect(new Set(used).size).toBe(used.length);
    expect(res.total_amount).toBe(d1.price_discount + 2 * d2.price_discount + d3.price_discount);
    expect(res.payable_amount).toBe(res.total_amount - res.total_discount);
    // The same answer as the pure optimiser over the member's coupons.
    const owned = await t.ctx.db
      .select({ p: couponPolicies, c: coupons })
      .from(coupons)
      .innerJoin(couponPolicies, eq(couponPolicies.id, coupons.coupon_policy_id))
      .where(eq(coupons.user_id, m.user.id));
    const lines = [d1, d2, d3].map((d, i) => ({
      line_id: d.item,
      product_item_id: d.item,
      product_display_id: d.id,
      brand_id: d.brand_id,
      category_id: d.category_id,
      unit_price: d.price_discount,
      quantity: i === 1 ? 2 : 1,
    }));
    const want = bestCouponAssignment(
      lines,
      owned.map((o) => ruleOf(o.p, o.c)),
      clock.now(),
    );
    expect(res.total_discount).toBe(want.total_discount);
    expect(res.total_discount).toBeGreaterThan(0);

    const opts = await call(
      'GET',
      `/api/orders/products-with-coupons?is_app=true&product_item_ids=${items.join(',')}`,
      m.headers,
    );
    expect(opts.status).toBe(200);
    expect(opts.body.result).toHaveLength(3);
    const first = opts.body.result[0].coupons.map((c: { coupon_id: number }) => c.coupon_id);
    expect(first.length).toBe(2); // the order-wide 3,000 and the display's 20%
    expect(opts.body.result[1].coupons).toHaveLength(1);
    expect(opts.body.cart_coupons).toHaveLength(1); // the 10,000,000 minimum one is not applicable
  });

  it('post-coupon3 applies a chosen set and validates it again', async () => {
    const [d1, d2] = displays.slice(5, 7) as [Display, Display];
    const m = await createMember(t.ctx);
    const line = await policy({ discount_value: 2000 });
    const only1 = await policy({ scope: 'PRODUCT_DISPLAY', scope_ids: [d1.id], discount_value: 1500 });
    const cart = await policy({ is_cart_coupon: true, discount_value: 1000 });
    const ids: Record<number, number> = {};
    for (const p of [line, only1, cart]) {
      const r = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
      ids[p.id] = r.body.coupon.coupon_id;
    }
    const items = [
      { product_item_id: d1.item, quantity: 1 },
      { product_item_id: d2.item, quantity: 2 },
    ];
    const ok = await call('POST', '/api/orders/post-coupon3', m.headers, {
      items,
      line_coupons: [
        { product_item_id: d1.item, coupon_id: ids[only1.id] },
        { product_item_id: d2.item, coupon_id: ids[line.id] },
      ],
      cart_coupon_ids: [ids[cart.id]],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.total_discount).toBe(1500 + 2000 + 1000);
    expect(ok.body.result.payable_amount).toBe(d1.price_discount + 2 * d2.price_discount - 4500);
    // A display-scoped coupon on another product, a coupon twice, a cart coupon on a line: 400.
    const wrong = await call('POST', '/api/orders/post-coupon3', m.headers, {
      items,
      line_coupons: [{ product_item_id: d2.item, coupon_id: ids[only1.id] }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: '이 상품에 적용할 수 없는 쿠폰입니다.', coupon_id: ids[only1.id] });
    const twice = await call('POST', '/api/orders/post-coupon3', m.headers, {
      items,
      line_coupons: [
        { product_item_id: d1.item, coupon_id: ids[line.id] },
        { product_item_id: d2.item, coupon_id: ids[line.id] },
      ],
    });
    expect(twice.body.detail).toBe('쿠폰은 한 번만 사용할 수 있습니다.');
    const notMine = await call('POST', '/api/orders/post-coupon3', (await createMember(t.ctx)).headers, {
      items,
      cart_coupon_ids: [ids[cart.id]],
    });
    expect(notMine.body.detail).toBe('보유하지 않은 쿠폰입니다.');
    expect((await call('POST', '/api/orders/post-coupon3', m.headers, { items: [] })).status).toBe(400);
  });

  it('bad and unknown item lists are 4xx with a detail', async () => {
    const m = await createMember(t.ctx);
    const bad = await call('GET', '/api/orders/best-coupon-combs?product_item_ids=a,b', m.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/product_item_ids/);
    const unknown = await call('GET', '/api/orders/best-coupon-combs?product_item_ids=99999999', m.headers);
    expect(unknown.status).toBe(404);
    const mismatch = await call(
      'GET',
      `/api/orders/best-coupon-combs?product_item_ids=${displays[0]?.item}&quantities=1,2`,
      m.headers,
    );
    expect(mismatch.status).toBe(400);
  });
});

describe('using a coupon', () => {
  it('one coupon on two orders at once: exactly one wins; a cancel gives it back', async () => {
    const p = await policy();
    const m = await createMember(t.ctx);
    const issued = await call('POST', '/api/benefits/issue-coupon2', m.headers, { coupon_policy_id: p.id });
    const couponId = issued.body.coupon.coupon_id as number;
    const attempt = (orderId: number) =>
      t.ctx.db
        .transaction((tx) => reserveCoupon(tx, m.user.id, couponId, orderId, clock.now()))
        .then(
          () => 'ok',
          (e: { statusCode?: number }) => e.statusCode,
        );
    const results = await Promise.all([attempt(101), attempt(102), attempt(103), attempt(104)]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 409)).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect([101, 102, 103, 104]).toContain(row?.order_id);
    // Someone else's coupon cannot be used.
    const other = await createMember(t.ctx);
    await expect(
      t.ctx.db.transaction((tx) => reserveCoupon(tx, other.user.id, couponId, 9, clock.now())),
    ).rejects.toMatchObject({ statusCode: 409 });
    // Cancel: usable again.
    expect(
      await t.ctx.db.transaction((tx) => restoreCoupon(tx, m.user.id, couponId, row?.order_id as number)),
    ).toBe(true);
    const box = await call('GET', '/api/benefits/coupon-list', m.headers);
    expect(box.body.usable.map((c: { coupon_id: number }) => c.coupon_id)).toContain(couponId);
  });
});

describe('points', () => {
  it("the balance follows write (id) order, not the callers' clocks", async () => {
    const m = await createMember(t.ctx);
    const t0 = clock.now();
    await t.ctx.db.transaction((tx) => earnPoints(tx, { userId: m.user.id, amount: 1000, now: t0 }));
    // Two spends whose clocks were read out of order (the second read its clock first, then waited
    // for the member lock): both must count.
    const later = new Date(t0.getTime() + 60_000);
    const earlier = new Date(t0.getTime() + 30_000);
    await t.ctx.db.transaction((tx) =>
      spendPoints(tx, { userId: m.user.id, amount: 300, now: later, refId: 901 }),
    );
    await t.ctx.db.transaction((tx) =>
      spendPoints(tx, { userId: m.user.id, amount: 200, now: earlier, refId: 902 }),
    );
    expect(await pointBalance(t.ctx.db, m.user.id)).toBe(500);
    const h = await call('GET', '/api/benefits/point-history?page=1&page_size=10', m.headers);
    expect(h.body.point).toBe(500);
    expect(h.body.result.map((r: { amount: number }) => r.amount)).toEqual([-200, -300, 1000]);
    // A third spend sees 500, not 700.
    await expect(
      t.ctx.db.transaction((tx) =>
        spendPoints(tx, { userId: m.user.id, amount: 600, now: later, refId: 903 }),
      ),
    ).rejects.toThrow(/부족/);
  });

  it('earn, concurrent spends never below zero, refund at most what was spent, history paging', async () => {
    const m = await createMember(t.ctx);
    const now = clock.now();
    await t.ctx.db.transaction((tx) =>
      earnPoints(tx, { userId: m.user.id, amount: 1000, now, reason: 'EARN_PURCHASE' }),
    );
    const spends = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.ctx.db
          .transaction((tx) => spendPoints(tx, { userId: m.user.id, amount: 300, now, refId: 500 + i }))
          .then(
            () => 'ok',
            () => 'short',
          ),
      ),
    );
    expect(spends.filter((s) => s === 'ok')).toHaveLength(3);
    const h = await call('GET', '/api/benefits/point-history?page=1&page_size=2', m.headers);
    expect(h.status).toBe(200);
    expect(h.body.point).toBe(100);
    expect(h.body.total_count).toBe(4);
    expect(h.body.total_page).toBe(2);
    expect(h.body.result).toHaveLength(2);
    expect(h.body.result[0].amount).toBe(-300);
    expect(h.body.result[0].title).toBe('주문 결제 사용');
    const spentOrder = await t.ctx.db.transaction(async (tx) => {
      const rows = await tx.execute(
        sql`select ref_id from point_ledger where user_id = ${m.user.id} and reason = 'SPEND_ORDER' limit 1`,
      );
      return Number(
        (rows as unknown as { rows?: { ref_id: number }[] }).rows?.[0]?.ref_id ??
          (rows as unknown as { ref_id: number }[])[0]?.ref_id,
      );
    });
    await expect(
      t.ctx.db.transaction((tx) =>
        refundPoints(tx, { userId: m.user.id, amount: 301, now, refId: spentOrder }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    const after = await t.ctx.db.transaction((tx) =>
      refundPoints(tx, { userId: m.user.id, amount: 300, now, refId: spentOrder }),
    );
    expect(after).toBe(400);
    await expect(
      t.ctx.db.transaction((tx) => spendPoints(tx, { userId: m.user.id, amount: 0, now })),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('points expire after their validity period, first-to-expire first', async () => {
    const m = await createMember(t.ctx);
    const t0 = new Date('2025-01-01T00:00:00Z');
    const t1 = new Date('2025-06-01T00:00:00Z');
    await t.ctx.db.transaction((tx) => earnPoints(tx, { userId: m.user.id, amount: 500, now: t0 }));
    await t.ctx.db.transaction((tx) => earnPoints(tx, { userId: m.user.id, amount: 700, now: t1 }));
    // Spending 200 takes from the first (earlier-expiring) lot: 300 of it expires on 2026-01-01.
    await t.ctx.db.transaction((tx) =>
      spendPoints(tx, { userId: m.user.id, amount: 200, now: new Date('2025-07-01T00:00:00Z') }),
    );
    const h = await call('GET', '/api/benefits/point-history', m.headers); // now 2026-11-20: all expired
    expect(h.body.point).toBe(0);
    const expiry = h.body.result.filter((r: { reason: string }) => r.reason === 'EXPIRE');
    expect(expiry.map((r: { amount: number }) => r.amount)).toEqual([-1000]);
    const mid = await t.ctx.db.transaction((tx) =>
      earnPoints(tx, { userId: m.user.id, amount: 10, now: new Date('2026-11-21T00:00:00Z') }),
    );
    expect(mid).toBe(10);
  });

  it('receive-mission-point credits a completed mission once; unfinished and unknown missions are refused', async () => {
    const m = await createMember(t.ctx);
    const [mission] = await t.ctx.db.select().from(missions).where(eq(missions.code, 'FIRST_REVIEW'));
    const notDone = await call('POST', '/api/benefits/receive-mission-point', m.headers, {
      mission: 'FIRST_REVIEW',
    });
    expect(notDone.status).toBe(400);
    expect(notDone.body.detail).toBe('미션을 완료하지 않았습니다.');
    await t.ctx.db
      .insert(missionCompletions)
      .values({ user_id: m.user.id, mission_id: mission?.id as number });
    const results = await Promise.all([
      call('POST', '/api/benefits/receive-mission-point', m.headers, { mission: mission?.id }),
      call('POST', '/api/benefits/receive-mission-point', m.headers, { mission: 'FIRST_REVIEW' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const ok = results.find((r) => r.status === 200);
    expect(ok?.body).toEqual({ result: 'success', point: mission?.point, balance: mission?.point });
    expect(
      (await call('POST', '/api/benefits/receive-mission-point', m.headers, { mission: 'NOPE' })).status,
    ).toBe(404);
    // The style-quiz mission counts once the member has a quiz.
    await t.ctx.db.insert(styleQuizzes).values({ user_id: m.user.id, answers: {} });
    const quiz = await call('POST', '/api/benefits/receive-mission-point', m.headers, {
      mission: 'STYLE_QUIZ',
    });
    expect(quiz.status).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(missionCompletions)
      .where(
        and(
          eq(missionCompletions.user_id, m.user.id),
          inArray(missionCompletions.mission_id, [mission?.id as number]),
        ),
      );
    expect(rows[0]?.rewarded_at).not.toBeNull();
  });
});
