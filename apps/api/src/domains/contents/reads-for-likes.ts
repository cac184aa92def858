/**
 * The contents domain's side of the likes domain's port (likes/targets.ts, wired by app.ts: likes
 * may not import contents): styles, codi sets and posts as like targets, each with its like_count
 * (platform/like-counted.ts).
 */
import { likeCounted } from '../../platform/like-counted.ts';
import { codiSets, posts, styles } from './schema.ts';

export const contentsLikeTargets = {
  STYLE: likeCounted({
    table: styles,
    id: styles.id,
    likeCount: styles.like_count,
    name: styles.name,
    image: styles.image_url,
  }),
  CODI: likeCounted({
    table: codiSets,
    id: codiSets.id,
    likeCount: codiSets.like_count,
    name: codiSets.title,
    image: codiSets.image_url,
  }),
  CONTENT: likeCounted({
    table: posts,
    id: posts.id,
    likeCount: posts.like_count,
    name: posts.title,
    image: posts.cover_image_url,
  }),
};
