/**
 * A first visit caches the Pretendard subsets its page uses, for the next visit (@codiroom/shared
 * font-subsets.ts): after the load event, when the browser is idle, the subsets the page's text
 * needs are fetched under a family no text uses (so nothing is laid out again), then
 * FONT_CACHE_COOKIE tells the server to render Pretendard's @font-face rules from then on.
 */
import { FONT_CACHE_COOKIE, FONT_CACHE_MAX_AGE_S, fontFilesFor, parseFontFaces } from '@codiroom/shared';
import fontCss from 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css?url';
import { readBrowserCookie, writeBrowserCookie } from './cookies';

let started = false;

async function cacheFonts(): Promise<void> {
  const css = await (await fetch(fontCss)).text();
  const files = fontFilesFor(document.body.innerText, parseFontFaces(css));
  const loads = files.map((url) =>
    new FontFace('codiroom-font-cache', `url(${new URL(url, new URL(fontCss, location.href)).href})`).load(),
  );
  const results = await Promise.allSettled(loads);
  if (results.length && results.every((r) => r.status === 'fulfilled')) {
    writeBrowserCookie(FONT_CACHE_COOKIE, '1', FONT_CACHE_MAX_AGE_S);
  }
}

/** Once per page life, after the load event and when idle; failures wait for the next visit. */
export function cacheFontsWhenIdle(): void {
  if (started || typeof FontFace === 'undefined' || readBrowserCookie(FONT_CACHE_COOKIE) === '1') return;
  started = true;
  const idle = () => {
    const run = () => void cacheFonts().catch(() => undefined);
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
