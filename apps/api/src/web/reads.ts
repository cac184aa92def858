/**
 * The storefront's in-process reads (SPEC.md 'Product detail'; packages/shared storefront-reads.ts):
 * what a page loader would ask the API, answered by the same read models the API routes call and
 * validated by the same response schemas, without `app.inject`, JSON or the Fastify pipeline.
 * Reads are anonymous, as the loaders' API calls were (no cookie, no token): the answers are the
 * ones the routes give a guest; the one exception, a member's home feed, checks the member's token
 * as the route's access guard does (web/reads-home.ts).
 *
 * The product page's sections come from its page document (web/product-document.ts: stored in the
 * database, cards laid over live). This process keeps the detail in PRODUCT_DETAIL_CACHE (ended
 * per display by `display.changed`, which every order, cancel and like sends) and reviews or
 * photos in other counts in PRODUCT_PAGE_CACHE: ResponseCaches of objects with the API's
 * stale-while-revalidate and price-change bound, cleared on every node by `catalog.changed`,
 * `prices.changed` and `reviews.changed`; the document and the live cards laid
 * over it are kept apart (web/page-caches.ts), so one card kept serves every page it is on. The
 * shipping promise is made at each read (it depends on the hour); the interest-free notice has its
 * own cache (contents).
 */
import {
  AiSimilarBody,
  CodiSet,
  InterestFreeNoticeBody,
  MatchupProductsBody,
  ProductDetail,
  type ProductPageReads,
  RecommendedSizeBody,
  RecommendedSizeQuery,
  ReviewListBody,
  ReviewListQuery,
  ReviewPhotoStripBody,
  ShippingInfoBody,
  SizeGradingBody,
  type StorefrontReads,
} from '@codiroom/shared';
import { z } from 'zod';
import { shippingFromTerms, shippingInfo } from '../domains/catalog/product-page.ts';
import { readAiSimilar, readDetail } from '../domains/catalog/product-read.ts';
import { sizeGrading } from '../domains/catalog/products.ts';
import type { ResponseCache } from '../domains/catalog/response-cache.ts';
import { markLiveViewer } from '../domains/catalog/signals.ts';
import { matchupProducts } from '../domains/contents/matchup.ts';
import { interestFreeNotice } from '../domains/contents/submissions.ts';
import { codiByProduct } from '../domains/curations/codi.ts';
import { assertDisplay, productReviews, reviewPhotoStrip } from '../domains/reviews/read.ts';
import { recommendedSize } from '../domains/reviews/recommend.ts';
import { defineCache } from '../platform/cache.ts';
import type { AppContext } from '../platform/context.ts';
import { isIssuedGuestId } from '../platform/guest-id.ts';
import { keptDocument, keptLiveCards } from './page-caches.ts';
import {
  DOCUMENT_BEST_REVIEWS,
  DOCUMENT_REVIEW_PHOTOS,
  type ProductDocument,
  productDocument,
  sectionBody,
  withLiveCards,
} from './product-document.ts';
import { cachedBody, type StorefrontEntry, storefrontCache } from './read-cache.ts';
import { brandReads } from './reads-brand.ts';
import { contentReads } from './reads-content.ts';
import { homeReads } from './reads-home.ts';
import { listingReads, parseQuery } from './reads-listing.ts';
import { rankingReads } from './reads-ranking.ts';
import { reviewPageReads } from './reads-reviews.ts';
import { searchReads } from './reads-search.ts';
import { siteReads, visitorReads } from './reads-site.ts';

/**
 * Reviews or photos in other counts than the document's: a minute here — their contents never
 * outlive an event; what no event announces (a review's helpful votes) is at most this
 * (+ STALE_MS) late.
 */
export const SECTION_TTL_MS = 60_000;
/**
 * The product's own detail: its stock, time-sale units sold and likes are announced per display
 * (`display.changed`), the rest by catalogue, price and review events; this bounds what is not (an
 * event lost with a process killed between its commit and its event, likes dropped by a guest
 * merge or a withdrawal).
 */
export const PAGE_DETAIL_TTL_MS = 60_000;
const CodiList = z.object({ result: z.array(CodiSet) });

/** The detail by display id (the key `display.changed` names). */
export const PRODUCT_DETAIL_CACHE = defineCache<StorefrontEntry>('storefront-product-detail', {
  // Each entry carries its own life (ResponseCache).
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 30_000,
  invalidatedBy: ['catalog.changed', 'prices.changed', 'reviews.changed', 'display.changed'],
  clock: 'app',
});

export const PRODUCT_PAGE_CACHE = defineCache<StorefrontEntry>('storefront-product-page', {
  // Each entry carries its own life (ResponseCache).
  ttlMs: Number.POSITIVE_INFINITY,
  maxEntries: 30_000,
  invalidatedBy: ['catalog.changed', 'popularity.changed', 'prices.changed', 'reviews.changed'],
  clock: 'app',
});

export const productPageCache = (ctx: AppContext): ResponseCache<unknown> =>
  storefrontCache(ctx, PRODUCT_PAGE_CACHE);

/** A body through PRODUCT_PAGE_CACHE (web/read-cache.ts `cachedBody`: fresh, stale once, price-bounded). */
const section = <S extends z.ZodType>(
  ctx: AppContext,
  key: string,
  ttlMs: number,
  priced: boolean,
  schema: S,
  load: () => Promise<unknown>,
): Promise<z.output<S>> => cachedBody(ctx, productPageCache(ctx), key, ttlMs, priced, schema, load);

