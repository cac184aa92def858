/**
 * Product pages in relevance (tiered) or popularity order ranked from the postings replica
 * (postings-replica.ts) alone, exactly as ranking every match in SQL would (relevance.ts rules):
 * unfiltered relevance and popularity searches then need no database statement.
 */
import type { AnalysedQuery } from '@codiroom/shared';
import type { MemoryTerm, PostingsReplica } from './postings-replica.ts';
import {
  BRAND_ROLE,
  type DictTerm,
  equalRolesOf,
  initialsTier,
  keyTier,
  NAME_ROLE,
  postingFlags,
  readingPenalty,
  worstTier,
} from './relevance.ts';

/** tier × 2^32 + popularity position: one sortable number per match. */
const TIER_STEP = 4_294_967_296;
/** Most products beyond the bound checked one by one before evaluating a query whole. */
const CANDIDATES_MAX = 256;
/** The first bound (popularity positions) a broad query is evaluated within. */
const PARTIAL_MIN = 2_048;
/** Beyond this many postings to read, a query is left to SQL (its pool path is cheap then). */
export const MEMORY_MAX_POSTINGS = 400_000;

/**
 * Scratch arrays of rankFromMemory, indexed by popularity position and reused: each entry is
 * stamped with the epoch of the pass that wrote it (epoch << 5 | value), so nothing is cleared.
 */
const scratch = {
  size: 0,
  epoch: 0,
  /** epoch: matched in this query. */
  matched: new Int32Array(0),
  /** epoch << 5 | words of a several-word reading seen so far. */
  seen: new Int32Array(0),
  /** epoch << 5 | relevance flags of one reading. */
  flags: new Int32Array(0),
  /** epoch << 5 | least tier over the readings. */
  tier: new Int32Array(0),
  /** The matches of one pass (positions), and the products one reading flagged. */
  list: new Int32Array(0),
  touched: new Int32Array(0),
  /** Sort keys of the matches (smallest). */
  keys: new Float64Array(0),
};
const MAX_EPOCH = 1 << 25;

function scratchFor(size: number): typeof scratch {
  if (scratch.size < size || scratch.epoch > MAX_EPOCH - 64) {
    const n = Math.max(size, scratch.size);
    scratch.size = n;
    scratch.epoch = 0;
    scratch.matched = new Int32Array(n);
    scratch.seen = new Int32Array(n);
    scratch.flags = new Int32Array(n);
    scratch.tier = new Int32Array(n);
    scratch.list = new Int32Array(n);
    scratch.touched = new Int32Array(n);
    scratch.keys = new Float64Array(n);
  }
  return scratch;
}

/** postingFlags by role (0 … 7) for each (equal, prefix, equal roles): computed once. */
const flagTables = new Map<number, Int32Array>();

function flagTable(equal: boolean, prefix: boolean, equalRoles: number): Int32Array {
  const k = (equalRoles << 2) | (equal ? 2 : 0) | (prefix ? 1 : 0);
  let table = flagTables.get(k);
  if (!table) {
    table = new Int32Array(8);
    for (let role = 0; role < 8; role++) table[role] = postingFlags(equal, prefix, role, equalRoles);
    flagTables.set(k, table);
  }
  return table;
}

/**
 * A page of products in relevance (tiered) or popularity order from the replica alone, with the
 * total capped at `cap`; null when the query would read more than MEMORY_MAX_POSTINGS postings.
 * `terms` are the dictionary rows holding any of the query's key (or 초성) forms or words.
 *
 * A product matches a reading when one of its terms holds the whole reading (with the
 * syllable-end rule) or, for several words, it has a term holding each word (the match condition
 * of sql-conditions.ts, field by field); its tier comes from the terms holding the reading and their
 * roles in it, as rankPostings (sql-ranking.ts) computes it in SQL (exact name or brand 0; a name term holding it
 * and a term equal to it 1; a name term starting with it 2; a name term holding it 3; a term equal
 * to it 4; a brand term holding it 5; else 6; 초성: 0 exact name, 1 an equal term, 2 name prefix,
 * 3 inside the name, 4 else), the least over the readings; then popularity desc, ref_id desc.
 */
