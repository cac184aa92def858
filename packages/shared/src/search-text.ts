/**
 * Korean search text: the pure functions both the API (stored search forms, query analysis) and
 * the storefront (autocomplete, 초성 highlighting) use. Built on es-hangul.
 *
 * The central idea is the **key form**: text written as the QWERTY keys one would press on a
 * Korean 2-set (두벌식) keyboard, lower-cased, without spaces or punctuation. 슬랙스 → `tmffortm`.
 * - A partly typed syllable is a prefix of the finished one: 맨투ㅁ → `aosxna` ⊂ `aosxnaos` (맨투맨).
 * - Text typed with the keyboard in English mode is already the key form: `tmffortm` finds 슬랙스.
 * - English (brand) text stays as it is: `urban tailor` → `urbantailor`.
 * - It is plain ASCII, so PostgreSQL pg_trgm indexes it whatever the server's locale is (pg_trgm
 *   drops non-ASCII letters under the C locale), and OpenSearch could index it the same way.
 * Lower-casing merges the shifted keys (ㅆ/ㅅ, ㄲ/ㄱ, ㅒ/ㅐ …): a deliberate tolerance.
 *
 * The **initials form** is the 초성 of the Hangul, in keys: 와이드 슬랙스 → ㅇㅇㄷㅅㄹㅅ → `ddetft`.
 */
import { convertHangulToQwerty, convertQwertyToHangul, disassemble, getChoseong } from 'es-hangul';
import { stripStopWords, translateQuery } from './search-vocabulary.ts';

/**
 * Common misspellings and spelling variants, rewritten to the spelling the catalogue uses, on
 * both the stored text and the query (so either spelling finds the other). Applied to the compact
 * form (no spaces), longest first. No variant is a substring of its canonical spelling.
 */
export const SPELLING_VARIANTS: ReadonlyArray<readonly [variant: string, canonical: string]> = [
  ['슬렉스', '슬랙스'],
  ['스랙스', '슬랙스'],
  ['쓸랙스', '슬랙스'],
  ['샤쓰', '셔츠'],
  ['셔쓰', '셔츠'],
  ['샤츠', '셔츠'],
  ['셔쯔', '셔츠'],
  ['쟈켓', '자켓'],
  ['재킷', '자켓'],
  ['자캣', '자켓'],
  ['블레이져', '블레이저'],
  ['가디간', '가디건'],
  ['가디겅', '가디건'],
  ['멘투멘', '맨투맨'],
  ['멘투맨', '맨투맨'],
  ['맨투멘', '맨투맨'],
  ['닛트', '니트'],
  ['잠바', '점퍼'],
  ['점바', '점퍼'],
  ['빠딩', '패딩'],
  ['로우퍼', '로퍼'],
  ['칼라', '카라'],
  ['슈트', '수트'],
  ['츄리닝', '트레이닝'],
  ['스웨타', '스웨터'],
  ['스니커스', '스니커즈'],
  ['후우드', '후드'],
  ['코오트', '코트'],
  ['트렌치 코트', '트렌치코트'],
  ['부우츠', '부츠'],
  ['넥타이즈', '넥타이'],
  ['옥스퍼드', '옥스포드'],
  ['악세사리', '액세서리'],
  ['악세서리', '액세서리'],
  ['엑세서리', '액세서리'],
  ['백펙', '백팩'],
  ['베낭', '백팩'],
] as const;

/**
 * Words that mean the same thing in a shop (one meaning, different words). A query containing one
 * also searches the others; the stored text is not changed.
 */
export const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = [
  ['청바지', '데님', '진'],
  ['면바지', '치노'],
  ['맨투맨', '스웨트셔츠', '스웻셔츠'],
  ['운동화', '스니커즈'],
  ['바지', '팬츠'],
  ['가방', '백'],
  ['모자', '캡'],
  ['안경', '아이웨어'],
  ['목도리', '머플러'],
  ['넥타이', '타이'],
  ['반팔', '반소매'],
  ['긴팔', '긴소매'],
  ['조거', '트레이닝'],
  ['다운', '패딩'],
  ['후드', '후디'],
  ['와이셔츠', '드레스셔츠'],
  ['스웨터', '니트'],
  ['정장', '수트', '셋업'],
  ['출근룩', '오피스룩', '비즈니스캐주얼'],
];

