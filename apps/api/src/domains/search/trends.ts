/**
 * Realtime keywords: what distinct shoppers searched in the last hour, newest weighing most,
 * counted in the key-value store (Redis when REDIS_URL is set, so every API node counts into the
 * same buckets; memory otherwise).
 *
 * Only the store's atomic get/set/incr are used. Time is cut into 5-minute buckets (from the
 * injected clock). A search counts once per keyword and shopper (member, guest id, or address)
 * per clock hour — a marker taken with an atomic incr — so one shopper repeating a query cannot
 * take the list over (at most two counts in any hour). Per bucket: a counter per keyword (the
 * shoppers first counted in it), and a slot list of the keywords seen in it (a slot is taken with
 * an atomic incr the first time a keyword is counted in the bucket, so concurrent nodes never
 * overwrite each other). The ranking sums the 12 buckets of the last hour, each weighed by its
 * age with a half-life of 20 minutes (HALF_LIFE_MS); `count` is the shoppers of the hour. The
 * arrows compare it with the ranking one bucket earlier. Junk (raw 초성, half-typed jamo, mashed
 * keys, over-long text: isJunkKeyword) is never counted nor shown; searches without hits are not
 * recorded at all (service.ts). Computed rankings are cached for a minute.
 */
import { isJunkKeyword, type RealtimeKeyword, type RealtimeKeywordsBody } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { orWhenUnavailable } from '../../platform/kv.ts';

export const BUCKET_MS = 5 * 60_000;
/** Buckets in the ranking window (12 × 5 minutes = the last hour). */
export const WINDOW_BUCKETS = 12;
/** A bucket's weight halves every 20 minutes of age. */
export const HALF_LIFE_MS = 20 * 60_000;
export const REALTIME_TOP = 10;
/** Distinct keywords counted per bucket; later new keywords in a full bucket are not counted. */
export const MAX_KEYWORDS_PER_BUCKET = 500;
export const MAX_KEYWORD_LENGTH = 30;
const TTL_S = Math.ceil(((WINDOW_BUCKETS + 2) * BUCKET_MS) / 1000);
/** A shopper's marker lives through its clock hour and a little beyond (the store's own clock). */
const MARKER_TTL_S = Math.ceil((2 * WINDOW_BUCKETS * BUCKET_MS) / 1000);
const VIEW_TTL_S = 60;

const key = {
  slots: (b: number) => `search:rt:${b}:n`,
  slot: (b: number, i: number) => `search:rt:${b}:s:${i}`,
  count: (b: number, kw: string) => `search:rt:${b}:c:${encodeURIComponent(kw)}`,
  shopper: (hour: number, kw: string, who: string) =>
    `search:rt:who:${hour}:${encodeURIComponent(kw)}:${encodeURIComponent(who)}`,
  view: (minute: number) => `search:rt:view:${minute}`,
};

const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS);

/** The keyword as counted: trimmed, spaces collapsed (longer than 30 characters: junk). */
export function keywordOf(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Counts one search of `text` now by `shopper` (`u<id>`, `g<guest id>` or `ip<address>`). */
export async function recordSearch(ctx: AppContext, text: string, shopper: string): Promise<void> {
  const kw = keywordOf(text);
  if (isJunkKeyword(kw) || kw.length > MAX_KEYWORD_LENGTH) return;
  const b = bucketOf(ctx.clock.now().getTime());
  const hour = Math.floor(b / WINDOW_BUCKETS);
  if ((await ctx.kv.incr(key.shopper(hour, kw, shopper), MARKER_TTL_S)) !== 1) return;
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
  const uniq = [...new Set(words.filter((w): w is string => Boolean(w) && !isJunkKeyword(w as string)))];
  const counts = await Promise.all(uniq.map((w) => ctx.kv.get(key.count(b, w))));
  uniq.forEach((w, i) => {
    const c = Number(counts[i] ?? 0);
    if (c > 0) out.set(w, c);
  });
  return out;
}

/**
 * The ranking of a window's buckets (oldest first, the last one is "now"): score = the shoppers
 * of each bucket weighed 0.5^(age / half-life), ties by shoppers, then keyword. Pure.
 */
export function rankBuckets(buckets: Map<string, number>[]): { keyword: string; count: number }[] {
  const score = new Map<string, number>();
  const total = new Map<string, number>();
  buckets.forEach((m, i) => {
    const weight = 0.5 ** (((buckets.length - 1 - i) * BUCKET_MS) / HALF_LIFE_MS);
    for (const [w, c] of m) {
      score.set(w, (score.get(w) ?? 0) + c * weight);
      total.set(w, (total.get(w) ?? 0) + c);
    }
  });
  return [...total]
    .map(([keyword, count]) => ({ keyword, count, score: score.get(keyword) ?? 0 }))
    .sort((a, b) => b.score - a.score || b.count - a.count || a.keyword.localeCompare(b.keyword, 'ko'))
    .map(({ keyword, count }) => ({ keyword, count }));
}

/**
 * The top keywords of the last hour with their rank-change arrows. The counts live only in the
 * key-value store: while Redis is down the list is empty, never an error.
 */
export function realtimeKeywords(ctx: AppContext, top = REALTIME_TOP): Promise<RealtimeKeywordsBody> {
  const nowMs = ctx.clock.now().getTime();
  return orWhenUnavailable(rankedKeywords(ctx, nowMs, top), {
    updated_at: new Date(nowMs).toISOString(),
    result: [],
  });
}

async function rankedKeywords(ctx: AppContext, nowMs: number, top: number): Promise<RealtimeKeywordsBody> {
  const minute = Math.floor(nowMs / 60_000);
  const cached = await ctx.kv.get(key.view(minute));
  if (cached) return JSON.parse(cached) as RealtimeKeywordsBody;
  const b = bucketOf(nowMs);
  // Buckets b-12 … b: the current window is b-11 … b, the previous one b-12 … b-1.
  const buckets = await Promise.all(
    Array.from({ length: WINDOW_BUCKETS + 1 }, (_, i) => bucketCounts(ctx, b - WINDOW_BUCKETS + i)),
  );
  const current = rankBuckets(buckets.slice(1));
  const previous = rankBuckets(buckets.slice(0, WINDOW_BUCKETS));
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
