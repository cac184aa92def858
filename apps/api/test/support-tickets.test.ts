/**
 * 1:1 문의 (docs/ARCHITECTURE.md, "Support"): a member opens a ticket about their own order with a
 * photo (sniffed, re-encoded, private); another member cannot see it, point one at someone else's
 * order or reply in it; a CS operator finds it in the inbox, takes it, answers from a template;
 * the member sees the answer and a notification, replies, and a closed ticket takes no more.
 */

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders } from '../src/db/schema.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';
import { makeShop, placeOrder } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = '----codiroom-ticket';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe('support tickets', () => {
  it('a member asks about an order with a photo; CS answers; the member sees it and replies', async () => {
    const shop = await makeShop(t.ctx);
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const placed = await placeOrder(t.app, m.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const theirs = await placeOrder(t.app, other.headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
      .toBuffer();
    const open = (
      headers: Record<string, string>,
      fields: Record<string, string>,
      files = [{ name: 'box.jpg', bytes: jpeg }],
    ) => {
      const mp = multipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/customer_experiences/tickets',
        headers: { ...headers, 'content-type': mp.type },
        payload: mp.body,
      });
    };
    const fields = {
      main_category: '배송',
      sub_category: '배송 지연',
      title: '주문한 셔츠가 아직 안 왔어요',
      content: '주문한 지 나흘이 지났는데 배송 조회가 안 돼요. 언제 받을 수 있을까요?',
      target_type: 'ORDER',
      target_id: String(placed.id),
    };
    // Someone else's order, a sub-category of another branch, a file that is not a photo: refused.
    expect((await open(m.headers, { ...fields, target_id: String(theirs.id) })).statusCode).toBe(400);
    const wrongSub = await open(m.headers, { ...fields, sub_category: '쿠폰' });
    expect(wrongSub.statusCode).toBe(400);
    expect(wrongSub.json().detail).toContain('세부 유형');
    expect(
      (await open(m.headers, fields, [{ name: 'x.jpg', bytes: Buffer.from('<svg/>') }])).statusCode,
    ).toBe(415);
    expect((await open({}, fields)).statusCode).toBe(401);

    const made = await open(m.headers, fields);
    expect(made.statusCode, made.body).toBe(200);
    const ticket = made.json() as { id: number; status: string; files: { url: string }[] };
    expect(ticket).toMatchObject({ status: 'OPEN', target_type: 'ORDER', target_id: placed.id });
    expect(ticket.files).toHaveLength(1);
    // The photo is private: its bare key is refused, the signed URL answers a WebP without the EXIF.
    const signed = await t.app.inject({ url: ticket.files[0]?.url as string });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/webp');
    expect((await sharp(signed.rawPayload).metadata()).exif).toBeUndefined();
    expect(
      (await t.app.inject({ url: (ticket.files[0]?.url as string).split('?')[0] as string })).statusCode,
    ).toBe(404);

    // Another member sees none of it.
    expect(
      (await t.app.inject({ url: `/api/customer_experiences/tickets/${ticket.id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/customer_experiences/tickets/${ticket.id}/replies`,
          headers: other.headers,
          payload: { body: '제가 대신 답할게요' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/customer_experiences/tickets', headers: other.headers })).json()
        .total_count,
    ).toBe(0);

    const cs = await operatorSession(t, ['CS']);
    const md = await operatorSession(t, ['MD']);
    expect((await t.app.inject({ url: '/api/admin/tickets', headers: md.headers })).statusCode).toBe(403);
    const waiting = await t.app.inject({
      url: '/api/admin/tickets?status=OPEN&assignee=none',
      headers: cs.headers,
    });
    expect((waiting.json() as { result: { id: number }[] }).result.map((r) => r.id)).toContain(ticket.id);
    const take = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/assign`,
      headers: cs.headers,
      payload: { to: 'me' },
    });
    expect(take.json().assignee_operator_id).toBe(cs.id);
    const mine = await t.app.inject({ url: '/api/admin/tickets?assignee=me', headers: cs.headers });
    expect((mine.json() as { result: { id: number }[] }).result.map((r) => r.id)).toEqual([ticket.id]);
    const templates = (
      await t.app.inject({ url: '/api/admin/tickets/templates', headers: cs.headers })
    ).json() as {
      result: { title: string; body: string }[];
    };
    const template = templates.result.find((x) => x.title === '배송 지연 안내');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/answer`,
      headers: cs.headers,
      payload: { body: template?.body },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'ANSWERED',
      messages: [{ author: 'OPERATOR', author_name: '코디룸 고객센터' }],
    });

    const seen = (
      await t.app.inject({ url: `/api/customer_experiences/tickets/${ticket.id}`, headers: m.headers })
    ).json();
    expect(seen).toMatchObject({ status: 'ANSWERED', status_label: '답변 완료' });
    expect(seen.messages[0].body).toContain('출고가 늦어지고');
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.user_id, m.user.id));
    expect(note).toMatchObject({ title: '문의에 답변이 등록됐어요', link: `/mypage/inquiries/${ticket.id}` });

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/customer_experiences/tickets/${ticket.id}/replies`,
      headers: m.headers,
      payload: { body: '확인했어요, 감사합니다.' },
    });
    expect(reply.json()).toMatchObject({ status: 'OPEN' });
    await t.app.inject({ method: 'POST', url: `/api/admin/tickets/${ticket.id}/close`, headers: cs.headers });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/customer_experiences/tickets/${ticket.id}/replies`,
      headers: m.headers,
      payload: { body: '하나 더 여쭤볼게요.' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toContain('종료된 문의');
    // The order is untouched by all this.
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order?.user_id).toBe(m.user.id);
  });
});