const KEEP = /[^0-9a-z가-힣ㄱ-ㅎㅏ-ㅣ\s]/g;

/** NFC, lower case, punctuation to spaces, spaces collapsed and trimmed. */
export function normaliseText(input: string): string {
  return input.normalize('NFC').toLowerCase().replace(KEEP, ' ').replace(/\s+/g, ' ').trim();
}

/** Normalised text without spaces, spelling variants rewritten (와이드 슬렉스 → 와이드슬랙스). */
export function compactText(input: string): string {
  let s = normaliseText(input).replace(/ /g, '');
  for (const [variant, canonical] of VARIANTS_LONGEST_FIRST) {
    if (s.includes(variant)) s = s.replaceAll(variant, canonical);
  }
  return s;
}

const VARIANTS_LONGEST_FIRST = [...SPELLING_VARIANTS]
  .map(([v, c]) => [v.replace(/ /g, ''), c.replace(/ /g, '')] as const)
  .filter(([v, c]) => v !== c)
  .sort((a, b) => b[0].length - a[0].length);

/**
 * The keyword a search counts under in the realtime and recommended keywords: the query as
 * typed with its spelling variants rewritten to the catalogue's spelling (셔쯔 → 셔츠, 와이드
 * 슬렉스 → 와이드 슬랙스), so one shopper's typo never becomes everyone's trend.
 */
export function trendKeywordOf(display: string): string {
  let s = display.normalize('NFC').trim().replace(/\s+/g, ' ');
  for (const [variant, canonical] of VARIANTS_AS_WRITTEN) {
    if (s.includes(variant)) s = s.replaceAll(variant, canonical);
  }
  return s;
}

const VARIANTS_AS_WRITTEN = [...SPELLING_VARIANTS].sort((a, b) => b[0].length - a[0].length);

/** The key form (see the module comment): 와이드 슬랙스 → `dhkdlemtmffortm`. */
export function toKeys(input: string): string {
  const s = compactText(input);
  return s ? convertHangulToQwerty(s).toLowerCase() : '';
}

/** 초성 of the Hangul syllables (and lone consonants), other characters dropped: 와이드 슬랙스 → ㅇㅇㄷㅅㄹㅅ. */
export function toChoseong(input: string): string {
  const s = compactText(input);
  return getChoseong(s).replace(/[^ㄱ-ㅎ]/g, '');
}

/** The initials form: 초성 in keys (슬랙스 → `tft`). */
export function toInitialKeys(input: string): string {
  const c = toChoseong(input);
  return c ? convertHangulToQwerty(c).toLowerCase() : '';
}

/** Jamo sequence (맨투ㅁ → ㅁㅐㄴㅌㅜㅁ), for highlighting and client-side matching. */
export function toJamo(input: string): string {
  return disassemble(compactText(input));
}

/** True when the text is only Hangul consonants (spaces allowed): a 초성 query such as ㅅㄹㅅ. */
export function isChoseongQuery(input: string): boolean {
  const s = normaliseText(input).replace(/ /g, '');
  return s.length > 0 && /^[ㄱ-ㅎ]+$/.test(s);
}

/**
 * Text typed with the keyboard in English mode, read back as Hangul (tmffortm → 슬랙스), or null
 * when the text is not plausibly that: it must be only latin letters and give whole syllables
 * (a trailing lone jamo is allowed, as while typing), and not be an English word that also happens
 * to assemble (checked by the caller against the catalogue; here only the shape is checked).
 */
export function qwertyToHangul(input: string): string | null {
  const s = input.normalize('NFC').trim();
  if (!s || !/^[A-Za-z ]+$/.test(s)) return null;
  const converted = convertQwertyToHangul(s.replace(/\s+/g, ' '));
  // Every word must start with a syllable and have at most one lone jamo (the one being typed).
  const words = converted.split(' ').filter(Boolean);
  if (words.length === 0) return null;
  for (const w of words) {
    if (!/^[가-힣]/.test(w)) return null;
    const lone = w.match(/[ㄱ-ㅎㅏ-ㅣ]/g)?.length ?? 0;
    if (lone > 1 || (lone === 1 && !/[ㄱ-ㅎㅏ-ㅣ]$/.test(w))) return null;
    if (/[a-z]/i.test(w)) return null;
  }
  return words.join(' ');
}

