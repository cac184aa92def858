/**
 * The product page's document (SPEC.md 'Product detail'; docs/ARCHITECTURE.md, "The page read
 * path"): the viewer-independent sections of one product — shipping terms, size table, similar products, matchup,
 * outfits, best reviews, review photos — computed by the API routes' own read models, validated by
 * their response schemas and kept as a page document (platform/page-documents.ts) in the database.
 *
 * - A cold page then reads one row instead of about twenty queries; the document is shared by every
 *   process and survives restarts, and the worker keeps it ready (`productDocumentJob`).
 * - A change to what a product or its reviews are ends every document in its own transaction
 *   (platform/page-documents.ts `outdateDocuments`), then drops them (catalog.changed, reviews.changed).
 * - What changes without those events is never served from the document: every card's price,
 *   stock, likes and rating are read live at each page (`readCardsByIds`, one query for all cards,
 *   with the live prices of product-read.ts), and an outfit's totals follow its cards.
 * - What drifts slowly (the similar ranking's popularity and co-like signals, an outfit's likes, a
 *   review's helpful votes) is at most PRODUCT_DOCUMENT_MAX_AGE_MS old.
 */
import { createHash } from 'node:crypto';
import {
  AiSimilarBody,
  CodiSet,
  MatchupProductsBody,
  type ProductCard,
  ReviewListBody,
  ReviewListQuery,
  ReviewPhotoStripBody,
  SizeGradingBody,
} from '@codiroom/shared';
import { z } from 'zod';
import { popularDisplayIds } from '../domains/catalog/index.ts';
import { type ShippingTerms, shippingTerms } from '../domains/catalog/product-page.ts';
import { readAiSimilar, readCardsByIds } from '../domains/catalog/product-read.ts';
import { sizeGrading } from '../domains/catalog/products.ts';
import { matchupProducts } from '../domains/contents/matchup.ts';
import { codiByProduct } from '../domains/curations/codi.ts';
import { assertDisplay, productReviews, reviewPhotoStrip } from '../domains/reviews/read.ts';
import type { AppContext } from '../platform/context.ts';
import { HttpError } from '../platform/errors.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { documentEpoch, missingDocuments, readDocument, storeDocument } from '../platform/page-documents.ts';

/** How old a document may be: the slow signals above reach the page within this. */
export const PRODUCT_DOCUMENT_MAX_AGE_MS = 3_600_000;
/** The product page's counts (routes/product.tsx): its best reviews and its review photo strip. */
export const DOCUMENT_BEST_REVIEWS = 3;
export const DOCUMENT_REVIEW_PHOTOS = 8;

const CodiList = z.object({ result: z.array(CodiSet) });

/**
 * A section's answer: its body, the route's error answer (a 4xx, e.g. no size sheet), or a failure
 * (a database error: that section alone is missing from the page, and the document is not stored).
 */
type Section<T> = { body: T } | { status: number; detail: string } | { failed: true };

export interface ProductDocument {
  /** The brand's shipping terms and the product's flags; the promise is made per page (the hour). */
  shipping: Section<ShippingTerms>;
  grading: Section<SizeGradingBody>;
  similar: Section<AiSimilarBody>;
  matchup: Section<MatchupProductsBody>;
  codis: Section<{ result: CodiSet[] }>;
  bestReviews: Section<ReviewListBody>;
  photos: Section<ReviewPhotoStripBody>;
}

/**
 * The document's shape, part of its key: a hash of the sections' response schemas and counts (and
 * a version for changes of what is computed), so a server whose sections differ never reads
 * another's documents; a deploy computes its own.
 */
const DOCUMENT_SHAPE = createHash('sha256')
  .update(
    JSON.stringify({
      version: 1,
      counts: [DOCUMENT_BEST_REVIEWS, DOCUMENT_REVIEW_PHOTOS],
      schemas: [
        SizeGradingBody,
        AiSimilarBody,
        MatchupProductsBody,
        CodiList,
        ReviewListBody,
        ReviewPhotoStripBody,
      ].map((schema) => z.toJSONSchema(schema, { unrepresentable: 'any' })),
    }),
  )
  .digest('hex')
  .slice(0, 12);
