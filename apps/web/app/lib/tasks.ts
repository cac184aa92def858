/**
 * Startup work in tasks of its own (docs/ARCHITECTURE.md "Storefront speed"). React runs every
 * effect of the hydration's commit in one task; each request started there (the cart badge, the
 * hearts, the experiment group…) adds several milliseconds of cookies, route matching and fetch
 * set-up to that one task, which a phone's slower CPU turns into blocking time. Started from here,
 * each runs in a short task of its own, a moment later, and input can be handled in between.
 */

/** Runs `fn` in a task of its own, as soon as the browser gets to it; returns a cancel. */
export function inOwnTask(fn: () => void): () => void {
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}

/**
 * Runs `fn` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the
 * load event): work for later pages, never for this one. Returns a cancel.
 */
export function afterLoadWhenIdle(fn: () => void, timeoutMs = 10_000): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timerId: number | undefined;
  const run = () => {
    if (!cancelled) fn();
  };
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idleId = window.requestIdleCallback(run, { timeout: timeoutMs });
    else timerId = window.setTimeout(run, 3000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timerId !== undefined) window.clearTimeout(timerId);
  };
}

/**
 * Yields to the browser until it is idle again (the next idle period, or a task after at most
 * `timeoutMs`): long background work split into steps, each step a short task.
 */
export function nextIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else window.setTimeout(resolve, 50);
  });
}
