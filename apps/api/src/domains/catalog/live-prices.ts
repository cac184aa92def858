/**
 * Live prices (docs/ARCHITECTURE.md, 'Prices': prices everywhere agree): what one unit of a product display
 * costs at an instant. The data access is here — the running time sale of each display (`time_sale_items` of
 * a sale whose window holds the instant, catalog/time-sale.ts) and the running event coupons scoped to
 * displays (the benefits domain's coupon policies, read through catalog's port) — and the decision is the shared pure rules in packages/shared/src/price.ts (`livePrice`,
 * `timeSaleApplies`, `unitPrice`, `couponUnitPrice`). Cards and the product page get their prices only
 * through the read model (product-read.ts); the cart list, checkout (`orders/pricing.ts`), best-coupon-combs
 * and `POST /api/orders` read the same rows, so a product in a time sale shows and is charged one price
 * everywhere.
 */
import {
  type CouponRule,
  couponUnitPrice,
  isAlmostSoldOut,
  livePrice,
  type RunningTimeSale,
  timeSaleApplies,
  timeSaleRemaining,
} from '@codiroom/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cache, defineCache } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { catalogPorts } from './ports.ts';
import { timeSaleItems, timeSales } from './schema.ts';
import { timeSaleRunning } from './time-sale.ts';

export type LiveTimeSale = RunningTimeSale & { ends_at: Date };
type SaleRow = LiveTimeSale & { product_display_id: number };

/**
 * The time sale that sets the price of each display at `now` (KST instants; the clock is the
 * caller's): among the sales running for it, those that still apply (`timeSaleApplies`: some of the
 * limit left, below the discount price), the lowest price first. Displays without one are absent.
 */
export async function runningTimeSales(
  db: Conn,
  displays: readonly { id: number; price_discount: number }[],
  now: Date,
): Promise<Map<number, LiveTimeSale>> {
  const ids = [...new Set(displays.map((d) => d.id))];
  if (ids.length === 0) return new Map();
  return pickTimeSales(await timeSaleRows(db, ids, now), displays);
}

/** Time-sale items whose sale runs at `now`: of the given displays, or of every display (null). */
async function timeSaleRows(db: Conn, ids: readonly number[] | null, now: Date): Promise<SaleRow[]> {
  return db
    .select({
      time_sale_item_id: timeSaleItems.id,
      product_display_id: timeSaleItems.product_display_id,
      sale_price: timeSaleItems.sale_price,
      stock_limit: timeSaleItems.stock_limit,
      sold_count: timeSaleItems.sold_count,
      ends_at: timeSales.ends_at,
    })
    .from(timeSaleItems)
    .innerJoin(timeSales, eq(timeSales.id, timeSaleItems.time_sale_id))
    .where(
      and(
        ids === null ? undefined : inArray(timeSaleItems.product_display_id, [...ids]),
        timeSaleRunning(now),
      ),
    );
}

/**
 * runningTimeSales over rows read elsewhere as json arrays (one per statement row): the function
 * order_price_rows (price-rows.ts, built from the same time-sale rule) reads the same running time-sale rows of
 * each display with the items, so pricing an order is one round trip; the pick is the same rule.
 */
export function timeSalesFromJson(
  arrays: readonly unknown[],
  displays: readonly { id: number; price_discount: number }[],
): Map<number, LiveTimeSale> {
  const rows: SaleRow[] = [];
  for (const a of arrays) {
    const list = (typeof a === 'string' ? JSON.parse(a) : a) as Record<string, unknown>[] | null;
    for (const r of list ?? []) {
      rows.push({
        time_sale_item_id: Number(r.time_sale_item_id),
        product_display_id: Number(r.product_display_id),
        sale_price: Number(r.sale_price),
        stock_limit: Number(r.stock_limit),
        sold_count: Number(r.sold_count),
        ends_at: new Date(String(r.ends_at)),
      });
    }
  }
  return pickTimeSales(rows, displays);
}

/** Of running time-sale rows, the one that sets each display's price (see runningTimeSales). */
function pickTimeSales(
  rows: readonly SaleRow[],
  displays: readonly { id: number; price_discount: number }[],
): Map<number, LiveTimeSale> {
  const out = new Map<number, LiveTimeSale>();
  const discount = new Map(displays.map((d) => [d.id, d.price_discount]));
  for (const r of rows) {
    if (!discount.has(r.product_display_id)) continue;
    const priceDiscount = discount.get(r.product_display_id) ?? 0;
    if (!timeSaleApplies({ price_discount: priceDiscount }, r)) continue;
    const cur = out.get(r.product_display_id);
    if (
      !cur ||
      r.sale_price < cur.sale_price ||
      (r.sale_price === cur.sale_price && r.time_sale_item_id < cur.time_sale_item_id)
    )
      out.set(r.product_display_id, r);
  }
  return out;
}

