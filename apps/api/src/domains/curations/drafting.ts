/**
 * Drafting and publishing curations (docs/ARCHITECTURE.md, "Curations"): after a style quiz the
 * engine (packages/shared/src/curation-engine.ts) drafts outfits from the shop's products; a curator
 * may touch the draft, and without one it is published as is CURATION_PUBLISH_DELAY_MIN later.
 */
import {
  type CuratedOutfit,
  type CurationCandidate,
  type CurationProfile,
  chooseGivenSize,
  composeOutfits,
  curationPublishedBody,
  type FitPreference,
  fitNote,
  garmentKind,
  isBodyInRange,
  OCCASION_LABEL,
  type Occasion,
  type PersonalColorSeason,
  type Recommendation,
  recommendSize,
  type StyleQuizAnswers,
  type StylistFacts,
  sheetGirths,
} from '@codiroom/shared';
import { and, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import {
  type DraftCandidateRow,
  draftCandidateRow,
  draftCandidateRows,
  shopBrandNames,
  sizeSheetRows,
} from '../catalog/index.ts';
import { memberLikedDisplayIds } from '../likes/index.ts';
import { getSizeInfo, notify } from '../users/index.ts';
import { withReviewAwareSizes, withShoeAdvice } from './pick-sizes.ts';
import { curationPorts } from './ports.ts';
import {
  curationItems,
  curations,
  dailyQuizAnswers,
  dailyQuizzes,
  personalColorAnswers,
  styleQuizzes,
} from './schema.ts';
import { writeOutfits } from './stylist.ts';

/** Candidates per product type, the most popular first, and outfits per curation. */
export const DRAFT_LIMITS = { perType: 300, outfits: 3 } as const;

type Row = DraftCandidateRow;

/** One active display as a candidate (a curator's swap), or null. */
export async function candidateById(db: Db, id: number): Promise<CurationCandidate | null> {
  const r = await draftCandidateRow(db, id);
  return r ? candidateOf(r, null, 0) : null;
}

/** A candidate row as the engine takes it, with the member's size and a popularity in 0–1. */
function candidateOf(
  r: Row,
  chosen: { size: string | null; note: string | null } | null,
  popularity: number,
): CurationCandidate {
  return {
    id: r.id,
    product_type: r.product_type,
    category_code: r.category_code,
    category_sub: r.category_sub,
    name: r.name,
    style_tags: r.style_tags,
    color_name: r.color_name,
    fit: r.cut,
    material: r.material,
    season: r.season,
    price: r.price,
    size: chosen?.size ?? null,
    size_note: chosen?.note ?? null,
    sizes_in_stock: r.sizes ?? [],
    popularity,
  };
}

/** The answers of one style quiz (a curation's), or null without one. */
export async function quizAnswers(db: Conn, quizId: number | null): Promise<StyleQuizAnswers | null> {
  if (quizId === null) return null;
  const [q] = await db
    .select({ answers: styleQuizzes.answers })
    .from(styleQuizzes)
    .where(eq(styleQuizzes.id, quizId));
  return (q?.answers as StyleQuizAnswers | undefined) ?? null;
}

/**
 * The size the member should take of each sized candidate: the size sheet's answer for their body,
 * else their usual size; shoes only in the member's own shoe size (never the first in stock).
 */
async function sizesFor(
  db: Db,
  rows: Row[],
  body: { height: number; weight: number; fit: FitPreference } | null,
  usual: Record<string, string>,
): Promise<Map<number, { size: string | null; note: string | null }>> {
  const out = new Map<number, { size: string | null; note: string | null }>();
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  const sheets =
    body && productIds.length
      ? await sizeSheetRows(db, productIds, ['TOP', 'OUTER', 'BOTTOM', 'TOP2', 'OUTER2', 'BOTTOM2'])
      : [];
  const sheetOf = new Map<string, typeof sheets>();
  for (const s of sheets) {
    const key = `${s.product_id}:${s.set}`;
    const sheet = sheetOf.get(key);
    if (sheet) sheet.push(s);
    else sheetOf.set(key, [s]);
  }
  for (const r of rows) {
    const inStock = r.sizes ?? [];
    const kind = garmentKind(r.product_type, r.category_code, r.cut);
    const sheet = kind
      ? sheetGirths(
          kind.key,
          sheetOf.get(`${r.product_id}:${r.measurement_set}`) ?? [],
          sheetOf.get(`${r.product_id}:${r.measurement_set}2`) ?? [],
        )
      : [];
    let rec: Recommendation | null = null;
    if (kind && body && sheet.length > 0) {
      rec = recommendSize({
        height: body.height,
        weight: body.weight,
        preference: body.fit,
        garment: kind,
        sizes: sheet,
        reviews: [],
      });
    }
    // The size the member gave, unless the sheet says it will not fit (and the reason says so);
    // shoes only in the member's shoe size.
    if (kind) {
      const chosen = chooseGivenSize(usual[r.product_type] ?? null, rec);
      // Why, in words: off the given size, or how the size sits on the member's body.
      const fits =
        rec && body && chosen.size ? fitNote(chosen.size, rec, body.height, body.weight, kind.key) : null;
      out.set(r.id, { size: chosen.size, note: chosen.note ?? fits });
    } else
      out.set(r.id, {
        size: r.product_type === 'SHOES' ? (usual.SHOES ?? null) : (inStock[0] ?? null),
        note: null,
      });
  }
  return out;
}

/** Days after which the picks of a viewed curation that were neither bought nor liked count as skipped. */
export const SKIP_AFTER_DAYS = 14;

/**
 * The member's history the engine learns from: what they bought and liked, the picks of the
 * curations they rated (a curation's rating counts for each of its picks), and the picks they
 * skipped (seen in a curation at least SKIP_AFTER_DAYS ago, neither bought nor liked).
 */
export async function history(db: Db, userId: number, now: Date) {
  const seenBefore = new Date(now.getTime() - SKIP_AFTER_DAYS * 86_400_000);
  // Bought (the orders domain's, through curations' port) and liked (the likes domain's).
  const [bought, liked, rated, seen] = await Promise.all([
    curationPorts.get().keptDisplayIds(db, userId),
    memberLikedDisplayIds(db, userId),
    db
      .select({ id: curationItems.product_display_id, rating: curations.rating })
      .from(curationItems)
      .innerJoin(curations, eq(curations.id, curationItems.curation_id))
      .where(and(eq(curations.user_id, userId), isNotNull(curations.rating))),
    db
      .selectDistinct({ id: curationItems.product_display_id })
      .from(curationItems)
      .innerJoin(curations, eq(curations.id, curationItems.curation_id))
      .where(
        and(
          eq(curations.user_id, userId),
          eq(curations.status, 'DONE'),
          eq(curations.viewed, true),
          lte(curations.delivered_at, seenBefore),
        ),
      ),
  ]);
  const ratings: Record<number, number> = {};
  for (const r of rated) if (r.rating !== null) ratings[r.id] = Math.min(ratings[r.id] ?? 5, r.rating);
  const kept = new Set([...bought, ...liked]);
  return {
    bought,
    liked,
    ratings,
    skipped: seen.map((s) => s.id).filter((id) => !kept.has(id) && ratings[id] === undefined),
  };
}

/** The styles the member voted for in the daily quiz's style questions (the last 90 KST days). */
export async function dailyStyleVotes(db: Db, userId: number, now: Date): Promise<Record<string, number>> {
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const rows = await db
    .select({ answer: dailyQuizAnswers.answer, options: dailyQuizzes.options })
    .from(dailyQuizAnswers)
    .innerJoin(dailyQuizzes, eq(dailyQuizzes.id, dailyQuizAnswers.daily_quiz_id))
    .where(and(eq(dailyQuizAnswers.user_id, userId), gte(dailyQuizAnswers.created_at, since)));
  const votes: Record<string, number> = {};
  for (const r of rows) {
    const style = r.options.find((o) => o.key === r.answer)?.style;
    if (style) votes[style] = (votes[style] ?? 0) + 1;
  }
  return votes;
}

/**
 * The engine's outfits for the member from their style quiz answers (the body and sizes from
 * their size info, their history, personal colour and daily-quiz style votes), for the KST season.
 * Empty when the shop has nothing to compose.
 */
export async function composeForMember(
  ctx: AppContext,
  userId: number,
  answers: StyleQuizAnswers,
): Promise<CuratedOutfit[]> {
  return (await composeWithFacts(ctx, userId, answers)).outfits;
}

/** The engine's outfits and, for each, the facts a stylist note may use (stylist.ts). */
async function composeWithFacts(
  ctx: AppContext,
  userId: number,
  answers: StyleQuizAnswers,
): Promise<{ outfits: CuratedOutfit[]; facts: Omit<StylistFacts, 'shop_brands'>[] }> {
  const now = ctx.clock.now();
  const [info, past, [color], votes, rows] = await Promise.all([
    getSizeInfo(ctx, userId),
    history(ctx.db, userId, now),
    ctx.db
      .select({ result: personalColorAnswers.result })
      .from(personalColorAnswers)
      .where(eq(personalColorAnswers.user_id, userId))
      .orderBy(sql`${personalColorAnswers.created_at} desc`)
      .limit(1),
    dailyStyleVotes(ctx.db, userId, now),
    draftCandidateRows(ctx.db, answers.budget_max, DRAFT_LIMITS.perType),
  ]);
  const body =
    info.height && info.weight && isBodyInRange(info.height, info.weight)
      ? { height: info.height, weight: info.weight, fit: info.fit_preference ?? 'regular' }
      : null;
  const sizes = await sizesFor(ctx.db, rows, body, info.sizes);
  const candidates = rows.map((r) =>
    candidateOf(r, sizes.get(r.id) ?? null, Math.min(1, Math.log1p(Math.max(0, Number(r.popularity))) / 10)),
  );
  const profile: CurationProfile = {
    liked_styles: answers.liked_styles,
    disliked_styles: answers.disliked_styles,
    liked_colors: answers.liked_colors,
    avoided_colors: answers.avoided_colors,
    budget_max: answers.budget_max,
    avoid: answers.avoid ?? [],
    occasions: answers.occasions as Occasion[],
    personal_color: (color?.result as PersonalColorSeason | undefined) ?? null,
    bought: past.bought,
    ratings: past.ratings,
    liked: past.liked,
    skipped: past.skipped,
    style_votes: votes,
  };
  const outfits = composeOutfits(candidates, profile, { at: now, count: DRAFT_LIMITS.outfits });
  if (body) await withReviewAwareSizes(ctx, userId, body, outfits, candidates, info.sizes);
  await withShoeAdvice(ctx, outfits, candidates, info.sizes.SHOES ?? null);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const facts = outfits.map((o) => ({
    pieces: o.picks.flatMap((p) => {
      const r = rowOf.get(p.product_id);
      return r
        ? [
            {
              name: r.name,
              brand_name: r.brand_name,
              color_name: r.color_name,
              size: p.size,
              price: r.price,
              material: r.material,
              fit: r.cut,
            },
          ]
        : [];
    }),
    total: o.total,
    budget_max: answers.budget_max,
    // Not the member's height and weight: a hosted model is a third party, and the body is theirs.
  }));
  return { outfits, facts };
}

/**
 * Turns the REQUESTED curation `curationId` into a DRAFT with the engine's outfits, to be published
 * CURATION_PUBLISH_DELAY_MIN later. Answers false (and leaves the row as it was) when the shop has
 * nothing to compose.
 */
export async function draftCuration(
  ctx: AppContext,
  curationId: number,
  userId: number,
  answers: StyleQuizAnswers,
): Promise<boolean> {
  const { outfits, facts } = await composeWithFacts(ctx, userId, answers);
  if (outfits.length === 0) return false;
  // Titles and notes: the language model's where it invents nothing, else the template's (stylist.ts).
  const brands = ctx.config.STYLIST_LLM_BASE_URL ? await shopBrandNames(ctx.db) : [];
  const occasion = answers.occasions[0] ? OCCASION_LABEL[answers.occasions[0] as Occasion] : '코디';
  const written = await writeOutfits(
    ctx,
    outfits.map((o, i) => ({
      facts: { ...(facts[i] as Omit<StylistFacts, 'shop_brands'>), shop_brands: brands },
      template: o.note,
      occasion,
    })),
  );
  const now = ctx.clock.now();
  const publishAt = new Date(now.getTime() + ctx.config.CURATION_PUBLISH_DELAY_MIN * 60_000);
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .update(curations)
      .set({
        status: 'DRAFT',
        title: 'MY큐레이션',
        message: written
          .map((w, i) => `${i + 1}번 코디${w.title ? ` · ${w.title}` : ''}: ${w.note}`)
          .join('\n'),
        product_display_ids: outfits.flatMap((o) => o.picks.map((p) => p.product_id)),
        publish_at: publishAt,
      })
      .where(and(eq(curations.id, curationId), eq(curations.status, 'REQUESTED')))
      .returning({ id: curations.id });
    if (!c) return;
    await tx.insert(curationItems).values(
      outfits.flatMap((o, outfit) =>
        o.picks.map((p) => ({
          curation_id: curationId,
          outfit,
          role: p.role,
          product_display_id: p.product_id,
          size_name: p.size,
          reasons: p.reasons,
        })),
      ),
    );
  });
  return true;
}