/** One way of reading a query: the tokens (each in key form) that must all match. */
export interface QueryReading {
  /** Display text of this reading (슬랙스 for tmffortm). */
  text: string;
  /** Key form of the whole reading without spaces. */
  keys: string;
  /** Key form of each space-separated word (one entry when the query has no space). */
  tokens: string[];
  /** A synonym of what was typed (ranked after direct matches). */
  synonym: boolean;
  /**
   * Whether the whole reading / each token ends in a complete Hangul syllable. A submitted search
   * for such a word should not match a longer syllable (코트 is not 코튼): see syllableEndPattern.
   */
  complete: boolean;
  tokenComplete: boolean[];
}

export interface AnalysedQuery {
  /** Normalised query as typed (spaces collapsed). */
  normalised: string;
  /** What is searched: the normalised query without stop words (남자 니트 → 니트; search-vocabulary.ts). */
  meaningful: string;
  /**
   * Best display form: the Korean of English or romanised words (slacks → 슬랙스), else the Hangul
   * reading of English-mode typing (tmffortm → 슬랙스), else the meaningful query.
   */
  display: string;
  /** True for a 초성 query (ㅅㄹㅅ): match the initials form with `initials`. */
  choseong: boolean;
  /** Initials form of a 초성 query (`tft`), '' otherwise. */
  initials: string;
  /** Readings to try (the query itself, its English-mode Hangul, synonyms); first is the query. */
  readings: QueryReading[];
}

const MAX_READINGS = 6;
export const MAX_QUERY_LENGTH = 50;

const endsInSyllable = (compact: string) => /[가-힣]$/.test(compact);

function reading(text: string, synonym: boolean): QueryReading | null {
  const keys = toKeys(text);
  if (!keys) return null;
  const complete = endsInSyllable(compactText(text));
  const tokens: string[] = [];
  const tokenComplete: boolean[] = [];
  for (const w of normaliseText(text).split(' ').filter(Boolean)) {
    const k = toKeys(w);
    if (!k || tokens.includes(k)) continue;
    tokens.push(k);
    tokenComplete.push(endsInSyllable(compactText(w)));
  }
  return tokens.length
    ? { text: normaliseText(text), keys, tokens, synonym, complete, tokenComplete }
    : { text: normaliseText(text), keys, tokens: [keys], synonym, complete, tokenComplete: [complete] };
}

/** Vowel keys of the 2-set layout (lower case): ㅛㅕㅑㅐㅔㅗㅓㅏㅣㅠㅜㅡ. */
const VOWEL_KEYS = 'yuiophjklbnm';
/** Consonant keys (lower case): ㅂㅈㄷㄱㅅㅁㄴㅇㄹㅎㅋㅌㅊㅍ. */
const CONSONANT_KEYS = 'qwertasdfgzxcv';

/**
 * A regular expression (POSIX, for PostgreSQL `~` and JavaScript alike) matching `keys` only where
 * its last syllable ends: followed by the end, a field separator `|`, or a consonant that starts
 * the next syllable (a consonant key followed by a vowel key). So 코트 (`zhxm`) finds 티셔츠-like
 * compounds and 코트 itself but not 코튼 (`zhxms`: the ㄴ is a final consonant of the same
 * syllable), and 오 does not find 와. Keys are [a-z0-9], so they need no escaping.
 */
export function syllableEndPattern(keys: string): string {
  return `${keys}($|[|]|[${CONSONANT_KEYS}][${VOWEL_KEYS}])`;
}

/** Synonym alternatives of a compact text: each group member found is swapped for the others. */
export function synonymAlternatives(text: string): string[] {
  const norm = normaliseText(text);
  const out: string[] = [];
  for (const group of SYNONYM_GROUPS) {
    for (const word of group) {
      // Whole-word or whole-query matches only for one-syllable words (진, 백, 캡, 타이 …).
      const short = word.length <= 2;
      const hit = short ? norm.split(' ').includes(word) : norm.replace(/ /g, '').includes(word);
      if (!hit) continue;
      for (const other of group) {
        if (other === word) continue;
        const alt = short
          ? norm
              .split(' ')
              .map((w) => (w === word ? other : w))
              .join(' ')
          : norm.replace(/ /g, '').replaceAll(word, other);
        out.push(alt);
      }
    }
  }
  return out;
}

