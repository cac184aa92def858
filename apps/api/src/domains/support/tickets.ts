/**
 * 1:1 문의 (docs/ARCHITECTURE.md, "Support"): a member's ticket — a category of the tree, a title
 * and content, optionally about one of their own orders or a product, with up to five photos
 * (the upload pipeline, in the private `tickets` scope: signed URLs for the member and operators
 * only) — and its thread: the shop's answers and the member's replies. The back office's inbox
 * (CS) lists (by status, kind, assignee), assigns, answers and closes tickets; an answer notifies
 * the member. Call-back requests and curator chats are tickets too (contact-requests.ts).
 */
import {
  maskPhone,
  SUPPORT_STATUS_LABEL,
  type SupportKind,
  type SupportStatus,
  type TicketFields,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { signedImageUrl } from '../../platform/private-images.ts';
import { operators } from '../../platform/schema.ts';
import { type StoredUpload, storeImage, type UploadedFile } from '../../platform/uploads.ts';
import { displayExists } from '../catalog/index.ts';
import { isMemberOrder } from '../orders/index.ts';
import { notify } from '../users/index.ts';
import { supportTicketFiles, supportTicketMessages, supportTickets } from './schema.ts';

export const TICKET_PAGE = 20;
const NOT_FOUND = '문의를 찾을 수 없어요.';
const SHOP_NAME = '코디룸 고객센터';
const CURATOR_NAME = '담당 큐레이터';
type Ticket = typeof supportTickets.$inferSelect;

const summary = (t: Ticket) => ({
  id: t.id,
  main_category: t.main_category,
  sub_category: t.sub_category,
  title: t.title,
  status: t.status as SupportStatus,
  status_label: SUPPORT_STATUS_LABEL[t.status as SupportStatus] ?? t.status,
  target_type: t.target_type,
  target_id: t.target_id,
  kind: t.kind as SupportKind,
  callback_phone: t.callback_phone,
  callback_time: t.callback_time,
  created_at: t.created_at.toISOString(),
  answered_at: t.answered_at ? t.answered_at.toISOString() : null,
});

/** The ticket's target must be the member's own order, or a product of the shop. */
async function checkTarget(ctx: AppContext, userId: number, type?: string, id?: number) {
  if (!type || id === undefined) return;
  if (type === 'ORDER') {
    if (!(await isMemberOrder(ctx.db, userId, id))) throw badRequest('target_id: 회원님의 주문이 아니에요.');
    return;
  }
  if (!(await displayExists(ctx.db, id))) throw badRequest('target_id: 없는 상품이에요.');
}

export async function createTicket(
  ctx: AppContext,
  userId: number,
  fields: z.output<typeof TicketFields>,
  files: UploadedFile[],
) {
  await checkTarget(ctx, userId, fields.target_type, fields.target_id);
  const now = ctx.clock.now();
  // Every photo is checked and re-encoded before anything is written.
  const stored: StoredUpload[] = [];
  for (const f of files) stored.push(await storeImage(ctx.images, f, { scope: 'tickets', now }));
  const id = await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .insert(supportTickets)
      .values({
        user_id: userId,
        main_category: fields.main_category,
        sub_category: fields.sub_category || null,
        title: fields.title,
        content: fields.content,
        target_type: fields.target_type ?? null,
        target_id: fields.target_id ?? null,
        status: 'OPEN',
        updated_at: now,
        created_at: now,
      })
      .returning({ id: supportTickets.id });
    if (!t) throw new Error('ticket insert failed');
    if (stored.length) {
      await tx.insert(supportTicketFiles).values(
        stored.map((s, i) => ({
          ticket_id: t.id,
          file_url: s.key,
          file_name: `사진 ${i + 1}`,
          mime_type: 'image/webp',
          size_bytes: 0,
          created_at: now,
        })),
      );
    }
    return t.id;
  });
  return ticketDetail(ctx, id, userId);
}

export async function listTickets(ctx: AppContext, userId: number, page: number) {
  const mine = eq(supportTickets.user_id, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(supportTickets)
      .where(mine)
      .orderBy(desc(supportTickets.created_at), desc(supportTickets.id))
      .limit(TICKET_PAGE)
      .offset((page - 1) * TICKET_PAGE),
    ctx.db.select({ n: count() }).from(supportTickets).where(mine),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    page,
    count: rows.length,
    total_count: n,
    total_page: Math.max(1, Math.ceil(n / TICKET_PAGE)),
    result: rows.map(summary),
  };
}

