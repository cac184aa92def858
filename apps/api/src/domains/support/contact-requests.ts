/**
 * The two content calls that ask a person for help (API-CATALOGUE.md 'Contents': telephone-cs and
 * post-curator-chat) as support tickets in the back office's inbox (docs/ARCHITECTURE.md,
 * "Support"), answered and closed like any 1:1 문의 and shown in the member's /mypage/inquiries:
 *   - telephone-cs: a CALLBACK ticket with the number to call (the member's own phone unless they
 *     give one) and their preferred time;
 *   - post-curator-chat: a CURATOR_CHAT thread, assigned to the operator who curated the member's
 *     latest curation (curations' curatorOperatorOf) if there is one; while it is not closed every
 *     further message joins it instead of opening another.
 */
import { SUPPORT_LIMITS, type SubmissionAck } from '@codiroom/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { runningPost } from '../contents/index.ts';
import { curatorOperatorOf } from '../curations/index.ts';
import { lockMember, memberContact } from '../users/index.ts';
import { supportTicketMessages, supportTickets } from './schema.ts';

export const CALLBACK_TITLE = '전화 상담 요청';
export const CURATOR_CHAT_TITLE = '담당 큐레이터와의 대화';
const NO_PHONE = 'phone: 연락받을 전화번호를 적어주세요.';
/** Where these tickets sit in the 1:1 문의 category tree (support.ts). */
const CATEGORY = { CALLBACK: ['기타', '기타'], CURATOR_CHAT: ['스타일링', 'MY큐레이션'] } as const;

export const CuratorChatIn = z.object({
  post_id: z.number().int().positive().max(2_147_483_647).optional(),
  message: z.string().trim().min(1).max(1000),
});
export const TelephoneCsIn = z.object({
  phone: z
    .string()
    .max(30)
    .transform((v) => v.replace(/[-\s]/g, ''))
    .pipe(z.string().regex(/^0\d{8,10}$/, 'expected a Korean phone number'))
    .optional(),
  preferred_time: z.string().trim().max(50).optional(),
  content: z.string().trim().min(1).max(SUPPORT_LIMITS.content),
});

/** telephone-cs: a call-back request in the inbox; `id` is the ticket's. */
export async function requestCallback(
  ctx: AppContext,
  userId: number,
  body: z.infer<typeof TelephoneCsIn>,
): Promise<SubmissionAck> {
  let phone = body.phone;
  if (!phone) {
    phone = (await memberContact(ctx.db, userId)).phone.replace(/\D/g, '') || undefined;
  }
  if (!phone) throw badRequest(NO_PHONE);
  const now = ctx.clock.now();
  const [t] = await ctx.db
    .insert(supportTickets)
    .values({
      user_id: userId,
      kind: 'CALLBACK',
      main_category: CATEGORY.CALLBACK[0],
      sub_category: CATEGORY.CALLBACK[1],
      title: CALLBACK_TITLE,
      content: body.content,
      callback_phone: phone.slice(0, 20),
      callback_time: body.preferred_time || null,
      status: 'OPEN',
      updated_at: now,
      created_at: now,
    })
    .returning({ id: supportTickets.id });
  if (!t) throw new Error('ticket insert failed');
  return { result: 'SUCCESS', id: t.id };
}

/** post-curator-chat: the member's message into their open curator thread, or a new one; `id` is the ticket's. */
export async function curatorChat(
  ctx: AppContext,
  userId: number,
  body: z.infer<typeof CuratorChatIn>,
): Promise<SubmissionAck> {
  if (body.post_id !== undefined) {
    await runningPost(ctx.db, body.post_id, false);
  }
  const curator = await curatorOperatorOf(ctx, userId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // One open thread per member: their row lock orders two messages sent at once.
    await lockMember(tx, userId);
    const [open] = await tx
      .select({ id: supportTickets.id, assignee: supportTickets.assignee_operator_id })
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.user_id, userId),
          eq(supportTickets.kind, 'CURATOR_CHAT'),
          ne(supportTickets.status, 'CLOSED'),
        ),
      )
      .orderBy(desc(supportTickets.id))
      .limit(1);
    if (open) {
      await tx
        .insert(supportTicketMessages)
        .values({ ticket_id: open.id, author: 'MEMBER', body: body.message, created_at: now });
      await tx
        .update(supportTickets)
        .set({ status: 'OPEN', updated_at: now, assignee_operator_id: open.assignee ?? curator })
        .where(eq(supportTickets.id, open.id));
      return { result: 'SUCCESS' as const, id: open.id };
    }
    const [t] = await tx
      .insert(supportTickets)
      .values({
        user_id: userId,
        kind: 'CURATOR_CHAT',
        main_category: CATEGORY.CURATOR_CHAT[0],
        sub_category: CATEGORY.CURATOR_CHAT[1],
        title: CURATOR_CHAT_TITLE,
        content: body.message,
        target_type: body.post_id !== undefined ? 'POST' : null,
        target_id: body.post_id ?? null,
        assignee_operator_id: curator,
        status: 'OPEN',
        updated_at: now,
        created_at: now,
      })
      .returning({ id: supportTickets.id });
    if (!t) throw notFound('문의를 만들 수 없어요.');
    return { result: 'SUCCESS' as const, id: t.id };
  });
}
