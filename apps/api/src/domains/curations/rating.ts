/**
 * Rating a curation (docs/ARCHITECTURE.md, "Curations"): POST post-rating (1–5, and what the member
 * wants more of) on one of their published curations, GET get-rating/{id}. The next draft learns
 * from it: the picks of a curation rated 2 or lower are left out, those rated 4 or 5 lift their
 * styles (drafting.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { curations } from './schema.ts';

const missing = () => notFound('큐레이션이 없습니다.');

/** The member's own published curation (another member's, or a draft, answers as a missing one). */
async function own(ctx: AppContext, userId: number, id: number) {
  const [c] = await ctx.db
    .select({ id: curations.id, rating: curations.rating, wanted_detail: curations.wanted_detail })
    .from(curations)
    .where(and(eq(curations.id, id), eq(curations.user_id, userId), eq(curations.status, 'DONE')))
    .limit(1);
  if (!c) throw missing();
  return c;
}

export async function rateCuration(
  ctx: AppContext,
  userId: number,
  input: { id: number; rating: number; wanted_detail?: string | undefined },
) {
  await own(ctx, userId, input.id);
  await ctx.db
    .update(curations)
    .set({ rating: input.rating, wanted_detail: input.wanted_detail ?? null })
    .where(eq(curations.id, input.id));
  return { id: input.id, rating: input.rating, wanted_detail: input.wanted_detail ?? null };
}

export async function curationRating(ctx: AppContext, userId: number, id: number | null) {
  if (id === null) throw missing();
  const c = await own(ctx, userId, id);
  return { id: c.id, rating: c.rating, wanted_detail: c.wanted_detail };
}