/** A product display id as the routes parse one (catalog parseId): null for 0 or out of range. */
const displayId = (id: number): number | null => (Number.isInteger(id) && id > 0 && id < 1e9 ? id : null);

/**
 * The reads of one page request; `clientAddress` names a viewer without a guest id (as req.ip
 * does); `log` gets what the route would have logged (a live viewer count that failed).
 */
export function storefrontReads(
  ctx: AppContext,
  clientAddress: string,
  log?: { warn: (obj: object, msg: string) => void },
): StorefrontReads {
  const now = () => ctx.clock.now();
  // The page's sections come from one document (web/product-document.ts), read once per page: the
  // document kept DOCUMENT_TTL_MS while its epoch holds, its cards laid over from the live cards kept
  // LIVE_CARD_TTL_MS (never past the next price change; web/page-caches.ts).
  const documents = new Map<number, Promise<ProductDocument>>();
  const document = (id: number): Promise<ProductDocument> => {
    let p = documents.get(id);
    if (!p) {
      p = (async () => {
        const t0 = performance.now();
        const stored = await keptDocument(ctx, `document:${id}`, () => productDocument(ctx, id));
        const t1 = performance.now();
        ctx.metrics.observePageRead('document', (t1 - t0) / 1000);
        const at = now();
        const page = await withLiveCards(ctx, at, stored, (ids) => keptLiveCards(ctx, at, ids));
        ctx.metrics.observePageRead('live_cards', (performance.now() - t1) / 1000);
        return page;
      })();
      documents.set(id, p);
    }
    return p;
  };
  const product: ProductPageReads = {
    async detail(id, guestId) {
      const t0 = performance.now();
      const body = await cachedBody(
        ctx,
        storefrontCache(ctx, PRODUCT_DETAIL_CACHE),
        String(id),
        PAGE_DETAIL_TTL_MS,
        true,
        ProductDetail,
        () => readDetail(ctx, now(), displayId(id)),
      );
      ctx.metrics.observePageRead('detail', (performance.now() - t0) / 1000);
      // As the route: an issued guest id, else the address (catalog/routes.ts, product detail).
      const guest = guestId !== null && isIssuedGuestId(ctx.config, guestId) ? guestId : null;
      markLiveViewer(ctx, body.id, guest ? `g${guest}` : `ip${clientAddress}`, (err) =>
        log?.warn({ err }, 'live viewer count failed'),
      );
      return body;
    },
    sizeGrading: async (id) => {
      const d = displayId(id);
      if (d === null) return SizeGradingBody.parse(await sizeGrading(ctx.db, d));
      return sectionBody((await document(d)).grading);
    },
    similar: async (id) => {
      const d = displayId(id);
      if (d === null) return AiSimilarBody.parse(await readAiSimilar(ctx, now(), d));
      return sectionBody((await document(d)).similar);
    },
    shipping: async (id) => {
      const d = displayId(id);
      if (d === null) return ShippingInfoBody.parse(await shippingInfo(ctx, d));
      return ShippingInfoBody.parse(shippingFromTerms(ctx, d, sectionBody((await document(d)).shipping)));
    },
    matchup: async (id) => {
      const d = displayId(id);
      if (d === null) return MatchupProductsBody.parse(await matchupProducts(ctx, now(), d));
      return sectionBody((await document(d)).matchup);
    },
    codis: async (id) => {
      const d = displayId(id);
      if (d === null) return CodiList.parse(await codiByProduct(ctx, d));
      return sectionBody((await document(d)).codis);
    },
    bestReviews: async (id, count) => {
      const d = displayId(id);
      if (d !== null && count === DOCUMENT_BEST_REVIEWS) return sectionBody((await document(d)).bestReviews);
      return section(ctx, `reviews-best:${id}:${count}`, SECTION_TTL_MS, false, ReviewListBody, async () =>
        productReviews(ctx, await assertDisplay(ctx.db, d), 'best', ReviewListQuery.parse({ count }), null),
      );
    },
    reviewPhotos: async (id, count) => {
      const d = displayId(id);
      if (d !== null && count === DOCUMENT_REVIEW_PHOTOS) return sectionBody((await document(d)).photos);
      return section(
        ctx,
        `review-photos:${id}:${count}`,
        SECTION_TTL_MS,
        false,
        ReviewPhotoStripBody,
        async () => reviewPhotoStrip(ctx.db, await assertDisplay(ctx.db, d), count),
      );
    },
    interestFreeNotice: async () => InterestFreeNoticeBody.parse(await interestFreeNotice(ctx)),
    // As the route for a guest: the query parsed by its schema (a body out of range is its 400).
    recommendedSize: async (id, body) =>
      RecommendedSizeBody.parse(
        await recommendedSize(ctx, displayId(id), parseQuery(RecommendedSizeQuery, body), null),
      ),
  };
  return {
    product,
    site: siteReads(ctx),
    visitor: visitorReads(ctx),
    home: homeReads(ctx),
    listing: listingReads(ctx),
    ranking: rankingReads(ctx),
    brand: brandReads(ctx),
    search: searchReads(ctx, clientAddress),
    content: contentReads(ctx),
    reviews: reviewPageReads(ctx),
  };
}
