/**
 * What the product page sends of its recommendation sections (SPEC.md 'Product detail': 함께 코디하면
 * 좋은 상품, 이 상품이 들어간 코디, 비슷한 상품). The API answers whole lists (twelve similar, twelve
 * matchups, every outfit with its cards); the page shows a row of the first ROW_CARDS cards (a
 * 390px screen shows under three; 비슷한 상품 전체보기 opens the whole list) and up to
 * OUTFITS_SHOWN outfits as a title, a count and a total. Only that goes into the page's data: every
 * card and field sent is rendered and serialised on every first view, and the rows are most of what
 * a product page costs the server (docs/ARCHITECTURE.md, "Storefront speed").
 */
import { type CodiSet, type ProductCard, shownTotal } from '@codiroom/shared';

export const ROW_CARDS = 6;
export const OUTFITS_SHOWN = 4;

/** A row's cards: the first ROW_CARDS, as cards (a similar product's score and reasons stay out). */
export function rowCards(
  cards: readonly (ProductCard & { score?: unknown; reasons?: unknown })[],
): ProductCard[] {
  return cards.slice(0, ROW_CARDS).map(({ score: _score, reasons: _reasons, ...card }) => card);
}

export type OutfitSummary = {
  id: number;
  title: string;
  image_url: string;
  product_count: number;
  /** What the outfit costs today: the sum of its cards' shown prices (time sales included). */
  total: number;
};

export function outfitSummaries(outfits: readonly CodiSet[]): OutfitSummary[] {
  return outfits.slice(0, OUTFITS_SHOWN).map((c) => ({
    id: c.id,
    title: c.title,
    image_url: c.image_url,
    product_count: c.products.length,
    total: shownTotal(c.products),
  }));
}
