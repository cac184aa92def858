/**
 * Realtime keywords: what shoppers searched in the last hour, counted in the key-value store
 * (Redis when REDIS_URL is set, so every API node counts into the same buckets; memory otherwise).
 *
 * Only the store's atomic get/set/incr are used. Time is cut into 5-minute buckets (from the
 * injected clock). Per bucket: a counter per keyword, and a slot list of the keywords seen in it
 * (a slot is taken with an atomic incr the first time a keyword is counted in the bucket, so
 * concurrent nodes never overwrite each other). The ranking sums the 12 buckets of the last hour;
 * the arrows compare it with the ranking one bucket earlier. Computed rankings are cached for a
 * minute.
 */
import type { RealtimeKeyword, RealtimeKeywordsBody } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';

export const BUCKET_MS = 5 * 60_000;
/** Buckets in the ranking window (12 × 5 minutes = the last hour). */
export const WINDOW_BUCKETS = 12;
export const REALTIME_TOP = 10;
/** Distinct keywords counted per bucket; later new keywords in a full bucket are not counted. */
export const MAX_KEYWORDS_PER_BUCKET = 500;
export const MAX_KEYWORD_LENGTH = 30;
const TTL_S = Math.ceil(((WINDOW_BUCKETS + 2) * BUCKET_MS) / 1000);
const VIEW_TTL_S = 60;

const key = {
  slots: (b: number) => `search:rt:${b}:n`,
  slot: (b: number, i: number) => `search:rt:${b}:s:${i}`,
  count: (b: number, kw: string) => `search:rt:${b}:c:${encodeURIComponent(kw)}`,
  view: (minute: number) => `search:rt:view:${minute}`,
};

const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS);

/** The keyword as counted: trimmed, spaces collapsed, at most 30 characters. */
export function keywordOf(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, MAX_KEYWORD_LENGTH);
}

/** Counts one search of `text` now. */
export async function recordSearch(ctx: AppContext, text: string): Promise<void> {
  const kw = keywordOf(text);
  if (!kw) return;
  const b = bucketOf(ctx.clock.now().getTime());
  const n = await ctx.kv.incr(key.count(b, kw), TTL_S);
  if (n !== 1) return;
  const slot = await ctx.kv.incr(key.slots(b), TTL_S);
  if (slot > MAX_KEYWORDS_PER_BUCKET) return;
  await ctx.kv.set(key.slot(b, slot), kw, TTL_S);
}

async function bucketCounts(ctx: AppContext, b: number): Promise<Map<string, number>> {
  const slots = Math.min(Number((await ctx.kv.get(key.slots(b))) ?? 0), MAX_KEYWORDS_PER_BUCKET);
  const out = new Map<string, number>();
  if (!slots) return out;
  const words = await Promise.all(Array.from({ length: slots }, (_, i) => ctx.kv.get(key.slot(b, i + 1))));
  const uniq = [...new Set(words.filter((w): w is string => Boolean(w)))];
  const counts = await Promise.all(uniq.map((w) => ctx.kv.get(key.count(b, w))));
  uniq.forEach((w, i) => {
    const c = Number(counts[i] ?? 0);
    if (c > 0) out.set(w, c);
  });
  return out;
}

function rank(buckets: Map<string, number>[]): { keyword: string; count: number }[] {
  const total = new Map<string, number>();
  for (const m of buckets) for (const [w, c] of m) total.set(w, (total.get(w) ?? 0) + c);
  return [...total]
    .map(([keyword, count]) => ({ keyword, count }))
    .sort((a, b) => b.count - a.count || a.keyword.localeCompare(b.keyword, 'ko'));
}

/** The top keywords of the last hour with their rank-change arrows. */
export async function realtimeKeywords(ctx: AppContext, top = REALTIME_TOP): Promise<RealtimeKeywordsBody> {
  const nowMs = ctx.clock.now().getTime();
  const minute = Math.floor(nowMs / 60_000);
  const cached = await ctx.kv.get(key.view(minute));
  if (cached) return JSON.parse(cached) as RealtimeKeywordsBody;
  const b = bucketOf(nowMs);
  // Buckets b-12 … b: the current window is b-11 … b, the previous one b-12 … b-1.
  const buckets = await Promise.all(
    Array.from({ length: WINDOW_BUCKETS + 1 }, (_, i) => bucketCounts(ctx, b - WINDOW_BUCKETS + i)),
  );
  const current = rank(buckets.slice(1));
  const previous = rank(buckets.slice(0, WINDOW_BUCKETS));
  const before = new Map(previous.map((r, i) => [r.keyword, i + 1]));
  const result: RealtimeKeyword[] = current.slice(0, top).map((r, i) => {
    const was = before.get(r.keyword);
    const now = i + 1;
    if (was === undefined)
      return { rank: now, keyword: r.keyword, count: r.count, status: 'new', rank_change: null };
    const change = was - now;
    return {
      rank: now,
      keyword: r.keyword,
      count: r.count,
      status: change > 0 ? 'up' : change < 0 ? 'down' : 'same',
      rank_change: change,
    };
  });
  const body: RealtimeKeywordsBody = { updated_at: new Date(nowMs).toISOString(), result };
  await ctx.kv.set(key.view(minute), JSON.stringify(body), VIEW_TTL_S);
  return body;
}
