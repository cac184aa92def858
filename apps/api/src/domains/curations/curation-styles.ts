/**
 * GET /api/curations/get-curation-styles/{id} (docs/ARCHITECTURE.md, "Curations"): the styles of one
 * of the member's published curations: the styles it was asked for, the style tags of its picks
 * (most frequent first) and each outfit's styles and colour line. Another member's curation, or one
 * not yet published, is the same 404 as a missing one.
 */
import { type CurationStylesBody, colorLine } from '@codiroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { displayStyles } from '../catalog/index.ts';
import { quizAnswers } from './drafting.ts';
import { curationItems, curations } from './schema.ts';

export async function curationStyles(
  ctx: AppContext,
  userId: number,
  id: number | null,
): Promise<CurationStylesBody> {
  if (id === null) throw notFound('큐레이션이 없습니다.');
  const [c] = await ctx.db
    .select()
    .from(curations)
    .where(and(eq(curations.id, id), eq(curations.user_id, userId), eq(curations.status, 'DONE')))
    .limit(1);
  if (!c) throw notFound('큐레이션이 없습니다.');
  const [picks, answers] = await Promise.all([
    ctx.db
      .select({ outfit: curationItems.outfit, display: curationItems.product_display_id })
      .from(curationItems)
      .where(eq(curationItems.curation_id, id))
      .orderBy(asc(curationItems.outfit)),
    quizAnswers(ctx.db, c.style_quiz_id),
  ]);
  const looks = await displayStyles(
    ctx.db,
    picks.map((p) => p.display),
  );
  const items = picks.flatMap((p) => {
    const look = looks.get(p.display);
    return look ? [{ outfit: p.outfit, ...look }] : [];
  });
  const counts = new Map<string, number>();
  for (const i of items) for (const t of i.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  const outfits = [...new Set(items.map((i) => i.outfit))].map((index) => {
    const mine = items.filter((i) => i.outfit === index);
    return {
      index,
      styles: [...new Set(mine.flatMap((i) => i.tags))],
      colors: mine.length ? colorLine(mine.map((i) => i.color)) : null,
    };
  });
  return {
    id: c.id,
    asked_styles: c.request_styles ?? answers?.liked_styles ?? [],
    styles: [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([tag, count]) => ({ tag, count })),
    outfits,
  };
}
