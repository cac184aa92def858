/**
 * The promotion page's coupon and terms (promotion-detail additions) and the brand page's banner
 * image: facts from the coupon policy, the terms written from them, the download through the
 * benefits calls, and the generated banner SVG.
 */
import { fixedClock, promotionTerms } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, couponPolicies, promotions } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(new Date(SEED_NOW.getTime() + 3_600_000)) });
  await seed(t.ctx.db, { products: 150, now: SEED_NOW });
});
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.includes('json') ? res.json() : res.body,
    res,
  };
}

async function promotionWithCoupon(title: string) {
  const [p] = await t.ctx.db.select().from(promotions).where(eq(promotions.title, title));
  if (!p?.coupon_policy_id) throw new Error(`seed has no coupon on ${title}`);
  const [policy] = await t.ctx.db
    .select()
    .from(couponPolicies)
    .where(eq(couponPolicies.id, p.coupon_policy_id));
  return { p, policy: policy as typeof couponPolicies.$inferSelect };
}

describe('promotion page: coupon and terms', () => {
  it("answers the promotion's coupon facts and the terms written from them", async () => {
    const { p, policy } = await promotionWithCoupon('가을 아우터 페스티벌');
    const { status, body } = await call('GET', `/api/contents/promotion-detail/${p.id}`);
    expect(status).toBe(200);
    const names = await t.ctx.db.select({ id: categories.id, name: categories.name }).from(categories);
    expect(body.coupon).toMatchObject({
      coupon_policy_id: policy.id,
      name: policy.name,
      discount_kind: 'PERCENT',
      discount_value: policy.discount_value,
      max_discount: policy.max_discount,
      min_order_amount: policy.min_order_amount,
      scope: 'CATEGORY',
      scope_names: policy.scope_ids.map((id) => names.find((n) => n.id === id)?.name),
      allow_time_sale: policy.allow_time_sale,
      is_downloadable: true,
      is_open: true,
    });
    expect(body.terms).toEqual(
      promotionTerms({
        starts_at: body.promotion.starts_at,
        ends_at: body.promotion.ends_at,
        coupon: body.coupon,
      }),
    );
    const text = (body.terms as string[]).join('\n');
    expect(text).toContain(`${(policy.min_order_amount as number).toLocaleString('ko-KR')}원 이상`);
    expect(text).toContain(`최대 ${(policy.max_discount as number).toLocaleString('ko-KR')}원`);
    expect(text).toContain('타임세일 중인 상품에는 쿠폰을 사용할 수 없어요.');
  });

  it('a promotion without a coupon answers coupon null and only the window and stock terms', async () => {
    const [p] = await t.ctx.db.select().from(promotions).where(eq(promotions.title, '브랜드 연합 프로모션'));
    const { body } = await call('GET', `/api/contents/promotion-detail/${p?.id}`);
    expect(body.coupon).toBeNull();
    expect(body.terms).toHaveLength(2);
    expect(body.terms[0]).toMatch(/^기획전 기간: \d{4}\.\d{2}\.\d{2} \d{2}:\d{2} ~ /);
  });

  it('an auto-issued coupon is shown, not offered for download', async () => {
    const { p } = await promotionWithCoupon('첫 구매 혜택');
    const { body } = await call('GET', `/api/contents/promotion-detail/${p.id}`);
    expect(body.coupon).toMatchObject({ is_downloadable: false, is_open: false });
    expect(body.terms).toContain('이 쿠폰은 직접 받는 쿠폰이 아니라 조건을 채우면 자동으로 지급돼요.');
  });

  it('the page downloads the coupon with download-coupon; the offer list then shows it issued', async () => {
    const { p, policy } = await promotionWithCoupon('가을 아우터 페스티벌');
    const m = await createMember(t.ctx);
    const offers = async () =>
      (await call('GET', '/api/benefits/can-download-coupon-list', m.headers)).body.result as {
        coupon_policy_id: number;
        is_issued: boolean;
      }[];
    expect((await offers()).find((o) => o.coupon_policy_id === policy.id)?.is_issued).toBe(false);
    const got = await call('POST', '/api/benefits/download-coupon', m.headers, {
      coupon_policy_id: policy.id,
    });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect((await offers()).find((o) => o.coupon_policy_id === policy.id)?.is_issued).toBe(true);
    const again = await call('POST', '/api/benefits/download-coupon', m.headers, {
      coupon_policy_id: policy.id,
    });
    expect(again.status).toBe(400);
    expect(typeof again.body.detail).toBe('string');
    // A sold-out coupon is no longer open on the page.
    await t.ctx.db.update(couponPolicies).set({ total_limit: 1 }).where(eq(couponPolicies.id, policy.id));
    const sold = await call('GET', `/api/contents/promotion-detail/${p.id}`);
    expect(sold.body.coupon.is_open).toBe(false);
    expect(sold.body.terms).toContain('선착순 1장 한정이며, 소진되면 받을 수 없어요.');
    await t.ctx.db.update(couponPolicies).set({ total_limit: null }).where(eq(couponPolicies.id, policy.id));
  });
});

describe('brand banner image', () => {
  it('is a deterministic SVG per brand, cached a day; an unknown slug is a 404 with a detail', async () => {
    const [b] = await t.ctx.db.select().from(brands).limit(1);
    const brand = b as typeof brands.$inferSelect;
    const contents = await call('GET', `/api/brands/${brand.id}/contents`);
    expect(contents.body.brand.banner_url).toBe(`/api/images/brand-banner/${brand.slug}.svg`);
    const one = await call('GET', contents.body.brand.banner_url);
    expect(one.status).toBe(200);
    expect(one.res.headers['content-type']).toContain('image/svg+xml');
    // The drawing code can change under one URL: a day, never immutable.
    expect(one.res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(one.body).toContain(brand.name_en.toUpperCase().split(' ')[0]);
    expect(one.body).toContain(brand.name);
    expect((await call('GET', contents.body.brand.banner_url)).body).toBe(one.body);
    const missing = await call('GET', '/api/images/brand-banner/no-such-brand.svg');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('브랜드가 존재하지 않습니다');
    expect((await call('GET', '/api/images/brand-banner/..%2Fetc.svg')).status).toBe(400);
  });
});