/**
 * Running event coupons of displays: downloadable, active line coupons scoped to PRODUCT_DISPLAY
 * whose window holds `now` and whose total limit is not used up, as coupon rules (`id` is the policy
 * id). The coupon policies are the benefits domain's: its read, through catalog's port (ports.ts),
 * the same one statement.
 */
export async function runningEventCoupons(
  db: Conn,
  displayIds: readonly number[] | null,
  now: Date,
): Promise<CouponRule[]> {
  return catalogPorts.get().runningEventCoupons(db, displayIds, now);
}

/** A display as cards and the product page carry it. */
type Priced = {
  product_display_id: number;
  price: number;
  price_discount: number;
  brand_id?: number;
};

/**
 * The event coupon price of one unit of a display (the best running event coupon, via the shared
 * `couponUnitPrice`), or null when no event coupon lowers it.
 */
export function eventCouponPriceOf(
  p: Priced,
  unit: number,
  isTimeSale: boolean,
  rules: readonly CouponRule[],
): number | null {
  let best: number | null = null;
  for (const rule of rules) {
    if (!rule.scope_ids.includes(p.product_display_id)) continue;
    const price = couponUnitPrice(
      {
        line_id: 0,
        product_item_id: 0,
        product_display_id: p.product_display_id,
        brand_id: p.brand_id ?? 0,
        category_id: 0,
        unit_price: unit,
        quantity: 1,
        is_time_sale: isTimeSale,
      },
      rule,
    );
    if (price < unit && (best === null || price < best)) best = price;
  }
  return best;
}

// ───────────── card price snapshot ─────────────

/**
 * Product cards (lists, search, home, brand pages: many per request, often served from a response
 * cache) read one snapshot of every running time-sale item and event coupon instead of two queries
 * per response. A snapshot is reused for CARD_PRICE_SNAPSHOT_MS at most (config) and never past the
 * next scheduled price change (a sale or event coupon starting or ending, msToNextPriceChange), and a
 * `prices.changed` event (an operator's edit) drops it at once, on every node; so a card can lag
 * only a sale whose limit just ran out, by at most that long. The product page, the cart, checkout
 * and orders never use it: they read the rows they price (and an order's time-sale units are
 * reserved with a conditional update).
 */
type CardPriceSnapshot = { sales: SaleRow[]; rules: CouponRule[] };
const CARD_PRICE_SNAPSHOT = defineCache<CardPriceSnapshot>('card-price-snapshot', {
  ttlMs: (c) => c.CARD_PRICE_SNAPSHOT_MS,
  maxEntries: 1,
  invalidatedBy: ['prices.changed'],
  clock: 'app',
});

/** What the live-price reads need: the database and the context's caches. */
export type LiveSource = Pick<AppContext, 'db' | 'caches'>;

async function cardPriceSnapshot(src: LiveSource, now: Date): Promise<CardPriceSnapshot> {
  const snapshots = cache(src, CARD_PRICE_SNAPSHOT);
  let until = Number.POSITIVE_INFINITY;
  return snapshots.load(
    'all',
    async () => {
      const [sales, rules, next] = await Promise.all([
        timeSaleRows(src.db, null, now),
        runningEventCoupons(src.db, null, now),
        msToNextPriceChange(src, now),
      ]);
      if (next !== null) until = next;
      return { sales, rules };
    },
    { ttlMs: () => Math.min(snapshots.ttlMs, until) },
  );
}

/**
 * The running event coupons that can price the given displays: the card price snapshot's rules
 * when snapshots are on (at most CARD_PRICE_SNAPSHOT_MS old and never past a scheduled change or an
 * operator's edit), else the one statement. The product page's detail uses it too: its whole body
 * is kept longer than a snapshot lives (DETAIL_TTL_MS in response-cache.ts, PAGE_DETAIL_TTL_MS in
 * web/reads.ts; both ended by `prices.changed`), so the snapshot adds no
 * staleness the page did not have, and the page costs one statement instead of two.
 */
export async function eventCouponRules(
  src: LiveSource,
  now: Date,
  displayIds: readonly number[],
): Promise<CouponRule[]> {
  if (cache(src, CARD_PRICE_SNAPSHOT).ttlMs > 0) {
    const wanted = new Set(displayIds);
    return (await cardPriceSnapshot(src, now)).rules.filter((r) => r.scope_ids.some((id) => wanted.has(id)));
  }
  return runningEventCoupons(src.db, displayIds, now);
}

// ───────────── end of the card price snapshot ─────────────

/**
 * Fills `time_sale_price` and `event_coupon_price` of product cards (in place, and returns them):
 * the shared `livePrice` over the running time sale, then the event coupon on that price.
 */