/**
 * Everything the search engine needs to know about a query. Readings, best first: the query
 * without stop words, its English-mode Hangul, its English and romanised words in Korean (all
 * direct), then synonyms of those.
 */
export function analyseQuery(input: string): AnalysedQuery {
  const normalised = normaliseText(input.slice(0, MAX_QUERY_LENGTH * 2)).slice(0, MAX_QUERY_LENGTH);
  const meaningful = stripStopWords(normalised);
  const choseong = isChoseongQuery(meaningful);
  const hangulOfQwerty = qwertyToHangul(meaningful);
  // Only latin words can be English or romanised names.
  const translated = choseong || !/[a-z]/.test(meaningful) ? [] : translateQuery(meaningful);
  const direct = [meaningful, ...(hangulOfQwerty ? [hangulOfQwerty] : []), ...translated];
  const texts: [string, boolean][] = direct.map((t) => [t, false]);
  for (const t of direct) for (const alt of synonymAlternatives(t)) texts.push([alt, true]);
  const readings: QueryReading[] = [];
  const seen = new Set<string>();
  for (const [t, synonym] of texts) {
    const r = reading(t, synonym);
    if (!r) continue;
    const key = `${r.keys}|${r.tokens.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    readings.push(r);
    if (readings.length >= MAX_READINGS) break;
  }
  return {
    normalised,
    meaningful,
    display: translated[0] ?? hangulOfQwerty ?? meaningful,
    choseong,
    initials: choseong ? toInitialKeys(meaningful) : '',
    readings,
  };
}

/**
 * Does `candidate` match what is being typed? The storefront's client-side check (recent
 * searches, highlighting): 초성, partial syllables, English-mode typing and spacing all count.
 */
export function matchesTyped(candidate: string, typed: string): boolean {
  const q = analyseQuery(typed);
  if (!q.normalised) return false;
  if (q.choseong) return toInitialKeys(candidate).includes(q.initials);
  const keys = toKeys(candidate);
  return q.readings.some((r) => keys.includes(r.keys) || r.tokens.every((t) => keys.includes(t)));
}

/** The keys one character contributes to the key form (초성 form when `initials`). */
function charKeys(c: string, initials: boolean): string {
  if (/[가-힣]/.test(c)) return convertHangulToQwerty(initials ? getChoseong(c) : c).toLowerCase();
  if (/[ㄱ-ㅎ]/.test(c)) return convertHangulToQwerty(c).toLowerCase();
  if (initials) return '';
  if (/[ㅏ-ㅣ]/.test(c)) return convertHangulToQwerty(c).toLowerCase();
  return /[0-9a-z]/i.test(c) ? c.toLowerCase() : '';
}

/**
 * Where `candidate` (a suggestion) matches what is typed, as [start, end) ranges of its
 * characters, for bold text: the same readings as the search (초성 ㄴㅌ → 니트, partial syllables
 * 맨투ㅁ → 맨투맨, English-mode typing, English words slacks → 슬랙스, any spacing). A partly typed
 * syllable marks the whole syllable. [] when no reading is found in it as a whole or word by word.
 */
export function highlightRanges(candidate: string, typed: string): [number, number][] {
  const q = analyseQuery(typed);
  if (!q.normalised) return [];
  const keys: string[] = [];
  const at: number[] = [];
  for (let i = 0; i < candidate.length; i++) {
    for (const k of charKeys(candidate[i] as string, q.choseong)) {
      keys.push(k);
      at.push(i);
    }
  }
  const text = keys.join('');
  const find = (k: string): [number, number] | null => {
    const j = k ? text.indexOf(k) : -1;
    return j < 0 ? null : [at[j] as number, (at[j + k.length - 1] as number) + 1];
  };
  if (q.choseong) {
    const r = find(q.initials);
    return r ? [r] : [];
  }
  for (const r of q.readings) {
    const whole = find(r.keys);
    if (whole) return [whole];
  }
  for (const r of q.readings) {
    const parts = r.tokens.map(find);
    if (parts.every((p) => p !== null)) {
      const sorted = (parts as [number, number][]).sort((a, b) => a[0] - b[0]);
      const merged: [number, number][] = [];
      for (const p of sorted) {
        const last = merged[merged.length - 1];
        if (last && p[0] <= last[1]) last[1] = Math.max(last[1], p[1]);
        else merged.push([p[0], p[1]]);
      }
      return merged;
    }
  }
  return [];
}
