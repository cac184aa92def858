/**
 * The daily look (API-CATALOGUE.md `GET /api/contents/daily-look`) and the women's landing of the
 * back office. The content forms are answers.ts; curator chat and telephone CS are support
 * requests (domains/support, contact-requests.ts).
 */
import type { DailyLookBody } from '@codiroom/shared';
import { kstDateString } from '@codiroom/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { appMeta, codiSets, productDisplays } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { codiSetsWithProducts } from './editorial.ts';

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

/** SPEC.md §6's admin call: stores the women's landing configuration (one record, replaced). */
export async function saveFemaleLanding(
  ctx: AppContext,
  body: z.infer<typeof FemaleLandingIn>,
): Promise<{ result: 'SUCCESS'; updated_at: string }> {
  const ids = [...new Set(body.product_display_ids)];
  if (ids.length) {
    const found = await ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(inArray(productDisplays.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest(`Unknown product_display_ids: ${missing.slice(0, 10).join(', ')}`);
  }
  const now = ctx.clock.now();
  const value = { ...body, product_display_ids: ids };
  await ctx.db
    .insert(appMeta)
    .values({ key: FEMALE_LANDING_KEY, value, updated_at: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updated_at: now } });
  return { result: 'SUCCESS', updated_at: now.toISOString() };
}
