/** Wire schemas of the likes API (API-CATALOGUE.md Likes; SPEC.md §3 like types and payload). */
import { z } from 'zod';
import { PaginatedProducts, paginated } from './catalog-schemas.ts';
import { LIKE_TYPES } from './constants.ts';

export const LikeTypeEnum = z.enum(LIKE_TYPES);

/** POST /api/likes/post-like body and GET /api/likes/get-like query. */
export const LikePayload = z.object({
  like_type: LikeTypeEnum,
  like_id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type LikePayload = z.infer<typeof LikePayload>;

/** DELETE /api/likes body: unlike by target. */
export const UnlikeBody = z.object({
  like_type: LikeTypeEnum,
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type UnlikeBody = z.infer<typeof UnlikeBody>;

export const LikeStatusBody = z.object({
  liked: z.boolean(),
  like_type: LikeTypeEnum,
  like_id: z.number().int(),
  /** The like row's id when liked (for DELETE /api/likes/{id}). */
  id: z.number().int().nullable(),
  like_count: z.number().int(),
});
export type LikeStatusBody = z.infer<typeof LikeStatusBody>;

export const LikeCountBody = z.object({ count: z.number().int() });
export type LikeCountBody = z.infer<typeof LikeCountBody>;

export const LatestLikeTypeBody = z.object({ like_type: LikeTypeEnum.nullable() });
export type LatestLikeTypeBody = z.infer<typeof LatestLikeTypeBody>;

/** A liked brand, style, codi set or content post. */
export const LikedItem = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  like_count: z.number().int(),
});
export type LikedItem = z.infer<typeof LikedItem>;

export const PaginatedLikedItems = paginated(LikedItem);
export type PaginatedLikedItems = z.infer<typeof PaginatedLikedItems>;

/** GET /api/likes/likes: product cards for PRODUCT, liked items otherwise. */
export const LikesListBody = z.union([PaginatedProducts, PaginatedLikedItems]);
export type LikesListBody = z.infer<typeof LikesListBody>;
