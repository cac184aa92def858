/**
 * The relevance rules shared by the SQL and the in-memory search engines (relevance.ts): posting
 * flags and the tiers they give, the synonym penalty, the syllable-end rule on dictionary terms
 * and the autocomplete tier. Pure: no database.
 */
import { analyseQuery, toInitialKeys, toKeys } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import {
  BRAND_ROLE,
  CHOSEONG_TIER_WORST,
  equalRolesOf,
  holdsIn,
  initialsTier,
  KEY_TIER_WORST,
  keyTier,
  NAME_ROLE,
  OTHER_ROLE,
  postingFlags,
  readingPenalty,
  SUGGEST_SYNONYM_PENALTY,
  SYNONYM_PENALTY,
  suggestTier,
  termPatterns,
  worstTier,
} from '../src/domains/search/relevance.ts';

/** The tier one product gets from its postings (term keys and roles) for a query word. */
function tierOf(word: string, postings: { keys: string; role: number }[], choseong = false): number {
  const q = analyseQuery(word);
  const k = choseong ? q.initials : toKeys(word);
  const equalRoles = equalRolesOf(q);
  let f = 0;
  for (const p of postings) f |= postingFlags(p.keys === k, p.keys.startsWith(k), p.role, equalRoles);
  return (choseong ? initialsTier : keyTier)(f);
}

describe('relevance tiers of the key form', () => {
  const k = (s: string) => toKeys(s);
  it('ranks exact name or brand, whole name word, prefix, inside, other field, brand, else', () => {
    expect(tierOf('코트', [{ keys: k('코트'), role: NAME_ROLE }])).toBe(0);
    expect(tierOf('코트', [{ keys: k('코트'), role: BRAND_ROLE }])).toBe(0);
    // A whole word of a longer name (the name is a term, its words are terms too).
    expect(
      tierOf('코트', [
        { keys: k('울 코트'), role: NAME_ROLE },
        { keys: k('코트'), role: OTHER_ROLE },
      ]),
    ).toBe(1);
    expect(tierOf('코트', [{ keys: k('코트세트'), role: NAME_ROLE }])).toBe(2);
    expect(tierOf('코트', [{ keys: k('롱코트'), role: NAME_ROLE }])).toBe(3);
    expect(tierOf('코트', [{ keys: k('코트'), role: OTHER_ROLE }])).toBe(4);
    expect(tierOf('코트', [{ keys: k('코트하우스'), role: BRAND_ROLE }])).toBe(5);
    expect(tierOf('코트', [{ keys: k('롱코트'), role: OTHER_ROLE }])).toBe(KEY_TIER_WORST);
    expect(tierOf('코트', [])).toBe(KEY_TIER_WORST);
  });

  it('sets one flag per fact about a posting', () => {
    expect(postingFlags(true, true, NAME_ROLE, NAME_ROLE | BRAND_ROLE)).toBe(1 | 2 | 4 | 8);
    expect(postingFlags(true, true, BRAND_ROLE, NAME_ROLE)).toBe(4 | 16);
    expect(postingFlags(false, true, OTHER_ROLE, NAME_ROLE | BRAND_ROLE)).toBe(0);
    expect(postingFlags(false, false, NAME_ROLE | BRAND_ROLE, NAME_ROLE)).toBe(2 | 16);
  });
});

describe('relevance tiers of a 초성 query', () => {
  const i = (s: string) => toInitialKeys(s);
  it('ranks exact name, a whole field, name prefix, inside the name, else', () => {
    expect(tierOf('ㅅㄹㅅ', [{ keys: i('슬랙스'), role: NAME_ROLE }], true)).toBe(0);
    // A brand equal to the 초성 is not tier 0 (only the name is): a whole field.
    expect(tierOf('ㅅㄹㅅ', [{ keys: i('슬랙스'), role: BRAND_ROLE }], true)).toBe(1);
    expect(tierOf('ㅅㄹㅅ', [{ keys: i('슬랙스 세트'), role: NAME_ROLE }], true)).toBe(2);
    expect(tierOf('ㅅㄹㅅ', [{ keys: i('와이드 슬랙스'), role: NAME_ROLE }], true)).toBe(3);
    expect(tierOf('ㅅㄹㅅ', [{ keys: i('와이드 슬랙스'), role: OTHER_ROLE }], true)).toBe(
      CHOSEONG_TIER_WORST,
    );
  });
});

describe('synonym readings', () => {
  it('rank after every direct tier', () => {
    const q = analyseQuery('패딩');
    const direct = q.readings.find((r) => !r.synonym);
    const synonym = q.readings.find((r) => r.synonym);
    expect(direct && readingPenalty(direct)).toBe(0);
    expect(synonym && readingPenalty(synonym)).toBe(SYNONYM_PENALTY);
    expect(SYNONYM_PENALTY).toBeGreaterThan(KEY_TIER_WORST);
    // The worst tier of the query is that of its best (direct) reading.
    expect(worstTier(q)).toBe(KEY_TIER_WORST);
    expect(worstTier({ ...q, readings: q.readings.filter((r) => r.synonym) })).toBe(
      KEY_TIER_WORST + SYNONYM_PENALTY,
    );
    expect(worstTier(analyseQuery('ㅍㄷ'))).toBe(CHOSEONG_TIER_WORST);
  });
});

describe('dictionary terms holding a word', () => {
  const terms = ['코트', '롱코트', '코튼', '코트세트', '트렌치코트'].map((t, id) => ({
    id,
    keys: toKeys(t),
  }));
  it('follow the syllable-end rule for a complete word (코트 not in 코튼)', () => {
    const holds = holdsIn(terms);
    const names = (ts: { id: number }[]) => ts.map((t) => t.id);
    expect(names(holds(toKeys('코트'), true))).toEqual([0, 1, 3, 4]);
    // An incomplete word (trailing lone jamo) matches anywhere.
    expect(names(holds(toKeys('코ㅌ'), false))).toEqual([0, 1, 2, 3, 4]);
  });

  it('are looked up by every reading and word, or the 초성 form', () => {
    expect(termPatterns(analyseQuery('와이드 슬랙스'))).toEqual(
      expect.arrayContaining([toKeys('와이드 슬랙스'), toKeys('와이드'), toKeys('슬랙스')]),
    );
    expect(termPatterns(analyseQuery('ㅅㄹㅅ'))).toEqual([toInitialKeys('ㅅㄹㅅ')]);
  });
});

describe('autocomplete tier', () => {
  it('ranks exact, prefix, inside; synonyms after', () => {
    const r = { keys: toKeys('코트'), synonym: false };
    expect(suggestTier(toKeys('코트'), r)).toBe(0);
    expect(suggestTier(toKeys('코트세트'), r)).toBe(1);
    expect(suggestTier(toKeys('롱코트'), r)).toBe(2);
    expect(suggestTier(toKeys('코트'), { ...r, synonym: true })).toBe(SUGGEST_SYNONYM_PENALTY);
    expect(SUGGEST_SYNONYM_PENALTY).toBeGreaterThan(1);
  });
});
