/**
 * A first visit caches the Pretendard subsets its page uses, for the next visit (@codiroom/shared
 * font-subsets.ts): after the load event, when the browser is idle, the subsets the page's text
 * needs are fetched at low priority into the HTTP cache — fetched, not loaded as fonts, so nothing
 * is decoded or laid out again — then FONT_CACHE_COOKIE tells the server to render Pretendard's
 * @font-face rules from then on.
 */
import { FONT_CACHE_COOKIE, FONT_CACHE_MAX_AGE_S, fontFilesFor, parseFontFaces } from '@codiroom/shared';
import fontCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url';
import { readBrowserCookie, writeBrowserCookie } from './cookies';

let started = false;

async function cacheFonts(): Promise<void> {
  const low = { priority: 'low' } as RequestInit;
  const css = await (await fetch(fontCss, low)).text();
  // textContent, not innerText: reading it lays nothing out.
  const files = fontFilesFor(document.body.textContent ?? '', parseFontFaces(css));
  const base = new URL(fontCss, location.href);
  const results = await Promise.allSettled(
    files.map((url) =>
      fetch(new URL(url, base), low).then((r) => {
        if (!r.ok) throw new Error(`${r.status}`);
        return r.arrayBuffer();
      }),
    ),
  );
  if (results.length && results.every((r) => r.status === 'fulfilled')) {
    writeBrowserCookie(FONT_CACHE_COOKIE, '1', FONT_CACHE_MAX_AGE_S);
  }
}

/** Once per page life, after the load event and when idle; failures wait for the next visit. */
export function cacheFontsWhenIdle(): void {
  if (started || readBrowserCookie(FONT_CACHE_COOKIE) === '1') return;
  started = true;
  const idle = () => {
    const run = () => void cacheFonts().catch(() => undefined);
    // The lowest-priority work of the page: only when the browser has nothing else to do.
    if ('requestIdleCallback' in window) window.requestIdleCallback(run);
    else setTimeout(run, 3000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