/**
 * The member's drafts no curator touched, published now as publishDue would publish them once
 * CURATION_PUBLISH_DELAY_MIN had passed (the dev helper POST /api/dev/curations/publish-untouched,
 * for journeys that see the engine's curation alone). Answers how many were published.
 */
export async function publishUntouchedNow(ctx: AppContext, userId: number): Promise<number> {
  await ctx.db
    .update(curations)
    .set({ publish_at: ctx.clock.now() })
    .where(
      and(eq(curations.user_id, userId), eq(curations.status, 'DRAFT'), isNull(curations.curator_touched_at)),
    );
  return publishDue(ctx, userId);
}

/**
 * Publishes the drafts whose time has come (one member's, or everyone's): DONE, delivered, unviewed.
 * A draft a curator touched waits CURATION_PUBLISH_DELAY_MIN after their last touch (they are
 * working on it; they publish it themselves), then goes out as it stands.
 */
export async function publishDue(ctx: AppContext, userId?: number): Promise<number> {
  const now = ctx.clock.now();
  const touchedBefore = new Date(now.getTime() - ctx.config.CURATION_PUBLISH_DELAY_MIN * 60_000);
  // The notifications (and their pushes, in the outbox) commit with the publish: a crash cannot
  // leave a published curation unannounced.
  return ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(curations)
      .set({
        status: 'DONE',
        delivered_at: sql`greatest(${curations.publish_at}, coalesce(${curations.curator_touched_at}, ${curations.publish_at}))`,
        viewed: false,
      })
      .where(
        and(
          eq(curations.status, 'DRAFT'),
          lte(curations.publish_at, now),
          or(isNull(curations.curator_touched_at), lte(curations.curator_touched_at, touchedBefore)),
          ...(userId !== undefined ? [eq(curations.user_id, userId)] : []),
        ),
      )
      .returning({
        id: curations.id,
        user_id: curations.user_id,
        curator_name: curations.curator_name,
        touched_by_curator: sql<boolean>`${curations.curator_touched_at} is not null`,
      });
    await notifyPublished(tx, ctx, done);
    return done.length;
  });
}

/**
 * The member is told their curation is out (SPEC.md §4 curation view status: the red dot), once
 * per curation, by the curator's publishing or by the delayed publish — in the publishing
 * transaction (`conn`).
 */
export async function notifyPublished(
  conn: Conn,
  ctx: AppContext,
  published: { id: number; user_id: number; curator_name: string | null; touched_by_curator: boolean }[],
): Promise<void> {
  for (const c of published) {
    await notify(conn, ctx, c.user_id, {
      kind: 'CURATION',
      title: '요청하신 코디가 도착했어요',
      // Who made it, honestly (curation-rules.ts curationPublishedBody).
      body: curationPublishedBody(c),
      link: '/curation',
      dedupe_key: `curation-published:${c.id}`,
    });
  }
}
