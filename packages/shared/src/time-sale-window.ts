/**
 * Which time sale the shop shows (docs/ARCHITECTURE.md, "Time sales"): one time sale at a time.
 * Windows never overlap (a new sale whose window meets another's is refused with 409), so at any
 * instant at most one sale runs; should old rows overlap, the shop shows the running sale with the
 * latest start (then the higher id), and the back office labels the others 가려짐 with this same rule.
 */
export type SaleWindow = { id: number; starts_at: Date; ends_at: Date };
export type TimeSaleShownState = 'SCHEDULED' | 'RUNNING' | 'HIDDEN' | 'ENDED';

/** The window runs at `now`: from its start (inclusive) to its end (exclusive). */
export function saleWindowRuns(s: { starts_at: Date; ends_at: Date }, now: Date): boolean {
  return s.starts_at <= now && now < s.ends_at;
}

/** Two windows share an instant ([start, end) each). */
export function saleWindowsOverlap(
  a: { starts_at: Date; ends_at: Date },
  b: { starts_at: Date; ends_at: Date },
): boolean {
  return a.starts_at < b.ends_at && b.starts_at < a.ends_at;
}

/** The running sale the shop shows at `now` (latest start, then higher id), or null. */
export function shownTimeSale<S extends SaleWindow>(sales: readonly S[], now: Date): S | null {
  let best: S | null = null;
  for (const s of sales) {
    if (!saleWindowRuns(s, now)) continue;
    if (
      !best ||
      s.starts_at > best.starts_at ||
      (s.starts_at.getTime() === best.starts_at.getTime() && s.id > best.id)
    )
      best = s;
  }
  return best;
}

/** The back office's label of `sale` at `now`, given the sales running then (the shop's rule). */
export function timeSaleShownState(
  sale: SaleWindow,
  running: readonly SaleWindow[],
  now: Date,
): TimeSaleShownState {
  if (now < sale.starts_at) return 'SCHEDULED';
  if (now >= sale.ends_at) return 'ENDED';
  return shownTimeSale([...running, sale], now)?.id === sale.id ? 'RUNNING' : 'HIDDEN';
}
