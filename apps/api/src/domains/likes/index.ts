/** The likes domain as other domains use it: what can be liked, and where its rows live. */
export { LIKE_TARGETS } from './targets.ts';
