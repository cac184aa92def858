/**
 * The PostgreSQL engine's bounded ranking (pg-engine.ts: a pool of the most popular matches plus
 * index-backed look-ups of the better tiers, capped totals, prefix-first autocomplete) must answer
 * exactly what ranking every match would. Compared here with the plain full-sort queries on the
 * deterministic seed, with small pages so that most queries take the bounded path.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { analyseQuery, fixedClock, type ProductCard, type SearchSort, toKeys } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchDocuments as D,
  productDisplays,
  searchPostings,
  searchStats,
  searchTerms,
} from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { productCardsByIds } from '../src/domains/catalog/repository.ts';
import { copyCard, searchCards } from '../src/domains/search/cards.ts';
import { indexGeneration, reindexProducts } from '../src/domains/search/documents.ts';
import { PgSearchEngine } from '../src/domains/search/pg-engine.ts';
import { loadPostings, termsContaining } from '../src/domains/search/postings-replica.ts';
import { Replica } from '../src/domains/search/replica.ts';
import { realtimeKeywords, warmSearch } from '../src/domains/search/service.ts';
import { matchCondition, relevanceTier } from '../src/domains/search/sql-conditions.ts';
import { flushSearchStats } from '../src/domains/search/stats.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
/** SQL only (every statement path). */
let engine: PgSearchEngine;
/** With the in-memory replicas (replica.ts), checking for other nodes' writes every time. */
let memEngine: PgSearchEngine;
/** A cap far below the 300-product seed's broad words, so that they take the pool path. */
const CAP = 40;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-20T03:00:00Z') });
  await seed(t.ctx.db, { products: 300, now: new Date('2026-11-20T00:00:00+09:00') });
  engine = new PgSearchEngine(t.ctx.db, CAP, { memory: false });
  await engine.ready();
  memEngine = new PgSearchEngine(t.ctx.db, CAP, { checkMs: 0 });
  await memEngine.warm();
});

afterAll(async () => {
  await t?.close();
});

const QUERIES = [
  '슬랙스',
  '셔츠',
  '코트',
  '니트',
  '팬츠',
  '티',
  '바지',
  '코',
  '맨투맨',
  'ㅅㄹㅅ',
  'ㅍㅊ',
  'ㅅ',
  'tmffortm',
  '슬렉스',
  '와이드 슬랙스',
  '와이드슬랙스',
  '네이비 슬랙스',
  '어반테일러',
  'urban tailor',
  '청바지',
  '운동화',
  '출근룩',
  '오픈칼라',
  '울',
  '블랙',
  '데님',
  '가디간',
  '스웨터',
  '다운',
  // English, romanised and stop-word queries (search-vocabulary.ts).
  'slacks',
  'Polo',
  'seullaekseu',
  'jeans',
  '남자 니트',
  '남자니트',
  "men's slacks",
];
const PAGES: [limit: number, offset: number][] = [
  [5, 0],
  [5, 5],
  [20, 0],
  [10, 40],
  [5, 100],
];

async function reference(s: string, sort: SearchSort, limit: number, offset: number, cap = CAP) {
  const q = analyseQuery(s);
  const where = and(eq(D.kind, 'product'), eq(D.is_active, true), matchCondition(q));
  const order =
    sort === 'relevance'
      ? [asc(relevanceTier(q)), desc(D.popularity), desc(D.ref_id)]
      : sort === 'popular'
        ? [desc(D.popularity), desc(D.ref_id)]
        : [asc(D.price_discount), desc(D.ref_id)];
  const rows = await t.ctx.db
    .select({ id: D.ref_id })
    .from(D)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [n] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(D).where(where);
  return { ids: rows.map((r) => r.id), total: Math.min(Number(n?.n ?? 0), cap) };
}

