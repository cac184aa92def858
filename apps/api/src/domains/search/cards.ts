/**
 * Product cards of a search page: the catalogue's prepared-statement read of active cards
 * (catalog/prepared-cards.ts, one fixed statement text per connection on postgres.js), and the
 * copy a cached page's cards are given before their live price is put on them.
 */
import type { ProductCard } from '@codiroom/shared';
import type { Db } from '../../db/client.ts';
import { preparedActiveCards } from '../catalog/index.ts';

/** Every field of a card (optional ones too), so that a copy names each of them. */
type WholeCard = { [K in keyof Required<ProductCard>]: ProductCard[K] };

/**
 * A copy of a card (a cached page's cards are copied before their live price is put on them),
 * written as one object literal with the live-price fields already there: a spread copy to which
 * withLivePrices then adds them took several times as long and allocated ten times as much.
 */
export function copyCard(c: ProductCard): ProductCard {
  const copy: WholeCard = {
    id: c.id,
    product_display_id: c.product_display_id,
    name: c.name,
    brand_id: c.brand_id,
    brand_name: c.brand_name,
    price: c.price,
    price_discount: c.price_discount,
    discount_rate: c.discount_rate,
    product_type: c.product_type,
    image_url: c.image_url,
    review_count: c.review_count,
    rating: c.rating,
    like_count: c.like_count,
    is_fast: c.is_fast,
    quantity: c.quantity,
    delivery_category: c.delivery_category,
    color_name: c.color_name,
    time_sale_price: c.time_sale_price ?? null,
    event_coupon_price: c.event_coupon_price ?? null,
  };
  return copy;
}

/** Active products' cards in the order of `ids` (missing or inactive ones left out). */
export function searchCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  return preparedActiveCards(db, ids);
}
