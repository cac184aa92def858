/**
 * Curation requests and the waiting list (docs/ARCHITECTURE.md, "Curations"). Every curation starts
 * as a REQUESTED row: the style quiz's first one (source QUIZ) or one the member asks for with
 * `POST user-style` (source REQUEST, spending one of the month's AI curations). The engine drafts
 * at most CURATION_DAILY_CAPACITY curations a KST day (what the curators can look over); a request
 * beyond it waits on the waiting list (the member's status WAITING_LIST) and is drafted, oldest
 * first, when the next day's slots open (the server's one-minute timer, and the member's own
 * status reads). Taking a slot is serialised by an advisory lock, so processes sharing one
 * database never draft past the capacity.
 */
import {
  AI_CURATIONS_PER_MONTH,
  type CurationPaymentType,
  kstDate,
  kstParts,
  type StyleQuizAnswers,
  type StylingRequest,
  type UserStyleBody,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { Tx } from '../../platform/transactions.ts';
import { lockMember } from '../users/index.ts';
import { draftCuration, quizAnswers } from './drafting.ts';
import { curations, styleQuizzes } from './schema.ts';
import { aiCurationsLeft } from './view-status.ts';

/** pg_advisory_xact_lock key of the drafting slots (any constant shared by every process). */
const SLOT_LOCK = 7_301_001;

const kstDayStart = (now: Date) => {
  const p = kstParts(now);
  return kstDate(p.year, p.month, p.day);
};

type Slot = 'taken' | 'full' | 'gone';

/** Takes one of today's drafting slots for a REQUESTED curation (marks it drafted now). */
async function takeSlot(ctx: AppContext, curationId: number): Promise<Slot> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK})`);
    const [used] = await tx
      .select({ n: count() })
      .from(curations)
      .where(gte(curations.drafted_at, kstDayStart(now)));
    if (Number(used?.n ?? 0) >= ctx.config.CURATION_DAILY_CAPACITY) return 'full';
    const [row] = await tx
      .update(curations)
      .set({ drafted_at: now })
      .where(
        and(eq(curations.id, curationId), eq(curations.status, 'REQUESTED'), isNull(curations.drafted_at)),
      )
      .returning({ id: curations.id });
    return row ? 'taken' : 'gone';
  });
}

/**
 * Drafts a REQUESTED curation if a slot is free today. 'full': it stays on the waiting list.
 * When the engine has nothing to compose, the request is withdrawn (the month's count with it).
 */
async function tryDraft(ctx: AppContext, c: { id: number; user_id: number; style_quiz_id: number | null }) {
  const slot = await takeSlot(ctx, c.id);
  if (slot !== 'taken') return slot;
  const answers = await quizAnswers(ctx.db, c.style_quiz_id);
  const drafted = answers ? await draftCuration(ctx, c.id, c.user_id, answers) : false;
  if (drafted) return slot;
  // The quiz's rules left too little: withdrawn (the member is told, and offered to widen them).
  await ctx.db.delete(curations).where(and(eq(curations.id, c.id), eq(curations.status, 'REQUESTED')));
  return 'unfilled' as const;
}

export type OpenedRequest = { id: number; user_id: number; style_quiz_id: number | null };

/**
 * Inserts a REQUESTED curation inside the caller's transaction, which holds the member's row lock
 * (lockMember) and made its checks under it: two requests at once never both pass them. Draft it
 * with `draftOpened` once the transaction has committed.
 */
export async function insertRequest(
  tx: Tx,
  userId: number,
  req: { quizId: number; source: 'QUIZ' | 'REQUEST'; styles: string[] | null },
  now: Date,
): Promise<OpenedRequest> {
  const [row] = await tx
    .insert(curations)
    .values({
      user_id: userId,
      style_quiz_id: req.quizId,
      status: 'REQUESTED',
      source: req.source,
      request_styles: req.styles,
      created_at: now,
    })
    .returning({ id: curations.id, user_id: curations.user_id, style_quiz_id: curations.style_quiz_id });
  if (!row) throw new Error('curation insert returned nothing');
  return row;
}

/**
 * Drafts a request just opened when today's capacity allows (else it waits on the list); 'unfilled'
 * when the engine found too little for the quiz's rules and the request was withdrawn.
 */
export async function draftOpened(ctx: AppContext, row: OpenedRequest): Promise<'unfilled' | 'opened'> {
  return (await tryDraft(ctx, row)) === 'unfilled' ? 'unfilled' : 'opened';
}

/** Drafts one member's read may do for the waiting list (the timer does the rest). */
export const MEMBER_READ_DRAFTS = 3;

/**
 * Drafts waiting requests, oldest first, while today's slots last. With `userId` (the member's own
 * read) only up to the member's own waiting request, at most MEMBER_READ_DRAFTS, and nothing when
 * they have none: a page load never drafts a crowd.
 */
export async function serveWaitingList(ctx: AppContext, userId?: number): Promise<number> {
  const waiting = and(eq(curations.status, 'REQUESTED'), isNull(curations.drafted_at));
  let upTo: { created_at: Date; id: number } | undefined;
  if (userId !== undefined) {
    [upTo] = await ctx.db
      .select({ created_at: curations.created_at, id: curations.id })
      .from(curations)
      .where(and(waiting, eq(curations.user_id, userId)))
      .orderBy(asc(curations.created_at), asc(curations.id))
      .limit(1);
    if (!upTo) return 0;
  }
  if (userId === undefined) {
    // A slot taken by a process that stopped before drafting is given back (ten minutes is far
    // beyond any drafting), so the request waits again instead of hanging between the two.
    await ctx.db
      .update(curations)
      .set({ drafted_at: null })
      .where(
        and(
          eq(curations.status, 'REQUESTED'),
          lt(curations.drafted_at, new Date(ctx.clock.now().getTime() - 10 * 60_000)),
        ),
      );
  }
  let drafted = 0;
  let tries = 0;
  const cap = userId === undefined ? Number.POSITIVE_INFINITY : MEMBER_READ_DRAFTS;
  for (;;) {
    const next = await ctx.db
      .select({ id: curations.id, user_id: curations.user_id, style_quiz_id: curations.style_quiz_id })
      .from(curations)
      .where(
        and(
          waiting,
          upTo
            ? sql`(${curations.created_at}, ${curations.id}) <= (${upTo.created_at.toISOString()}::timestamptz, ${upTo.id}::int)`
            : undefined,
        ),
      )
      .orderBy(asc(curations.created_at), asc(curations.id))
      .limit(20);
    if (next.length === 0) return drafted;
    for (const c of next) {
      if (tries >= cap) return drafted;
      tries += 1;
      const slot = await tryDraft(ctx, c);
      if (slot === 'full') return drafted;
      if (slot === 'taken') drafted += 1;
    }
  }
}

/** Whether any request is waiting or stuck between slot and draft (a cheap check before serving the list). */
export async function anyoneWaiting(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: curations.id })
    .from(curations)
    .where(eq(curations.status, 'REQUESTED'))
    .limit(1);
  return !!row;
}

function requestView(
  c: typeof curations.$inferSelect,
  ahead: number | null,
  quizStyles: readonly string[],
): StylingRequest {
  return {
    id: c.id,
    status: c.status === 'DRAFT' || c.drafted_at !== null ? 'PREPARING' : 'WAITING',
    source: c.source === 'REQUEST' ? 'REQUEST' : 'QUIZ',
    styles: c.request_styles ?? [...quizStyles],
    requested_at: c.created_at.toISOString(),
    expected_at: c.publish_at ? c.publish_at.toISOString() : null,
    waiting_ahead: ahead,
  };
}

/** GET get-styling-request: the member's requests not yet published, newest first. */
export async function stylingRequests(ctx: AppContext, userId: number): Promise<StylingRequest[]> {
  const open = await ctx.db
    .select()
    .from(curations)
    .where(and(eq(curations.user_id, userId), inArray(curations.status, ['REQUESTED', 'DRAFT'])))
    .orderBy(desc(curations.created_at), desc(curations.id));
  const quizIds = [...new Set(open.map((c) => c.style_quiz_id).filter((id): id is number => id !== null))];
  const quizzes = quizIds.length
    ? await ctx.db
        .select({ id: styleQuizzes.id, answers: styleQuizzes.answers })
        .from(styleQuizzes)
        .where(inArray(styleQuizzes.id, quizIds))
    : [];
  const stylesOf = (id: number | null) =>
    ((quizzes.find((q) => q.id === id)?.answers.liked_styles as string[] | undefined) ?? []).slice();
  return Promise.all(
    open.map(async (c) => {
      let ahead: number | null = null;
      if (c.status === 'REQUESTED' && c.drafted_at === null) {
        const [row] = await ctx.db
          .select({ n: count() })
          .from(curations)
          .where(
            and(
              eq(curations.status, 'REQUESTED'),
              isNull(curations.drafted_at),
              sql`(${curations.created_at}, ${curations.id}) < (${c.created_at.toISOString()}::timestamptz, ${c.id}::int)`,
            ),
          );
        ahead = Number(row?.n ?? 0);
      }
      return requestView(c, ahead, stylesOf(c.style_quiz_id));
    }),
  );
}

/**
 * POST user-style: the member's liked styles now (a new style-quiz row with them, the disliked ones
 * that clash dropped), and with `request` a new curation in them: one open request at a time, within
 * the month's AI curations.
 */
export async function saveUserStyle(
  ctx: AppContext,
  userId: number,
  body: { styles: string[]; request: boolean },
  knownStyles: readonly string[],
): Promise<UserStyleBody> {
  const unknown = body.styles.filter((s) => !knownStyles.includes(s));
  if (unknown.length) throw badRequest(`styles: 알 수 없는 스타일입니다 (${unknown.join(', ')})`);
  const now = ctx.clock.now();
  const opened = await ctx.db.transaction(async (tx) => {
    // One member's style changes and requests run one at a time (the checks and the insert below
    // are under this lock, so the month's count and "one open request" stay true).
    await lockMember(tx, userId);
    const [latest] = await tx
      .select()
      .from(styleQuizzes)
      .where(eq(styleQuizzes.user_id, userId))
      .orderBy(desc(styleQuizzes.created_at), desc(styleQuizzes.id))
      .limit(1);
    if (!latest) throw conflict('스타일 퀴즈를 먼저 완료해주세요.');
    if (body.request) {
      const [open] = await tx
        .select({ id: curations.id })
        .from(curations)
        .where(and(eq(curations.user_id, userId), inArray(curations.status, ['REQUESTED', 'DRAFT'])))
        .limit(1);
      if (open) throw conflict('준비 중인 큐레이션이 있어요. 받아보신 뒤에 다시 요청해주세요.');
      if ((await aiCurationsLeft(tx, userId, now)) <= 0)
        throw conflict('이번 달 AI 큐레이션을 모두 받았어요. 다음 달에 다시 요청해주세요.');
    }
    const answers = latest.answers as StyleQuizAnswers;
    const next = {
      ...answers,
      liked_styles: body.styles,
      disliked_styles: (answers.disliked_styles ?? []).filter((s) => !body.styles.includes(s)),
    };
    const [row] = await tx
      .insert(styleQuizzes)
      .values({ user_id: userId, answers: next as Record<string, unknown>, created_at: now })
      .returning({ id: styleQuizzes.id });
    if (!row) throw new Error('style quiz insert returned nothing');
    return body.request
      ? await insertRequest(tx, userId, { quizId: row.id, source: 'REQUEST', styles: body.styles }, now)
      : null;
  });
  let request: StylingRequest | null = null;
  if (opened) {
    await draftOpened(ctx, opened);
    request = (await stylingRequests(ctx, userId)).find((r) => r.id === opened.id) ?? null;
    // Withdrawn at once: the engine found nothing to compose in these styles.
    if (!request)
      throw conflict(
        '지금은 조건에 맞는 상품이 부족해 코디를 만들 수 없어요. 스타일을 바꿔 다시 요청해주세요.',
      );
  }
  return {
    liked_styles: body.styles,
    request,
    next_ai_curation_left: await aiCurationsLeft(ctx.db, userId, ctx.clock.now()),
  };
}

/** GET payment-type: MY큐레이션 is free; the month's AI curations are the only limit. */
export async function paymentType(ctx: AppContext, userId: number): Promise<CurationPaymentType> {
  return {
    payment_type: 'FREE',
    price: 0,
    monthly_ai_curations: AI_CURATIONS_PER_MONTH,
    next_ai_curation_left: await aiCurationsLeft(ctx.db, userId, ctx.clock.now()),
  };
}