describe('bounded product ranking', () => {
  for (const sort of ['relevance', 'popular', 'price_asc'] as const) {
    it(`answers the full ${sort} order and the capped total`, async () => {
      let broad = 0;
      for (const s of QUERIES) {
        for (const [limit, offset] of PAGES) {
          const got = await engine.products(analyseQuery(s), { limit, offset, sort });
          const want = await reference(s, sort, limit, offset);
          expect({ s, limit, offset, ids: got.ids, total: got.total }).toEqual({ s, limit, offset, ...want });
          if (want.total >= CAP) broad += 1;
        }
      }
      // Most of the table goes through the pool-plus-look-ups path, not the complete pool.
      expect(broad).toBeGreaterThan(20);
    });
  }

  it('answers relevance and popularity pages from the in-memory postings the same way', async () => {
    // Also with small popularity bounds: broad words first look at the most popular products
    // only (then the products beyond that could still come before the page's worst tier).
    const bounded = new PgSearchEngine(t.ctx.db, CAP, { partialBounds: [8, 30, 90] });
    await Promise.all([memEngine.warm(), bounded.warm()]);
    for (const e of [memEngine, bounded]) {
      for (const sort of ['relevance', 'popular'] as const) {
        for (const s of QUERIES) {
          for (const [limit, offset] of PAGES) {
            const got = await e.products(analyseQuery(s), { limit, offset, sort });
            const want = await reference(s, sort, limit, offset);
            expect({ s, sort, limit, offset, ids: got.ids, total: got.total }).toEqual({
              s,
              sort,
              limit,
              offset,
              ...want,
            });
          }
        }
      }
    }
    // Other sorts and filters still go to SQL, with the dictionary from memory.
    const got = await memEngine.products(analyseQuery('셔츠'), { limit: 5, offset: 5, sort: 'price_asc' });
    expect(got).toEqual({ ...(await reference('셔츠', 'price_asc', 5, 5)), fuzzy: false });
  });

  it('finds a best-tier product beyond the popularity bound', async () => {
    const bounded = new PgSearchEngine(t.ctx.db, CAP, { partialBounds: [30] });
    // The least popular product, renamed to exactly a broad word: tier 0, far beyond the bound.
    const [p] = await t.ctx.db
      .select({ id: productDisplays.id, name: productDisplays.name })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .orderBy(asc(productDisplays.popularity), asc(productDisplays.id))
      .limit(1);
    const id = p?.id ?? 0;
    try {
      for (const word of ['팬츠', '셔츠']) {
        await t.ctx.db.update(productDisplays).set({ name: word }).where(eq(productDisplays.id, id));
        await reindexProducts(t.ctx.db, [id]);
        await bounded.warm();
        const got = await bounded.products(analyseQuery(word), { limit: 5, offset: 0, sort: 'relevance' });
        expect(got).toEqual({ ...(await reference(word, 'relevance', 5, 0)), fuzzy: false });
        expect(got.ids).toContain(id);
      }
    } finally {
      await t.ctx.db
        .update(productDisplays)
        .set({ name: p?.name ?? '' })
        .where(eq(productDisplays.id, id));
      await reindexProducts(t.ctx.db, [id]);
    }
  });

  it('answers brand and category filters the same way', async () => {
    const [b] = await t.ctx.db.select({ id: D.brand_id }).from(D).where(eq(D.kind, 'product')).limit(1);
    const q = analyseQuery('팬츠');
    const filters = { brandIds: [b?.id ?? 0] };
    const got = await engine.products(q, { limit: 5, offset: 0, sort: 'relevance', filters });
    const rows = await t.ctx.db
      .select({ id: D.ref_id })
      .from(D)
      .where(
        and(
          eq(D.kind, 'product'),
          eq(D.is_active, true),
          inArray(D.brand_id, filters.brandIds),
          matchCondition(q),
        ),
      )
      .orderBy(asc(relevanceTier(q)), desc(D.popularity), desc(D.ref_id))
      .limit(5);
    expect(got.ids).toEqual(rows.map((r) => r.id));
  });
});

