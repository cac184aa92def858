/**
 * SPEC.md §4 "Device and scroll": the part of the scroll restore every page carries (the shell
 * runs it on each back/forward navigation). The rules of infinite lists are in list-restore.ts,
 * loaded only with a list.
 */

/** Session storage prefix of the pages an infinite list keeps (cleared on app start with `scrollPos_`). */
export const LIST_PAGES_PREFIX = 'listPages_';

/** SPEC.md §9 "Scroll restore retry step: 100 ms"; the retries stop after this many (5 s). */
export const SCROLL_RESTORE_MAX_TRIES = 50;

/**
 * One 100 ms step of restoring a saved position. The page is ready when its stylesheets apply and
 * it is tall enough; then it scrolls there, and the next step confirms the position held. At the
 * last step a page still too short is scrolled as far as it goes (the nearest point to where the
 * shopper was; an infinite list then loads on from its end).
 */
export function scrollRestoreStep(s: {
  saved: number;
  scrollY: number;
  maxScroll: number;
  stylesPending: boolean;
  tries: number;
  maxTries?: number;
}): { scrollTo: number | null; again: boolean } {
  const maxTries = s.maxTries ?? SCROLL_RESTORE_MAX_TRIES;
  const ready = !s.stylesPending && s.maxScroll >= s.saved;
  if (ready && s.tries > 0 && Math.abs(s.scrollY - s.saved) <= 2) return { scrollTo: null, again: false };
  if (s.tries >= maxTries) {
    const nearest = ready ? s.saved : Math.max(0, Math.min(s.saved, s.maxScroll));
    return { scrollTo: nearest, again: false };
  }
  return { scrollTo: ready ? s.saved : null, again: true };
}
