import type { HomeFeed } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { listProductCards } from '../catalog/repository.ts';
import { activeBanners } from './editorial.ts';

const SECTION_SIZE = 12;

export async function homeFeed(ctx: AppContext): Promise<HomeFeed> {
  const [bannerRows, popular, newest, deals] = await Promise.all([
    activeBanners(ctx, 'home_top'),
    listProductCards(ctx.db, { sort: 'popular', limit: SECTION_SIZE }),
    listProductCards(ctx.db, { sort: 'newest', limit: SECTION_SIZE }),
    listProductCards(ctx.db, { sort: 'discount', limit: SECTION_SIZE }),
  ]);
  return {
    banners: bannerRows,
    sections: [
      { key: 'popular', title: '지금 가장 많이 찾는 상품', link: '/ranking', products: popular },
      { key: 'newest', title: '이번 주 신상품', link: '/category?sort=newest', products: newest },
      { key: 'deals', title: '놓치면 아쉬운 특가', link: '/category?sort=discount', products: deals },
    ],
  };
}
