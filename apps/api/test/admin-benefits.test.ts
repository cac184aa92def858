/**
 * Benefits in the back office (docs/ARCHITECTURE.md, "Back office"): coupon policies with their
 * rules checked, one-time serial batches redeemed once each and exported as CSV, point grants and
 * take-backs the member sees with their reason, missions; each with its role.
 */
import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/db/schema.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const policy = {
  name: '겨울 아우터 10% 쿠폰',
  coupon_type: 'EVENT',
  discount_kind: 'PERCENT',
  discount_value: 10,
  max_discount: 20000,
  min_order_amount: 50000,
  valid_days: 14,
  is_downloadable: false,
};

describe('coupon policies and serial batches', () => {
  it('creates a policy, refuses broken rules, makes a serial batch that each code redeems once', async () => {
    const md = await operatorSession(t, ['MD']);
    const cs = await operatorSession(t, ['CS']);
    const post = (url: string, body: unknown, headers = md.headers) =>
      t.app.inject({ method: 'POST', url, headers, payload: body as object });
    expect((await post('/api/admin/coupon-policies', policy, cs.headers)).statusCode).toBe(403);
    const bad: [object, string][] = [
      [{ ...policy, discount_value: 95 }, '90% 이하'],
      [{ ...policy, discount_kind: 'FIXED', discount_value: 5000 }, '최대 할인 금액은 정률 할인에만'],
      [{ ...policy, valid_days: null }, '사용 기한'],
      [{ ...policy, scope: 'BRAND' }, '적용 대상'],
      [
        { ...policy, starts_at: '2026-12-01T00:00:00+09:00', ends_at: '2026-11-01T00:00:00+09:00' },
        '종료 시각은 시작 시각보다 뒤',
      ],
    ];
    for (const [body, detail] of bad) {
      const res = await post('/api/admin/coupon-policies', body);
      expect(res.statusCode, detail).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const created = await post('/api/admin/coupon-policies', { ...policy, serial_code: 'WINTER2026' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(
      (await post('/api/admin/coupon-policies', { ...policy, serial_code: 'winter2026' })).statusCode,
    ).toBe(409);

    const batch = await post(`/api/admin/coupon-policies/${id}/serials`, { count: 3 });
    expect(batch.json()).toMatchObject({ coupon_policy_id: id, batch: 1, count: 3 });
    expect((await post(`/api/admin/coupon-policies/${id}/serials`, { count: 5001 })).statusCode).toBe(400);
    const csv = await t.app.inject({
      url: `/api/admin/coupon-policies/${id}/serials.csv`,
      headers: md.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    // A UTF-8 byte-order mark first, for Excel (platform/csv.ts).
    expect(lines[0]).toBe('\uFEFFcode,batch,redeemed_at');
    expect(lines).toHaveLength(4);
    const code = (lines[1] as string).split(',')[0] as string;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    // Whoever holds the codes can redeem them: the download is in the audit log.
    const downloads = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.action, 'coupon.serials.download%'));
    expect(downloads).toMatchObject([
      { operator_id: md.id, status_code: 200, target_type: 'coupon_policy', target_id: String(id) },
    ]);

    // A member types it in lower case without dashes; a second member cannot use it again.
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const redeem = (headers: Record<string, string>, serial: string) =>
      post('/api/benefits/issue-by-serial', { serial }, headers);
    const ok = await redeem(a.headers, code.replace(/-/g, '').toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'success', coupon: { name: '겨울 아우터 10% 쿠폰' } });
    const again = await redeem(b.headers, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ result: 'error', detail: '이미 사용된 쿠폰 번호입니다.' });
    const after = await t.app.inject({
      url: `/api/admin/coupon-policies/${id}/serials.csv`,
      headers: md.headers,
    });
    expect(after.body).toMatch(new RegExp(`${code},1,\\d{4}-`));
    const listed = await t.app.inject({
      url: '/api/admin/coupon-policies?q=겨울 아우터',
      headers: md.headers,
    });
    expect(listed.json().result[0]).toMatchObject({
      id,
      issued_count: 1,
      serial_count: 3,
      serial_redeemed: 1,
    });

    // Switched off: the other codes no longer issue anything.
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupon-policies/${id}`,
      headers: md.headers,
      payload: { is_active: false },
    });
    expect(off.json()).toMatchObject({ is_active: false });
    // An edit that changes nothing is refused, for every back-office edit.
    for (const url of [
      `/api/admin/coupon-policies/${id}`,
      '/api/admin/missions/1',
      '/api/admin/brands/1',
      '/api/admin/posts/1',
      '/api/admin/banners/1',
      '/api/admin/products/displays/1',
      '/api/admin/products/items/1',
    ]) {
      const empty = await t.app.inject({ method: 'PATCH', url, headers: md.headers, payload: {} });
      expect(empty.statusCode, url).toBe(400);
      expect(empty.json().detail, url).toContain('바꿀 값을 하나 이상');
    }
    const other = (lines[2] as string).split(',')[0] as string;
    expect((await redeem(b.headers, other)).json().result).toBe('error');
  });
});

describe('point grants', () => {
  it('a CS grant and take-back reach the balance and the history with their reason', async () => {
    const m = await createMember(t.ctx);
    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    const grant = (body: object, headers = cs.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${m.user.id}/points`,
        headers,
        payload: { idempotency_key: randomUUID(), ...body },
      });
    expect((await grant({ amount: 3000, note: '배송 지연 보상' }, md.headers)).statusCode).toBe(403);
    expect((await grant({ amount: 0, note: '배송 지연 보상' })).statusCode).toBe(400);
    expect((await grant({ amount: 3000, note: '' })).statusCode).toBe(400);
    expect((await grant({ amount: 3000, note: '배송 지연 보상' })).json()).toMatchObject({
      moved: 3000,
      balance: 3000,
    });
    const history = await t.app.inject({ url: '/api/benefits/point-history', headers: m.headers });
    expect(history.json().result[0].title).toBe('운영자 지급 · 배송 지연 보상');
    // Taking back more than the balance takes the balance.
    expect((await grant({ amount: -5000, note: '중복 지급 회수' })).json()).toMatchObject({
      moved: -3000,
      balance: 0,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/members/99999999/points',
          headers: cs.headers,
          payload: { amount: 10, note: '테스트 지급', idempotency_key: randomUUID() },
        })
      ).statusCode,
    ).toBeLessThan(500);
  });

  it('a grant repeated with its idempotency key (a double click, a retry) pays once and answers the first answer', async () => {
    const m = await createMember(t.ctx);
    const cs = await operatorSession(t, ['CS']);
    const grant = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${m.user.id}/points`,
        headers: cs.headers,
        payload: body,
      });
    const body = { amount: 5000, note: '배송 지연 보상', idempotency_key: randomUUID() };
    // A double click: two requests at once with one key.
    const [a, b] = await Promise.all([grant(body), grant(body)]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const answers = [a?.json(), b?.json()];
    for (const answer of answers) expect(answer).toMatchObject({ moved: 5000, balance: 5000 });
    expect(answers.map((x) => x.repeated).sort()).toEqual([false, true]);
    // A retry later answers the same, and the member was paid once.
    expect((await grant(body)).json()).toMatchObject({ moved: 5000, balance: 5000, repeated: true });
    const history = await t.app.inject({ url: '/api/benefits/point-history', headers: m.headers });
    expect(history.json().result).toHaveLength(1);
    // The same key for another amount is another request: refused, nothing paid.
    const reused = await grant({ ...body, amount: 7000 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toMatch(/요청 키/);
    // A new key is a new grant; a grant without a key is refused.
    expect((await grant({ ...body, idempotency_key: randomUUID() })).json()).toMatchObject({
      balance: 10000,
    });
    expect((await grant({ amount: 100, note: '키 없는 지급' })).statusCode).toBe(400);
  });
});

describe('missions', () => {
  it('an MD creates and changes a mission', async () => {
    const md = await operatorSession(t, ['MD']);
    const mission = { code: 'WINTER_LOOKBOOK', title: '겨울 룩북 보기', point: 500 };
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/admin/missions', headers: md.headers, payload: mission });
    const made = await create();
    expect(made.statusCode, made.body).toBe(200);
    expect((await create()).statusCode).toBe(409);
    const id = made.json().id as number;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/missions/${id}`,
      headers: md.headers,
      payload: { point: 700, is_active: false },
    });
    expect(patched.json()).toMatchObject({ point: 700, is_active: false });
    const list = await t.app.inject({ url: '/api/admin/missions', headers: md.headers });
    expect(list.json().result).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, point: 700, completions: 0 })]),
    );
  });
});
