/**
 * The seed's text says what its rows hold (docs/ARCHITECTURE.md, "Data"): product names and
 * materials and seasons, outfit names and their pieces, magazine headings and paragraphs, banner
 * and promotion copy and the campaigns' instants and discounts, coupon names and their rules,
 * review text and its rating and size feel, brand descriptions and what the brands make.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benefitWords,
  brandAllows,
  CODI_OCCASIONS,
  COMPLAINT_RE,
  type CodiSlot,
  codiOccasionOf,
  DELICATE_RE,
  fibreMismatches,
  hasBatchim,
  kstTimeLabel,
  PRAISE_RE,
  paragraphFitsHeading,
  RELATIVE_TIME_RE,
  SIZE_WORDS,
  seasonsClash,
  seasonsFor,
} from '../seed/copy.ts';
import { COLORS, type ColorKey, STYLES } from '../seed/data.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEFAULT_SEED_NOW, seed } from '../src/demo/seed.ts';

const PRODUCTS = 400;
const DAY = 86_400_000;
const names = (keys: readonly ColorKey[]) => keys.map((k) => COLORS[k].name as string);
let db: Database;

async function rows<T>(query: string): Promise<T[]> {
  const res = (await db.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** Every failure as one readable line, so a failing run lists them all. */
function expectNone(bad: string[], what: string): void {
  expect(bad.slice(0, 15), `${what}: ${bad.length} rows`).toEqual([]);
}

beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite' });
  await db.migrate();
  await seed(db.db, { products: PRODUCTS, now: DEFAULT_SEED_NOW });
});

afterAll(async () => {
  await db?.close();
});

