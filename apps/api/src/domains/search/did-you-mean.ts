/**
 * "혹시 이것을 찾으셨나요?" (did you mean): corrected queries for a product search that found
 * nothing exactly. The candidates come from a vocabulary of the words shoppers can find — the
 * titles of the suggestible documents (keywords, brands, styles: suggest-rows.ts) whole and word
 * by word, and the English names of search-vocabulary.ts — compared in the key form, so a typo
 * is counted in keystrokes (슬랙수 ~ 슬랙스, 셔즈 ~ 셔츠), English-mode typing with a typo
 * (tmffortn) and misspelt English (slaks, cardigun) find their word too. The engine
 * (PgSearchEngine.didYouMean) keeps the first candidate that has exact product hits.
 *
 * The vocabulary follows the suggest rows (≈3,500 on the 100,000-product seed, far fewer distinct
 * words), not the products; it is only consulted for queries without an exact hit.
 */
import {
  type AnalysedQuery,
  ENGLISH_TERMS,
  normaliseText,
  qwertyToHangul,
  toKeys,
  translateQuery,
} from '@codiroom/shared';

export interface VocabularyWord {
  /** What the shopper is offered (a Korean word, a title). */
  text: string;
  keys: string;
  popularity: number;
}

export interface Vocabulary {
  words: VocabularyWord[];
  /** Every key form of the vocabulary, for the "is this word known" check. */
  known: Set<string>;
  /** The words by key length (index: length), so a look-up compares only lengths in reach. */
  byLength: VocabularyWord[][];
  /** Look-ups of typed words already answered, kept for the next queries. */
  looked: Map<string, WordLookup>;
}

/** What the vocabulary says about one typed word (key form). */
interface WordLookup {
  known: boolean;
  near: VocabularyWord[];
}

/** Candidates offered at most (each is then checked for hits). */
export const MAX_CORRECTIONS = 3;
/**
 * Bounds of one query's corrections (docs/ARCHITECTURE.md, "Security": bounded search typo
 * work): words looked up at most (the others are kept as typed), vocabulary comparisons at most,
 * and typed words whose look-up is kept for the next queries.
 */
export const MAX_CORRECTED_WORDS = 6;
export const MAX_COMPARISONS = 12_000;
const MAX_REMEMBERED_WORDS = 20_000;

/** Work of one `corrections` call, for tests and measurements. */
export interface CorrectionStats {
  comparisons: number;
}
/** Keystrokes a correction may differ by: 1 up to 5 keys, 2 up to 9, then 3. */
export const allowedDistance = (keys: string): number => (keys.length <= 5 ? 1 : keys.length <= 9 ? 2 : 3);

/** Levenshtein distance of a and b, or max + 1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

const built = new WeakMap<object, Vocabulary>();

/**
 * The vocabulary of suggest rows (title and name keys; brands' name keys hold their English name
 * too), built once per rows array.
 */
export function vocabularyOf(
  rows: readonly { title: string; name_keys: string; popularity: number }[],
): Vocabulary {
  const hit = built.get(rows);
  if (hit) return hit;
  const byKeys = new Map<string, VocabularyWord>();
  const add = (text: string, keys: string, popularity: number) => {
    if (!keys) return;
    const w = byKeys.get(keys);
    if (!w) byKeys.set(keys, { text, keys, popularity });
    else if (popularity > w.popularity) w.popularity = popularity;
  };
  for (const r of rows) {
    for (const k of r.name_keys.split('|')) add(r.title, k, r.popularity);
    const words = normaliseText(r.title).split(' ');
    if (words.length > 1) for (const w of words) add(w, toKeys(w), r.popularity);
  }
  // English and romanised names: offered as the Korean word.
  for (const [english, korean] of ENGLISH_TERMS) {
    for (const e of english) add(korean[0] as string, e.replace(/ /g, ''), 0);
  }
  const words = [...byKeys.values()];
  const byLength: VocabularyWord[][] = [];
  for (const w of words) {
    const same = byLength[w.keys.length];
    if (same) same.push(w);
    else byLength[w.keys.length] = [w];
  }
  const v = { words, known: new Set(words.map((w) => w.keys)), byLength, looked: new Map() };
  built.set(rows, v);
  return v;
}

