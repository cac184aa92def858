/** AI-similar products: weighted features (category, style tags, colour, price band, fit, co-signals). */
import type { AiSimilarBody } from '@codiroom/shared';
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogPorts } from './ports.ts';
import { activeRow } from './product-page.ts';
import { activeCardsByIds } from './repository.ts';
import { categories, productDisplays, products } from './schema.ts';

export const AI_SIMILAR_LIMIT = 12;
export const AI_CANDIDATES = 300;

// ───────────────────────────── AI-similar products ─────────────────────────────

/** Feature weights of the similarity score (they sum to 1). See docs/ARCHITECTURE.md. */
export const SIMILARITY_WEIGHTS = {
  category: 0.3,
  style: 0.2,
  colour: 0.15,
  price: 0.15,
  fit: 0.1,
  co_signal: 0.1,
} as const;

function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return [128, 128, 128];
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** 1 for the same colour, 0 for black against white (Euclidean RGB distance). */
export function colourSimilarity(a: string, b: string): number {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  const d = Math.sqrt((r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2);
  return 1 - d / Math.sqrt(3 * 255 ** 2);
}

/** 1 for the same price, 0 at twice (or half) the price and beyond (log scale). */
export function priceSimilarity(a: number, b: number): number {
  if (a <= 0 || b <= 0) return 0;
  return Math.max(0, 1 - Math.abs(Math.log(a / b)) / Math.LN2);
}

export function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const sa = new Set(a);
  const inter = b.filter((x) => sa.has(x)).length;
  return inter / new Set([...a, ...b]).size;
}

/**
 * Products liked or bought by the people who liked or bought `id`: counts per product (a purchase
 * counts twice). The likes and orders are their domains': their reads, through catalog's port
 * (ports.ts), the same two statements, run side by side.
 */
async function coSignals(db: Db, id: number): Promise<Map<number, number>> {
  const ports = catalogPorts.get();
  const [coLike, coBuy] = await Promise.all([ports.coLikedProducts(db, id), ports.coBoughtProducts(db, id)]);
  const m = new Map<number, number>();
  for (const r of coLike) m.set(r.id, (m.get(r.id) ?? 0) + r.n);
  for (const r of coBuy) m.set(r.id, (m.get(r.id) ?? 0) + 2 * r.n);
  return m;
}

export const AI_SIMILAR_METHOD =
  'weighted feature similarity: category 0.30, style tags (Jaccard) 0.20, colour (RGB distance) 0.15, ' +
  'price band (log ratio) 0.15, fit 0.10, co-like/co-purchase 0.10';

export async function aiSimilarProducts(db: Db, id: number | null): Promise<AiSimilarBody> {
  if (id === null) return { product_display_id: null, method: AI_SIMILAR_METHOD, result: [] };
  const row = await activeRow(db, id);
  const co = await coSignals(db, id);
  const coIds = [...co.keys()].slice(0, 100);
  const candidateCols = {
    id: productDisplays.id,
    category_id: productDisplays.category_id,
    price_discount: productDisplays.price_discount,
    color_hex: productDisplays.color_hex,
    fit: products.fit,
    style_tags: products.style_tags,
    main: categories.main,
  };
  const candidates = await db
    .select(candidateCols)
    .from(productDisplays)
    .innerJoin(products, eq(products.id, productDisplays.product_id))
    .innerJoin(categories, eq(categories.id, productDisplays.category_id))
    .where(
      and(
        eq(productDisplays.is_active, true),
        ne(productDisplays.product_id, row.product_id),
        or(eq(categories.main, row.main), coIds.length ? inArray(productDisplays.id, coIds) : undefined),
      ),
    )
    .orderBy(desc(productDisplays.popularity), asc(productDisplays.id))
    .limit(AI_CANDIDATES);
  const maxCo = Math.max(1, ...co.values());
  const W = SIMILARITY_WEIGHTS;
  const scored = candidates.map((c) => {
    const f = {
      category: c.category_id === row.category_id ? 1 : c.main === row.main ? 0.5 : 0,
      style: jaccard(row.style_tags, c.style_tags),
      colour: colourSimilarity(row.color_hex, c.color_hex),
      price: priceSimilarity(row.price_discount, c.price_discount),
      fit: row.fit && c.fit && row.fit === c.fit ? 1 : 0,
      co_signal: Math.log(1 + (co.get(c.id) ?? 0)) / Math.log(1 + maxCo),
    };
    const score =
      W.category * f.category +
      W.style * f.style +
      W.colour * f.colour +
      W.price * f.price +
      W.fit * f.fit +
      W.co_signal * f.co_signal;
    const reasons = (Object.keys(f) as (keyof typeof f)[]).filter((k) => f[k] >= 0.5);
    return { id: c.id, score: Math.round(score * 1000) / 1000, reasons };
  });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const top = scored.slice(0, AI_SIMILAR_LIMIT);
  const cards = new Map(
    (
      await activeCardsByIds(
        db,
        top.map((t) => t.id),
      )
    ).map((c) => [c.id, c]),
  );
  return {
    product_display_id: id,
    method: AI_SIMILAR_METHOD,
    result: top.flatMap((t) => {
      const c = cards.get(t.id);
      return c
        ? [
            {
              ...c,
              score: t.score,
              reasons: t.reasons,
            },
          ]
        : [];
    }),
  };
}