const SECTIONS = [
  'shipping',
  'grading',
  'similar',
  'matchup',
  'codis',
  'bestReviews',
  'photos',
] as const satisfies readonly (keyof ProductDocument)[];
export const productDocumentKey = (id: number) => `product:${DOCUMENT_SHAPE}:${id}`;
const idOfKey = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/** One section, computed: its validated body, or the route's 4xx; anything else throws. */
async function computeSection<S extends z.ZodType>(
  schema: S,
  load: () => Promise<unknown>,
): Promise<Section<z.output<S>>> {
  try {
    return { body: schema.parse(await load()) };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, detail: err.detail };
    }
    logFailure('a product page section failed', err);
    return { failed: true };
  }
}

/** Computes the document of display `id` from the read models (nothing stored). */
export async function computeProductDocument(ctx: AppContext, id: number): Promise<ProductDocument> {
  const now = ctx.clock.now();
  const [shipping, grading, similar, matchup, codis, bestReviews, photos] = await Promise.all([
    computeSection(z.custom<ShippingTerms>(), () => shippingTerms(ctx.db, id)),
    computeSection(SizeGradingBody, () => sizeGrading(ctx.db, id)),
    computeSection(AiSimilarBody, () => readAiSimilar(ctx, now, id)),
    computeSection(MatchupProductsBody, () => matchupProducts(ctx, now, id)),
    computeSection(CodiList, () => codiByProduct(ctx, id)),
    computeSection(ReviewListBody, async () =>
      productReviews(
        ctx,
        await assertDisplay(ctx.db, id),
        'best',
        ReviewListQuery.parse({ count: DOCUMENT_BEST_REVIEWS }),
        null,
      ),
    ),
    computeSection(ReviewPhotoStripBody, async () =>
      reviewPhotoStrip(ctx.db, await assertDisplay(ctx.db, id), DOCUMENT_REVIEW_PHOTOS),
    ),
  ]);
  return { shipping, grading, similar, matchup, codis, bestReviews, photos };
}

/**
 * Computes and stores the document of display `id` (unless an event came meanwhile); returns it.
 * A product that is not on sale (its similar section answers 4xx) gets no stored document.
 */
export async function refreshProductDocument(
  ctx: AppContext,
  id: number,
): Promise<{ document: ProductDocument; stored: boolean }> {
  const epoch = await documentEpoch(ctx.db);
  const computedAt = ctx.clock.now();
  const document = await computeProductDocument(ctx, id);
  const complete = SECTIONS.every((k) => !('failed' in document[k]));
  if (!complete || !('body' in document.similar)) return { document, stored: false };
  try {
    const stored = await storeDocument(ctx.db, productDocumentKey(id), document, computedAt, epoch);
    return { document, stored };
  } catch (err) {
    // The page still gets its sections; the next view computes them again.
    logFailure('a product page document could not be stored', err);
    return { document, stored: false };
  }
}

/** A failure the page survives (a section or a store): one JSON line on stderr, as pino writes. */
function logFailure(msg: string, err: unknown): void {
  process.stderr.write(`${JSON.stringify({ level: 40, msg, err: String(err) })}\n`);
}

/** The stored document of `id` if fresh, else a new one (stored for the next page). */
export async function productDocument(ctx: AppContext, id: number): Promise<ProductDocument> {
  const stored = await readDocument<ProductDocument>(
    ctx.db,
    productDocumentKey(id),
    ctx.clock.now(),
    PRODUCT_DOCUMENT_MAX_AGE_MS,
  );
  // A document missing a section (written by another shape) is computed again.
  if (stored && SECTIONS.every((k) => stored[k] !== undefined)) return stored;
  return (await refreshProductDocument(ctx, id)).document;
}

/** A section's body, or its error thrown as the route would answer it. */
export function sectionBody<T>(s: Section<T>): T {
  if ('body' in s) return s.body;
  if ('failed' in s) throw new Error('product page section failed');
  throw new HttpError(s.status, s.detail);
}

