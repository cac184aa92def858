/**
 * Ranking periods (docs/ARCHITECTURE.md, 'Catalog', "Ranking periods"): realtime, daily and weekly
 * rankings from real signals, one card per product (colourways grouped), with ▲▼ / NEW against the
 * previous period, within the tab; the rising tab grouped the same way.
 */
import { fixedClock } from '@codiroom/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productDisplays, productSignals } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { recomputeRankings } from '../src/domains/catalog/signals.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The seed's own activity ends at SEED_NOW; a month later the windows hold only this test's signals.
const SEED_NOW = new Date('2026-11-20T00:00:00+09:00');
const T = new Date('2026-12-20T03:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
type Row = typeof productDisplays.$inferSelect & { main: string };
let rows: Row[];

type Card = {
  id: number;
  rank: number;
  rank_change: number | null;
  is_new: boolean;
  color_name: string;
  colourway_count: number;
};

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(T) });
  await seed(t.ctx.db, { products: 150, now: SEED_NOW });
  const r = await t.ctx.db
    .select({ d: productDisplays, main: categories.main })
    .from(productDisplays)
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .orderBy(asc(productDisplays.id));
  rows = r.map((x) => ({ ...x.d, main: x.main })).filter((x) => x.is_active);
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
}

const views = (id: number, at: Date, weight: number) => ({
  product_display_id: id,
  signal: 'view',
  weight,
  created_at: at,
});
const ago = (h: number) => new Date(t.ctx.clock.now().getTime() - h * HOUR);

/** Products with ≥ 2 colourways in one shop tab, and one-colourway products in it and elsewhere. */
function pickProducts() {
  const byProduct = new Map<number, Row[]>();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
  const multi = [...byProduct.values()].filter((g) => g.length >= 2);
  const p = multi[0] as Row[];
  const main = (p[0] as Row).main;
  const singles = [...byProduct.values()].filter((g) => g.length === 1).map((g) => g[0] as Row);
  const sameTab = singles.filter((s) => s.main === main);
  const otherTab = singles.filter((s) => s.main !== main);
  return { p, q: sameTab[0] as Row, s: sameTab[1] as Row, r: otherTab[0] as Row, p2: multi[1] as Row[] };
}

