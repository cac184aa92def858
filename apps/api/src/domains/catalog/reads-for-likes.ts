/**
 * The catalogue's side of the likes domain's port (likes/targets.ts): products (displays) and
 * brands as like targets, each with its like_count (platform/like-counted.ts).
 */
import { likeCounted } from '../../platform/like-counted.ts';
import { brands, productDisplays } from './schema.ts';

export const catalogLikeTargets = {
  PRODUCT: likeCounted({
    table: productDisplays,
    id: productDisplays.id,
    likeCount: productDisplays.like_count,
    name: productDisplays.name,
    image: productDisplays.image_url,
  }),
  BRAND: likeCounted({
    table: brands,
    id: brands.id,
    likeCount: brands.like_count,
    name: brands.name,
    image: brands.logo_url,
  }),
};
