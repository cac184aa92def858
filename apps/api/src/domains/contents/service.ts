import { type HomeFeed, OUTLET_LIMIT } from '@codiroom/shared';
import type { Principal } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { listProductCards, liveCards, userPreferredProducts } from '../catalog/index.ts';
import { activeBanners, themePage } from './editorial.ts';

const SECTION_SIZE = 12;

/**
 * The home outlet strip (SPEC.md §9 "Lists and sizes": outlet limit 10): the first products of the
 * outlet collection (/collection/outlet), live prices; none while the collection is off.
 */
async function outletProducts(ctx: AppContext, now: Date) {
  try {
    return (await themePage(ctx, now, { slug: 'outlet' }, 1, OUTLET_LIMIT)).products.result;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return [];
    throw err;
  }
}

/**
 * Curated sections for everyone; for a member or guest with likes or cart lines, a personal
 * section first, from the brands and tabs of what they liked and put in the cart.
 */
export async function homeFeed(
  ctx: AppContext,
  who: Pick<Principal, 'userId' | 'guestId'> = { userId: null, guestId: null },
): Promise<HomeFeed> {
  const now = ctx.clock.now();
  const [personal, bannerRows, popular, newest, deals, outlet] = await Promise.all([
    who.userId !== null || who.guestId
      ? userPreferredProducts(ctx.db, who, SECTION_SIZE, { popularFallback: false })
      : Promise.resolve([]),
    activeBanners(ctx, 'home_top'),
    listProductCards(ctx.db, { sort: 'popular', limit: SECTION_SIZE }),
    listProductCards(ctx.db, { sort: 'newest', limit: SECTION_SIZE }),
    listProductCards(ctx.db, { sort: 'discount', limit: SECTION_SIZE }),
    outletProducts(ctx, now),
  ]);
  // docs/ARCHITECTURE.md, 'Prices': every section's cards carry the live price (one batched lookup).
  await liveCards(ctx, now, [...personal, ...popular, ...newest, ...deals]);
  return {
    banners: bannerRows,
    sections: [
      ...(personal.length
        ? [{ key: 'for_you', title: '회원님 취향의 상품', link: '/keepProducts', products: personal }]
        : []),
      { key: 'popular', title: '지금 가장 많이 찾는 상품', link: '/ranking', products: popular },
      ...(outlet.length
        ? [{ key: 'outlet', title: '아울렛 특가', link: '/collection/outlet', products: outlet }]
        : []),
      { key: 'newest', title: '이번 주 신상품', link: '/category?sort=newest', products: newest },
      { key: 'deals', title: '놓치면 아쉬운 특가', link: '/category?sort=discount', products: deals },
    ],
  };
}