export function rankFromMemory(
  rep: PostingsReplica,
  q: AnalysedQuery,
  terms: readonly MemoryTerm[],
  tiered: boolean,
  page: { limit: number; offset: number },
  cap: number,
  holds: (keys: string, complete: boolean) => MemoryTerm[],
  /** The popularity bounds tried before evaluating whole (tests; default from PARTIAL_MIN). */
  partialBounds?: number[],
): { total: number; ids: number[] } | null {
  const readings = q.choseong
    ? [{ keys: q.initials, complete: false, tokens: [q.initials], tokenComplete: [false], synonym: false }]
    : q.readings;
  // The postings this reads, bounded first.
  const matchSets = readings.map((r) => ({
    whole: holds(r.keys, r.complete),
    words: r.tokens.length > 1 ? r.tokens.map((t, j) => holds(t, r.tokenComplete[j] ?? false)) : [],
  }));
  const around = tiered ? readings.map((r) => terms.filter((t) => t.keys.includes(r.keys))) : [];
  let work = 0;
  const addWork = (ts: readonly DictTerm[]) => {
    for (const t of ts) work += t.df;
  };
  matchSets.forEach((m, ri) => {
    // Tiered: the terms holding the whole reading are among those around it (one pass reads both).
    addWork(tiered ? (around[ri] ?? []) : m.whole);
    for (const w of m.words) addWork(w);
  });
  if (work > MEMORY_MAX_POSTINGS) return null;

  const size = rep.refAt.length;
  const sc = scratchFor(size);
  const equalRoles = equalRolesOf(q);
  /**
   * Matches and their keys among the products before position `limit` in popularity order: exact
   * for those, as all of a product's postings carry its position.
   */
  const evaluate = (limit: number) => {
    const matchedAt = ++sc.epoch;
    const tieredAt = ++sc.epoch;
    const { matched, flags, tier: tierOf } = sc;
    const list = sc.list;
    let count = 0;
    const base = tiered ? worstTier(q) : 0;
    const classify = q.choseong ? initialsTier : keyTier;
    // One reading: its flags give the tier at the end; several: the least tier is kept per product.
    const single = readings.length === 1;
    let flaggedAt = 0;
    let singlePen = 0;
    for (let ri = 0; ri < readings.length; ri++) {
      const r = readings[ri] as (typeof readings)[number];
      const m = matchSets[ri] as (typeof matchSets)[number];
      if (!tiered) {
        for (const t of m.whole) {
          const refs = t.ranks;
          for (let i = 0; i < refs.length; i++) {
            const ref = refs[i] as number;
            if (ref >= limit) break;
            if (matched[ref] !== matchedAt) {
              matched[ref] = matchedAt;
              list[count++] = ref;
            }
          }
        }
      } else {
        // One pass over the terms around the reading: matches (terms holding it whole) and the
        // flags its tier follows from (for every product having such a term; only matches are read).
        const k = r.keys;
        const pen = readingPenalty(r);
        const proving = new Set(m.whole.map((t) => t.id));
        flaggedAt = ++sc.epoch;
        singlePen = pen;
        const stamp = flaggedAt << 5;
        const touched = sc.touched;
        let nt = 0;
        for (const t of around[ri] ?? []) {
          const proves = proving.has(t.id);
          // The flags a posting of this term sets, by its roles (bits 1, 2, 4).
          const byRole = flagTable(t.keys === k, t.keys.startsWith(k), equalRoles);
          const { ranks: refs, rankRoles: roles } = t;
          for (let i = 0; i < refs.length; i++) {
            const ref = refs[i] as number;
            if (ref >= limit) break;
            if (proves && matched[ref] !== matchedAt) {
              matched[ref] = matchedAt;
              list[count++] = ref;
            }
            const f = byRole[roles[i] as number] as number;
            const cur = flags[ref] as number;
            if (cur >> 5 !== flaggedAt) {
              flags[ref] = stamp | f;
              if (!single) touched[nt++] = ref;
            } else flags[ref] = cur | f;
          }
        }
        if (!single) {
          for (let x = 0; x < nt; x++) {
            const ref = touched[x] as number;
            const t = classify((flags[ref] as number) & 31) + pen;
            const cur = tierOf[ref] as number;
            if (cur >> 5 !== tieredAt || t < (cur & 31)) tierOf[ref] = (tieredAt << 5) | t;
          }
        }
      }
      if (m.words.length > 1) {
        // Products having a term of every word: word j advances only those that had words 0 … j-1.
        const seenAt = ++sc.epoch;
        const seen = sc.seen;
        const last = m.words.length - 1;
        for (let j = 0; j <= last; j++) {
          for (const t of m.words[j] ?? []) {
            const refs = t.ranks;
            for (let i = 0; i < refs.length; i++) {
              const ref = refs[i] as number;
              if (ref >= limit) break;
              const v = seen[ref] as number;
              const c = v >> 5 === seenAt ? v & 31 : 0;
              if (c !== j) continue;
              seen[ref] = (seenAt << 5) | (j + 1);
              if (j === last && matched[ref] !== matchedAt) {
                matched[ref] = matchedAt;
                list[count++] = ref;
              }
            }
          }
        }
      }
    }

    // Products here are positions in popularity order (the postings hold those).
    const key = (rank: number) => {
      if (!tiered) return rank;
      let t: number;
      if (single) {
        const f = flags[rank] as number;
        t = f >> 5 === flaggedAt ? Math.min(classify(f & 31) + singlePen, base) : base;
      } else {
        const v = tierOf[rank] as number;
        t = v >> 5 === tieredAt ? Math.min(v & 31, base) : base;
      }
      return t * TIER_STEP + rank;
    };
    return { list, count, key };
  };

  /** The key of one product (null when it does not match), from binary searches in the postings. */
  const holdsRank = (t: MemoryTerm, rank: number): number => {
    const i = lowerBound(t.ranks, rank);
    return i < t.ranks.length && t.ranks[i] === rank ? (t.rankRoles[i] as number) : -1;
  };
  const exactKey = (rank: number): number | null => {
    const matches = matchSets.some(
      (m) =>
        m.whole.some((t) => holdsRank(t, rank) >= 0) ||
        (m.words.length > 1 && m.words.every((ts) => ts.some((t) => holdsRank(t, rank) >= 0))),
    );
    if (!matches) return null;
    if (!tiered) return rank;
    const classify = q.choseong ? initialsTier : keyTier;
    let tier = worstTier(q);
    readings.forEach((r, ri) => {
      let f = 0;
      let seen = false;
      for (const t of around[ri] ?? []) {
        const role = holdsRank(t, rank);
        if (role < 0) continue;
        seen = true;
        f |= postingFlags(t.keys === r.keys, t.keys.startsWith(r.keys), role, equalRoles);
      }
      if (seen) tier = Math.min(tier, classify(f) + readingPenalty(r));
    });
    return tier * TIER_STEP + rank;
  };

  const need = page.offset + page.limit;
  // Broad queries first look at the most popular products only (postings are in popularity
  // order): enough when the total is capped anyway and the page's worst tier can only be beaten
  // by tier 0, whose products beyond the bound are found from the equal terms alone.
  let proved = 0;
  for (const m of matchSets) {
    for (const t of m.whole) proved = Math.max(proved, t.ranks.length);
  }
  const upper = matchSets.reduce((a, m) => {
    const sum = (ts: readonly DictTerm[]) => ts.reduce((x, t) => x + t.df, 0);
    return a + sum(m.whole) + (m.words.length > 1 ? Math.min(...m.words.map(sum)) : 0);
  }, 0);
  const first = Math.max(PARTIAL_MIN, need * 100);
  const bounds = upper <= cap ? [] : (partialBounds ?? [first, first * 8]);
  for (const [b, bound] of bounds.entries()) {
    if (bound >= size) break;
    const { list, count, key } = evaluate(bound);
    if (count < need || (count < cap && proved <= cap)) {
      // No term proves the cap: the next bound concludes only with cap matches before it. When
      // this one's matches, scaled up to it, are not even half the cap, that pass would most
      // likely end here too: the whole order is evaluated at once (the same answer, less work).
      const next = bounds[b + 1];
      if (!partialBounds && proved <= cap && next !== undefined && count * (next / bound) * 2 < cap) {
        break;
      }
      continue;
    }
    const best = smallest(list, count, key, need);
    if (tiered) {
      // Beyond the bound only a better tier than the page's worst can still enter, and only
      // through a direct reading (synonym tiers are 10 and more; every tier is at most 6, resp.
      // 4 for 초성): tier 0 needs a posting of a term equal to it with the name (or brand) role
      // (its products match, with tier 0: taken as they come), tiers 1 to 3 a name-role posting
      // around it, tier 4 any posting of an equal term, tier 5 a brand-role posting (초성: 1 any
      // posting of an equal term, 2 and 3 a name-role posting). Those few products are checked
      // one by one; anything broader is evaluated whole.
      const worst = Math.floor((best[need - 1] as number) / TIER_STEP);
      const taken = new Set<number>();
      const others = new Set<number>();
      let tooMany = false;
      for (const [ri, r] of readings.entries()) {
        if (worst === 0) break;
        if (r.synonym) continue;
        for (const t of around[ri] ?? []) {
          const eq = t.keys === r.keys;
          const zero = eq ? equalRoles : 0;
          const other = q.choseong
            ? (eq && worst >= 2 ? 7 : 0) | (worst >= 3 ? NAME_ROLE : 0)
            : (worst >= 2 ? NAME_ROLE : 0) | (eq && worst >= 5 ? 7 : 0) | (worst >= 6 ? BRAND_ROLE : 0);
          if ((zero | other) === 0) continue;
          const { ranks, rankRoles: roles } = t;
          for (let i = lowerBound(ranks, bound); i < ranks.length; i++) {
            const rank = ranks[i] as number;
            const role = roles[i] as number;
            if ((role & zero) !== 0) {
              if (!taken.has(rank)) {
                taken.add(rank);
                insertSorted(best, rank, need);
              }
            } else if ((role & other) !== 0) {
              others.add(rank);
              if (others.size > CANDIDATES_MAX) {
                tooMany = true;
                break;
              }
            } else if (other === 0 && rank >= (best[need - 1] as number)) break;
          }
          if (tooMany) break;
        }
        if (tooMany) break;
      }
      if (tooMany) continue;
      for (const rank of others) {
        if (taken.has(rank)) continue;
        const k = exactKey(rank);
        if (k !== null) insertSorted(best, k, need);
      }
    }
    return { total: cap, ids: best.slice(page.offset, need).map((k) => rep.refAt[k % TIER_STEP] as number) };
  }
  const { list, count, key } = evaluate(size);
  if (count === 0) return { total: 0, ids: [] };
  const best = smallest(list, count, key, need);
  return {
    total: Math.min(count, cap),
    ids: best.slice(page.offset, need).map((k) => rep.refAt[k % TIER_STEP] as number),
  };
}

/** Smallest products first: where `bound` would go in the sorted `ranks`. */
function lowerBound(ranks: Int32Array, bound: number): number {
  let lo = 0;
  let hi = ranks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranks[mid] as number) < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `k` into the ascending `best`, keeping at most `need`. */
function insertSorted(best: number[], k: number, need: number): void {
  if (best.length === need && k >= (best[need - 1] as number)) return;
  let lo = 0;
  let hi = best.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((best[mid] as number) < k) lo = mid + 1;
    else hi = mid;
  }
  best.splice(lo, 0, k);
  if (best.length > need) best.pop();
}

/** The `need` smallest keys of the first `count` products in `list`, ascending. */
function smallest(list: Int32Array, count: number, key: (rank: number) => number, need: number): number[] {
  if (count <= 4 * need || need > 500) {
    const keys = scratch.keys.subarray(0, count);
    for (let i = 0; i < count; i++) keys[i] = key(list[i] as number);
    keys.sort();
    return Array.from(keys.subarray(0, Math.min(need, count)));
  }
  // Kept sorted: most matches are rejected by one comparison (lists run in popularity order).
  const best: number[] = [];
  for (let i = 0; i < count; i++) insertSorted(best, key(list[i] as number), need);
  return best;
}
