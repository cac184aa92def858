/**
 * The stylist's touch (docs/ARCHITECTURE.md, "Curations"): the engine's drafts wait in a queue for
 * a curator, who may swap a pick for another product the member can wear (in stock in the size,
 * within budget, no disliked style or avoided colour, not already in the curation), add a note and
 * their name, and publish early. Untouched drafts are published as they are at `publish_at`.
 * Operators reach these through `/api/admin/curations` (access admin).
 */
import {
  type CurationCandidate,
  type CurationProfile,
  formatWon,
  isEligible,
  type ProductCard,
  reasonsFor,
  roleOf,
} from '@codiroom/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Tx } from '../../platform/transactions.ts';
import { readCardsByIds } from '../catalog/index.ts';
import { getSizeInfo, memberNames } from '../users/index.ts';
import { candidateById, notifyPublished, quizAnswers } from './drafting.ts';
import { quizPhotos } from './photos.ts';
import { curationItems, curations } from './schema.ts';

export const CURATOR_QUEUE_PAGE = 30;
const STATUSES = ['REQUESTED', 'DRAFT', 'DONE'] as const;
export type QueueStatus = (typeof STATUSES)[number];

const missing = () => notFound('큐레이션이 없습니다.');

/** The queue: drafts first by their publish time (the most urgent first), or another status newest first. */
export async function curatorQueue(ctx: AppContext, status: QueueStatus, page: number) {
  const where: SQL | undefined = eq(curations.status, status);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: curations.id,
        user_id: curations.user_id,
        status: curations.status,
        source: curations.source,
        created_at: curations.created_at,
        publish_at: curations.publish_at,
        curator_name: curations.curator_name,
        curator_touched_at: curations.curator_touched_at,
      })
      .from(curations)
      .where(where)
      .orderBy(
        ...(status === 'DRAFT'
          ? [asc(curations.publish_at), asc(curations.id)]
          : status === 'REQUESTED'
            ? [asc(curations.created_at), asc(curations.id)]
            : [desc(curations.delivered_at), desc(curations.id)]),
      )
      .limit(CURATOR_QUEUE_PAGE)
      .offset((page - 1) * CURATOR_QUEUE_PAGE),
    ctx.db.select({ n: count() }).from(curations).where(where),
  ]);
  // The workload per curator: curations they touched in the last 7 days.
  const weekAgo = new Date(ctx.clock.now().getTime() - 7 * 86_400_000);
  const [workload, names] = await Promise.all([
    ctx.db
      .select({ curator_name: curations.curator_name, touched_7d: count() })
      .from(curations)
      .where(and(isNotNull(curations.curator_name), gte(curations.curator_touched_at, weekAgo)))
      .groupBy(curations.curator_name)
      .orderBy(desc(count())),
    memberNames(
      ctx.db,
      rows.map((r) => r.user_id),
    ),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page,
    workload: workload.map((w) => ({
      curator_name: w.curator_name as string,
      touched_7d: Number(w.touched_7d),
    })),
    // A curation is always a member's (user_id references users): the name is there.
    result: rows.map((r) => ({
      ...r,
      member_name: names.get(r.user_id) ?? '',
      created_at: r.created_at.toISOString(),
      publish_at: r.publish_at ? r.publish_at.toISOString() : null,
      curator_touched_at: r.curator_touched_at ? r.curator_touched_at.toISOString() : null,
    })),
  };
}

async function curationRow(ctx: AppContext, id: number) {
  const [c] = await ctx.db.select().from(curations).where(eq(curations.id, id)).limit(1);
  if (!c) throw missing();
  return c;
}

/** One curation for the curator: the member's answers, body and photos, and the picks with live cards. */
export async function curatorView(ctx: AppContext, id: number) {
  const c = await curationRow(ctx, id);
  const [answers, size, photos, items] = await Promise.all([
    quizAnswers(ctx.db, c.style_quiz_id),
    getSizeInfo(ctx, c.user_id),
    quizPhotos(ctx, c.user_id),
    ctx.db
      .select()
      .from(curationItems)
      .where(eq(curationItems.curation_id, id))
      .orderBy(asc(curationItems.outfit)),
  ]);
  const cards = await readCardsByIds(
    ctx,
    ctx.clock.now(),
    items.map((i) => i.product_display_id),
  );
  const byId = new Map<number, ProductCard>(cards.map((card) => [card.id, card]));
  return {
    id: c.id,
    user_id: c.user_id,
    status: c.status,
    source: c.source,
    request_styles: c.request_styles ?? [],
    created_at: c.created_at.toISOString(),
    publish_at: c.publish_at ? c.publish_at.toISOString() : null,
    curator_name: c.curator_name,
    curator_note: c.curator_note,
    engine_note: c.message,
    answers: (answers ?? {}) as Record<string, unknown>,
    size_info: size,
    photos,
    items: items.map((i) => ({
      outfit: i.outfit,
      role: i.role,
      size_name: i.size_name,
      reasons: i.reasons,
      product: byId.get(i.product_display_id) ?? null,
      product_display_id: i.product_display_id,
    })),
  };
}

/**
 * The draft a curator may still change (a published curation is the member's now), locked for the
 * rest of the caller's transaction: publishing, another curator's swap and this change run one
 * after the other, so nothing lands on a curation once it is published.
 */
async function lockedDraft(tx: Tx, id: number) {
  const [c] = await tx.select().from(curations).where(eq(curations.id, id)).for('update').limit(1);
  if (!c) throw missing();
  if (c.status !== 'DRAFT') throw conflict('게시 전 초안만 고칠 수 있어요.');
  return c;
}