describe('ranking periods', () => {
  it('realtime: no marks before a baseline an hour old, then ▲ against it', async () => {
    const { r } = pickProducts();
    await recomputeRankings(t.ctx);
    const first = await get('/api/products/ranking-items');
    expect(first.status).toBe(200);
    expect(first.body.period).toBe('realtime');
    expect(first.body.computed_at).toBe(T.toISOString());
    expect(first.body.compared_at).toBeNull();
    for (const c of first.body.result as Card[]) {
      expect(c.rank_change).toBeNull();
      expect(c.is_new).toBe(false);
    }
    const rankOf = async () => {
      for (let page = 1; ; page++) {
        const res = await get(`/api/products/ranking-items?page=${page}`);
        const hit = (res.body.result as Card[]).find((c) => c.id === r.id);
        if (hit) return hit;
        if (page >= res.body.total_page) throw new Error('not ranked');
      }
    };
    const before = await rankOf();
    expect(before.rank).toBeGreaterThan(1);

    // Half an hour later: the only baseline is this hour's, younger than an hour — still no marks.
    t.ctx.clock = fixedClock(new Date(T.getTime() + 30 * 60_000));
    await recomputeRankings(t.ctx);
    expect((await get('/api/products/ranking-items')).body.compared_at).toBeNull();

    // 61 minutes after the first computation a burst of views lifts r to the top: ▲ by its old rank − 1.
    t.ctx.clock = fixedClock(new Date(T.getTime() + 61 * 60_000));
    await t.ctx.db.insert(productSignals).values(views(r.id, ago(0.1), 30_000));
    await recomputeRankings(t.ctx);
    const after = await get('/api/products/ranking-items');
    expect(after.body.compared_at).toBe(T.toISOString());
    const top = after.body.result[0] as Card;
    expect(top.id).toBe(r.id);
    expect(top.rank).toBe(1);
    expect(top.rank_change).toBe(before.rank - 1);
    expect(after.body.result.some((c: Card) => c.rank_change !== null && c.rank_change < 0)).toBe(true);
    t.ctx.clock = fixedClock(T);
  });

  it('daily: the last 24 hours against the 24 before, one card per product in its best colourway', async () => {
    // Far from the realtime test's burst (T + 1 hour): outside both weeks when the clock is T + 20 days.
    const now = new Date(T.getTime() + 20 * 24 * HOUR);
    t.ctx.clock = fixedClock(now);
    const { p, q, s, r } = pickProducts();
    const [a, b] = p as [Row, Row];
    await t.ctx.db
      .insert(productSignals)
      .values([
        views(a.id, ago(30), 10),
        views(a.id, ago(3), 30),
        views(b.id, ago(2), 50),
        views(q.id, ago(30), 100),
        views(q.id, ago(5), 40),
        views(r.id, ago(1), 20),
        views(s.id, ago(40), 5),
      ]);
    await recomputeRankings(t.ctx);
    const { status, body } = await get('/api/products/ranking-items?period=daily');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      period: 'daily',
      total_count: 3,
      computed_at: now.toISOString(),
      window_from: new Date(now.getTime() - 24 * HOUR).toISOString(),
      window_to: now.toISOString(),
      compared_at: new Date(now.getTime() - 48 * HOUR).toISOString(),
    });
    const cards = body.result as Card[];
    expect(cards.map((c) => c.id)).toEqual([b.id, q.id, r.id]);
    expect(cards[0]).toMatchObject({
      rank: 1,
      rank_change: 1,
      is_new: false,
      color_name: b.color_name,
      colourway_count: p.length,
    });
    expect(cards[1]).toMatchObject({ rank: 2, rank_change: -1, is_new: false });
    expect(cards[2]).toMatchObject({ rank: 3, rank_change: null, is_new: true });

    // Within p's shop tab: r (another tab) is not there; ranks and changes are the tab's own.
    const tab = await get(`/api/products/ranking-items?period=daily&category_main=${a.main}`);
    expect(tab.body.total_count).toBe(2);
    expect((tab.body.result as Card[]).map((c) => [c.id, c.rank, c.rank_change])).toEqual([
      [b.id, 1, 1],
      [q.id, 2, -1],
    ]);

    // weekly: the same activity is one week; s, 10 days ago, was the previous week's only product.
    await t.ctx.db.insert(productSignals).values(views(s.id, ago(10 * 24), 1000));
    await recomputeRankings(t.ctx);
    const week = await get('/api/products/ranking-items?period=weekly');
    expect(week.body.period).toBe('weekly');
    const w = week.body.result as Card[];
    expect(w.map((c) => c.id)).toEqual([q.id, b.id, r.id, s.id]);
    expect(w.slice(0, 3).every((c) => c.is_new)).toBe(true);
    expect(w[3]).toMatchObject({ rank: 4, rank_change: -3, is_new: false });
    t.ctx.clock = fixedClock(T);
  });

  it('the rising tab lists a product once even when several colourways grow', async () => {
    const now = new Date(T.getTime() + 8 * 24 * HOUR);
    t.ctx.clock = fixedClock(now);
    const { p2 } = pickProducts();
    const [a, b] = p2 as [Row, Row];
    await t.ctx.db.insert(productSignals).values([views(a.id, ago(2), 400), views(b.id, ago(3), 300)]);
    const { rising } = await recomputeRankings(t.ctx);
    expect(rising).toEqual(expect.arrayContaining([a.id, b.id]));
    const res = await get('/api/products/ranking-items?category_main=rising');
    expect(res.status).toBe(200);
    const ids = (res.body.result as Card[]).map((c) => c.id);
    expect(ids[0]).toBe(a.id);
    expect(ids).not.toContain(b.id);
    expect(res.body.result[0]).toMatchObject({
      rank: 1,
      color_name: a.color_name,
      colourway_count: p2.length,
    });
    t.ctx.clock = fixedClock(T);
  });

  it('an unknown period is a 400 with a detail', async () => {
    for (const q of ['period=monthly', 'period=', 'period=DAILY']) {
      const { status, body } = await get(`/api/products/ranking-items?${q}`);
      expect(status, q).toBe(400);
      expect(typeof body.detail).toBe('string');
    }
  });
});
