/**
 * Content the back office edits for the shop: the women's landing submissions, listed for
 * operators (SPEC.md §6), and the card interest-free notice (SPEC.md §9 "Interest-free card
 * default minimum"), stored, edited by MDs and read by the product page and checkout.
 */
import {
  DEFAULT_INTEREST_FREE_NOTICE,
  FEMALE_LANDING_HISTORY_MAX,
  fixedClock,
  INTEREST_FREE_CARD_DEFAULT_MIN,
  interestFreeLine,
} from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDisplays } from '../src/db/schema.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
});
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

describe("the women's landing submissions in the back office", () => {
  it('lists every submission newest first, with who sent it, for operators only', async () => {
    const url = '/api/admin/contents/female-landing';
    expect((await call('GET', url)).status).toBe(401);
    const member = await createMember(t.ctx);
    expect((await call('GET', url, member.headers)).status).toBe(403);
    const cs = await operatorSession(t, ['CS']);
    expect((await call('GET', url, cs.headers)).status).toBe(403);
    const md = await operatorSession(t, ['MD']);
    expect((await call('GET', url, md.headers)).body).toEqual({ result: [] });

    const [p] = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(1);
    const first = { title: '여성 랜딩 1', subtitle: '봄', product_display_ids: p ? [p.id] : [] };
    expect((await call('POST', url, md.headers, first)).status).toBe(200);
    expect(
      (await call('POST', url, ADMIN_KEY_HEADERS, { title: '여성 랜딩 2', is_active: false })).status,
    ).toBe(200);
    // A refused submission is not listed.
    expect(
      (await call('POST', url, md.headers, { title: '잘못', product_display_ids: [999999] })).status,
    ).toBe(400);

    const list = await call('GET', url, md.headers);
    expect(list.status).toBe(200);
    expect(list.body.result).toHaveLength(2);
    expect(list.body.result[0]).toMatchObject({
      title: '여성 랜딩 2',
      is_active: false,
      operator_name: null,
    });
    expect(list.body.result[1]).toMatchObject({
      title: '여성 랜딩 1',
      subtitle: '봄',
      product_display_ids: first.product_display_ids,
      is_active: true,
      submitted_at: '2026-11-20T03:00:00.000Z',
    });
    expect(list.body.result[1].operator_name).toMatch(/^운영자/);
  });

  it(`keeps the latest ${FEMALE_LANDING_HISTORY_MAX}`, async () => {
    const url = '/api/admin/contents/female-landing';
    for (let i = 0; i < FEMALE_LANDING_HISTORY_MAX + 2; i++) {
      expect((await call('POST', url, ADMIN_KEY_HEADERS, { title: `랜딩 ${i}` })).status).toBe(200);
    }
    const list = await call('GET', url, ADMIN_KEY_HEADERS);
    expect(list.body.result).toHaveLength(FEMALE_LANDING_HISTORY_MAX);
    expect(list.body.result[0].title).toBe(`랜딩 ${FEMALE_LANDING_HISTORY_MAX + 1}`);
  });
});

describe('the card interest-free notice', () => {
  it('answers SPEC.md’s default (50,000원) before an operator edits it', async () => {
    const r = await call('GET', '/api/contents/interest-free-notice');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...DEFAULT_INTEREST_FREE_NOTICE, updated_at: null });
    expect(r.body.min_amount).toBe(INTEREST_FREE_CARD_DEFAULT_MIN);
  });

  it('is edited by MDs only, validated, and read back by the shop', async () => {
    const url = '/api/admin/contents/interest-free-notice';
    const body = { text: '최대 5개월 무이자 (카드사별 상이)', min_amount: 70_000, is_active: true };
    expect((await call('PUT', url, {}, body)).status).toBe(401);
    const member = await createMember(t.ctx);
    expect((await call('PUT', url, member.headers, body)).status).toBe(403);
    const cs = await operatorSession(t, ['CS']);
    expect((await call('PUT', url, cs.headers, body)).status).toBe(403);
    const md = await operatorSession(t, ['MD']);
    for (const bad of [
      { ...body, text: '' },
      { ...body, min_amount: -1 },
      { ...body, min_amount: 1.5 },
      { text: body.text },
    ]) {
      const r = await call('PUT', url, md.headers, bad);
      expect(r.status).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
    const saved = await call('PUT', url, md.headers, body);
    expect(saved.status).toBe(200);
    const shop = await call('GET', '/api/contents/interest-free-notice');
    expect(shop.body).toEqual({ ...body, updated_at: '2026-11-20T03:00:00.000Z' });
    // The line the product page and checkout show follows the stored minimum.
    expect(interestFreeLine(shop.body, 69_990)).toBeNull();
    expect(interestFreeLine(shop.body, 70_000)).toBe(
      '70,000원 이상 결제 시 최대 5개월 무이자 (카드사별 상이)',
    );

    expect((await call('PUT', url, md.headers, { ...body, is_active: false })).status).toBe(200);
    const off = await call('GET', '/api/contents/interest-free-notice');
    expect(interestFreeLine(off.body, 1_000_000)).toBeNull();
  });
});
