/**
 * POST /api/admin/reviews/import (docs/ARCHITECTURE.md, "Reviews"): size reviews brought from another
 * shop as JSON Lines, one review a line, idempotent by `external_id`. Each line becomes a size
 * review (the recommendation uses it like a native one) and, when it carries a rating, a review
 * shown as 외부 쇼핑몰 고객's. Bad lines are rejected with their reason; good ones still land.
 */
import { ImportedReviewLine, type ReviewImportBody } from '@codiroom/shared';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outdateDocuments } from '../../platform/page-documents.ts';
import type { Tx } from '../../platform/transactions.ts';
import { itemSizesOfDisplays, lockDisplays, setReviewCounters } from '../catalog/index.ts';
import { reviews, sizeReviews } from './schema.ts';

/** Lines per request, the rejected lines listed in the answer, and lines written per statement. */
export const IMPORT_LIMITS = { lines: 5_000, errorsListed: 100, lineChars: 4_000, batch: 500 } as const;

/** The earliest `created_at` an imported review may have (PostgreSQL has no year 0, either). */
const EARLIEST = Date.UTC(2000, 0, 1);

/** Why a parsed line cannot be stored as it is, or null. */
function lineProblem(v: ImportedReviewLine, now: Date): string | null {
  // PostgreSQL text cannot hold U+0000: refused here, for this line only.
  if (v.external_id.includes('\u0000')) return 'external_id: contains U+0000';
  if (v.content?.includes('\u0000')) return 'content: contains U+0000';
  if (v.created_at !== undefined) {
    const at = Date.parse(v.created_at);
    if (!Number.isFinite(at) || at < EARLIEST) return 'created_at: before 2000';
    // A review from the future would stay first among the newest, and in the sizing's newest 400.
    if (at > now.getTime()) return 'created_at: in the future';
  }
  return null;
}

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
    const problem = lineProblem(parsed.data, now);
    if (problem) {
      reject(line, problem);
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
  const items = await itemSizesOfDisplays(db, displayIds);
  const sizesOf = new Map<number, Map<string, number>>();
  for (const it of items) {
    const m = sizesOf.get(it.display) ?? new Map<string, number>();
    if (!m.has(it.size)) m.set(it.size, it.id);
    sizesOf.set(it.display, m);
  }
  const valid: typeof good = [];
  for (const g of good) {
    const sizes = sizesOf.get(g.v.product_display_id);
    if (!sizes) reject(g.line, `product_display_id ${g.v.product_display_id} does not exist`);
    else if (!sizes.has(g.v.size_name))
      reject(g.line, `size_name '${g.v.size_name}' is not a size of this product`);
    else valid.push(g);
  }
  // Written in external_id order: two imports at once take their row locks in the same order.
  valid.sort((a, b) => (a.v.external_id < b.v.external_id ? -1 : a.v.external_id > b.v.external_id ? 1 : 0));

  let imported = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    // Products whose review counters change: where imported reviews land and where they were.
    const touched = new Set<number>();
    for (let at = 0; at < valid.length; at += IMPORT_LIMITS.batch) {
      const batch = valid.slice(at, at + IMPORT_LIMITS.batch).map(({ v }) => ({
        v,
        created: v.created_at ? new Date(v.created_at) : now,
        itemId: sizesOf.get(v.product_display_id)?.get(v.size_name) ?? null,
        height: Math.round(v.height),
        weight: Math.round(v.weight),
      }));
      // One statement per batch (not per line): a 5,000-line file holds the database for
      // milliseconds, not seconds (PGlite runs one transaction at a time).
      const sizeRows = await tx
        .insert(sizeReviews)
        .values(
          batch.map((b) => ({
            external_id: b.v.external_id,
            product_display_id: b.v.product_display_id,
            product_item_id: b.itemId,
            size_name: b.v.size_name,
            fit: b.v.fit,
            height: b.height,
            weight: b.weight,
            created_at: b.created,
            updated_at: now,
          })),
        )
        .onConflictDoUpdate({
          target: sizeReviews.external_id,
          set: {
            product_display_id: sql`excluded.product_display_id`,
            product_item_id: sql`excluded.product_item_id`,
            size_name: sql`excluded.size_name`,
            fit: sql`excluded.fit`,
            height: sql`excluded.height`,
            weight: sql`excluded.weight`,
            updated_at: sql`excluded.updated_at`,
          },
        })
        // xmax = 0: the row was inserted, not updated (true under concurrent imports too).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of sizeRows) {
        if (r.inserted) imported += 1;
        else updated += 1;
      }
      const rated = batch.filter((b) => b.v.rating !== undefined);
      if (rated.length === 0) continue;
      const before = await tx
        .select({ display: reviews.product_display_id })
        .from(reviews)
        .where(
          inArray(
            reviews.external_id,
            rated.map((b) => b.v.external_id),
          ),
        )
        .for('update');
      for (const b of before) touched.add(b.display);
      for (const b of rated) touched.add(b.v.product_display_id);
      await tx
        .insert(reviews)
        .values(
          rated.map((b) => ({
            external_id: b.v.external_id,
            product_display_id: b.v.product_display_id,
            product_item_id: b.itemId,
            rating: b.v.rating as number,
            content: b.v.content ?? '',
            size_feel: b.v.fit,
            size_name: b.v.size_name,
            height: b.height,
            weight: b.weight,
            is_quick: !b.v.content,
            created_at: b.created,
          })),
        )
        .onConflictDoUpdate({
          target: reviews.external_id,
          set: {
            // A line may move a review to another product: it goes with its size review.
            product_display_id: sql`excluded.product_display_id`,
            product_item_id: sql`excluded.product_item_id`,
            rating: sql`excluded.rating`,
            content: sql`excluded.content`,
            size_feel: sql`excluded.size_feel`,
            size_name: sql`excluded.size_name`,
            height: sql`excluded.height`,
            weight: sql`excluded.weight`,
            is_quick: sql`excluded.is_quick`,
            updated_at: now,
          },
        });
    }
    if (touched.size > 0) await recountReviews(tx, [...touched]);
    if (imported + updated > 0) await outdateDocuments(tx, 'reviews.changed');
  });
  return { imported, updated, rejected, errors };
}

/**
 * Sets the review counters of these products from their visible reviews. The rows are locked
 * first (in id order), so the count reads what every writer before it committed: a re-import, a
 * review moved between products or two imports at once leave the counters true.
 */
async function recountReviews(tx: Tx, displayIds: number[]) {
  const ids = [...new Set(displayIds)];
  await lockDisplays(tx, ids);
  const counts = await tx
    .select({
      id: reviews.product_display_id,
      n: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(reviews)
    .where(and(inArray(reviews.product_display_id, ids), isNull(reviews.hidden_at)))
    .groupBy(reviews.product_display_id);
  const byId = new Map(counts.map((c) => [c.id, c]));
  await setReviewCounters(
    tx,
    ids.map((id) => ({
      id,
      review_count: Number(byId.get(id)?.n ?? 0),
      rating_sum: Number(byId.get(id)?.sum ?? 0),
    })),
  );
}
