import type { HomeFeed } from '@codiroom/shared';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { banners } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { listProductCards } from '../catalog/repository.ts';

const SECTION_SIZE = 12;

export async function homeFeed(ctx: AppContext): Promise<HomeFeed> {
  const now = ctx.clock.now();
  const [bannerRows, popular, newest, deals] = await Promise.all([
    ctx.db
      .select({
        id: banners.id,
        title: banners.title,
        subtitle: banners.subtitle,
        image_url: banners.image_url,
        link_url: banners.link_url,
      })
      .from(banners)
      .where(
        and(
          eq(banners.placement, 'home_top'),
          eq(banners.is_active, true),
          or(isNull(banners.starts_at), lte(banners.starts_at, now)),
          or(isNull(banners.ends_at), gt(banners.ends_at, now)),
        ),
      )
      .orderBy(asc(banners.sort_order), asc(banners.id)),
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