/** `stored` with every field it has taken from `live` (a card's live price, stock and counts). */
function overlay<C extends ProductCard>(stored: C, live: ProductCard | undefined): C {
  if (!live) return stored;
  const out: Record<string, unknown> = { ...stored };
  for (const [k, v] of Object.entries(live)) if (k in out) out[k] = v;
  return out as C;
}

/**
 * The document's card sections with live cards: one read of every card (price, stock, likes,
 * rating at `now`; `readCards`, by default `readCardsByIds`); an outfit's totals are summed again
 * from its cards, as the outfit read does.
 */
export async function withLiveCards(
  ctx: AppContext,
  now: Date,
  doc: ProductDocument,
  readCards: (ids: number[]) => Promise<ProductCard[]> = (ids) => readCardsByIds(ctx, now, ids),
): Promise<ProductDocument> {
  const ids = new Set<number>();
  if ('body' in doc.similar) for (const c of doc.similar.body.result) ids.add(c.product_display_id);
  if ('body' in doc.matchup) for (const c of doc.matchup.body.result) ids.add(c.product_display_id);
  if ('body' in doc.codis)
    for (const s of doc.codis.body.result) for (const c of s.products) ids.add(c.product_display_id);
  if (ids.size === 0) return doc;
  const live = new Map((await readCards([...ids])).map((c) => [c.product_display_id, c]));
  const card = <C extends ProductCard>(c: C) => overlay(c, live.get(c.product_display_id));
  return {
    ...doc,
    similar:
      'body' in doc.similar
        ? { body: { ...doc.similar.body, result: doc.similar.body.result.map(card) } }
        : doc.similar,
    matchup:
      'body' in doc.matchup
        ? { body: { ...doc.matchup.body, result: doc.matchup.body.result.map(card) } }
        : doc.matchup,
    codis:
      'body' in doc.codis
        ? {
            body: {
              result: doc.codis.body.result.map((s) => {
                const products = s.products.map(card);
                return {
                  ...s,
                  products,
                  total_price: products.reduce((sum, p) => sum + p.price, 0),
                  total_price_discount: products.reduce((sum, p) => sum + p.price_discount, 0),
                };
              }),
            },
          }
        : doc.codis,
  };
}

/** The warm-up's reach: the most popular products on sale, up to this many. */
export const PRODUCT_DOCUMENT_WARM_MAX = 5_000;
/**
 * One warm-up run stops after this long (the next run, 30 s later, goes on), and rests as long as
 * each document took before the next: at most about a tenth of a process goes to warming, so pages
 * served beside it (the embedded database has one connection) barely notice.
 */
const WARM_RUN_BUDGET_MS = 6_000;

/**
 * Computes the missing or old documents of the most popular products on sale, one at a time,
 * within WARM_RUN_BUDGET_MS; returns how many it stored. A first visit then finds its product ready.
 */
export async function warmProductDocuments(
  ctx: AppContext,
  opts: { max?: number; budgetMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  const ids = await popularDisplayIds(ctx.db, opts.max ?? PRODUCT_DOCUMENT_WARM_MAX);
  // Renewed a little before they age out, so a page rarely meets an old one.
  const keys = await missingDocuments(
    ctx.db,
    ids.map(productDocumentKey),
    ctx.clock.now(),
    PRODUCT_DOCUMENT_MAX_AGE_MS * 0.9,
  );
  let stored = 0;
  for (const key of keys) {
    if (Date.now() - started > (opts.budgetMs ?? WARM_RUN_BUDGET_MS)) break;
    const t0 = Date.now();
    if ((await refreshProductDocument(ctx, idOfKey(key))).stored) stored += 1;
    await new Promise((r) => setTimeout(r, Date.now() - t0));
  }
  return stored;
}

export const productDocumentJob: JobDefinition = {
  name: 'storefront.product-documents',
  everyMs: 30_000,
  run: (ctx) => warmProductDocuments(ctx),
};
