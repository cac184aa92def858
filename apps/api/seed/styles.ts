import { type Rng, withJosa } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { CODI_OCCASIONS, type CodiSlot, seasonsClash, withWa } from './copy.ts';
import {
  CATEGORIES,
  COLORS,
  type ColorKey,
  CURATORS,
  NEUTRAL_COLORS,
  STYLES,
  type StyleDef,
  type StyleNeed,
} from './data.ts';
import type { DisplayRef } from './plan.ts';
import type { SeedState } from './state.ts';
import { clamp, get, type Row } from './writer.ts';

// ── styles and codi sets ──
export async function stylesAndCodis(ctx: SeedState): Promise<void> {
  const rng = ctx.root.fork('styles');
  const n = ctx.reviewers.length;
  const styleLikes = STYLES.map(() => rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.05 + 2))));
  ctx.styleIds = await ctx.w.insertIds(
    'styles',
    t.styles,
    STYLES.map((s, i) => ({
      name: s.name,
      description: s.description,
      image_url: '',
      tags: [...s.tags],
      like_count: get(styleLikes, i).length,
      created_at: ctx.ago(400 - i * 7),
    })),
  );
  await ctx.db.execute(
    sql`update ${t.styles} set image_url = '/api/images/style/' || id || '.webp' where image_url = ''`,
  );
  await likeRows(ctx, 'STYLE', ctx.styleIds, styleLikes, rng);

  // Codi sets: a style first, then pieces its occasion allows (seed/copy.ts CODI_OCCASIONS) in
  // one season, meeting what the style needs; the title names the pieces and the occasion.
  const pools = new Map<string, DisplayRef[]>();
  for (const d of ctx.displays) {
    const list = pools.get(d.cat.code) ?? [];
    list.push(d);
    pools.set(d.cat.code, list);
  }
  const hasTop = ctx.displays.some((d) => d.cat.product_type === 'TOP');
  const hasBottom = ctx.displays.some((d) => d.cat.product_type === 'BOTTOM');
  const codiCount = hasTop && hasBottom ? clamp(Math.round(ctx.productCount * 0.075), 20, 600) : 0;
  const codis: { row: Row; items: number[]; likes: number[] }[] = [];
  for (let c = 0; c < codiCount; c++) {
    let styleIdx = 0;
    let items: DisplayRef[] | null = null;
    for (let attempt = 0; attempt < 12 && !items; attempt++) {
      styleIdx = rng.int(0, STYLES.length - 1);
      items = dress(ctx, get(STYLES, styleIdx), pools, rng);
    }
    if (!items) continue;
    const style = get(STYLES, styleIdx);
    const lead = get(items, 0);
    const bottom = items.find((d) => d.cat.product_type === 'BOTTOM') ?? lead;
    const leadNoun = `${COLORS[lead.colorKey].name} ${lead.baseItem}`;
    const title = `${withWa(leadNoun)} ${COLORS[bottom.colorKey].name} ${bottom.baseItem}, ${style.occasion}`;
    const curator = rng.pick(CURATORS);
    codis.push({
      row: {
        style_id: get(ctx.styleIds, styleIdx),
        title,
        description: `${style.description}. ${withJosa(curator, '이/가')} 제안하는 코디입니다.`,
        image_url: lead.imageUrl,
        curator_name: curator,
        like_count: 0,
        created_at: ctx.ago(rng.float(1, 300)),
      },
      items: items.map((d) => d.id),
      likes: rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.02 + 1))),
    });
  }
  for (const c of codis) c.row.like_count = c.likes.length;
  const codiIds = await ctx.w.insertIds(
    'codi_sets',
    t.codiSets,
    codis.map((c) => c.row),
  );
  const itemRows: Row[] = [];
  codis.forEach((c, i) => {
    c.items.forEach((displayId, o) => {
      itemRows.push({ codi_id: get(codiIds, i), product_display_id: displayId, sort_order: o });
    });
  });
  await ctx.w.insert('codi_items', t.codiItems, itemRows);
  await likeRows(
    ctx,
    'CODI',
    codiIds,
    codis.map((c) => c.likes),
    rng,
  );
  ctx.progress.step(2, 'styles');
}

