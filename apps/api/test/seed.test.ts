import { createHash } from 'node:crypto';
import { FIXED_CODI_COUPON_IDS, kstDateString, OFFICE_WEAR_KEYWORD, Rng } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizeGrade } from '../seed/data.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { analyzeFilled } from '../src/demo/ensure.ts';
import {
  DEFAULT_SEED_NOW,
  DEMO_ACCOUNT,
  demoUserCount,
  SEED_TABLES,
  type SeedSummary,
  seed,
} from '../src/demo/seed.ts';

const PRODUCTS = 120;
const NOW = DEFAULT_SEED_NOW;

let a: Database;
let b: Database;
let summary: SeedSummary;
const progress: [number, number, string][] = [];

async function rows<T = Record<string, unknown>>(db: Database, query: string): Promise<T[]> {
  const res = (await db.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** sha256 of every seeded table, row by row in a stable order. */
async function digest(db: Database): Promise<Record<string, string>> {
  const order: Record<string, string> = {
    size_measurement_sets: 'code',
    theme_products: '1, 2',
    promotion_products: '1, 2',
    post_products: '1, 2',
    app_meta: 'key',
  };
  const out: Record<string, string> = {};
  for (const table of SEED_TABLES) {
    const data = await rows(db, `select * from ${table} order by ${order[table] ?? 'id'}`);
    out[table] = createHash('sha256').update(JSON.stringify(data)).digest('hex');
  }
  return out;
}

beforeAll(async () => {
  [a, b] = await Promise.all([openDatabase({ kind: 'pglite' }), openDatabase({ kind: 'pglite' })]);
  await Promise.all([a.migrate(), b.migrate()]);
  summary = await seed(a.db, {
    products: PRODUCTS,
    now: NOW,
    onProgress: (d, total, s) => progress.push([d, total, s]),
  });
  await seed(b.db, { products: PRODUCTS, now: NOW });
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('seed', () => {
  it('creates the requested catalogue and the reference data', async () => {
    expect(summary.product_displays).toBe(PRODUCTS);
    const [c] = await rows<{ displays: number; brands: number; users: number; products: number }>(
      a,
      `select (select count(*) from product_displays)::int as displays, (select count(*) from brands)::int as brands,
              (select count(*) from users)::int as users, (select count(*) from products)::int as products`,
    );
    expect(c?.displays).toBe(PRODUCTS);
    expect(c?.brands).toBeGreaterThanOrEqual(40);
    expect(c?.users).toBe(demoUserCount(PRODUCTS));
    expect(c?.products).toBe(summary.products);
    expect(c?.products).toBeLessThanOrEqual(PRODUCTS);
    for (const table of [
      'size_measurement_sets',
      'categories',
      'reviews',
      'likes',
      'styles',
      'codi_sets',
      'posts',
    ] as const) {
      expect(summary[table], table).toBeGreaterThan(0);
    }
    expect(summary.size_measurement_sets).toBe(16);
    expect(summary.banners).toBe(8);
    expect(summary.daily_quizzes).toBe(14);
  });

  it('flags almost sold-out colourways from their own stock: every size in stock, none above 3', async () => {
    const flagged = await rows<{
      id: number;
      from: string;
      until: string;
      sizes: number;
      max: number;
      min: number;
    }>(
      a,
      `select d.id, d.almost_sold_out_from as from, d.almost_sold_out_until as until,
              count(i.id)::int as sizes, max(i.stock)::int as max, min(i.stock)::int as min
       from product_displays d join product_items i on i.product_display_id = d.id
       where d.almost_sold_out_from is not null group by d.id`,
    );
    expect(flagged.length).toBeGreaterThan(0);
    for (const f of flagged) {
      expect(f.max, `display ${f.id}`).toBeLessThanOrEqual(3);
      expect(f.min, `display ${f.id}`).toBeGreaterThan(0);
      expect(new Date(f.from).getTime()).toBeLessThan(NOW.getTime());
      expect(new Date(f.until).getTime()).toBeGreaterThan(NOW.getTime());
    }
    // And no colourway that fits the rule is left unflagged.
    const [missed] = await rows<{ n: number }>(
      a,
      `select count(*)::int as n from product_displays d
       where d.almost_sold_out_from is null and exists (select 1 from product_items i where i.product_display_id = d.id)
         and not exists (select 1 from product_items i where i.product_display_id = d.id and (i.stock < 1 or i.stock > 3))`,
    );
    expect(missed?.n).toBe(0);
  });

  it('statistics are taken for the tables the seed filled, never for the ones still empty', async () => {
    const filled = await analyzeFilled(a.db);
    for (const table of ['product_displays', 'product_items', 'brands', 'time_sale_items']) {
      expect(filled, table).toContain(table);
    }
    // Analysed empty, the plans cached by the first orders would scan these as they grow.
    for (const table of ['orders', 'order_items', 'payments', 'cart_lines']) {
      expect(filled, table).not.toContain(table);
    }
    const [stats] = await rows<{ analysed: string[] }>(
      a,
      `select coalesce(array_agg(relname::text), '{}') as analysed from pg_stat_user_tables
        where relname in ('orders', 'payments', 'product_displays') and last_analyze is not null`,
    );
    expect(stats?.analysed ?? []).not.toContain('orders');
    expect(stats?.analysed ?? []).not.toContain('payments');
  });

  it('is deterministic: two fresh databases get identical rows', async () => {
    const [da, db] = await Promise.all([digest(a), digest(b)]);
    expect(da).toEqual(db);
  });

  it('gives different data for a different clock or size', async () => {
    const c = await openDatabase({ kind: 'pglite' });
    await c.migrate();
    await seed(c.db, { products: 30, now: new Date('2027-03-01T00:00:00+09:00') });
    const [first] = await rows<{ created_at: string }>(
      c,
      'select created_at from products order by id limit 1',
    );
    expect(new Date(first?.created_at ?? 0).getTime()).toBeGreaterThan(NOW.getTime());
    await c.close();
  });

  it('makes the same catalogue for a fixed catalogueDate whatever the clock (start-up seeding)', async () => {
    const catalogue = async (now: Date) => {
      const d = await openDatabase({ kind: 'pglite' });
      await d.migrate();
      await seed(d.db, { products: 30, now, catalogueDate: NOW });
      const r = await rows<{ id: number; name: string; items: number }>(
        d,
        `select d.id, d.name, (select count(*)::int from product_items i where i.product_display_id = d.id) as items
         from product_displays d order by d.id`,
      );
      await d.close();
      return r;
    };
    const base = await catalogue(NOW);
    expect(base.length).toBeGreaterThan(0);
    expect(await catalogue(new Date('2027-03-01T12:10:00+09:00'))).toEqual(base);
  });

  it('prices are whole won, rounded like a shop, and discounts never exceed the price', async () => {
    const data = await rows<{ price: number; price_discount: number; name: string }>(
      a,
      'select price, price_discount, name from product_displays',
    );
    let discounted = 0;
    for (const r of data) {
      expect(Number.isInteger(r.price)).toBe(true);
      expect(Number.isInteger(r.price_discount)).toBe(true);
      expect(r.price % 100).toBe(0);
      expect(r.price_discount % 100).toBe(0);
      expect(r.price_discount).toBeLessThanOrEqual(r.price);
      expect(r.price_discount).toBeGreaterThanOrEqual(Math.floor(r.price * 0.4) - 100);
      expect(r.price).toBeGreaterThanOrEqual(9_900);
      if (r.price_discount < r.price) discounted++;
    }
    expect(discounted / data.length).toBeGreaterThan(0.35);
    expect(discounted / data.length).toBeLessThan(0.85);
  });

  it('every display has items, and every sized item has both measurement sets', async () => {
    const [noItems] = await rows<{ n: number }>(
      a,
      `select count(*)::int as n from product_displays d
       where not exists (select 1 from product_items i where i.product_display_id = d.id)`,
    );
    expect(noItems?.n).toBe(0);
    const [missing] = await rows<{ n: number; checked: number }>(
      a,
      `select count(*) filter (where m1.id is null or m2.id is null)::int as n, count(*)::int as checked
       from product_items i
       join product_displays d on d.id = i.product_display_id
       join categories c on c.id = d.category_id
       left join size_measurements m1 on m1.product_id = i.product_id and m1.size_name = i.size_name
         and m1.set_code = c.measurement_set
       left join size_measurements m2 on m2.product_id = i.product_id and m2.size_name = i.size_name
         and m2.set_code::text = c.measurement_set::text || '2'
       where c.measurement_set is not null`,
    );
    expect(missing?.checked).toBeGreaterThan(PRODUCTS);
    expect(missing?.n).toBe(0);
    const [skus] = await rows<{ n: number; distinct: number }>(
      a,
      'select count(*)::int as n, count(distinct sku)::int as distinct from product_items',
    );
    expect(skus?.distinct).toBe(skus?.n);
  });

  it('measurements grow with the size', async () => {
    const data = await rows<{
      product_id: number;
      size_name: string;
      set_code: string;
      values: Record<string, number>;
    }>(
      a,
      `select product_id, size_name, set_code, values from size_measurements where set_code in ('TOP', 'OUTER', 'BOTTOM', 'SHOES', 'TOP2', 'BOTTOM2')`,
    );
    const key: Record<string, string> = {
      TOP: 'chest',
      TOP2: 'chest',
      OUTER: 'chest',
      BOTTOM: 'waist',
      BOTTOM2: 'waist',
      SHOES: 'foot_length',
    };
    const groups = new Map<string, { grade: number; v: number; length?: number }[]>();
    for (const r of data) {
      const k = `${r.product_id}:${r.set_code}`;
      const list = groups.get(k) ?? [];
      list.push({
        grade: sizeGrade(r.size_name),
        v: r.values[key[r.set_code] as string] as number,
        length: r.values.length,
      });
      groups.set(k, list);
    }
    let checked = 0;
    for (const [k, list] of groups) {
      if (list.length < 2) continue;
      list.sort((x, y) => x.grade - y.grade);
      for (let i = 1; i < list.length; i++) {
        expect((list[i]?.v ?? 0) > (list[i - 1]?.v ?? 0), k).toBe(true);
        if (list[i]?.length !== undefined)
          expect(list[i]?.length).toBeGreaterThanOrEqual(list[i - 1]?.length ?? 0);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const [top] = await rows<{ base: Record<string, number>; alt: Record<string, number> }>(
      a,
      `select m1.values as base, m2.values as alt from size_measurements m1
       join size_measurements m2 on m2.product_id = m1.product_id and m2.size_name = m1.size_name and m2.set_code = 'TOP2'
       where m1.set_code = 'TOP' limit 1`,
    );
    expect(top?.alt.chest).toBeCloseTo((top?.base.chest ?? 0) * 2, 1);
  });

  it('review, like and photo aggregates match their rows', async () => {
    const mismatches = await rows(
      a,
      `select d.id from product_displays d
       left join (select product_display_id, count(*)::int as n, sum(rating)::int as s from reviews group by 1) r
         on r.product_display_id = d.id
       left join (select like_id, count(*)::int as n from likes where like_type = 'PRODUCT' group by 1) l on l.like_id = d.id
       where d.review_count <> coalesce(r.n, 0) or d.rating_sum <> coalesce(r.s, 0) or d.like_count <> coalesce(l.n, 0)
          or d.sales_count < d.review_count`,
    );
    expect(mismatches).toEqual([]);
    for (const [table, type] of [
      ['brands', 'BRAND'],
      ['styles', 'STYLE'],
      ['codi_sets', 'CODI'],
      ['posts', 'CONTENT'],
    ] as const) {
      const bad = await rows(
        a,
        `select x.id from ${table} x left join (select like_id, count(*)::int as n from likes where like_type = '${type}' group by 1) l
         on l.like_id = x.id where x.like_count <> coalesce(l.n, 0)`,
      );
      expect(bad, table).toEqual([]);
    }
    const photos = await rows(
      a,
      `select r.id from reviews r left join (select review_id, count(*)::int as n from review_photos group by 1) p
       on p.review_id = r.id where r.photo_count <> coalesce(p.n, 0)`,
    );
    expect(photos).toEqual([]);
    const [stats] = await rows<{ reviews: number; low: number; photo_urls: number }>(
      a,
      `select count(*)::int as reviews, count(*) filter (where rating < 3)::int as low,
              (select count(*) from review_photos p join reviews r on r.id = p.review_id
                 join product_displays d on d.id = r.product_display_id
                where p.image_url = '/api/images/review/' || d.product_type || '/' || ltrim(d.color_hex, '#') || '/' || p.id || '.webp'
              )::int as photo_urls
       from reviews`,
    );
    expect(stats?.reviews).toBeGreaterThanOrEqual(PRODUCTS / 2);
    expect((stats?.low ?? 0) / (stats?.reviews ?? 1)).toBeLessThan(0.15);
    // Every review photo shows the reviewed product (its type and colour).
    expect(stats?.photo_urls).toBe(summary.review_photos);
    const [dup] = await rows<{ n: number }>(
      a,
      'select count(*)::int as n from (select user_id, product_display_id from reviews group by 1, 2 having count(*) > 1) x',
    );
    expect(dup?.n).toBe(0);
  });

  it('codi sets hold 2–4 existing displays with a top and a bottom', async () => {
    const data = await rows<{ codi_id: number; n: number; types: string[]; orphans: number }>(
      a,
      `select ci.codi_id, count(*)::int as n, array_agg(d.product_type::text) as types,
              count(*) filter (where d.id is null)::int as orphans
       from codi_items ci left join product_displays d on d.id = ci.product_display_id group by 1`,
    );
    expect(data.length).toBe(summary.codi_sets);
    for (const c of data) {
      expect(c.n).toBeGreaterThanOrEqual(2);
      expect(c.n).toBeLessThanOrEqual(4);
      expect(c.orphans).toBe(0);
      expect(c.types).toContain('TOP');
      expect(c.types).toContain('BOTTOM');
    }
  });

  it('product images follow the /api/images/product/{type}/{hex}/{variant}.webp scheme', async () => {
    const data = await rows<{ image_url: string; images: string[]; product_type: string; color_hex: string }>(
      a,
      'select image_url, images, product_type, color_hex from product_displays',
    );
    for (const r of data) {
      expect(r.image_url).toBe(
        `/api/images/product/${r.product_type}/${r.color_hex.slice(1)}/${r.image_url.split('/').at(-1)}`,
      );
      expect(r.image_url).toMatch(/^\/api\/images\/product\/[A-Z]+\/[0-9a-f]{6}\/\d{1,2}\.webp$/);
      expect(r.images.length).toBeGreaterThanOrEqual(3);
      expect(r.images.length).toBeLessThanOrEqual(4);
      expect(r.images[0]).toBe(r.image_url);
    }
  });

  it('has the demo account, unique phones and no passwords', async () => {
    const users = await rows<{
      phone: string;
      name: string;
      password_hash: string | null;
      age: number;
      height: number;
      weight: number;
    }>(a, 'select phone, name, password_hash, age, height, weight from users order by id');
    expect(users[0]).toMatchObject({
      phone: DEMO_ACCOUNT.phone,
      name: DEMO_ACCOUNT.name,
      password_hash: null,
    });
    expect(new Set(users.map((u) => u.phone)).size).toBe(users.length);
    for (const u of users) {
      expect(u.phone).toMatch(/^010\d{8}$/);
      expect(u.password_hash).toBeNull();
      expect(u.age).toBeGreaterThanOrEqual(30);
      expect(u.age).toBeLessThanOrEqual(55);
      expect(u.height).toBeGreaterThanOrEqual(155);
      expect(u.height).toBeLessThanOrEqual(192);
      expect(u.weight).toBeGreaterThanOrEqual(50);
      expect(u.weight).toBeLessThanOrEqual(120);
    }
    // Bodies follow the Size Korea statistics of men 30–59 (171.5 ± 5.7 cm, 74.2 ± 10.6 kg, r 0.51).
    const n = users.length;
    const mh = users.reduce((s, u) => s + u.height, 0) / n;
    const mw = users.reduce((s, u) => s + u.weight, 0) / n;
    const cov = users.reduce((s, u) => s + (u.height - mh) * (u.weight - mw), 0) / n;
    const sh = Math.sqrt(users.reduce((s, u) => s + (u.height - mh) ** 2, 0) / n);
    const sw = Math.sqrt(users.reduce((s, u) => s + (u.weight - mw) ** 2, 0) / n);
    expect(n).toBeGreaterThanOrEqual(60);
    expect(Math.abs(mh - 171.5)).toBeLessThan(1.5);
    expect(Math.abs(mw - 74.2)).toBeLessThan(2.5);
    expect(cov / (sh * sw)).toBeGreaterThan(0.2); // 0.51 in the survey; 60 bodies give about ±0.1
  });

  it('brands carry the SPEC.md shipping flags', async () => {
    const [f] = await rows<{ today: number; noon: number; eleven: number; custom: number; contract: number }>(
      a,
      `select count(*) filter (where today_shipping)::int as today, count(*) filter (where fast_shipping_cutoff = 12)::int as noon,
              count(*) filter (where fast_shipping_cutoff = 11)::int as eleven, count(*) filter (where allows_custom_order)::int as custom,
              count(*) filter (where is_contract)::int as contract from brands`,
    );
    expect(f?.today).toBeGreaterThan(3);
    expect(f?.noon).toBeGreaterThan(3);
    expect(f?.eleven).toBe(1);
    expect(f?.custom).toBe(1);
    expect(f?.contract).toBeGreaterThan(2);
  });

  it('inserts the fixed codi coupons and keeps the sequence past them', async () => {
    const codi = await rows<{ id: number; coupon_type: string }>(
      a,
      `select id, coupon_type from coupon_policies where id in (1865, 1866, 1867) order by id`,
    );
    expect(codi.map((c) => c.id)).toEqual([...FIXED_CODI_COUPON_IDS]);
    expect(codi.every((c) => c.coupon_type === 'CODI')).toBe(true);
    const [first] = await rows<{ discount_value: number; max_discount: number }>(
      a,
      `select discount_value, max_discount from coupon_policies where coupon_type = 'FIRST_PURCHASE'`,
    );
    expect(first).toEqual({ discount_value: 7, max_discount: 10_000 });
    const [serial] = await rows<{ serial_code: string }>(
      a,
      `select serial_code from coupon_policies where coupon_type = 'SERIAL'`,
    );
    expect(serial?.serial_code).toBeTruthy();
    const [created] = await a.db
      .insert(t.couponPolicies)
      .values({ name: 'after seed', coupon_type: 'EVENT', discount_kind: 'FIXED', discount_value: 1000 })
      .returning({ id: t.couponPolicies.id });
    expect(created?.id).toBeGreaterThan(1867);
    await a.db.execute(sql`delete from coupon_policies where id = ${created?.id ?? 0}`);
  });

  it('creates the outlet collection, keywords, time sales and the next 14 daily quizzes', async () => {
    const [outlet] = await rows<{ kind: string; n: number }>(
      a,
      `select th.kind, (select count(*) from theme_products tp where tp.theme_id = th.id)::int as n from themes th where slug = 'outlet'`,
    );
    expect(outlet?.kind).toBe('collection');
    expect(outlet?.n).toBeGreaterThan(0);
    const keywords = await rows<{ keyword: string }>(a, 'select keyword from search_keywords');
    expect(keywords.map((k) => k.keyword)).toContain(OFFICE_WEAR_KEYWORD);
    const sales = await rows<{ running: boolean; upcoming: boolean; bad: number }>(
      a,
      `select ts.starts_at <= '${NOW.toISOString()}' and ts.ends_at > '${NOW.toISOString()}' as running,
              ts.starts_at > '${NOW.toISOString()}' as upcoming,
              (select count(*) from time_sale_items i join product_displays d on d.id = i.product_display_id
               where i.time_sale_id = ts.id and (i.sale_price >= d.price_discount or i.sold_count > i.stock_limit))::int as bad
       from time_sales ts order by id`,
    );
    expect(sales.map((s) => [s.running, s.upcoming])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(sales.every((s) => s.bad === 0)).toBe(true);
    const quizzes = await rows<{ quiz_date: string }>(
      a,
      'select quiz_date::text as quiz_date from daily_quizzes order by quiz_date',
    );
    expect(quizzes[0]?.quiz_date).toBe(kstDateString(NOW));
    expect(quizzes.length).toBe(14);
    const posts = await rows<{ status: string; body: string }>(a, 'select status, body from posts');
    expect(posts.filter((p) => p.status === 'ENDED').length).toBe(2);
    expect(posts.every((p) => p.body.includes('\n## '))).toBe(true);
    const [meta] = await rows<{ value: { version: number; products: number; seeded_at: string } }>(
      a,
      `select value from app_meta where key = 'seed'`,
    );
    expect(meta?.value).toEqual({ version: 1, products: PRODUCTS, seeded_at: NOW.toISOString() });
  });

  it('reports monotonic progress that ends at the total', () => {
    expect(progress.length).toBeGreaterThan(5);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]?.[0]).toBeGreaterThanOrEqual(progress[i - 1]?.[0] ?? 0);
    const last = progress.at(-1);
    expect(last?.[0]).toBe(last?.[1]);
  });

  it('refuses to seed a database that already has products', async () => {
    await expect(seed(a.db, { products: 10 })).rejects.toThrow(/already has products/);
  });
});

describe('Rng', () => {
  it('repeats for the same seed and differs for another', () => {
    const x = new Rng('s');
    const y = new Rng('s');
    const z = new Rng('t');
    const xs = Array.from({ length: 5 }, () => x.nextUint32());
    expect(Array.from({ length: 5 }, () => y.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => z.nextUint32())).not.toEqual(xs);
  });

  it('keeps helpers in range', () => {
    const r = new Rng(1);
    for (let i = 0; i < 2000; i++) {
      const v = r.int(3, 7);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(7);
    }
    const idx = r.sampleIndices(10, 8);
    expect(new Set(idx).size).toBe(8);
    expect(idx.every((i) => i >= 0 && i < 10)).toBe(true);
    expect(r.sampleIndices(5, 10).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(r.weighted(['a', 'b'], [0, 1])).toBe('b');
    expect(r.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
  });
});
