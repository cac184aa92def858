/**
 * The likes domain as other domains use it: a withdrawing member's likes removed and a guest's
 * likes merged into the member's (users), taking them off their targets' like_count
 * (`takeOffLikeCounts`), and the port through which the contents domain's styles, codi sets and
 * posts are like targets (targets.ts, wired by app.ts).
 */
export { mergeGuestLikes, removeMemberLikes } from './reads-for-users.ts';
export {
  type ContentLikeTargets,
  type LikedRow,
  type LikeTarget,
  takeOffLikeCounts,
  useContentLikeTargets,
} from './targets.ts';