/**
 * Pieces of an outfit for a style: [outer?, top, bottom, shoes?] from the categories its occasion
 * allows, in the style's colours, no summer-only piece with a winter-only one, every need met;
 * null when the catalogue has no such outfit.
 */
export function dress(
  _ctx: SeedState,
  style: StyleDef,
  pools: Map<string, DisplayRef[]>,
  rng: Rng,
): DisplayRef[] | null {
  const occasion = CODI_OCCASIONS[style.occasion];
  const slotOf = (code: string): CodiSlot => {
    const type = CATEGORIES.find((c) => c.code === code)?.product_type;
    return type === 'OUTER' ? 'outer' : type === 'TOP' ? 'top' : type === 'BOTTOM' ? 'bottom' : 'shoes';
  };
  // A need naming categories of one slot is met by that slot's piece; others are checked after.
  const slotNeed = (slot: CodiSlot) =>
    style.needs?.find((n) => n.codes?.every((code) => slotOf(code) === slot));
  const meets = (d: DisplayRef, need: StyleNeed | undefined) =>
    !need ||
    ((!need.codes || need.codes.includes(d.cat.code)) &&
      (!need.colors || need.colors.includes(d.colorKey)) &&
      (!need.name || need.name.test(d.name)));
  const chosen: DisplayRef[] = [];
  const seasonsOk = (d: DisplayRef) =>
    !(style.noSummer && d.season === 'SS') && !seasonsClash([...chosen.map((x) => x.season), d.season]);
  const pick = (slot: CodiSlot): DisplayRef | null => {
    const need = slotNeed(slot);
    const codes = (occasion[slot] as readonly string[]).filter(
      (code) => !need?.codes || need.codes.includes(code),
    );
    const candidates = codes
      .flatMap((code) => pools.get(code) ?? [])
      .filter(
        (d) =>
          meets(d, need) &&
          seasonsOk(d) &&
          (slot === 'shoes' || !style.colors || style.colors.includes(d.colorKey)),
      );
    if (candidates.length === 0) return null;
    // Colours that go together: a colourful piece with neutral ones, not two of one colour.
    const neutral = new Set<ColorKey>(NEUTRAL_COLORS);
    const goes = candidates.filter((d) =>
      chosen.every((x) => x.colorKey !== d.colorKey && (neutral.has(x.colorKey) || neutral.has(d.colorKey))),
    );
    return rng.pick(goes.length > 0 ? goes : candidates);
  };
  const top = pick('top');
  if (!top) return null;
  chosen.push(top);
  const bottom = pick('bottom');
  if (!bottom) return null;
  chosen.push(bottom);
  const wantsOuter = Boolean(slotNeed('outer')) || rng.chance(0.55);
  const outer = wantsOuter ? pick('outer') : null;
  if (wantsOuter && slotNeed('outer') && !outer) return null;
  if (outer) chosen.push(outer);
  const wantsShoes = Boolean(slotNeed('shoes')) || rng.chance(0.7);
  const shoes = wantsShoes ? pick('shoes') : null;
  if (wantsShoes && slotNeed('shoes') && !shoes) return null;
  if (shoes) chosen.push(shoes);
  if (!(style.needs ?? []).every((need) => chosen.some((d) => meets(d, need)))) return null;
  return [...(outer ? [outer] : []), top, bottom, ...(shoes ? [shoes] : [])];
}

export async function likeRows(
  ctx: SeedState,
  type: 'STYLE' | 'CODI' | 'CONTENT',
  ids: number[],
  plan: number[][],
  rng: Rng,
): Promise<void> {
  const rows: Row[] = [];
  plan.forEach((users, i) => {
    for (const u of users) {
      rows.push({
        user_id: get(ctx.reviewers, u).id,
        like_type: type,
        like_id: get(ids, i),
        created_at: rng.dateBetween(ctx.ago(300), ctx.now),
      });
    }
  });
  await ctx.w.insert('likes', t.likes, rows);
}
