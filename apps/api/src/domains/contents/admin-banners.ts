/**
 * Banners in the back office (docs/ARCHITECTURE.md, "Back office"), for MDs: every banner of a
 * placement with its state on the app's clock, a new banner (a generated picture until one is
 * uploaded), changes (text, link, KST window, order, on or off) and its picture (sniffed and
 * re-encoded, 1200px wide). The storefront reads banners uncached (activeBanners), so a change
 * shows on the next request.
 */
import type { BannerInput, BannerUpdate } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { type ImageSource, storeImage } from '../../platform/uploads.ts';
import { banners } from './schema.ts';

type Banner = typeof banners.$inferSelect;
const NOT_FOUND = '배너가 없습니다.';

/** Shown, scheduled, ended or off at `now`. */
export function bannerState(b: Pick<Banner, 'is_active' | 'starts_at' | 'ends_at'>, now: Date) {
  if (!b.is_active) return 'OFF' as const;
  if (b.starts_at && now < b.starts_at) return 'SCHEDULED' as const;
  if (b.ends_at && now >= b.ends_at) return 'ENDED' as const;
  return 'SHOWN' as const;
}

const view = (b: Banner, now: Date) => ({
  ...b,
  starts_at: b.starts_at ? b.starts_at.toISOString() : null,
  ends_at: b.ends_at ? b.ends_at.toISOString() : null,
  state: bannerState(b, now),
});

export async function listBanners(ctx: AppContext, placement?: string) {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(banners)
    .where(placement ? eq(banners.placement, placement) : undefined)
    .orderBy(asc(banners.placement), asc(banners.sort_order), asc(banners.id));
  return { result: rows.map((b) => view(b, now)) };
}

export async function createBanner(ctx: AppContext, input: z.output<typeof BannerInput>) {
  return ctx.db.transaction(async (tx) => {
    const [b] = await tx
      .insert(banners)
      .values({
        ...input,
        image_url: '',
        starts_at: input.starts_at ? new Date(input.starts_at) : null,
        ends_at: input.ends_at ? new Date(input.ends_at) : null,
      })
      .returning();
    if (!b) throw new Error('banner insert failed');
    const [done] = await tx
      .update(banners)
      .set({ image_url: `/api/images/banner/${b.id}.webp` })
      .where(eq(banners.id, b.id))
      .returning();
    return view(done as Banner, ctx.clock.now());
  });
}

export async function updateBanner(ctx: AppContext, id: number, body: z.output<typeof BannerUpdate>) {
  const [before] = await ctx.db.select().from(banners).where(eq(banners.id, id));
  if (!before) throw notFound(NOT_FOUND);
  const starts =
    body.starts_at === undefined ? before.starts_at : body.starts_at ? new Date(body.starts_at) : null;
  const ends = body.ends_at === undefined ? before.ends_at : body.ends_at ? new Date(body.ends_at) : null;
  if (starts && ends && starts >= ends) throw badRequest('ends_at: 종료 시각은 시작 시각보다 뒤여야 해요.');
  const { starts_at: _s, ends_at: _e, ...rest } = body;
  const [after] = await ctx.db
    .update(banners)
    .set({ ...rest, starts_at: starts, ends_at: ends })
    .where(eq(banners.id, id))
    .returning();
  const now = ctx.clock.now();
  return { before: view(before, now), after: view(after as Banner, now) };
}

export async function setBannerImage(ctx: AppContext, id: number, image: ImageSource) {
  const [b] = await ctx.db.select({ id: banners.id }).from(banners).where(eq(banners.id, id));
  if (!b) throw notFound(NOT_FOUND);
  const stored = await storeImage(ctx.images, image, {
    scope: 'banners',
    now: ctx.clock.now(),
    maxWidth: 1200,
    maxHeight: 1200,
  });
  await ctx.db.update(banners).set({ image_url: stored.url }).where(eq(banners.id, id));
  return { id, image_url: stored.url };
}
