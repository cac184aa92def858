/**
 * What moves on a display with every order, cancel, refund, exchange or like — the stock of its
 * sizes, its time-sale units sold, its like count — is announced per display (`display.changed`,
 * platform/cache.ts) once the change is committed, so a page that keeps the display's detail ends
 * it on every node at once instead of showing a size in stock for its whole time to live.
 */
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';

/** Sends `display.changed` for each display (once each); call it after the change's commit. */
export async function displaysChanged(ctx: AppContext, displayIds: Iterable<number>): Promise<void> {
  await Promise.all([...new Set(displayIds)].map((id) => invalidate(ctx, 'display.changed', id)));
}
