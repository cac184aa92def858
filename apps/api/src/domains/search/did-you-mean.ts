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
}

/** Candidates offered at most (each is then checked for hits). */
export const MAX_CORRECTIONS = 3;

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
  const v = { words, known: new Set(words.map((w) => w.keys)) };
  built.set(rows, v);
  return v;
}

/** Vocabulary words within the allowed distance of `keys`, closest then most popular first. */
function nearest(v: Vocabulary, keys: string): VocabularyWord[] {
  const max = allowedDistance(keys);
  const found: { w: VocabularyWord; d: number }[] = [];
  for (const w of v.words) {
    const d = editDistance(keys, w.keys, max);
    if (d <= max && d > 0) found.push({ w, d });
  }
  return found
    .sort((a, b) => a.d - b.d || b.w.popularity - a.w.popularity || a.w.text.localeCompare(b.w.text))
    .map((f) => f.w);
}

/** Whether a word (key form) is a vocabulary word or inside one (a partial word is not a typo). */
function isKnown(v: Vocabulary, keys: string): boolean {
  if (v.known.has(keys)) return true;
  for (const k of v.known) if (k.includes(keys)) return true;
  return false;
}

/**
 * Corrected queries for `q`, best first, different from what was searched: the whole query as
 * one vocabulary word (urbntailor → 어반테일러), then every unknown word replaced by its
 * nearest vocabulary words (known words kept: 와이드 슬랙수 → 와이드 슬랙스).
 */
export function corrections(q: AnalysedQuery, v: Vocabulary): string[] {
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
  const whole = toKeys(q.meaningful);
  if (words.length > 1) for (const w of nearest(v, whole).slice(0, MAX_CORRECTIONS)) offer(w.text);
  const options = words.map((w) => {
    const keys = w.hangul ? toKeys(w.hangul) : w.keys;
    if (translateQuery(w.text).length || isKnown(v, keys)) return [w.hangul ?? w.text];
    const near = nearest(v, keys).slice(0, MAX_CORRECTIONS);
    return near.length ? near.map((n) => n.text) : [w.hangul ?? w.text];
  });
  for (let i = 0; i < MAX_CORRECTIONS; i++) {
    if (!options.some((o) => o.length > i)) break;
    offer(options.map((o) => o[Math.min(i, o.length - 1)]).join(' '));
  }
  return out.slice(0, MAX_CORRECTIONS);
}
