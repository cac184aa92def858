/**
 * POST /api/carts micro-batching (domains/carts/add-batch.ts): the batcher's scheduling rules on a
 * fake statement, then 50 concurrent adds through the API (same and different items, same and
 * different owners, guests and a member) checked add by add and against the stored lines.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { cartLines, carts, productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import {
  type BatchAdd,
  type BatchRow,
  batchRunner,
  CartAddBatcher,
  cartAddBatcher,
} from '../src/domains/carts/add-batch.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

const at = new Date('2026-11-20T03:00:00Z');
const guest = (g: string, item = 1): BatchAdd => ({
  owner: { guestId: g },
  at,
  product_item_id: item,
  quantity: 1,
});

/** A fake statement: records each batch, answers one row per add (line_id = the item id). */
function fakeRunner(opts: { fail?: (adds: readonly BatchAdd[]) => boolean } = {}) {
  const batches: BatchAdd[][] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const run = (adds: readonly BatchAdd[]): Promise<BatchRow[]> => {
    batches.push([...adds]);
    const answer = () =>
      adds.map((a, ord) => ({
        ord,
        found: true,
        stock: 10,
        product_display_id: 1,
        price: 1000,
        price_discount: 900,
        extra_price: 0,
        same_q: 0,
        others: 0,
        n_lines: 0,
        line_id: a.product_item_id,
        line_quantity: a.quantity,
        inserted: true,
      }));
    return new Promise((resolve, reject) => {
      const done = () => (opts.fail?.(adds) ? reject(new Error('statement failed')) : resolve(answer()));
      if (hold) pending.push(done);
      else setImmediate(done);
    });
  };
  return {
    run,
    batches,
    /** Holds statements until release() (to see what queues meanwhile). */
    hold: () => {
      hold = true;
    },
    release: () => {
      hold = false;
      for (const f of pending.splice(0)) f();
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('CartAddBatcher', () => {
  it('sends the adds of one event-loop turn as one batch, each caller getting its own row', async () => {
    const f = fakeRunner();
    const b = new CartAddBatcher(f.run, { maxInFlight: 2, maxBatch: 100 });
    const rows = await Promise.all([guest('g1', 11), guest('g2', 12), guest('g3', 13)].map((a) => b.add(a)));
    expect(f.batches).toHaveLength(1);
    expect(rows.map((r) => r.line_id)).toEqual([11, 12, 13]);
    expect(b.stats).toEqual({ batches: 1, adds: 3, largest: 3, retried: 0 });
  });

  it('holds one add per owner per batch, in arrival order, and never two of an owner in flight', async () => {
    const f = fakeRunner();
    const b = new CartAddBatcher(f.run, { maxInFlight: 4, maxBatch: 100 });
    const adds = [guest('a', 1), guest('a', 2), guest('b', 3), guest('a', 4), guest('b', 5)];
    const rows = await Promise.all(adds.map((a) => b.add(a)));
    expect(rows.map((r) => r.line_id)).toEqual([1, 2, 3, 4, 5]);
    // Owner a's adds run one after the other (the next batch starts when its add is done).
    expect(f.batches.map((x) => x.map((a) => a.product_item_id))).toEqual([[1, 3], [2, 5], [4]]);
    for (const batch of f.batches) {
      const owners = batch.map((a) => JSON.stringify(a.owner));
      expect(new Set(owners).size).toBe(owners.length);
    }
  });

  it('keeps members and guests apart as owners', async () => {
    const f = fakeRunner();
    const b = new CartAddBatcher(f.run, { maxInFlight: 1, maxBatch: 100 });
    const member: BatchAdd = { owner: { userId: 7 }, at, product_item_id: 1, quantity: 1 };
    const guest7 = guest('7', 2);
    await Promise.all([b.add(member), b.add(guest7), b.add({ ...member, product_item_id: 3 })]);
    expect(f.batches.map((x) => x.map((a) => a.product_item_id))).toEqual([[1, 2], [3]]);
  });

  it('limits the statements in flight and the batch size; what queues meanwhile goes next', async () => {
    const f = fakeRunner();
    const b = new CartAddBatcher(f.run, { maxInFlight: 1, maxBatch: 3 });
    f.hold();
    const first = [1, 2, 3, 4].map((i) => b.add(guest(`g${i}`, i)));
    await tick();
    expect(f.batches).toHaveLength(1);
    const second = [5, 6].map((i) => b.add(guest(`g${i}`, i)));
    await tick();
    expect(f.batches).toHaveLength(1); // the first is still in flight
    f.release();
    await Promise.all([...first, ...second]);
    expect(f.batches.map((x) => x.map((a) => a.product_item_id))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('a failed statement is run again add by add: only the failing add fails', async () => {
    const f = fakeRunner({ fail: (adds) => adds.some((a) => a.product_item_id === 2) });
    const b = new CartAddBatcher(f.run, { maxInFlight: 1, maxBatch: 3 });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => b.add(guest(`g${i}`, i))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('statement failed'));
    expect((results[0] as PromiseFulfilledResult<BatchRow>).value.line_id).toBe(1);
    expect(f.batches.map((x) => x.map((a) => a.product_item_id))).toEqual([[1, 2, 3], [1], [2], [3], [4]]);
    expect(b.stats).toMatchObject({ batches: 2, adds: 4, retried: 3 });
  });
});

describe('CartAddBatcher after a broken statement', () => {
  it('a runner that throws or answers garbage fails only its callers; the owner is never blocked', async () => {
    let calls = 0;
    const good = fakeRunner();
    const run = (adds: readonly BatchAdd[]): Promise<BatchRow[]> => {
      calls += 1;
      if (calls === 1) throw new Error('thrown synchronously');
      if (calls === 2) return Promise.resolve(undefined as unknown as BatchRow[]);
      return good.run(adds);
    };
    const b = new CartAddBatcher(run, { maxInFlight: 1, maxBatch: 10 });
    const first = await Promise.allSettled([b.add(guest('stuck', 1))]);
    expect(first[0]?.status).toBe('rejected');
    const second = await Promise.allSettled([b.add(guest('stuck', 2))]);
    expect(second[0]?.status).toBe('rejected');
    // The same owner's next add goes through (nothing left busy or queued forever).
    const third = await b.add(guest('stuck', 3));
    expect(third.line_id).toBe(3);
  });
});

describe('POST /api/carts, 50 concurrent adds', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.ctx.db, { products: 12 });
    const rows = await t.ctx.db
      .select({ id: productItems.id })
      .from(productItems)
      .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
      .where(eq(productDisplays.is_active, true))
      .orderBy(productItems.id);
    ids = rows.map((r) => r.id);
    await t.ctx.db.update(productItems).set({ stock: 50, is_active: true });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('gives every caller its own answer and the exact quantities, capped at stock and 99', async () => {
    const [A, B, C, D, E, F, G] = ids as [number, number, number, number, number, number, number];
    const setStock = (id: number, stock: number) =>
      t.ctx.db.update(productItems).set({ stock }).where(eq(productItems.id, id));
    await setStock(A, 5);
    await setStock(C, 0);
    await setStock(D, 200);
    const member = await createMember(t.ctx);
    const g = (n: number) => guestHeader(t.ctx, `batch-guest-${String(n).padStart(3, '0')}`);

    type Req = { who: string; headers: Record<string, string>; item: number; quantity: number };
    const reqs: Req[] = [];
    const add = (who: string, headers: Record<string, string>, item: number, quantity: number) =>
      reqs.push({ who, headers, item, quantity });
    for (let i = 0; i < 8; i++) add('g1', g(1), A, 1); // same owner, same item: 5 fit (stock 5)
    for (let i = 0; i < 3; i++) add('g1', g(1), B, 2); // same owner, another item
    for (let n = 2; n < 32; n++) add(`g${n}`, g(n), A, 2); // 30 owners, same item: stock is per cart
    add('g32', g(32), C, 1); // sold out
    add('g33', g(33), 99_999_998, 1); // unknown item
    add('member', member.headers, A, 3);
    add('member', member.headers, A, 3); // 6 > 5: refused with 2 left
    add('g34', g(34), D, 60);
    add('g34', g(34), D, 60); // 120 > 99
    for (const item of [E, F, G]) add('g35', g(35), item, 1); // one owner, three new lines
    expect(reqs).toHaveLength(50);

    const before = { ...cartAddBatcher(t.ctx.db).stats };
    const results = await Promise.all(
      reqs.map(async (r) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/carts',
          headers: r.headers,
          payload: { product_item_id: r.item, quantity: r.quantity },
        });
        return { ...r, status: res.statusCode, body: res.json() };
      }),
    );
    const after = cartAddBatcher(t.ctx.db).stats;
    // Batched: far fewer statements than adds.
    expect(after.adds - before.adds).toBe(50);
    expect(after.batches - before.batches).toBeLessThan(25);
    // No statement failed (no add had to be run again alone).
    expect(after.retried - before.retried).toBe(0);

    const of = (who: string, item: number) => results.filter((r) => r.who === who && r.item === item);

    // g1 / A: five adds of 1 fit, each answering the line after it; three are refused.
    const g1a = of('g1', A);
    expect(
      g1a
        .filter((r) => r.status === 200)
        .map((r) => r.body.lines[0].quantity)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(g1a.filter((r) => r.status !== 200).map((r) => [r.status, r.body.detail])).toEqual(
      Array(3).fill([400, '재고가 부족합니다. (남은 수량: 0개)']),
    );
    // g1 / B: 2, 4, 6.
    const g1b = of('g1', B);
    expect(g1b.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(g1b.map((r) => r.body.lines[0].quantity).sort()).toEqual([2, 4, 6]);
    // Every g1 answer's count is the lines the cart held after that add (1 or 2).
    for (const r of [...g1a, ...g1b].filter((x) => x.status === 200)) {
      expect([1, 2]).toContain(r.body.count);
    }
    // 30 other guests each hold 2 of A.
    for (let n = 2; n < 32; n++) {
      const [r] = of(`g${n}`, A);
      expect(r?.status).toBe(200);
      expect(r?.body).toMatchObject({
        count: 1,
        lines: [{ product_item_id: A, quantity: 2, codi_id: null }],
      });
    }
    expect(of('g32', C).map((r) => [r.status, r.body])).toEqual([[400, { detail: '품절된 상품입니다.' }]]);
    expect(of('g33', 99_999_998).map((r) => [r.status, r.body])).toEqual([
      [404, { detail: '상품을 찾을 수 없습니다.' }],
    ]);
    const m = of('member', A);
    expect(m.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(m.find((r) => r.status === 200)?.body.lines[0].quantity).toBe(3);
    expect(m.find((r) => r.status === 400)?.body).toEqual({ detail: '재고가 부족합니다. (남은 수량: 2개)' });
    const g34 = of('g34', D);
    expect(g34.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(g34.find((r) => r.status === 400)?.body).toEqual({
      detail: '한 상품은 최대 99개까지 담을 수 있습니다.',
    });
    const g35 = results.filter((r) => r.who === 'g35');
    expect(g35.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(g35.map((r) => r.body.count).sort()).toEqual([1, 2, 3]);

    // The stored lines: one per (cart, item), the quantities above.
    const cartOf = async (where: ReturnType<typeof eq>) => {
      const [c] = await t.ctx.db.select({ id: carts.id }).from(carts).where(where);
      if (!c) throw new Error('no cart');
      return t.ctx.db
        .select({ item: cartLines.product_item_id, q: cartLines.quantity, codi: cartLines.codi_id })
        .from(cartLines)
        .where(eq(cartLines.cart_id, c.id))
        .orderBy(cartLines.product_item_id);
    };
    expect(await cartOf(eq(carts.guest_id, g(1)['x-guest-user-id']))).toEqual(
      [
        { item: A, q: 5, codi: null },
        { item: B, q: 6, codi: null },
      ].sort((x, y) => x.item - y.item),
    );
    expect(await cartOf(eq(carts.user_id, member.user.id))).toEqual([{ item: A, q: 3, codi: null }]);
    expect(await cartOf(eq(carts.guest_id, g(34)['x-guest-user-id']))).toEqual([
      { item: D, q: 60, codi: null },
    ]);
    expect((await cartOf(eq(carts.guest_id, g(35)['x-guest-user-id']))).map((l) => l.q)).toEqual([1, 1, 1]);
    const aLines = await t.ctx.db
      .select({ q: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.product_item_id, A)));
    expect(aLines.reduce((s, l) => s + l.q, 0)).toBe(5 + 30 * 2 + 3);
    // No cart for the sold-out and unknown adds.
    const none = await t.ctx.db
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.guest_id, [g(32)['x-guest-user-id'], g(33)['x-guest-user-id']]));
    expect(none).toEqual([]);
  });

  it('an add commits durably: synchronous_commit is on for the connection the add used', async () => {
    // One connection, so the check runs on the very connection the add used.
    const url = process.env.TEST_DATABASE_URL;
    let single: Database | null = null;
    if (url) {
      const [cur] = rowsOf<{ name: string }>(await t.ctx.db.execute(sql`select current_database() as name`));
      const u = new URL(url);
      u.pathname = `/${cur?.name}`;
      single = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 1 });
    }
    const db = single?.db ?? t.ctx.db;
    try {
      const rows = await batchRunner(db)([
        { owner: { guestId: 'sync-commit-check' }, at, product_item_id: ids[1] as number, quantity: 1 },
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.line_id).not.toBeNull();
      const [shown] = rowsOf<{ synchronous_commit: string }>(await db.execute(sql`show synchronous_commit`));
      expect(shown?.synchronous_commit).toBe('on');
    } finally {
      await single?.close();
    }
  });
});