/** One ticket with its photos (signed URLs) and thread; `userId` null for an operator. */
export async function ticketDetail(ctx: AppContext, id: number, userId: number | null) {
  const [t] = await ctx.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  if (!t || (userId !== null && t.user_id !== userId)) throw notFound(NOT_FOUND);
  const now = ctx.clock.now();
  const [files, messages] = await Promise.all([
    ctx.db
      .select()
      .from(supportTicketFiles)
      .where(eq(supportTicketFiles.ticket_id, id))
      .orderBy(asc(supportTicketFiles.id)),
    ctx.db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticket_id, id))
      .orderBy(asc(supportTicketMessages.created_at), asc(supportTicketMessages.id)),
  ]);
  return {
    ...summary(t),
    user_id: t.user_id,
    assignee_operator_id: t.assignee_operator_id,
    content: t.content,
    files: files.map((f) => ({
      id: f.id,
      url: signedImageUrl(ctx.config, f.file_url, now),
      name: f.file_name,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author as 'MEMBER' | 'OPERATOR',
      author_name: m.author !== 'OPERATOR' ? '나' : t.kind === 'CURATOR_CHAT' ? CURATOR_NAME : SHOP_NAME,
      body: m.body,
      created_at: m.created_at.toISOString(),
    })),
  };
}

/** The member adds to their own open or answered ticket; it waits for the shop again. */
export async function replyAsMember(ctx: AppContext, userId: number, id: number, body: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [t] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!t || t.user_id !== userId) throw notFound(NOT_FOUND);
    if (t.status === 'CLOSED') throw badRequest('종료된 문의예요. 새 문의를 남겨주세요.');
    await tx.insert(supportTicketMessages).values({ ticket_id: id, author: 'MEMBER', body, created_at: now });
    await tx.update(supportTickets).set({ status: 'OPEN', updated_at: now }).where(eq(supportTickets.id, id));
  });
  return ticketDetail(ctx, id, userId);
}

// ───────────────────────────── the back office's inbox (CS) ─────────────────────────────

export async function inbox(
  ctx: AppContext,
  q: {
    status?: SupportStatus | undefined;
    kind?: SupportKind | undefined;
    mine?: number | undefined;
    unassigned?: boolean | undefined;
    page: number;
  },
) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supportTickets.status, q.status));
  if (q.kind) where.push(eq(supportTickets.kind, q.kind));
  if (q.mine !== undefined) where.push(eq(supportTickets.assignee_operator_id, q.mine));
  if (q.unassigned) where.push(isNull(supportTickets.assignee_operator_id));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ t: supportTickets, assignee: operators.name })
      .from(supportTickets)
      .leftJoin(operators, eq(operators.id, supportTickets.assignee_operator_id))
      .where(cond)
      // Waiting longest first.
      .orderBy(asc(supportTickets.updated_at), asc(supportTickets.id))
      .limit(TICKET_PAGE)
      .offset((q.page - 1) * TICKET_PAGE),
    ctx.db.select({ n: count() }).from(supportTickets).where(cond),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page: q.page,
    result: rows.map((r) => ({
      ...summary(r.t),
      // The inbox shows the call-back number masked; the ticket's own page (one ticket, opened to
      // call back) shows it whole.
      callback_phone: maskPhone(r.t.callback_phone),
      user_id: r.t.user_id,
      assignee: r.assignee,
      updated_at: (r.t.updated_at ?? r.t.created_at).toISOString(),
    })),
  };
}

export async function assignTicket(ctx: AppContext, id: number, operatorId: number | null) {
  const [t] = await ctx.db
    .update(supportTickets)
    .set({ assignee_operator_id: operatorId })
    .where(eq(supportTickets.id, id))
    .returning({ id: supportTickets.id });
  if (!t) throw notFound(NOT_FOUND);
  return ticketDetail(ctx, id, null);
}

/** The shop's answer: into the thread, the ticket answered, the member notified. */
export async function answerTicket(ctx: AppContext, id: number, operatorId: number | null, body: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [t] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!t) throw notFound(NOT_FOUND);
    if (t.status === 'CLOSED') throw badRequest('종료된 문의예요.');
    await tx
      .insert(supportTicketMessages)
      .values({ ticket_id: id, author: 'OPERATOR', operator_id: operatorId, body, created_at: now });
    await tx
      .update(supportTickets)
      .set({
        status: 'ANSWERED',
        answered_at: now,
        updated_at: now,
        assignee_operator_id: t.assignee_operator_id ?? operatorId,
      })
      .where(eq(supportTickets.id, id));
    await notify(tx, ctx, t.user_id, {
      kind: 'TICKET',
      title: '문의에 답변이 등록됐어요',
      body: t.title,
      link: `/mypage/inquiries/${id}`,
    });
  });
  return ticketDetail(ctx, id, null);
}

export async function closeTicket(ctx: AppContext, id: number) {
  const now = ctx.clock.now();
  const [t] = await ctx.db
    .update(supportTickets)
    .set({ status: 'CLOSED', closed_at: now, updated_at: now })
    .where(eq(supportTickets.id, id))
    .returning({ id: supportTickets.id });
  if (!t) throw notFound(NOT_FOUND);
  return ticketDetail(ctx, id, null);
}