/** Swaps the pick at (outfit, role) for `productId` in `size`, checked like the engine's own picks. */
export async function swapPick(
  ctx: AppContext,
  id: number,
  body: { outfit: number; role: string; product_display_id: number; size_name?: string | undefined },
) {
  const peek = await curationRow(ctx, id);
  if (peek.status !== 'DRAFT') throw conflict('게시 전 초안만 고칠 수 있어요.');
  const items = await ctx.db.select().from(curationItems).where(eq(curationItems.curation_id, id));
  const slot = items.find((i) => i.outfit === body.outfit && i.role === body.role);
  if (!slot) throw notFound('바꿀 아이템이 없습니다.');
  const candidate: CurationCandidate | null = await candidateById(ctx.db, body.product_display_id);
  if (!candidate) throw badRequest('product_display_id: 판매 중인 상품이 아닙니다.');
  const role = roleOf(candidate.product_type);
  if (role !== slot.role) throw badRequest(`product_display_id: ${slot.role} 자리에 맞는 상품이 아닙니다.`);
  if (items.some((i) => i.product_display_id === candidate.id && i !== slot))
    throw conflict('이미 이 큐레이션에 있는 상품입니다.');
  // Shoes keep the member's shoe size as the sized roles keep theirs (never the first in stock).
  const sized = role === 'top' || role === 'bottom' || role === 'outer' || role === 'shoes';
  const size = body.size_name ?? (sized ? slot.size_name : (candidate.sizes_in_stock[0] ?? null));
  const answers = await quizAnswers(ctx.db, peek.style_quiz_id);
  const profile: CurationProfile = {
    liked_styles: peek.request_styles ?? answers?.liked_styles ?? [],
    disliked_styles: answers?.disliked_styles ?? [],
    liked_colors: answers?.liked_colors ?? [],
    avoided_colors: answers?.avoided_colors ?? [],
    budget_max: answers?.budget_max ?? null,
    avoid: answers?.avoid ?? [],
    occasions: answers?.occasions ?? [],
    personal_color: null,
    bought: [],
    ratings: {},
    liked: [],
    skipped: [],
  };
  const pick = { ...candidate, size: sized ? size : null };
  const now = ctx.clock.now();
  if (!isEligible(pick, profile, now))
    throw badRequest(
      '회원의 사이즈 재고, 예산, 계절, 피하는 스타일·색상·아이템 조건에 맞지 않는 상품입니다. (size_name, product_display_id)',
    );
  // The budget is the whole outfit's (한 벌): the new pick with the outfit's other pieces.
  if (profile.budget_max !== null) {
    const others = items.filter((i) => i.outfit === body.outfit && i !== slot);
    const prices = await Promise.all(others.map((i) => candidateById(ctx.db, i.product_display_id)));
    const total = prices.reduce((sum, c) => sum + (c?.price ?? 0), candidate.price);
    if (total > profile.budget_max)
      throw badRequest(
        `product_display_id: 이 상품을 넣으면 한 벌 ${formatWon(total)}으로 회원의 예산 ${formatWon(profile.budget_max)}을 넘어요.`,
      );
  }
  const reasons = ['스타일리스트가 직접 고른 아이템이에요.', ...reasonsFor(pick, role, profile)];
  await ctx.db.transaction(async (tx) => {
    await lockedDraft(tx, id);
    // Read again under the lock: another curator may have swapped meanwhile.
    const nowItems = await tx.select().from(curationItems).where(eq(curationItems.curation_id, id));
    if (
      nowItems.some(
        (i) => i.product_display_id === candidate.id && !(i.outfit === body.outfit && i.role === body.role),
      )
    )
      throw conflict('이미 이 큐레이션에 있는 상품입니다.');
    await tx
      .update(curationItems)
      .set({ product_display_id: candidate.id, size_name: sized ? size : null, reasons })
      .where(
        and(
          eq(curationItems.curation_id, id),
          eq(curationItems.outfit, body.outfit),
          eq(curationItems.role, body.role),
        ),
      );
    const ids = nowItems.map((i) =>
      i.outfit === body.outfit && i.role === body.role ? candidate.id : i.product_display_id,
    );
    await tx
      .update(curations)
      .set({ product_display_ids: ids, curator_touched_at: now })
      .where(eq(curations.id, id));
  });
  return curatorView(ctx, id);
}

/** The curator's name and note to the member. */
export async function noteDraft(ctx: AppContext, id: number, body: { curator_name: string; note: string }) {
  await ctx.db.transaction(async (tx) => {
    await lockedDraft(tx, id);
    await tx
      .update(curations)
      .set({ curator_name: body.curator_name, curator_note: body.note, curator_touched_at: ctx.clock.now() })
      .where(eq(curations.id, id));
  });
  return curatorView(ctx, id);
}

/** Publishes a draft now (the member sees it, with the red dot). */
export async function publishNow(ctx: AppContext, id: number) {
  const now = ctx.clock.now();
  // The member's notification commits with the publish (drafting.ts notifyPublished).
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(curations)
      .set({ status: 'DONE', publish_at: now, delivered_at: now, viewed: false, curator_touched_at: now })
      .where(and(eq(curations.id, id), inArray(curations.status, ['DRAFT'])))
      .returning({ id: curations.id, user_id: curations.user_id, curator_name: curations.curator_name });
    // A curator published it: a person approved it.
    if (row) await notifyPublished(tx, ctx, [{ ...row, touched_by_curator: true }]);
    return row;
  });
  if (!done) {
    await curationRow(ctx, id);
    throw conflict('게시 전 초안만 게시할 수 있어요.');
  }
  return curatorView(ctx, id);
}
