/**
 * First-party analytics from the storefront (SPEC.md §7 "Loggers"; docs/ARCHITECTURE.md,
 * "Analytics"): events are queued and sent in batches to POST /api/loggers/batch — when
 * ANALYTICS_BATCH_MAX are waiting, a few seconds after the first, and with sendBeacon when the
 * page is hidden or left, so closing the tab loses nothing. Each batch carries the visit's
 * session id, the guest id (sendBeacon cannot send headers; the server checks it) and the A/B
 * group; the accessToken cookie names a member. Failures are ignored (SPEC.md §8): tracking never
 * breaks the page.
 */
import { ANALYTICS_BATCH_MAX, hasGuestIdShape } from '@codiroom/shared';
import { currentAbGroup } from './ab-group';
import { newAdEventId } from './pixel';

type Scalar = string | number | boolean | null;
export type TrackedEvent = {
  kind: 'page_view' | 'section' | 'error' | 'active_user' | 'login';
  name?: string;
  path?: string;
  product_display_id?: number;
  event_id?: string;
  props?: Record<string, Scalar>;
};

const URL = '/api/loggers/batch';
const FLUSH_AFTER_MS = 4_000;
const queue: TrackedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** The visit: one id per browser session (tab), kept in session storage. */
export function sessionId(): string {
  try {
    let id = window.sessionStorage.getItem('analyticsSession');
    if (!id) {
      id = newAdEventId();
      window.sessionStorage.setItem('analyticsSession', id);
    }
    return id;
  } catch {
    return newAdEventId();
  }
}

function guestId(): string | undefined {
  const raw = document.cookie.match(/(?:^|; )guestID=([^;]+)/)?.[1];
  if (!raw) return undefined;
  const id = decodeURIComponent(raw);
  return hasGuestIdShape(id) ? id : undefined;
}

const clip = (v: Scalar): Scalar => (typeof v === 'string' ? v.slice(0, 300) : v);

/** Scalars only, at most 20 (the server refuses nesting and more). */
function flat(payload: Record<string, unknown>): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (Object.keys(out).length >= 20) break;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) {
      if (typeof v === 'number' && !Number.isFinite(v)) continue;
      out[k.slice(0, 40)] = clip(v as Scalar);
    }
  }
  return out;
}

function send(beacon: boolean) {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const events = queue.splice(0, ANALYTICS_BATCH_MAX);
    const body = JSON.stringify({
      session_id: sessionId(),
      guest_id: guestId(),
      ab_group: currentAbGroup() ?? undefined,
      events,
    });
    try {
      if (beacon && navigator.sendBeacon?.(URL, new Blob([body], { type: 'text/plain' }))) continue;
      void fetch(URL, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
      }).catch(() => {});
    } catch {
      // tracking never breaks the page
    }
  }
}

function listen() {
  if (listening) return;
  listening = true;
  // The last chance to send: the tab is hidden (switching apps, closing) or the page is left.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send(true);
  });
  window.addEventListener('pagehide', () => send(true));
}

/** Queues an event; sent with the next batch. */
export function track(event: TrackedEvent): void {
  if (typeof window === 'undefined') return;
  try {
    listen();
    queue.push(event);
    if (queue.length >= ANALYTICS_BATCH_MAX) send(false);
    else if (!timer) timer = setTimeout(() => send(false), FLUSH_AFTER_MS);
  } catch {}
}

const KIND = {
  'active-user-log': 'active_user',
  'page-log': 'page_view',
  'error-log': 'error',
  'section-log': 'section',
} as const;

/** The catalogue's four loggers as queued events (the name is the section or the name field). */
export function sendLog(kind: keyof typeof KIND, payload: Record<string, unknown>) {
  const name = typeof payload.section === 'string' ? payload.section : payload.name;
  const path = typeof payload.path === 'string' ? payload.path : undefined;
  track({
    kind: KIND[kind],
    ...(typeof name === 'string' ? { name: name.slice(0, 100) } : {}),
    ...(path ? { path: path.slice(0, 300) } : {}),
    props: flat(payload),
  });
}
