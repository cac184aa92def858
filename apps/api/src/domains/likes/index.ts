/**
 * The likes domain as other domains use it: its part in the users domain's guest merge and
 * withdrawal (steps wired in app.ts), taking the likes that go off their targets' like_count
 * (`takeOffLikeCounts`), and the port through which the contents domain's styles, codi sets and
 * posts are like targets (targets.ts, wired by app.ts).
 */
export { deleteMemberLikesStep, mergeGuestLikesStep } from './reads-for-users.ts';
export {
  type ContentLikeTargets,
  type LikedRow,
  type LikeTarget,
  takeOffLikeCounts,
  useContentLikeTargets,
} from './targets.ts';
