/**
 * POST /api/admin/reviews/import (docs/ARCHITECTURE.md, "Reviews"): size reviews brought from another
 * shop as JSON Lines, one review a line, idempotent by `external_id`. Each line becomes a size
 * review (the recommendation uses it like a native one) and, when it carries a rating, a review
 * shown as 외부 쇼핑몰 고객's. Bad lines are rejected with their reason; good ones still land.
 */
import { ImportedReviewLine, type ReviewImportBody } from '@codiroom/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productDisplays, productItems, reviews, sizeReviews } from '../../db/schema.ts';

/** Lines per request, and the rejected lines listed in the answer. */
export const IMPORT_LIMITS = { lines: 5_000, errorsListed: 100, lineChars: 4_000 } as const;

type Rejection = { line: number; reason: string };

export async function importReviews(db: Db, text: string, now: Date): Promise<ReviewImportBody> {
  const lines = text.split(/\r?\n/);
  const errors: Rejection[] = [];
  let rejected = 0;
  const reject = (line: number, reason: string) => {
    rejected += 1;
    if (errors.length < IMPORT_LIMITS.errorsListed) errors.push({ line, reason });
  };
  const good: { line: number; v: ImportedReviewLine }[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const t = raw.trim();
    if (!t) continue;
    if (t.length > IMPORT_LIMITS.lineChars) {
      reject(line, `line longer than ${IMPORT_LIMITS.lineChars} characters`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(t);
    } catch {
      reject(line, 'not valid JSON');
      continue;
    }
    const parsed = ImportedReviewLine.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reject(line, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
      continue;
    }
    if (seen.has(parsed.data.external_id)) {
      reject(line, 'external_id repeated in this file');
      continue;
    }
    seen.add(parsed.data.external_id);
    good.push({ line, v: parsed.data });
  }

  // Products and their sizes, in one read.
  const displayIds = [...new Set(good.map((g) => g.v.product_display_id))];
  const items = displayIds.length
    ? await db
        .select({
          display: productItems.product_display_id,
          size: productItems.size_name,
          id: productItems.id,
        })
        .from(productItems)
        .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
        .where(inArray(productItems.product_display_id, displayIds))
    : [];
  const sizesOf = new Map<number, Map<string, number>>();
  for (const it of items) {
    const m = sizesOf.get(it.display) ?? new Map<string, number>();
    if (!m.has(it.size)) m.set(it.size, it.id);
    sizesOf.set(it.display, m);
  }
  const existing = good.length
    ? await db
        .select({ external_id: sizeReviews.external_id })
        .from(sizeReviews)
        .where(
          inArray(
            sizeReviews.external_id,
            good.map((g) => g.v.external_id),
          ),
        )
    : [];
  const known = new Set(existing.map((e) => e.external_id));

  let imported = 0;
  let updated = 0;
  const valid: typeof good = [];
  for (const g of good) {
    const sizes = sizesOf.get(g.v.product_display_id);
    if (!sizes) reject(g.line, `product_display_id ${g.v.product_display_id} does not exist`);
    else if (!sizes.has(g.v.size_name))
      reject(g.line, `size_name '${g.v.size_name}' is not a size of this product`);
    else valid.push(g);
  }
  await db.transaction(async (tx) => {
    for (const { v } of valid) {
      const created = v.created_at ? new Date(v.created_at) : now;
      const itemId = sizesOf.get(v.product_display_id)?.get(v.size_name) ?? null;
      const height = Math.round(v.height);
      const weight = Math.round(v.weight);
      await tx
        .insert(sizeReviews)
        .values({
          external_id: v.external_id,
          product_display_id: v.product_display_id,
          product_item_id: itemId,
          size_name: v.size_name,
          fit: v.fit,
          height,
          weight,
          created_at: created,
          updated_at: now,
        })
        .onConflictDoUpdate({
          target: sizeReviews.external_id,
          set: {
            product_display_id: v.product_display_id,
            product_item_id: itemId,
            size_name: v.size_name,
            fit: v.fit,
            height,
            weight,
            updated_at: now,
          },
        });
      if (v.rating !== undefined) {
        const [prev] = await tx
          .select({ rating: reviews.rating, display: reviews.product_display_id, hidden: reviews.hidden_at })
          .from(reviews)
          .where(eq(reviews.external_id, v.external_id))
          .limit(1);
        await tx
          .insert(reviews)
          .values({
            external_id: v.external_id,
            product_display_id: v.product_display_id,
            product_item_id: itemId,
            rating: v.rating,
            content: v.content ?? '',
            size_feel: v.fit,
            size_name: v.size_name,
            height,
            weight,
            is_quick: !v.content,
            created_at: created,
          })
          .onConflictDoUpdate({
            target: reviews.external_id,
            set: {
              rating: v.rating,
              content: v.content ?? '',
              size_feel: v.fit,
              size_name: v.size_name,
              height,
              weight,
              is_quick: !v.content,
              updated_at: now,
            },
          });
        // The product's review counters follow (a moved review leaves its old product).
        if (prev && prev.hidden === null) {
          await tx
            .update(productDisplays)
            .set({
              review_count: sql`${productDisplays.review_count} - 1`,
              rating_sum: sql`${productDisplays.rating_sum} - ${prev.rating}`,
            })
            .where(eq(productDisplays.id, prev.display));
        }
        if (!prev || prev.hidden === null) {
          await tx
            .update(productDisplays)
            .set({
              review_count: sql`${productDisplays.review_count} + 1`,
              rating_sum: sql`${productDisplays.rating_sum} + ${v.rating}`,
            })
            .where(and(eq(productDisplays.id, v.product_display_id)));
        }
      }
      if (known.has(v.external_id)) updated += 1;
      else imported += 1;
    }
  });
  return { imported, updated, rejected, errors };
}
