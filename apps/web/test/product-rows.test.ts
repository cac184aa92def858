import type { CodiSet, ProductCard } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { OUTFITS_SHOWN, outfitSummaries, ROW_CARDS, rowCards } from '../app/catalog/product-rows.ts';

const card = (id: number, over: Partial<ProductCard> = {}): ProductCard => ({
  id,
  product_display_id: id,
  name: `울 블렌드 니트 ${id}`,
  brand_id: 3,
  brand_name: '그레이스톤 아틀리에',
  price: 89_000,
  price_discount: 69_000,
  discount_rate: 22,
  product_type: 'TOP',
  image_url: `/api/images/product/TOP/${id}/1.webp`,
  review_count: 4,
  rating: 4.5,
  like_count: 12,
  is_fast: true,
  quantity: 30,
  delivery_category: 'home_delivery',
  color_name: '그레이',
  time_sale_price: null,
  event_coupon_price: null,
  ...over,
});

describe('product page rows (SPEC.md Product detail)', () => {
  it('sends the first ROW_CARDS cards, in order, without the similarity score and reasons', () => {
    const similar = Array.from({ length: 12 }, (_, i) => ({
      ...card(100 + i),
      score: 0.7,
      reasons: ['colour'],
    }));
    const row = rowCards(similar);
    expect(row).toHaveLength(ROW_CARDS);
    expect(row.map((c) => c.id)).toEqual(similar.slice(0, ROW_CARDS).map((c) => c.id));
    for (const c of row) {
      expect(c).not.toHaveProperty('score');
      expect(c).not.toHaveProperty('reasons');
    }
    expect(row[0]).toEqual(card(100));
  });

  it('keeps a short row whole', () => {
    expect(rowCards([card(1), card(2)]).map((c) => c.id)).toEqual([1, 2]);
    expect(rowCards([])).toEqual([]);
  });

  it('summarises up to OUTFITS_SHOWN outfits with what they cost today', () => {
    const outfit = (id: number): CodiSet => ({
      id,
      title: `출근룩 ${id}`,
      description: '',
      image_url: `/api/images/codi/${id}.webp`,
      curator_name: null,
      like_count: 0,
      total_price: 0,
      total_price_discount: 0,
      // One card in a running time sale: the outfit costs its sale price, as the card shows.
      products: [card(1), card(2, { time_sale_price: 50_000 })],
    });
    const shown = outfitSummaries([outfit(7), outfit(8), outfit(9), outfit(10), outfit(11)]);
    expect(shown).toHaveLength(OUTFITS_SHOWN);
    expect(shown[0]).toEqual({
      id: 7,
      title: '출근룩 7',
      image_url: '/api/images/codi/7.webp',
      product_count: 2,
      total: 69_000 + 50_000,
    });
  });
});
