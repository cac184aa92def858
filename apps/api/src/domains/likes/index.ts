/**
 * The likes domain as other domains use it: its part in the users domain's guest merge and
 * withdrawal (steps wired in app.ts), taking the likes that go off their targets' like_count
 * (`takeOffLikeCounts`), the port through which the contents domain's styles, codi sets and
 * posts are like targets (targets.ts, wired by app.ts), and the likes the catalog (co-likes,
 * preferred products) and the curation engine read.
 */
export { coLikedProducts, likedDisplayIds } from './reads-for-catalog.ts';
export { memberLikedDisplayIds } from './reads-for-curations.ts';
export { deleteMemberLikesStep, mergeGuestLikesStep } from './reads-for-users.ts';
export {
  type ContentLikeTargets,
  type LikedRow,
  type LikeTarget,
  takeOffLikeCounts,
  useContentLikeTargets,
} from './targets.ts';
