/**
 * A first visit caches the Pretendard subsets its page uses, for the next visit
 * (lib/font-subsets.ts): after the load event, when the browser is idle, the subsets the page's text
 * needs are fetched at low priority into the HTTP cache — fetched, not loaded as fonts, so nothing
 * is decoded or laid out again — then FONT_CACHE_COOKIE tells the server to render Pretendard's
 * @font-face rules from then on.
 */

import fontCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url';
import { readBrowserCookie, writeBrowserCookie } from './cookies';
import { FONT_CACHE_COOKIE, FONT_CACHE_MAX_AGE_S, fontFilesFor, parseFontFaces } from './font-subsets';
import { afterLoadWhenIdle, nextIdle } from './tasks';

let started = false;

/**
 * Each step is a short task of its own, taken when the browser is idle: the stylesheet, reading
 * it, matching the page's text against it, then the subsets one at a time (low priority, so a page
 * the shopper opens meanwhile goes first).
 */
async function cacheFonts(): Promise<void> {
  const low = { priority: 'low' } as RequestInit;
  const css = await (await fetch(fontCss, low)).text();
  await nextIdle();
  const faces = parseFontFaces(css);
  await nextIdle();
  // textContent, not innerText: reading it lays nothing out.
  const files = fontFilesFor(document.body.textContent ?? '', faces);
  const base = new URL(fontCss, location.href);
  for (const url of files) {
    await nextIdle();
    const r = await fetch(new URL(url, base), low);
    if (!r.ok) throw new Error(`${r.status}`);
    await r.arrayBuffer();
  }
  if (files.length) writeBrowserCookie(FONT_CACHE_COOKIE, '1', FONT_CACHE_MAX_AGE_S);
}

/** Once per page life, after the load event and when idle; failures wait for the next visit. */
export function cacheFontsWhenIdle(): void {
  if (started || readBrowserCookie(FONT_CACHE_COOKIE) === '1') return;
  started = true;
  // The lowest-priority work of the page: only when the browser has nothing else to do.
  afterLoadWhenIdle(() => void cacheFonts().catch(() => undefined));
}
