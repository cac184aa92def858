/**
 * The product page's document (apps/api/src/web/product-document.ts, platform/page-documents.ts;
 * SPEC.md 'Product detail'): the viewer-independent sections are computed once, stored in the
 * database and shared by every process; cards stay live (price, stock, likes) although the
 * document is not; catalog and review events drop every document and a computation an event
 * overtook is never stored; popularity does not drop them; an old or foreign-shaped document is
 * computed again; the warm-up fills the missing ones, most popular first. A change ends the
 * documents read before it in its own transaction: a process killed after the commit (no event, no
 * drop) leaves nothing old served, and a rolled-back change ends nothing.
 */
import type { Clock } from '@codiroom/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brands,
  pageDocuments,
  productDisplays,
  productItems,
  reviews,
  timeSaleItems,
  timeSales,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { updateBrand } from '../src/domains/admin/brands.ts';
import { STALE_MS } from '../src/domains/catalog/response-cache.ts';
import { hideReview } from '../src/domains/reviews/write.ts';
import { invalidate } from '../src/platform/cache.ts';
import { closeContext } from '../src/platform/create-context.ts';
import {
  DOCUMENTS_LOCK,
  documentEpoch,
  outdateDocuments,
  readDocument,
  storeDocument,
} from '../src/platform/page-documents.ts';
import { EPOCH_CHECK_MS, LIVE_CARD_TTL_MS } from '../src/web/page-caches.ts';
import {
  PRODUCT_DOCUMENT_MAX_AGE_MS,
  productDocumentKey,
  refreshProductDocument,
  warmProductDocuments,
} from '../src/web/product-document.ts';
import { storefrontReads } from '../src/web/reads.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
let nowMs = Date.parse('2026-11-20T03:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seed(t.ctx.db, { products: 60, now: SEED_NOW });
  const rows = await t.ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productDisplays.id));
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

/** A second process on the same database: its own (empty) in-memory caches. */
async function otherProcess(): Promise<TestApp> {
  return createTestApp({ clock, database: t.ctx.database });
}
async function closeOther(o: TestApp) {
  await o.app.close();
  await closeContext(o.ctx);
}

async function documentRow(id: number) {
  const [row] = await t.ctx.db
    .select({ computed_at: pageDocuments.computed_at })
    .from(pageDocuments)
    .where(eq(pageDocuments.key, productDocumentKey(id)));
  return row ?? null;
}
const documentCount = async () =>
  Number((await t.ctx.db.select({ n: sql<number>`count(*)` }).from(pageDocuments))[0]?.n ?? 0);

