/**
 * The daily look (API-CATALOGUE.md `GET /api/contents/daily-look`) and the women's landing of the
 * back office. The content forms are answers.ts; curator chat and telephone CS are support
 * requests (domains/support, contact-requests.ts).
 */
import type {
  DailyLookBody,
  FemaleLandingListBody,
  FemaleLandingSubmission,
  InterestFreeNotice,
  InterestFreeNoticeBody,
} from '@codiroom/shared';
import { DEFAULT_INTEREST_FREE_NOTICE, FEMALE_LANDING_HISTORY_MAX, kstDateString } from '@codiroom/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { cache, defineCache, invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { appMeta } from '../../platform/schema.ts';
import { existingDisplayIds } from '../catalog/index.ts';
import { codiSetsWithProducts } from './editorial.ts';
import { codiSets } from './schema.ts';

const Id = z.number().int().positive().max(2_147_483_647);

/**
 * The look of the day: one active codi set per KST day, rotating through the sets in id order
 * (day number since the epoch modulo the number of sets), so every visitor sees the same look.
 */
export async function dailyLook(ctx: AppContext): Promise<DailyLookBody> {
  const date = kstDateString(ctx.clock.now());
  const where = eq(codiSets.is_active, true);
  const [total] = await ctx.db.select({ n: count() }).from(codiSets).where(where);
  const n = total?.n ?? 0;
  if (n === 0) return { date, codi: null };
  const day = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const [pick] = await ctx.db
    .select({ id: codiSets.id })
    .from(codiSets)
    .where(where)
    .orderBy(asc(codiSets.id))
    .limit(1)
    .offset(day % n);
  if (!pick) return { date, codi: null };
  const page = await codiSetsWithProducts(ctx, ctx.clock.now(), eq(codiSets.id, pick.id), 1, 1);
  return { date, codi: page.result[0] ?? null };
}

// ───────────────────────────── admin: women's landing ─────────────────────────────

export const FemaleLandingIn = z.object({
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().trim().max(500).default(''),
  banner_image_url: z.string().trim().max(500).nullable().default(null),
  product_display_ids: z.array(Id).max(100).default([]),
  is_active: z.boolean().default(true),
});
export const FEMALE_LANDING_KEY = 'female_landing';
/** Every submission, newest first (at most FEMALE_LANDING_HISTORY_MAX), for the back office's list. */
export const FEMALE_LANDING_HISTORY_KEY = 'female_landing_history';

/** SPEC.md §6's admin call: stores the women's landing configuration (one record, replaced). */
export async function saveFemaleLanding(
  ctx: AppContext,
  body: z.infer<typeof FemaleLandingIn>,
  operatorName: string | null = null,
): Promise<{ result: 'SUCCESS'; updated_at: string }> {
  const ids = [...new Set(body.product_display_ids)];
  if (ids.length) {
    const found = await existingDisplayIds(ctx.db, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw badRequest(`Unknown product_display_ids: ${missing.slice(0, 10).join(', ')}`);
  }
  const now = ctx.clock.now();
  const value = { ...body, product_display_ids: ids };
  const entry: FemaleLandingSubmission = {
    ...value,
    submitted_at: now.toISOString(),
    operator_name: operatorName,
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(appMeta)
      .values({ key: FEMALE_LANDING_KEY, value, updated_at: now })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updated_at: now } });
    // The list keeps every submission (newest first): the latest one is the landing in force.
    const [prev] = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, FEMALE_LANDING_HISTORY_KEY))
      .for('update');
    const history = [entry, ...(Array.isArray(prev?.value) ? prev.value : [])].slice(
      0,
      FEMALE_LANDING_HISTORY_MAX,
    );
    await tx
      .insert(appMeta)
      .values({ key: FEMALE_LANDING_HISTORY_KEY, value: history, updated_at: now })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: history, updated_at: now } });
  });
  return { result: 'SUCCESS', updated_at: now.toISOString() };
}

/**
 * The back office's list of the women's landing submissions, newest first. A landing stored
 * before the list was kept shows as its one submission.
 */
export async function listFemaleLanding(ctx: AppContext): Promise<FemaleLandingListBody> {
  const rows = await ctx.db
    .select()
    .from(appMeta)
    .where(inArray(appMeta.key, [FEMALE_LANDING_KEY, FEMALE_LANDING_HISTORY_KEY]));
  const history = rows.find((r) => r.key === FEMALE_LANDING_HISTORY_KEY);
  if (history && Array.isArray(history.value)) return { result: history.value as FemaleLandingSubmission[] };
  const current = rows.find((r) => r.key === FEMALE_LANDING_KEY);
  if (!current) return { result: [] };
  const parsed = FemaleLandingIn.safeParse(current.value);
  if (!parsed.success) return { result: [] };
  return {
    result: [{ ...parsed.data, submitted_at: current.updated_at.toISOString(), operator_name: null }],
  };
}

// ───────────────────────────── the card interest-free notice ─────────────────────────────

export const INTEREST_FREE_NOTICE_KEY = 'interest_free_notice';

/**
 * SPEC.md §9 "Interest-free card default minimum": the notice the product page and checkout show,
 * as the back office last saved it, or the default (50,000원) before it was ever edited.
 */
/**
 * The notice is the same on every product page and checkout: kept a minute per process, ended on
 * every node by an operator's edit (`site.changed`).
 */
const INTEREST_FREE_NOTICE_CACHE = defineCache<InterestFreeNoticeBody>('interest-free-notice', {
  ttlMs: 60_000,
  maxEntries: 1,
  invalidatedBy: ['site.changed'],
});

export function interestFreeNotice(ctx: AppContext): Promise<InterestFreeNoticeBody> {
  return cache(ctx, INTEREST_FREE_NOTICE_CACHE).load('notice', () => storedInterestFreeNotice(ctx));
}

async function storedInterestFreeNotice(ctx: AppContext): Promise<InterestFreeNoticeBody> {
  const [row] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, INTEREST_FREE_NOTICE_KEY));
  const parsed = InterestFreeNoticeStored.safeParse(row?.value);
  if (!row || !parsed.success) return { ...DEFAULT_INTEREST_FREE_NOTICE, updated_at: null };
  return { ...parsed.data, updated_at: row.updated_at.toISOString() };
}

const InterestFreeNoticeStored = z.object({
  text: z.string(),
  min_amount: z.number().int(),
  is_active: z.boolean(),
});

export async function saveInterestFreeNotice(
  ctx: AppContext,
  body: InterestFreeNotice,
): Promise<InterestFreeNoticeBody> {
  const now = ctx.clock.now();
  const value = { text: body.text, min_amount: body.min_amount, is_active: body.is_active };
  await ctx.db
    .insert(appMeta)
    .values({ key: INTEREST_FREE_NOTICE_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updated_at: now } });
  await invalidate(ctx, 'site.changed');
  return { ...value, updated_at: now.toISOString() };
}