describe('term dictionary and postings', () => {
  it('ranks single words from the postings alone exactly as ranking every match', async () => {
    // A cap above the seed's size: every single-word query is answered from its postings.
    const big = new PgSearchEngine(t.ctx.db, 100_000, { memory: false });
    const bigMem = new PgSearchEngine(t.ctx.db, 100_000);
    await bigMem.warm();
    let fromPostings = 0;
    for (const sort of ['relevance', 'popular'] as const) {
      for (const s of QUERIES) {
        const q = analyseQuery(s);
        const d = await big.dictionary(q);
        if (q.choseong || q.readings.every((r) => r.tokens.length <= 1)) fromPostings += 1;
        for (const [limit, offset] of PAGES) {
          const want = await reference(s, sort, limit, offset, 100_000);
          for (const e of [big, bigMem]) {
            const got = await e.products(q, { limit, offset, sort });
            expect({ s, sort, limit, offset, ids: got.ids, total: got.total }).toEqual({
              s,
              sort,
              limit,
              offset,
              ...want,
            });
          }
        }
        // The dictionary's proof of a match never overstates: surely ≤ the real total.
        const { total } = await reference(s, 'popular', 1, 0, 100_000);
        expect(d.surely).toBeLessThanOrEqual(total);
      }
    }
    expect(fromPostings).toBeGreaterThan(40);
  });

  it('rules out relevance tiers only when they are empty', async () => {
    for (const s of QUERIES) {
      const q = analyseQuery(s);
      const d = await engine.dictionary(q);
      const tier = relevanceTier(q);
      const rows = await t.ctx.db
        .selectDistinct({ tier: sql<number>`${tier}`.mapWith(Number) })
        .from(D)
        .where(and(eq(D.kind, 'product'), eq(D.is_active, true), matchCondition(q)));
      for (const r of rows)
        expect({ s, tier: r.tier, possible: d.possible(r.tier) }).toEqual({
          s,
          tier: r.tier,
          possible: true,
        });
    }
  });

  it('keeps the postings in step with re-indexed products', async () => {
    const [p] = await t.ctx.db
      .select({ id: productDisplays.id, name: productDisplays.name })
      .from(productDisplays)
      .where(eq(productDisplays.is_active, true))
      .limit(1);
    const id = p?.id ?? 0;
    const word = '헤링턴체크';
    const find = async () => {
      const q = analyseQuery(word);
      const page = { limit: 5, offset: 0, sort: 'relevance' } as const;
      const sqlIds = (await engine.products(q, page)).ids;
      // The replica answers at once after a re-index in this process (from SQL until it has
      // reloaded), and the same once reloaded.
      expect((await memEngine.products(q, page)).ids).toEqual(sqlIds);
      await memEngine.warm();
      expect((await memEngine.products(q, page)).ids).toEqual(sqlIds);
      return sqlIds;
    };
    expect(await find()).toEqual([]);
    await t.ctx.db
      .update(productDisplays)
      .set({ name: `${p?.name} ${word}` })
      .where(eq(productDisplays.id, id));
    await reindexProducts(t.ctx.db, [id]);
    expect(await find()).toEqual([id]);
    const df = async () => {
      const [row] = await t.ctx.db
        .select({
          df: searchTerms.df,
          n: sql<number>`(select count(*)::int from ${searchPostings} p where p.term_id = ${searchTerms.id})`,
        })
        .from(searchTerms)
        .where(and(eq(searchTerms.form, 'k'), eq(searchTerms.keys, toKeys(word))));
      return row ? [Number(row.df), Number(row.n)] : null;
    };
    expect(await df()).toEqual([1, 1]);
    await t.ctx.db.update(productDisplays).set({ is_active: false }).where(eq(productDisplays.id, id));
    await reindexProducts(t.ctx.db, [id]);
    expect(await find()).toEqual([]);
    expect(await df()).toEqual([0, 0]);
    await t.ctx.db
      .update(productDisplays)
      .set({ name: p?.name ?? '', is_active: true })
      .where(eq(productDisplays.id, id));
    await reindexProducts(t.ctx.db, [id]);
  });
});