async function route(app: TestApp, url: string) {
  const res = await app.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

describe('the product document', () => {
  it('is stored at the first page, shared by another process, and answers what the routes answer', async () => {
    const id = ids[5] as number;
    expect(await documentRow(id)).toBeNull();
    await storefrontReads(t.ctx, '127.0.0.1').product.similar(id);
    const stored = await documentRow(id);
    expect(stored).not.toBeNull();
    const other = await otherProcess();
    try {
      const r = storefrontReads(other.ctx, '127.0.0.1').product;
      const q = `product_display_id=${id}`;
      expect(await r.similar(id)).toEqual(await route(other, `/api/v1/products/ai-similar-products?${q}`));
      expect(await r.matchup(id)).toEqual(await route(other, `/api/products/matchup-products?${q}`));
      expect(await r.codis(id)).toEqual(await route(other, `/api/curations/codi-by-product/${id}`));
      expect(await r.shipping(id)).toEqual(await route(other, `/api/products/shipping-info?${q}`));
      expect(await r.sizeGrading(id)).toEqual(await route(other, `/api/products/size-grading?${q}`));
      expect(await r.bestReviews(id, 3)).toEqual(
        await route(other, `/api/reviews/product-reviews/${id}/best?count=3`),
      );
      // The other process read the stored document: not computed again.
      expect((await documentRow(id))?.computed_at).toEqual(stored?.computed_at);
    } finally {
      await closeOther(other);
    }
  });

  it("keeps every card live: a card's stock, likes and time-sale price change without an event", async () => {
    const id = ids[9] as number;
    await storefrontReads(t.ctx, '127.0.0.1').product.similar(id);
    const before = await documentRow(id);
    const other = await otherProcess();
    try {
      const first = (await storefrontReads(other.ctx, '127.0.0.1').product.similar(id)).result[0];
      expect(first).toBeDefined();
      const cardId = first?.product_display_id as number;
      // No event: stock sold, likes added, a time sale running (as orders and likes do).
      await t.ctx.db
        .update(productItems)
        .set({ stock: 0 })
        .where(eq(productItems.product_display_id, cardId));
      await t.ctx.db
        .update(productDisplays)
        .set({ like_count: sql`${productDisplays.like_count} + 7` })
        .where(eq(productDisplays.id, cardId));
      const [ts] = await t.ctx.db
        .insert(timeSales)
        .values({
          title: '카드 특가',
          starts_at: new Date(nowMs - 60_000),
          ends_at: new Date(nowMs + 3_600_000),
        })
        .returning();
      await t.ctx.db.insert(timeSaleItems).values({
        time_sale_id: ts?.id as number,
        product_display_id: cardId,
        sale_price: 5_000,
        stock_limit: 9,
      });
      // Past the in-memory section and card-price windows of this process, within the document's age.
      nowMs += 5 * 60_000;
      const after = await storefrontReads(other.ctx, '127.0.0.1').product.similar(id);
      const card = after.result.find((c) => c.product_display_id === cardId);
      expect(card?.quantity).toBe(0);
      expect(card?.like_count).toBe((first?.like_count ?? 0) + 7);
      expect(card?.time_sale_price).toBe(5_000);
      // ... from the same document, and equal to the route.
      expect((await documentRow(id))?.computed_at).toEqual(before?.computed_at);
      expect(after).toEqual(
        await route(other, `/api/v1/products/ai-similar-products?product_display_id=${id}`),
      );
    } finally {
      await closeOther(other);
    }
  });

  it('catalog and review events drop every document; popularity does not', async () => {
    const r = storefrontReads(t.ctx, '127.0.0.1').product;
    await r.similar(ids[1] as number);
    await r.similar(ids[2] as number);
    expect(await documentCount()).toBeGreaterThanOrEqual(2);
    await invalidate(t.ctx, 'popularity.changed');
    expect(await documentCount()).toBeGreaterThanOrEqual(2);
    await invalidate(t.ctx, 'catalog.changed');
    expect(await documentCount()).toBe(0);
    await storefrontReads(t.ctx, '127.0.0.1').product.similar(ids[1] as number);
    expect(await documentCount()).toBe(1);
    await invalidate(t.ctx, 'reviews.changed');
    expect(await documentCount()).toBe(0);
  });

  it('a computation that an event overtook is not stored', async () => {
    const epoch = await documentEpoch(t.ctx.db);
    await invalidate(t.ctx, 'reviews.changed');
    expect(await storeDocument(t.ctx.db, productDocumentKey(ids[3] as number), {}, clock.now(), epoch)).toBe(
      false,
    );
    expect(await documentRow(ids[3] as number)).toBeNull();
    expect(
      await storeDocument(
        t.ctx.db,
        productDocumentKey(ids[3] as number),
        {},
        clock.now(),
        await documentEpoch(t.ctx.db),
      ),
    ).toBe(true);
    await invalidate(t.ctx, 'catalog.changed');
  });

  // PGlite has one connection: nothing runs beside a drop there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a write that began while a drop was running waits for it and is refused (PostgreSQL)',
    async () => {
      const id = ids[4] as number;
      const epoch = await documentEpoch(t.ctx.db);
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let taken = () => {};
      const lockTaken = new Promise<void>((r) => {
        taken = r;
      });
      // A drop in flight: its lock held, the epoch moved, not yet committed.
      const drop = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENTS_LOCK}::bigint)`);
        await tx.execute(sql`
          insert into page_document_epochs (event, epoch) values ('catalog.changed', 1)
          on conflict (event) do update set epoch = page_document_epochs.epoch + 1`);
        taken();
        await held;
      });
      await lockTaken;
      const write = storeDocument(t.ctx.db, productDocumentKey(id), {}, clock.now(), epoch);
      await new Promise((r) => setTimeout(r, 300));
      release();
      await drop;
      expect(await write).toBe(false);
      expect(await documentRow(id)).toBeNull();
    },
  );

  it('an old document, or one of another shape, is computed again', async () => {
    const id = ids[11] as number;
    const other = await otherProcess();
    try {
      await storefrontReads(other.ctx, '127.0.0.1').product.similar(id);
      const first = await documentRow(id);
      nowMs += PRODUCT_DOCUMENT_MAX_AGE_MS + 1_000;
      await storefrontReads(other.ctx, '127.0.0.1').product.similar(id);
      const second = await documentRow(id);
      expect(second?.computed_at.getTime()).toBeGreaterThan(first?.computed_at.getTime() ?? 0);
      // A row without the sections (another server's shape): the page computes its own.
      await t.ctx.db
        .update(pageDocuments)
        .set({ body: { similar: { body: { product_display_id: id, method: 'x', result: [] } } } })
        .where(eq(pageDocuments.key, productDocumentKey(id)));
      nowMs += 120_000; // past this process's in-memory window
      const again = await storefrontReads(other.ctx, '127.0.0.1').product.similar(id);
      expect(again.method).not.toBe('x');
    } finally {
      await closeOther(other);
    }
  });

  it('the warm-up stores the missing documents of products on sale, most popular first', async () => {
    await invalidate(t.ctx, 'catalog.changed');
    const stored = await warmProductDocuments(t.ctx, { max: 4 });
    expect(stored).toBe(4);
    const top = await t.ctx.db
      .select({ id: productDisplays.id })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(desc(productDisplays.popularity), asc(productDisplays.id))
      .limit(4);
    for (const { id } of top) expect(await documentRow(id)).not.toBeNull();
    // Everything fresh: nothing to do.
    expect(await warmProductDocuments(t.ctx, { max: 4 })).toBe(0);
    // A product taken off sale gets no document.
    const [off] = top;
    await t.ctx.db
      .update(productDisplays)
      .set({ is_active: false })
      .where(eq(productDisplays.id, off?.id as number));
    await invalidate(t.ctx, 'catalog.changed');
    await warmProductDocuments(t.ctx, { max: 4 });
    expect(await documentRow(off?.id as number)).toBeNull();
  });
});

/**
 * A process killed right after a change commits: nothing after the commit runs (no cache event is
 * sent, so no drop). `caches.invalidate` does nothing in it.
 */
async function dyingProcess(): Promise<TestApp> {
  const o = await otherProcess();
  vi.spyOn(o.ctx.caches, 'invalidate').mockResolvedValue(undefined);
  return o;
}

/** `p`, or a failure after `ms` (a statement that waits for a lock it should not need). */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

/** Products on sale now (the warm-up test takes one off sale). */
async function onSale(): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productDisplays.id));
  return rows.map((r) => r.id);
}

const servedDocument = (id: number) =>
  readDocument(t.ctx.db, productDocumentKey(id), clock.now(), PRODUCT_DOCUMENT_MAX_AGE_MS);

describe('what a process keeps of product pages', () => {
  it('a live card read for one page serves every page it is on, at most LIVE_CARD_TTL_MS; a price event ends it', async () => {
    const other = await otherProcess();
    try {
      // Two pages that show one card (similar products of one category share their neighbours).
      let pair: { a: number; b: number; card: number } | null = null;
      const seen = new Map<number, number>();
      for (const id of ids) {
        for (const c of (await storefrontReads(t.ctx, '127.0.0.1').product.similar(id)).result) {
          const first = seen.get(c.product_display_id);
          if (first !== undefined && first !== id && c.product_display_id !== id) {
            pair = { a: first, b: id, card: c.product_display_id };
            break;
          }
          if (first === undefined) seen.set(c.product_display_id, id);
        }
        if (pair) break;
      }
      if (!pair) throw new Error('no two pages share a card');
      const { a, b, card } = pair;
      const likesOn = async (page: number) =>
        (await storefrontReads(other.ctx, '127.0.0.1').product.similar(page)).result.find(
          (c) => c.product_display_id === card,
        )?.like_count;
      const before = await likesOn(a);
      expect(before).toBeDefined();
      await t.ctx.db
        .update(productDisplays)
        .set({ like_count: sql`${productDisplays.like_count} + 7` })
        .where(eq(productDisplays.id, card));
      // Page b's first read in this process: its card comes from page a's read.
      expect(await likesOn(b)).toBe(before);
      nowMs += LIVE_CARD_TTL_MS + STALE_MS + 1;
      expect(await likesOn(b)).toBe((before ?? 0) + 7);
      await t.ctx.db
        .update(productDisplays)
        .set({ like_count: sql`${productDisplays.like_count} + 1` })
        .where(eq(productDisplays.id, card));
      await invalidate(other.ctx, 'prices.changed');
      expect(await likesOn(a)).toBe((before ?? 0) + 8);
    } finally {
      await closeOther(other);
    }
  });

  it('a document read once is kept by the process until a catalog or review event', async () => {
    const id = ids[11] as number;
    const other = await otherProcess();
    try {
      const similar = () => storefrontReads(other.ctx, '127.0.0.1').product.similar(id);
      await similar();
      expect(await documentRow(id)).not.toBeNull();
      // The stored row goes (as a drop in another process would do it, before its event arrives).
      await t.ctx.db.delete(pageDocuments).where(eq(pageDocuments.key, productDocumentKey(id)));
      // Past the live cards' window (they are read again), within the document's.
      nowMs += LIVE_CARD_TTL_MS + STALE_MS + 1;
      await similar();
      expect(await documentRow(id)).toBeNull();
      await invalidate(other.ctx, 'reviews.changed');
      await similar();
      expect(await documentRow(id)).not.toBeNull();
    } finally {
      await closeOther(other);
    }
  });
});

describe('a change and the end of the documents read before it commit together', () => {
  it("a brand's new shipping fee shows after its process died between the commit and the drop", async () => {
    const id = (await onSale())[13] as number;
    const before = await storefrontReads(t.ctx, '127.0.0.1').product.shipping(id);
    const stored = await documentRow(id);
    expect(stored).not.toBeNull();
    const dying = await dyingProcess();
    try {
      await updateBrand(dying.ctx, before.brand_id as number, { shipping_fee: before.shipping_fee + 1_234 });
    } finally {
      await closeOther(dying);
    }
    // The drop never ran: the old row is still there ...
    expect((await documentRow(id))?.computed_at).toEqual(stored?.computed_at);
    // ... and is not served: a restarted process computes the page anew, with the new fee.
    const restarted = await otherProcess();
    try {
      const after = await storefrontReads(restarted.ctx, '127.0.0.1').product.shipping(id);
      expect(after.shipping_fee).toBe(before.shipping_fee + 1_234);
    } finally {
      await closeOther(restarted);
    }
    expect(await servedDocument(id)).not.toBeNull();
  });

  it('a process that kept the document stops using it within EPOCH_CHECK_MS of such a change', async () => {
    const id = (await onSale())[17] as number;
    const living = await otherProcess();
    try {
      const shipping = () => storefrontReads(living.ctx, '127.0.0.1').product.shipping(id);
      const before = await shipping();
      const dying = await dyingProcess();
      try {
        await updateBrand(dying.ctx, before.brand_id as number, {
          shipping_fee: before.shipping_fee + 2_345,
        });
      } finally {
        await closeOther(dying);
      }
      // No event reached it: the kept document still answers until the epoch is read again ...
      expect((await shipping()).shipping_fee).toBe(before.shipping_fee);
      nowMs += EPOCH_CHECK_MS;
      // ... which ends it.
      expect((await shipping()).shipping_fee).toBe(before.shipping_fee + 2_345);
    } finally {
      await closeOther(living);
    }
  });

  it('a hidden review leaves the best reviews after its process died between the commit and the drop', async () => {
    const active = new Set(await onSale());
    const counts = await t.ctx.db
      .select({ id: reviews.product_display_id, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(sql`${reviews.hidden_at} is null`)
      .groupBy(reviews.product_display_id)
      .orderBy(desc(sql`count(*)`), asc(reviews.product_display_id));
    const id = counts.find((c) => active.has(c.id) && Number(c.n) >= 2)?.id as number;
    expect(id).toBeDefined();
    const best = await storefrontReads(t.ctx, '127.0.0.1').product.bestReviews(id, 3);
    const hidden = best.result[0]?.id as number;
    expect(hidden).toBeDefined();
    expect(await servedDocument(id)).not.toBeNull();
    const dying = await dyingProcess();
    try {
      await hideReview(dying.ctx, hidden, '테스트');
    } finally {
      await closeOther(dying);
    }
    expect(await documentRow(id)).not.toBeNull();
    expect(await servedDocument(id)).toBeNull();
    const restarted = await otherProcess();
    try {
      const after = await storefrontReads(restarted.ctx, '127.0.0.1').product.bestReviews(id, 3);
      expect(after.result.map((r) => r.id)).not.toContain(hidden);
    } finally {
      await closeOther(restarted);
    }
  });

  it('a rolled-back change ends no document', async () => {
    const id = (await onSale())[14] as number;
    await storefrontReads(t.ctx, '127.0.0.1').product.shipping(id);
    const epoch = await documentEpoch(t.ctx.db);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.update(brands).set({ shipping_fee: 99_000 });
        await outdateDocuments(tx, 'catalog.changed');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await documentEpoch(t.ctx.db)).toBe(epoch);
    expect(await servedDocument(id)).not.toBeNull();
  });

  // PGlite has one connection: nothing runs beside an open transaction there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'changes open at once never wait for each other, and a document stored meanwhile ends at the commit (PostgreSQL)',
    async () => {
      const id = (await onSale())[15] as number;
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let taken = () => {};
      const slotTaken = new Promise<void>((r) => {
        taken = r;
      });
      // A change in flight: it has outdated the documents, not yet committed.
      const open = t.ctx.db.transaction(async (tx) => {
        await outdateDocuments(tx, 'reviews.changed');
        taken();
        await held;
      });
      await slotTaken;
      const epoch = await documentEpoch(t.ctx.db);
      try {
        // Another change meanwhile commits without waiting for it (another slot).
        await within(
          t.ctx.db.transaction((tx) => outdateDocuments(tx, 'reviews.changed')),
          2_000,
        );
        expect(await documentEpoch(t.ctx.db)).toBe(epoch + 1);
        // A document computed now may read from before the open change: stored, served until it commits.
        expect((await refreshProductDocument(t.ctx, id)).stored).toBe(true);
        expect(await servedDocument(id)).not.toBeNull();
      } finally {
        release();
        await open;
      }
      expect(await documentEpoch(t.ctx.db)).toBe(epoch + 2);
      expect(await servedDocument(id)).toBeNull();
    },
  );
});
