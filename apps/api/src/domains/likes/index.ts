/**
 * The likes domain as other domains use it: what can be liked, and where its rows live; its part
 * in the users domain's guest merge and withdrawal (steps wired in app.ts).
 */
export { deleteMemberLikesStep, mergeGuestLikesStep } from './reads-for-users.ts';