describe('prefix-first autocomplete', () => {
  it('answers what ranking every suggestible match would', async () => {
    const contains = (k: string) => `%${k}%`;
    for (const s of [
      'ㅅ',
      'ㅅㄹ',
      'ㅅㄹㅅ',
      '슬',
      '슬래',
      '맨투ㅁ',
      '셔',
      '코',
      'ㅁㄷ',
      '어반',
      'urb',
      'tmff',
      '와이드',
      '네이',
      '청바',
      '청바지',
      '운동화',
      'ㅎㄱㄹ',
    ]) {
      for (const limit of [3, 10]) {
        const q = analyseQuery(s);
        let where: SQL;
        let tier: SQL;
        if (q.choseong) {
          where = sql`${D.initials} like ${contains(q.initials)}`;
          tier = sql`(case when ${D.initials} like ${`${q.initials}%`} then 0 else 1 end)`;
        } else {
          where = or(...q.readings.map((r) => sql`${D.name_keys} like ${contains(r.keys)}`)) as SQL;
          tier = sql`least(${sql.join(
            q.readings.map(
              (r) =>
                sql`(case when ${D.name_keys} = ${r.keys} then 0 when ${D.name_keys} like ${`${r.keys}%`} then 1 else 2 end + ${r.synonym ? 3 : 0})`,
            ),
            sql`, `,
          )})`;
        }
        const rows = await t.ctx.db
          .select({ kind: D.kind, title: D.title })
          .from(D)
          .where(
            and(
              eq(D.suggestible, true),
              inArray(D.kind, ['term', 'brand', 'style']),
              eq(D.is_active, true),
              where,
            ),
          )
          .orderBy(
            asc(tier),
            sql`(case ${D.kind} when 'brand' then 0 when 'term' then 1 else 2 end)`,
            desc(D.popularity),
            asc(D.title),
          )
          .limit(limit * 2);
        const want = [
          ...new Set(rows.map((r) => `${r.kind === 'term' ? 'keyword' : r.kind}:${r.title}`)),
        ].slice(0, limit);
        await memEngine.warm();
        for (const e of [engine, memEngine]) {
          const got = (await e.suggest(q, limit)).map((x) => `${x.type}:${x.keyword}`);
          expect({ s, limit, engine: e === engine ? 'sql' : 'memory', got }).toEqual({
            s,
            limit,
            engine: e === engine ? 'sql' : 'memory',
            got: want,
          });
        }
      }
    }
  });
});