describe('seed text agrees with the rows', () => {
  it('product names, materials, seasons and descriptions', async () => {
    const products = await rows<{
      name: string;
      material: string;
      season: string;
      description: string;
      code: string;
    }>(
      `select p.name, p.material, p.season, p.description, c.code
       from products p join categories c on c.id = p.category_id`,
    );
    expect(products.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const p of products) {
      for (const m of fibreMismatches(p.name, p.material)) bad.push(`${p.name} / ${p.material}: ${m}`);
      const seasons = seasonsFor(`${p.name} ${p.material}`);
      if (seasons && !seasons.includes(p.season)) bad.push(`${p.name} / ${p.material} sold for ${p.season}`);
      if (!p.description.includes(p.name) || !p.description.includes(p.material))
        bad.push(`${p.name}: description names another product or material`);
      if (DELICATE_RE.test(p.material) && /관리가 쉽/.test(p.description))
        bad.push(`${p.name} (${p.material}) described as easy care`);
      if (/노트북/.test(p.description) && !/^bag_(briefcase|backpack|tote)$/.test(p.code))
        bad.push(`${p.name} (${p.code}) holds a laptop`);
      if (/출근용|정장/.test(p.description) && /^(bottom_(jogger|shorts)|sports_)/.test(p.code))
        bad.push(`${p.name} (${p.code}) sold as office wear`);
    }
    expectNone(bad, 'products');
  });

  it('outfit names follow their pieces: occasion, season and style', async () => {
    const codis = await rows<{
      id: number;
      title: string;
      style: string;
      description: string;
      pieces: { code: string; type: string; main: string; season: string; color: string; name: string }[];
    }>(
      `select c.id, c.title, s.name as style, c.description,
              json_agg(json_build_object('code', cat.code, 'type', d.product_type, 'main', cat.main, 'season', p.season,
                'color', d.color_name, 'name', d.name) order by ci.sort_order) as pieces
       from codi_sets c join styles s on s.id = c.style_id
       join codi_items ci on ci.codi_id = c.id join product_displays d on d.id = ci.product_display_id
       join products p on p.id = d.product_id join categories cat on cat.id = d.category_id
       group by c.id, s.name order by c.id`,
    );
    expect(codis.length).toBeGreaterThan(10);
    const slotOf = (p: { type: string }): CodiSlot =>
      p.type === 'OUTER' ? 'outer' : p.type === 'TOP' ? 'top' : p.type === 'BOTTOM' ? 'bottom' : 'shoes';
    const bad: string[] = [];
    for (const c of codis) {
      const occasion = codiOccasionOf(c.title);
      if (!occasion) {
        bad.push(`#${c.id} "${c.title}" names no occasion`);
        continue;
      }
      for (const p of c.pieces) {
        const allowed: readonly string[] = CODI_OCCASIONS[occasion][slotOf(p)];
        if (!allowed.includes(p.code)) bad.push(`#${c.id} "${c.title}" has ${p.name} (${p.code})`);
      }
      if (seasonsClash(c.pieces.map((p) => p.season)))
        bad.push(`#${c.id} "${c.title}" mixes SS and FW pieces`);
      const style = STYLES.find((s) => s.name === c.style);
      if (style?.noSummer && c.pieces.some((p) => p.season === 'SS'))
        bad.push(`#${c.id} ${c.style} has a summer piece`);
      if (!style?.occasion || style.occasion !== occasion)
        bad.push(`#${c.id} "${c.title}" filed under ${c.style} (${style?.occasion ?? 'no occasion'})`);
      for (const need of style?.needs ?? []) {
        const ok = c.pieces.some(
          (p) =>
            (!need.codes || need.codes.includes(p.code)) &&
            (!need.colors || names(need.colors).includes(p.color)) &&
            (!need.name || need.name.test(p.name)),
        );
        if (!ok) bad.push(`#${c.id} "${c.title}" lacks what ${c.style} needs`);
      }
      if (style?.colors) {
        for (const p of c.pieces) {
          if (p.type !== 'SHOES' && !names(style.colors).includes(p.color))
            bad.push(`#${c.id} ${c.style} has a ${p.color} piece`);
        }
      }
      // The title names the lead piece and the bottom in their colours.
      const lead = c.pieces[0];
      if (lead && !c.title.startsWith(lead.color))
        bad.push(`#${c.id} "${c.title}" leads with another colour`);
      if (!c.description.startsWith(style?.description ?? '?'))
        bad.push(`#${c.id} description is not its style's`);
    }
    expectNone(bad, 'codi sets');
  });

  it('magazine paragraphs are about their headings; particles follow the keyword', async () => {
    const posts = await rows<{ id: number; body: string }>('select id, body from posts order by id');
    const bad: string[] = [];
    for (const p of posts) {
      const lines = p.body.split('\n');
      lines.forEach((line, i) => {
        if (!line.startsWith('## ')) return;
        const heading = line.slice(3);
        const paragraph = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.startsWith('- ')) ?? '';
        if (!paragraphFitsHeading(heading, paragraph))
          bad.push(`post ${p.id} "${heading}" → "${paragraph.slice(0, 40)}…"`);
      });
      for (const m of p.body.matchAll(/([가-힣]+)(을|를) 주제로/g)) {
        if (m[2] !== (hasBatchim(m[1] ?? '') ? '을' : '를')) bad.push(`post ${p.id} particle: ${m[0]}`);
      }
    }
    expectNone(bad, 'posts');
  });

  it('banners and time sales name the instants and discounts their campaigns hold', async () => {
    const banners = await rows<{
      title: string;
      subtitle: string;
      link_url: string;
      starts_at: string;
      ends_at: string | null;
    }>('select title, subtitle, link_url, starts_at, ends_at from banners order by id');
    const sales = await rows<{ title: string; starts_at: string; ends_at: string }>(
      'select title, starts_at, ends_at from time_sales order by id',
    );
    const now = DEFAULT_SEED_NOW.getTime();
    const running = sales.find(
      (s) => new Date(s.starts_at).getTime() <= now && new Date(s.ends_at).getTime() > now,
    );
    const promos = await rows<{
      id: number;
      title: string;
      subtitle: string;
      benefit_label: string;
      starts_at: string;
      ends_at: string;
      max_rate: number | null;
      coupon_kind: 'FIXED' | 'PERCENT' | null;
      coupon_value: number | null;
    }>(
      `select pr.id, pr.title, pr.subtitle, pr.benefit_label, pr.starts_at, pr.ends_at,
              (select max(floor((d.price - d.price_discount) * 100.0 / d.price))::int from promotion_products pp
                 join product_displays d on d.id = pp.product_display_id where pp.promotion_id = pr.id) as max_rate,
              cp.discount_kind as coupon_kind, cp.discount_value as coupon_value
       from promotions pr left join coupon_policies cp on cp.id = pr.coupon_policy_id order by pr.id`,
    );
    const [outlet] = await rows<{ max_rate: number }>(
      `select max(floor((d.price - d.price_discount) * 100.0 / d.price))::int as max_rate from theme_products tp
       join themes th on th.id = tp.theme_id join product_displays d on d.id = tp.product_display_id where th.slug = 'outlet'`,
    );
    const bad: string[] = [];
    const checkRates = (text: string, maxRate: number | null | undefined, where: string) => {
      for (const m of text.matchAll(/최대 (\d+)%/g)) {
        if (text.slice(0, m.index).endsWith('쿠폰 ')) continue;
        if (Number(m[1]) !== maxRate) bad.push(`${where}: "${text}" but items reach ${maxRate}%`);
      }
    };
    for (const b of banners) {
      const text = `${b.title} ${b.subtitle}`;
      if (RELATIVE_TIME_RE.test(text)) bad.push(`banner "${text}" uses relative time words`);
      if (/시까지|\d+시/.test(text)) {
        if (!b.ends_at || !text.includes(kstTimeLabel(new Date(b.ends_at))))
          bad.push(`banner "${text}" ends at ${b.ends_at ? kstTimeLabel(new Date(b.ends_at)) : 'never'}`);
      }
      if (
        b.link_url === '/timeSale' &&
        running &&
        b.ends_at !== null &&
        new Date(b.ends_at).getTime() !== new Date(running.ends_at).getTime()
      )
        bad.push(`banner "${text}" outlives or precedes the time sale`);
      const promoId = b.link_url.match(/^\/promotion\/(\d+)$/)?.[1];
      const promo = promos.find((p) => String(p.id) === promoId);
      if (promo) {
        if (b.ends_at === null || new Date(b.ends_at).getTime() !== new Date(promo.ends_at).getTime())
          bad.push(`banner "${text}" ends apart from its promotion`);
        checkRates(text, promo.max_rate, 'banner');
      }
      if (b.link_url === '/collection/outlet') checkRates(text, outlet?.max_rate, 'banner');
      const days = text.match(/단 (\d+)일/)?.[1];
      if (days && promo) {
        const span = Math.round(
          (new Date(promo.ends_at).getTime() - new Date(promo.starts_at).getTime()) / DAY,
        );
        if (Number(days) !== span) bad.push(`banner "${text}" but the promotion runs ${span} days`);
      }
    }
    for (const s of sales) {
      if (RELATIVE_TIME_RE.test(s.title)) bad.push(`time sale "${s.title}" uses relative time words`);
      // "… 까지" names the end; otherwise a time names the start.
      const instant = new Date(/까지/.test(s.title) ? s.ends_at : s.starts_at);
      if (/\d+시/.test(s.title) && !s.title.includes(kstTimeLabel(instant)))
        bad.push(`time sale "${s.title}" but the instant is ${kstTimeLabel(instant)}`);
    }
    for (const p of promos) {
      const text = `${p.title} ${p.subtitle} ${p.benefit_label}`;
      checkRates(text, p.max_rate, `promotion ${p.id}`);
      const days = text.match(/단 (\d+)일/)?.[1];
      const span = Math.round((new Date(p.ends_at).getTime() - new Date(p.starts_at).getTime()) / DAY);
      if (days && Number(days) !== span) bad.push(`promotion ${p.id} "${text}" runs ${span} days`);
      for (const m of text.matchAll(/(\d+)% 쿠폰|쿠폰 (?:최대 )?(\d+)%|(\d+)% 추가 할인/g)) {
        const v = Number(m[1] ?? m[2] ?? m[3]);
        if (p.coupon_kind !== 'PERCENT' || p.coupon_value !== v)
          bad.push(`promotion ${p.id} "${text}" but its coupon is ${p.coupon_kind} ${p.coupon_value}`);
      }
    }
    expectNone(bad, 'banners and campaigns');
  });

  it('coupon names state their rule', async () => {
    const coupons = await rows<{ name: string; discount_kind: 'FIXED' | 'PERCENT'; discount_value: number }>(
      'select name, discount_kind, discount_value from coupon_policies order by id',
    );
    const bad: string[] = [];
    for (const c of coupons) {
      const amounts = [...c.name.matchAll(/\d[\d,]*원|\d+%/g)].map((m) => m[0]);
      const want = benefitWords(c.discount_kind, c.discount_value);
      if (amounts.length !== 1 || amounts[0] !== want) bad.push(`"${c.name}" but gives ${want}`);
    }
    expectNone(bad, 'coupons');
  });

  it('review text agrees with its rating, size feel and product', async () => {
    const reviews = await rows<{
      id: number;
      rating: number;
      content: string;
      size_feel: string | null;
      type: string;
    }>(
      `select r.id, r.rating, r.content, r.size_feel, d.product_type::text as type
       from reviews r join product_displays d on d.id = r.product_display_id`,
    );
    expect(reviews.length).toBeGreaterThan(PRODUCTS / 2);
    const bad: string[] = [];
    for (const r of reviews) {
      if (r.rating <= 2 && PRAISE_RE.test(r.content)) bad.push(`${r.rating}★ "${r.content}"`);
      if (r.rating >= 4 && COMPLAINT_RE.test(r.content)) bad.push(`${r.rating}★ "${r.content}"`);
      for (const [feel, re] of Object.entries(SIZE_WORDS)) {
        if (feel !== r.size_feel && re.test(r.content)) bad.push(`${r.size_feel} feel: "${r.content}"`);
      }
      if (r.type === 'SHOES' && /입기|입어|입는|어깨|원단/.test(r.content)) bad.push(`shoes: "${r.content}"`);
      if ((r.type === 'BAG' || r.type === 'ETC') && /입기|입어|입는|어깨가|기장/.test(r.content))
        bad.push(`${r.type}: "${r.content}"`);
      if (r.type === 'BOTTOM' && /어깨/.test(r.content)) bad.push(`bottom: "${r.content}"`);
    }
    expectNone(bad, 'reviews');
  });

  it('brand descriptions name only what the brands make', async () => {
    const brands = await rows<{ name: string; description: string; codes: string[] }>(
      `select b.name, b.description, coalesce(array_agg(distinct c.code) filter (where c.code is not null), '{}') as codes
       from brands b left join products p on p.brand_id = b.id left join categories c on c.id = p.category_id
       group by b.id order by b.id`,
    );
    const bad: string[] = [];
    for (const b of brands) {
      const allows = brandAllows(b.description);
      if (!allows) continue;
      const off = b.codes.filter((c) => !allows(c));
      if (off.length) bad.push(`${b.name} "${b.description}" makes ${off.join(', ')}`);
    }
    expectNone(bad, 'brands');
  });

  it('daily quizzes: the answer is one of the options; style questions have none', async () => {
    const quizzes = await rows<{
      question: string;
      options: { key: string; style?: string }[];
      answer: string | null;
    }>('select question, options, answer from daily_quizzes');
    for (const q of quizzes) {
      if (q.answer === null) expect(q.options.every((o) => o.style)).toBe(true);
      else expect(q.options.map((o) => o.key)).toContain(q.answer);
    }
  });
});