export async function withLivePrices<
  T extends Priced & { time_sale_price?: number | null; event_coupon_price?: number | null },
>(src: LiveSource, now: Date, cards: T[]): Promise<T[]> {
  if (cards.length === 0) return cards;
  const db = src.db;
  const displays = cards.map((c) => ({ id: c.product_display_id, price_discount: c.price_discount }));
  const snap = cache(src, CARD_PRICE_SNAPSHOT).ttlMs > 0 ? await cardPriceSnapshot(src, now) : null;
  const [sales, rules] = snap
    ? [pickTimeSales(snap.sales, displays), snap.rules]
    : await Promise.all([
        runningTimeSales(db, displays, now),
        runningEventCoupons(
          db,
          cards.map((c) => c.product_display_id),
          now,
        ),
      ]);
  for (const c of cards) {
    const live = livePrice(c, sales.get(c.product_display_id));
    c.time_sale_price = live.time_sale_price;
    c.event_coupon_price = eventCouponPriceOf(c, live.unit_price, live.time_sale_price !== null, rules);
  }
  return cards;
}

/**
 * Fills the product page's live price fields (in place) from its running time sale (`sale`, as
 * timeSalesFromJson or runningTimeSales pick it) and the running event coupons scoped to it: the
 * time sale with its remaining quantity, and the event coupon price (the "첫 구매 시" price is the
 * viewer's: GET /api/products/{id}/benefits); and the almost-sold-out flag judged at `now`.
 */
export function applyLiveDetail<
  T extends Priced & {
    time_sale?: { time_sale_item_id: number; sale_price: number; remaining: number; ends_at: string } | null;
    event_coupon_price?: number | null;
    almost_sold_out_from?: string | null;
    almost_sold_out_until?: string | null;
    is_almost_sold_out?: boolean;
    quantity?: number;
  },
>(p: T, sale: LiveTimeSale | undefined, rules: readonly CouponRule[], now: Date): T {
  const live = livePrice(p, sale);
  p.time_sale =
    sale && live.time_sale_price !== null
      ? {
          time_sale_item_id: sale.time_sale_item_id,
          sale_price: sale.sale_price,
          remaining: timeSaleRemaining(sale),
          ends_at: sale.ends_at.toISOString(),
        }
      : null;
  p.event_coupon_price = eventCouponPriceOf(p, live.unit_price, live.time_sale_price !== null, rules);
  // SPEC.md §9 almost sold-out: the flag window read with the detail, judged at this instant.
  if (p.almost_sold_out_from !== undefined) {
    const at = (v: string | null | undefined) => (v ? new Date(v) : null);
    p.is_almost_sold_out = isAlmostSoldOut({
      from: at(p.almost_sold_out_from),
      until: at(p.almost_sold_out_until),
      now,
      sellable: p.quantity ?? 0,
    });
  }
  return p;
}

/**
 * The next scheduled price change as an instant (ms), or null when none is scheduled; reused for
 * 2 s (never past that instant) and dropped by a `prices.changed` event.
 */
const NEXT_PRICE_CHANGE = defineCache<number | null>('next-price-change', {
  ttlMs: 2_000,
  maxEntries: 1,
  invalidatedBy: ['prices.changed'],
  clock: 'app',
});

/**
 * Milliseconds from `now` to the next scheduled price change: a time sale or a running-event coupon
 * (display-scoped, downloadable) starting or ending; null when none is scheduled. The response cache
 * never answers a price-bearing entry past it.
 */
export async function msToNextPriceChange(src: LiveSource, now: Date): Promise<number | null> {
  const t = now.getTime();
  const next = await cache(src, NEXT_PRICE_CHANGE).load('next', () => nextPriceChange(src.db, now), {
    ttlMs: (n) => (n === null ? 2_000 : Math.min(2_000, n - t)),
  });
  return next === null ? null : Math.max(0, next - t);
}

async function nextPriceChange(db: Conn, now: Date): Promise<number | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = (await db.execute(sql`
    select min(x) as next from (
      select starts_at as x from time_sales where starts_at > ${at}
      union all select ends_at from time_sales where ends_at > ${at}
      union all select starts_at from coupon_policies
        where scope = 'PRODUCT_DISPLAY' and is_downloadable and starts_at > ${at}
      union all select ends_at from coupon_policies
        where scope = 'PRODUCT_DISPLAY' and is_downloadable and ends_at > ${at}
    ) s`)) as unknown as { next: Date | string | null }[] | { rows: { next: Date | string | null }[] };
  const first = (Array.isArray(rows) ? rows : rows.rows)[0]?.next ?? null;
  return first === null ? null : new Date(first).getTime();
}
