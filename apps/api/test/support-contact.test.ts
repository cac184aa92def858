/**
 * The contents calls that reach the support inbox (docs/ARCHITECTURE.md, "Support"):
 * telephone-cs opens a CALLBACK ticket with the phone and preferred time; post-curator-chat opens a
 * CURATOR_CHAT thread assigned to the member's curator, and the member's next message joins it.
 * Both are in the operator inbox (filterable by kind) and the member's inquiries; an answer
 * notifies the member (kind TICKET); another member can neither read nor add to the thread.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curations, notifications, operators, posts, supportTickets } from '../src/db/schema.ts';
import { createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

describe('telephone-cs', () => {
  it('opens a call-back ticket with the given phone, or the member’s own, in the inbox', async () => {
    const cs = await operatorSession(t, ['CS']);
    const m = await createMember(t.ctx, { phone: '01055556666' });
    const r = await call('POST', '/api/contents/telephone-cs', m.headers, {
      phone: '010-1234-5678',
      preferred_time: '평일 오후 2시',
      content: '교환 문의드려요',
    });
    expect(r.status).toBe(200);
    const own = await call('POST', '/api/contents/telephone-cs', m.headers, { content: '배송 문의' });
    expect(own.status).toBe(200);
    const [first] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, r.body.id));
    expect(first).toMatchObject({
      user_id: m.user.id,
      kind: 'CALLBACK',
      title: '전화 상담 요청',
      content: '교환 문의드려요',
      callback_phone: '01012345678',
      callback_time: '평일 오후 2시',
      status: 'OPEN',
    });
    const [second] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, own.body.id));
    expect(second).toMatchObject({ callback_phone: '01055556666', callback_time: null });

    const inbox = await call('GET', '/api/admin/tickets?kind=CALLBACK', cs.headers);
    expect(inbox.status).toBe(200);
    const ids = inbox.body.result.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([r.body.id, own.body.id]));
    expect(inbox.body.result.every((x: { kind: string }) => x.kind === 'CALLBACK')).toBe(true);
    // The inbox masks the call-back number; the ticket's page shows it whole.
    expect(inbox.body.result.find((x: { id: number }) => x.id === r.body.id)).toMatchObject({
      kind: 'CALLBACK',
      callback_phone: '010-****-5678',
      callback_time: '평일 오후 2시',
    });
    expect(JSON.stringify(inbox.body)).not.toContain('01012345678');
    const one = await call('GET', `/api/admin/tickets/${r.body.id}`, cs.headers);
    expect(one.body.callback_phone ?? one.body.ticket?.callback_phone).toBe('01012345678');
    const onlyTickets = await call('GET', '/api/admin/tickets?kind=TICKET', cs.headers);
    expect(onlyTickets.body.result.some((x: { id: number }) => x.id === r.body.id)).toBe(false);

    // Answered and closed like any ticket; the member sees it in their inquiries.
    const ans = await call('POST', `/api/admin/tickets/${r.body.id}/answer`, cs.headers, {
      body: '내일 오후 2시에 전화드릴게요.',
    });
    expect(ans.status).toBe(200);
    expect((await call('POST', `/api/admin/tickets/${r.body.id}/close`, cs.headers)).body.status).toBe(
      'CLOSED',
    );
    const mine = await call('GET', '/api/customer_experiences/tickets', m.headers);
    expect(mine.body.result.map((x: { kind: string }) => x.kind)).toEqual(['CALLBACK', 'CALLBACK']);
  });

  it('refuses a member without a phone and a bad phone', async () => {
    const m = await createMember(t.ctx, { phone: null });
    const r = await call('POST', '/api/contents/telephone-cs', m.headers, { content: '전화 주세요' });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('전화번호');
    expect(
      (await call('POST', '/api/contents/telephone-cs', m.headers, { phone: '12', content: 'x' })).status,
    ).toBe(400);
    expect((await call('POST', '/api/contents/telephone-cs', {}, { content: 'x' })).status).toBe(401);
  });
});

describe('post-curator-chat', () => {
  it('opens a thread assigned to the curator of the latest curation; the next message joins it', async () => {
    const curator = await operatorSession(t, ['CURATOR', 'CS']);
    const [op] = await t.ctx.db.select().from(operators).where(eq(operators.id, curator.id));
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    await t.ctx.db.insert(curations).values([
      {
        user_id: m.user.id,
        status: 'DONE',
        curator_name: '다른 큐레이터',
        created_at: new Date('2026-10-01T00:00:00Z'),
      },
      {
        user_id: m.user.id,
        status: 'DONE',
        curator_name: op?.name,
        created_at: new Date('2026-11-01T00:00:00Z'),
      },
      { user_id: m.user.id, status: 'REQUESTED', created_at: new Date('2026-11-10T00:00:00Z') },
    ]);
    const first = await call('POST', '/api/contents/post-curator-chat', m.headers, {
      message: '코디 추천해주세요',
    });
    expect(first.status).toBe(200);
    const [ticket] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.id, first.body.id));
    expect(ticket).toMatchObject({
      kind: 'CURATOR_CHAT',
      user_id: m.user.id,
      assignee_operator_id: curator.id,
      content: '코디 추천해주세요',
      status: 'OPEN',
    });
    const second = await call('POST', '/api/contents/post-curator-chat', m.headers, {
      message: '셔츠도 궁금해요',
    });
    expect(second.body.id).toBe(first.body.id);
    const chats = await t.ctx.db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.user_id, m.user.id), eq(supportTickets.kind, 'CURATOR_CHAT')));
    expect(chats).toHaveLength(1);

    // In the curator's own inbox, answered from it; the member is notified and sees the thread.
    const inbox = await call('GET', '/api/admin/tickets?kind=CURATOR_CHAT&assignee=me', curator.headers);
    expect(inbox.body.result.map((x: { id: number }) => x.id)).toEqual([first.body.id]);
    const ans = await call('POST', `/api/admin/tickets/${first.body.id}/answer`, curator.headers, {
      body: '네이비 셔츠를 추천드려요.',
    });
    expect(ans.status).toBe(200);
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.user_id, m.user.id));
    expect(note).toMatchObject({ kind: 'TICKET', link: `/mypage/inquiries/${first.body.id}` });
    const thread = await call('GET', `/api/customer_experiences/tickets/${first.body.id}`, m.headers);
    expect(
      thread.body.messages.map((x: { author: string; author_name: string; body: string }) => [
        x.author,
        x.author_name,
        x.body,
      ]),
    ).toEqual([
      ['MEMBER', '나', '셔츠도 궁금해요'],
      ['OPERATOR', '담당 큐레이터', '네이비 셔츠를 추천드려요.'],
    ]);

    // Someone else can neither read the thread nor add to it; their chat is a thread of their own.
    expect(
      (await call('GET', `/api/customer_experiences/tickets/${first.body.id}`, other.headers)).status,
    ).toBe(404);
    const reply = await call(
      'POST',
      `/api/customer_experiences/tickets/${first.body.id}/replies`,
      other.headers,
      {
        body: '끼어들기',
      },
    );
    expect(reply.status).toBe(404);
    const theirs = await call('POST', '/api/contents/post-curator-chat', other.headers, {
      message: '안녕하세요',
    });
    expect(theirs.body.id).not.toBe(first.body.id);
    const [theirTicket] = await t.ctx.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, theirs.body.id));
    expect(theirTicket?.assignee_operator_id).toBeNull();

    // Once closed, the next message opens a new thread.
    await call('POST', `/api/admin/tickets/${first.body.id}/close`, curator.headers);
    const after = await call('POST', '/api/contents/post-curator-chat', m.headers, {
      message: '새 질문이요',
    });
    expect(after.body.id).not.toBe(first.body.id);
  });

  it('checks the post it is about and needs a member', async () => {
    const m = await createMember(t.ctx);
    const [ended] = await t.ctx.db
      .insert(posts)
      .values({
        title: '끝난 글',
        body: '본문',
        cover_image_url: '/c.svg',
        category: '트렌드',
        author: '에디터',
        status: 'ENDED',
        published_at: new Date('2026-10-01T00:00:00Z'),
      })
      .returning();
    const r = await call('POST', '/api/contents/post-curator-chat', m.headers, {
      post_id: ended?.id,
      message: '질문',
    });
    expect(r.status).toBe(404);
    expect((await call('POST', '/api/contents/post-curator-chat', {}, { message: '질문' })).status).toBe(401);
    expect((await call('POST', '/api/contents/post-curator-chat', m.headers, { message: ' ' })).status).toBe(
      400,
    );
  });
});
