/**
 * In-app notifications (docs/ARCHITECTURE.md, "Notifications"): the member's list with the unread
 * count (also on user-detail for the mypage badge), marking read only the member's own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('notifications', () => {
  it('lists the member’s own, newest first, and marks only their own read', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const at = (min: number) => new Date(Date.parse('2026-11-20T03:00:00Z') + min * 60_000);
    const rows = await t.ctx.db
      .insert(notifications)
      .values([
        {
          user_id: m.user.id,
          title: '주문하신 상품이 출발했어요',
          body: '옥스포드 셔츠 · CJ대한통운 654321098765',
          link: '/mypage/orders/1',
          created_at: at(-30),
        },
        {
          user_id: m.user.id,
          title: '반품 환불이 완료됐어요',
          body: '27,000원 환불',
          link: '/mypage/orders/1',
          created_at: at(-10),
        },
        { user_id: other.user.id, title: '다른 회원 알림', body: '…', created_at: at(-5) },
      ])
      .returning({ id: notifications.id });
    const [shipped, refunded, foreign] = rows.map((r) => r.id) as [number, number, number];
    const list = async (headers = m.headers) =>
      (await t.app.inject({ url: '/api/users/notifications', headers })).json() as {
        unread_count: number;
        total_count: number;
        result: { id: number; read_at: string | null }[];
      };
    const first = await list();
    expect(first).toMatchObject({ unread_count: 2, total_count: 2 });
    expect(first.result.map((r) => r.id)).toEqual([refunded, shipped]);
    const detail = await t.app.inject({ url: '/api/users/user-detail', headers: m.headers });
    expect(detail.json().unread_notifications).toBe(2);
    expect((await t.app.inject({ url: '/api/users/notifications' })).statusCode).toBe(401);

    // Another member's ids change nothing of theirs.
    const foreignRead = await t.app.inject({
      method: 'POST',
      url: '/api/users/notifications/read',
      headers: other.headers,
      payload: { ids: [shipped, refunded] },
    });
    expect(foreignRead.json()).toEqual({ unread_count: 1 });
    expect((await list()).unread_count).toBe(2);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/users/notifications/read',
      headers: m.headers,
      payload: { ids: [shipped, foreign] },
    });
    expect(one.json()).toEqual({ unread_count: 1 });
    expect((await list(other.headers)).unread_count).toBe(1);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/users/notifications/read',
      headers: m.headers,
    });
    expect(all.json()).toEqual({ unread_count: 0 });
    expect((await list()).result.every((r) => r.read_at !== null)).toBe(true);
  });
});
