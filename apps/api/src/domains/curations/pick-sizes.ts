/**
 * The sizes of a drafted curation's picks as the product page answers them (reviews'
 * recommendedSize, docs/ARCHITECTURE.md "Sizing"): clothes from the body, sheet and size reviews,
 * kept to the member's own size unless it will not fit; shoes from the member's shoe size and the
 * shoe's size reviews. Each changed size carries its reason in words.
 */
import {
  type CuratedOutfit,
  type CurationCandidate,
  chooseGivenSize,
  type FitPreference,
  fitNote,
} from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { recommendedSize } from '../reviews/index.ts';

/**
 * The picks' sizes as the product page recommends them (reviews' recommendedSize: the size sheet
 * and the product's size reviews), kept to the member's given size unless it will not fit
 * (chooseGivenSize). Drafting sized every candidate without reviews (hundreds of products); the
 * few picks are sized again here, so a curation and the product page agree. A size not in stock
 * leaves the pick as it was.
 */
export async function withReviewAwareSizes(
  ctx: AppContext,
  userId: number,
  body: { height: number; weight: number; fit: FitPreference },
  outfits: CuratedOutfit[],
  candidates: readonly CurationCandidate[],
  usual: Record<string, string>,
): Promise<void> {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const picks = outfits.flatMap((o) =>
    o.picks.filter((p) => p.role === 'top' || p.role === 'bottom' || p.role === 'outer'),
  );
  await Promise.all(
    picks.map(async (pick) => {
      const c = byId.get(pick.product_id);
      if (!c) return;
      const rec = await recommendedSize(
        ctx,
        c.id,
        { height: body.height, weight: body.weight, fit: body.fit },
        userId,
      ).catch(() => null);
      if (
        !rec?.recommended_size ||
        rec.basis === 'size_info' ||
        rec.basis === 'purchase_history' ||
        rec.basis === 'none'
      )
        return;
      const chosen = chooseGivenSize(usual[c.product_type] ?? null, rec);
      if (!chosen.size || chosen.size === pick.size || !c.sizes_in_stock.includes(chosen.size)) return;
      const key = c.product_type === 'BOTTOM' ? 'waist' : 'chest';
      const note = chosen.note ?? fitNote(chosen.size, rec, body.height, body.weight, key);
      pick.size = chosen.size;
      // The size sentence follows the size (reasonsFor: the pairing first, then the size).
      pick.reasons = [...pick.reasons.slice(0, 1), note ? `${note}.` : `${chosen.size} 사이즈로 골랐어요.`];
    }),
  );
}

/**
 * Shoes as the product page advises them (reviews' recommendedSize with the member's shoe size:
 * half a size up or down when the shoe's size reviews say it runs small or large, sizing.ts
 * shoeAdvice), the reason in words. Without a shoe size the engine picks no shoes; an advised size
 * not in stock leaves the member's own.
 */
export async function withShoeAdvice(
  ctx: AppContext,
  outfits: CuratedOutfit[],
  candidates: readonly CurationCandidate[],
  shoeSize: string | null,
): Promise<void> {
  if (!shoeSize) return;
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const picks = outfits.flatMap((o) => o.picks.filter((p) => p.role === 'shoes'));
  await Promise.all(
    picks.map(async (pick) => {
      const c = byId.get(pick.product_id);
      if (!c) return;
      const rec = await recommendedSize(ctx, c.id, { shoe_size: shoeSize }, null).catch(() => null);
      if (!rec?.recommended_size || rec.basis !== 'size_info' || !rec.explanation) return;
      if (rec.recommended_size !== pick.size && !c.sizes_in_stock.includes(rec.recommended_size)) return;
      pick.size = rec.recommended_size;
      pick.reasons = [...pick.reasons.slice(0, 1), `${rec.explanation}.`];
    }),
  );
}