describe('in-memory replicas', () => {
  it('answer only for the index generation they were loaded at, and reload on a changed stamp', async () => {
    let version = 1;
    let stamp = 'a';
    let loads = 0;
    const replica = new Replica(
      async () => {
        loads += 1;
        return version;
      },
      async () => stamp,
      0,
    );
    expect(replica.get()).toBeNull(); // not loaded: the caller answers from SQL
    expect(await replica.ready()).toBe(1);
    await replica.settled();
    // Another node wrote (the stamp changed): the old copy answers until the reload is done.
    version = 2;
    stamp = 'b';
    expect(replica.get()).toBe(1);
    await replica.settled();
    expect(replica.get()).toBe(2);
    expect(loads).toBe(2);
    // A re-index in this process (new generation): nothing from the replica until it reloaded.
    version = 3;
    await reindexProducts(t.ctx.db, []); // no ids: no write, same generation
    expect(replica.get()).toBe(2);
    const [p] = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(1);
    const before = indexGeneration();
    await reindexProducts(t.ctx.db, [p?.id ?? 0]);
    expect(indexGeneration()).toBeGreaterThan(before);
    expect(replica.get()).toBeNull();
    expect(await replica.ready()).toBe(3);
  });

  it('back off after failed loads, and drop a copy that could not be refreshed three times', async () => {
    let clock = 0;
    let fail = false;
    let stamp = 'a';
    let loads = 0;
    const replica = new Replica(
      async () => {
        loads += 1;
        if (fail) throw new Error('statement timeout');
        return loads;
      },
      async () => stamp,
      0,
      () => clock,
    );
    expect(await replica.ready()).toBe(1);
    await replica.settled();
    // The rows changed elsewhere and every reload fails: the old copy answers, with a growing wait
    // between tries instead of a load per search.
    fail = true;
    stamp = 'b';
    expect(replica.get()).toBe(1); // starts the stamp check, which starts a reload (fails)
    await replica.settled();
    expect(loads).toBe(2);
    for (let i = 0; i < 5; i++) replica.get();
    await replica.settled();
    expect(loads).toBe(2); // within the 1 s wait: no new load
    clock += 1_000;
    expect(replica.get()).toBe(1);
    await replica.settled();
    expect(loads).toBe(3);
    clock += 1_999; // the second wait is 2 s
    replica.get();
    await replica.settled();
    expect(loads).toBe(3);
    clock += 1;
    replica.get();
    await replica.settled();
    expect(loads).toBe(4);
    // Three failed reloads: the stale copy stops answering (SQL answers).
    expect(replica.get()).toBeNull();
    // Once the database answers again, the copy comes back after the wait.
    fail = false;
    clock += 4_000;
    expect(await replica.ready()).toBe(5);
  });

  it("see another node's writes to the suggestible documents and the dictionary", async () => {
    await memEngine.warm();
    const title = '헤링본자켓세트';
    const q = analyseQuery('헤링본자켓');
    const titles = async () => (await memEngine.suggest(q, 10)).map((s) => s.keyword);
    expect(await titles()).not.toContain(title);
    // A stamp check that the read above started, in flight across the write, would read the stamp
    // before it and keep the old copy; the next read starts no check while one is under way.
    await memEngine.settled();
    // Written as another node would: straight to the table, no generation change here.
    const [row] = await t.ctx.db
      .insert(D)
      .values({
        kind: 'term',
        ref_id: 999_999,
        title,
        name_keys: toKeys(title),
        all_keys: toKeys(title),
        initials: '',
        suggestible: true,
        popularity: 1,
      })
      .returning({ id: D.id });
    await titles(); // may still answer from the old copy; starts the stamp check
    await memEngine.settled();
    expect(await titles()).toContain(title);
    await memEngine.settled();
    await t.ctx.db.delete(D).where(eq(D.id, row?.id ?? 0));
    await titles();
    await memEngine.settled();
    expect(await titles()).not.toContain(title);
  });

  it('finds dictionary terms by substring as LIKE does', async () => {
    const rep = await loadPostings(t.ctx.db);
    for (const form of ['k', 'i'] as const) {
      const text = rep.terms[form];
      for (const patterns of [
        ['tmffortm'],
        ['ch', 'tmf'],
        ['a'],
        ['zzzz'],
        ['r', 'k'],
        ['tmffortmx', 'ffo'],
        ['tmffortm', 'tmf', 'ortm'],
        ['qp', 'wz'],
      ]) {
        const want = text.terms.filter((x) => patterns.some((k) => x.keys.includes(k))).map((x) => x.id);
        expect(termsContaining(text, patterns).map((x) => x.id)).toEqual(want);
      }
    }
  });

  it('build the same product cards as the catalogue', async () => {
    const rows = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(25);
    const ids = [...rows.map((r) => r.id).reverse(), rows[0]?.id ?? 0, 987_654];
    expect(await searchCards(t.ctx.db, ids)).toEqual(await productCardsByIds(t.ctx.db, ids, true));
  });

  it('warm up before a start without counting a search', async () => {
    await warmSearch(t.ctx);
    await flushSearchStats(t.ctx);
    expect(await t.ctx.db.select().from(searchStats)).toEqual([]);
    expect((await realtimeKeywords(t.ctx)).result).toEqual([]);
  });

  it('copy cards field for field, with the live-price fields', async () => {
    const rows = await t.ctx.db.select({ id: productDisplays.id }).from(productDisplays).limit(10);
    const cards = await searchCards(
      t.ctx.db,
      rows.map((r) => r.id),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const c of [
      ...cards,
      { ...cards[0], time_sale_price: 1000, event_coupon_price: 900 } as ProductCard,
    ]) {
      const copy = copyCard(c);
      expect(copy).not.toBe(c);
      expect(copy).toEqual({ time_sale_price: null, event_coupon_price: null, ...c });
    }
  });
});
