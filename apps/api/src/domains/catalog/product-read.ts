/**
 * The product read model (docs/ARCHITECTURE.md, 'Prices'): every product card and product page the API
 * answers comes out of this one function family, with its brand, its live price — the running time sale, the
 * event coupon price, the first-discount price (live-prices.ts) — and stock. Listings, the product page,
 * rankings, brand pages, the product extras and the bodies of other domains (contents, likes, search) read
 * products through it; no route prices cards itself. Each function takes the caller's instant (`now`, from
 * the injectable clock).
 *
 * Cards read by another domain's own query (a search index page, a magazine post's products) go
 * through `liveCards`, the family's entry for rows it did not select itself.
 */
import type {
  BrandContentsBody,
  BrandRankingBody,
  CategoryListingBody,
  MainRankingBody,
  ProductCard,
  ProductDetail,
  RankingPageBody,
  RankingPeriod,
} from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { aiSimilarProducts } from './ai-similar.ts';
import { type BrandProductFilter, brandContents } from './brands.ts';
import { categoryListing, type ListingFilter } from './listing.ts';
import type { LiveSource } from './live-prices.ts';
import { withLivePrices } from './live-prices.ts';
import { userPreferredProducts } from './preferred.ts';
import { preparedCards } from './prepared-cards.ts';
import { productDetailAt } from './product-detail.ts';
import { productBox } from './product-page.ts';
import { mainRanking, type ProductFilter, similarProducts } from './products.ts';
import { periodRankingPage } from './ranking-periods.ts';
import { brandRanking, risingPage } from './rankings.ts';
import type { CardSort } from './repository.ts';

type PricedCard = Pick<ProductCard, 'product_display_id' | 'price' | 'price_discount'> & {
  brand_id?: number;
  time_sale_price?: number | null;
  event_coupon_price?: number | null;
};

/** Cards selected elsewhere, with their live price filled in (in place; returns them). */
export function liveCards<C extends PricedCard>(src: LiveSource, now: Date, cards: C[]): Promise<C[]> {
  return withLivePrices(src, now, cards);
}

/** A response body whose cards (`pick` lists them) get their live price; returns the body. */
async function liveBody<B, C extends PricedCard>(
  src: LiveSource,
  now: Date,
  body: B,
  pick: (b: B) => C[],
): Promise<B> {
  await withLivePrices(src, now, pick(body));
  return body;
}

// ── cards ──

/** Cards of the given display ids (inactive ones too, as product-display-list answers). */
export async function readCardsByIds(src: LiveSource, now: Date, ids: number[]): Promise<ProductCard[]> {
  return liveCards(src, now, await preparedCards(src.db, ids, false));
}

/** Same category, closest in price (products.ts similarProducts). */
export async function readSimilarCards(
  src: LiveSource,
  now: Date,
  id: number | null,
): Promise<ProductCard[]> {
  return liveCards(src, now, await similarProducts(src.db, id));
}

/** The caller's preferred products (preferred.ts userPreferredProducts). */
export async function readPreferredCards(
  src: LiveSource,
  now: Date,
  who: { userId: number | null; guestId: string | null },
  limit: number,
  opts: { popularFallback?: boolean } = {},
): Promise<ProductCard[]> {
  return liveCards(src, now, await userPreferredProducts(src.db, who, limit, opts));
}

// ── listings and rankings ──

export async function readCategoryListing(
  src: LiveSource,
  now: Date,
  f: ListingFilter & { sort: CardSort; page: number; cursor?: string | undefined },
): Promise<CategoryListingBody> {
  return liveBody(src, now, await categoryListing(src.db, f), (b) => b.result);
}

/**
 * A ranking tab page: the rising tab, or a period's ranking of a shop tab (ranking-periods.ts), one
 * card per product with its rank and change.
 */
export async function readRankingPage(
  ctx: AppContext,
  now: Date,
  category_main: ProductFilter['category_main'] | 'rising',
  q: Omit<ProductFilter, 'category_main'> & { page: number; period: RankingPeriod },
): Promise<RankingPageBody> {
  const { page: n, period, ...tab } = q;
  const page =
    category_main === 'rising'
      ? await risingPage(ctx, q)
      : await periodRankingPage(ctx, period, { ...tab, category_main }, n);
  return liveBody(ctx, now, page, (b) => b.result);
}

/** Ranking overview; mainRanking's body may be shared, so its copy is priced. */
export async function readMainRanking(src: LiveSource, now: Date): Promise<MainRankingBody> {
  return liveBody(src, now, structuredClone(await mainRanking(src.db)), (b) =>
    b.sections.flatMap((s) => s.products),
  );
}

export async function readBrandRanking(ctx: AppContext, now: Date): Promise<BrandRankingBody> {
  return liveBody(ctx, now, await brandRanking(ctx), (b) => b.result.flatMap((r) => r.products));
}

export async function readBrandContents(
  src: LiveSource,
  now: Date,
  id: number | null,
  q: BrandProductFilter & { sort: CardSort; page: number },
): Promise<BrandContentsBody> {
  return liveBody(src, now, await brandContents(src.db, id, q), (b) => b.products.result);
}

// ── the product page and its extras ──

export async function readDetail(src: LiveSource, now: Date, id: number | null): Promise<ProductDetail> {
  return productDetailAt(src, now, id);
}

export async function readProductBox(src: LiveSource, now: Date, id: number | null) {
  return liveBody(src, now, await productBox(src.db, id), (b) => [b.result]);
}

export async function readAiSimilar(src: LiveSource, now: Date, id: number | null) {
  return liveBody(src, now, await aiSimilarProducts(src.db, id), (b) => b.result);
}
