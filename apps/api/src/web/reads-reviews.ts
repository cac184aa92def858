/**
 * The storefront's in-process reads of the reviews page (/cloth_review/{id}; packages/shared
 * storefront-page-reads.ts `ReviewPageReads`): a product's reviews by sort and filters, its photo
 * strip, one review and the product's card, from the functions the API routes answer with
 * (reviews/routes.ts, catalog/routes.ts), as a guest (the loader's calls carried no token), the
 * query parsed with the route's schema and each answer validated by the route's response schema.
 */
import {
  ProductCard,
  ReviewDetail,
  ReviewListBody,
  ReviewListQuery,
  type ReviewPageReads,
  ReviewPhotoStripBody,
  ReviewPhotoStripQuery,
} from '@codiroom/shared';
import { parseId, readCardsByIds } from '../domains/catalog/index.ts';
import { assertDisplay, productReviews, reviewDetail, reviewPhotoStrip } from '../domains/reviews/read.ts';
import type { AppContext } from '../platform/context.ts';
import { parseQuery } from './reads-listing.ts';

export function reviewPageReads(ctx: AppContext): ReviewPageReads {
  return {
    // GET /api/reviews/product-reviews/{id}/{sort}: the query is checked before the id.
    async list(id, sort, input) {
      const query = parseQuery(ReviewListQuery, input);
      const display = await assertDisplay(ctx.db, parseId(id));
      return ReviewListBody.parse(await productReviews(ctx, display, sort, query, null));
    },
    // GET /api/reviews/product-review-photo/{id}?count=.
    async photos(id, count) {
      const q = parseQuery(ReviewPhotoStripQuery, { count });
      return ReviewPhotoStripBody.parse(
        await reviewPhotoStrip(ctx.db, await assertDisplay(ctx.db, parseId(id)), q.count),
      );
    },
    // GET /api/reviews/review-detail/{id}.
    review: async (id) => ReviewDetail.parse(await reviewDetail(ctx.db, parseId(String(id)), null)),
    // GET /api/products/product-display-list?product_display_list={id}: the first card.
    async card(id) {
      const d = parseId(id);
      if (d === null) return null;
      const [card] = await readCardsByIds(ctx, ctx.clock.now(), [d]);
      return card ? ProductCard.parse(card) : null;
    },
  };
}
