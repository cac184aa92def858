/**
 * What the storefront measures on its own (docs/ARCHITECTURE.md, "Analytics"), through the queue
 * of log.ts: a page view per page (with the product of a product page, for the rankings and the
 * funnel, and the event id the server's PageView and ViewContent ad events share with a pixel), the sections a shopper actually saw (elements marked `data-track-section`, counted once
 * per page view when half on screen), and browser errors — every one (SPEC.md §9's 0.08 is the
 * trace sampling rate, and no traces are recorded), never the resize-observer or abort noise.
 */
import { shouldReportError } from '@codiroom/shared';
import { useEffect } from 'react';
import { track } from './log';
import { newAdEventId, trackPixel } from './pixel';

/** The product display id of a product page path (/product/123), else undefined. */
export function productIdOfPath(pathname: string): number | undefined {
  const m = /^\/product\/(\d{1,10})(?:\/|$)/.exec(pathname);
  const id = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

let errorsHooked = false;
let errorsReported = 0;

function hookErrors() {
  if (errorsHooked) return;
  errorsHooked = true;
  const report = (name: string, message: string) => {
    if (!shouldReportError(message, name, errorsReported)) return;
    errorsReported += 1;
    track({ kind: 'error', name: 'browser_error', path: location.pathname, props: { error: name, message } });
  };
  window.addEventListener('error', (e) => report(e.error?.name ?? 'Error', String(e.message ?? '')));
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason as { name?: string; message?: string } | undefined;
    report(r?.name ?? 'UnhandledRejection', String(r?.message ?? r ?? ''));
  });
}

/** Page views, sections seen and error reports of the storefront (not the back office). */
export function usePageTracking(pathname: string): void {
  useEffect(() => {
    if (pathname.startsWith('/admin')) return;
    hookErrors();
    const productId = productIdOfPath(pathname);
    // The server sends PageView (and ViewContent for a product) with this id; a browser pixel, if
    // one is loaded, gets the same id so the pair counts once (lib/pixel.ts).
    const eventId = newAdEventId();
    track({
      kind: 'page_view',
      name: productId ? 'product' : pathname.split('/')[1] || 'home',
      path: pathname,
      event_id: eventId,
      ...(productId ? { product_display_id: productId } : {}),
    });
    trackPixel('PageView', {}, eventId);
    if (productId)
      trackPixel('ViewContent', { content_ids: [String(productId)], content_type: 'product' }, eventId);
    if (typeof IntersectionObserver === 'undefined') return;
    const seen = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const name = (entry.target as HTMLElement).dataset.trackSection;
          if (!entry.isIntersecting || !name || seen.has(name)) continue;
          seen.add(name);
          observer.unobserve(entry.target);
          track({ kind: 'section', name, path: pathname, props: { seen: true } });
        }
      },
      { threshold: 0.5 },
    );
    // After the page's first paint: the sections of this page are in the document by then.
    const start = window.setTimeout(() => {
      for (const el of document.querySelectorAll('[data-track-section]')) observer.observe(el);
    }, 300);
    return () => {
      window.clearTimeout(start);
      observer.disconnect();
    };
  }, [pathname]);
}