/**
 * What the vocabulary says about a typed word: known (a vocabulary word or inside one: a partial
 * word is not a typo), and, unless known (or for the whole query, always), its words within the
 * allowed distance, closest then most popular first. Only words of a length in reach are
 * compared, at most `budget.left` of them; an answer cut short by the budget is not remembered.
 */
function lookUp(
  v: Vocabulary,
  keys: string,
  budget: { left: number },
  stats: CorrectionStats | undefined,
  whole = false,
): WordLookup {
  const key = whole ? `=${keys}` : keys;
  const hit = v.looked.get(key);
  if (hit) return hit;
  let known = v.known.has(keys);
  if (!known && !whole) for (const k of v.known) if (k.includes(keys)) known = true;
  const max = allowedDistance(keys);
  const found: { w: VocabularyWord; d: number }[] = [];
  let complete = true;
  if (whole || !known) {
    for (let len = Math.max(1, keys.length - max); len <= keys.length + max && complete; len++) {
      for (const w of v.byLength[len] ?? []) {
        if (budget.left <= 0) {
          complete = false;
          break;
        }
        budget.left -= 1;
        if (stats) stats.comparisons += 1;
        const d = editDistance(keys, w.keys, max);
        if (d <= max && d > 0) found.push({ w, d });
      }
    }
  }
  const near = found
    .sort((a, b) => a.d - b.d || b.w.popularity - a.w.popularity || a.w.text.localeCompare(b.w.text))
    .map((f) => f.w)
    .slice(0, MAX_CORRECTIONS);
  const answer = { known, near };
  if (complete) {
    if (v.looked.size >= MAX_REMEMBERED_WORDS) v.looked.clear();
    v.looked.set(key, answer);
  }
  return answer;
}

/**
 * Corrected queries for `q`, best first, different from what was searched: the whole query as
 * one vocabulary word (urbntailor → 어반테일러), then every unknown word replaced by its
 * nearest vocabulary words (known words kept: 와이드 슬랙수 → 와이드 슬랙스).
 */
export function corrections(q: AnalysedQuery, v: Vocabulary, stats?: CorrectionStats): string[] {
  if (q.choseong || !q.meaningful) return [];
  const out: string[] = [];
  const offer = (text: string) => {
    const t = normaliseText(text);
    if (t && t !== q.meaningful && t !== q.display && !out.includes(t)) out.push(t);
  };
  // A word typed in English mode is compared as the Hangul it spells.
  const words = q.meaningful.split(' ').map((w) => {
    const hangul = qwertyToHangul(w);
    return { text: w, keys: toKeys(w), hangul };
  });
  const budget = { left: MAX_COMPARISONS };
  const whole = toKeys(q.meaningful);
  if (words.length > 1) for (const w of lookUp(v, whole, budget, stats, true).near) offer(w.text);
  let looked = 0;
  const options = words.map((w) => {
    const typed = [w.hangul ?? w.text];
    if (looked >= MAX_CORRECTED_WORDS) return typed;
    const keys = w.hangul ? toKeys(w.hangul) : w.keys;
    if (translateQuery(w.text).length) return typed;
    looked += 1;
    const found = lookUp(v, keys, budget, stats);
    return found.known || !found.near.length ? typed : found.near.map((n) => n.text);
  });
  for (let i = 0; i < MAX_CORRECTIONS; i++) {
    if (!options.some((o) => o.length > i)) break;
    offer(options.map((o) => o[Math.min(i, o.length - 1)]).join(' '));
  }
  return out.slice(0, MAX_CORRECTIONS);
}
