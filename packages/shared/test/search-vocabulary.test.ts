import { describe, expect, it } from 'vitest';
import { analyseQuery, highlightRanges, matchesTyped, toKeys } from '../src/search-text.ts';
import {
  isJunkKeyword,
  koreanOf,
  STOP_WORDS,
  stripStopWords,
  translateQuery,
} from '../src/search-vocabulary.ts';

describe('English and romanised names', () => {
  it.each([
    ['slacks', ['슬랙스']],
    ['SLACKS', ['슬랙스']],
    ['polo', ['폴로']],
    ['knit', ['니트']],
    ['cardigans', ['가디건']],
    ['shirts', ['셔츠']],
    ['loafers', ['로퍼']],
    ['puffer', ['패딩']],
    ['jeans', ['데님', '청바지']],
    ['chinos', ['치노']],
    ['hoodie', ['후드']],
    ['sweatshirt', ['맨투맨']],
    ['tee', ['티셔츠']],
    ['t-shirt', ['티셔츠']],
    ['T Shirts', ['티셔츠']],
    ['sneakers', ['스니커즈']],
    ['seullaekseu', ['슬랙스']],
    ['niteu', ['니트']],
    ['maentumaen', ['맨투맨']],
    ['black slacks', ['블랙 슬랙스']],
    ['wide 슬랙스', ['와이드 슬랙스']],
  ])('%s → %j', (query, korean) => {
    expect(translateQuery(analyseQuery(query).meaningful)).toEqual(korean);
  });

  it('translates whole words only, and leaves Korean and unknown words alone', () => {
    expect(translateQuery('slack')).toEqual([]);
    expect(translateQuery('slacksy')).toEqual([]);
    expect(translateQuery('슬랙스')).toEqual([]);
    expect(translateQuery('urban tailor')).toEqual([]);
    expect(koreanOf('dress')).toBeNull();
    expect(koreanOf('ul')).toBeNull(); // too short a romanised form (울)
  });

  it('makes the Korean a direct reading of the query, shown as the interpreted query', () => {
    const q = analyseQuery('slacks');
    expect(q.display).toBe('슬랙스');
    expect(q.readings.map((r) => [r.text, r.synonym])).toEqual([
      ['slacks', false],
      ['슬랙스', false],
    ]);
    // English brand names keep their own reading first.
    expect(analyseQuery('urban tailor').readings[0]?.keys).toBe('urbantailor');
    // English-mode typing is still read as Hangul.
    expect(analyseQuery('tmffortm').display).toBe('슬랙스');
  });
});

describe('stop words', () => {
  it.each([
    ['남자 니트', '니트'],
    ['니트 남자', '니트'],
    ['남자니트', '니트'],
    ['니트남자', '니트'],
    ['남성 슬랙스', '슬랙스'],
    ['남성용셔츠', '셔츠'],
    ['맨즈 코트', '코트'],
    ['남 니트', '니트'],
    ['mens knit', 'knit'],
    ["men's knit", 'knit'],
    ['knit for men', 'knit'],
    ['남자 와이드 슬랙스', '와이드 슬랙스'],
    // Kept: the whole query, and real words that merely start with one.
    ['남자', '남자'],
    ['남성 남자', '남성 남자'],
    ['남자친구 선물', '남자친구 선물'],
    ['남성복', '남성복'],
    ['남방', '남방'],
    ['모던하우스맨', '모던하우스맨'],
    ['맨투맨', '맨투맨'],
  ])('%s → %s', (query, out) => {
    expect(stripStopWords(analyseQuery(query).normalised)).toBe(out);
    expect(analyseQuery(query).meaningful).toBe(out);
  });

  it('removes every listed stop word (the quick pre-test lets each through)', () => {
    for (const w of STOP_WORDS) expect(stripStopWords(`${w} 니트`), w).toBe('니트');
  });

  it('searches the same readings with and without them, 초성 included', () => {
    const keysOf = (s: string) => analyseQuery(s).readings.map((r) => r.keys);
    expect(keysOf('남자 니트')).toEqual(keysOf('니트'));
    expect(keysOf('남자니트')).toEqual(keysOf('니트'));
    expect(analyseQuery('남자 ㄴㅌ')).toMatchObject({ choseong: true, initials: 'sx' });
    expect(analyseQuery('mens slacks').readings.map((r) => r.keys)).toContain(toKeys('슬랙스'));
  });
});

describe('junk keywords', () => {
  it.each([
    'ㄴㅌ',
    'ㅅㄹㅅ',
    '맨투ㅁ',
    '123',
    '!!',
    'a',
    'ㅋㅋㅋㅋ',
    '하하하하',
    'zzqqxx',
    '',
    '가'.repeat(31),
  ])('%j is junk', (k) => {
    expect(isJunkKeyword(k)).toBe(true);
  });
  it.each([
    '슬랙스',
    '와이드 슬랙스',
    '진',
    'polo',
    'urban tailor',
    'MA-1 자켓',
    '2버튼 블레이저',
  ])('%j is a keyword', (k) => {
    expect(isJunkKeyword(k)).toBe(false);
  });
});

describe('highlighting a suggestion', () => {
  const marked = (text: string, typed: string) =>
    highlightRanges(text, typed)
      .map(([a, b]) => text.slice(a, b))
      .join('+');
  it.each([
    ['니트 조끼', 'ㄴㅌ', '니트'],
    ['크루넥 니트', 'ㄴㅌ', '니트'],
    ['맨투맨', '맨투ㅁ', '맨투맨'],
    ['와이드 슬랙스', '슬랙', '슬랙'],
    ['와이드 슬랙스', 'tmffortm', '슬랙스'],
    ['와이드 슬랙스', 'slacks', '슬랙스'],
    ['와이드 슬랙스', '와이드슬랙스', '와이드 슬랙스'],
    ['와이드 슬랙스', '슬랙스 와이드', '와이드+슬랙스'],
    ['와이드 슬랙스', '남자 슬랙스', '슬랙스'],
    ['URBAN TAILOR', 'urban', 'URBAN'],
    ['코트', '셔츠', ''],
  ])('%s for %s: %s', (text, typed, out) => {
    expect(marked(text, typed)).toBe(out);
  });

  it('matches what is typed as the server does (recent searches)', () => {
    expect(matchesTyped('니트', '남자 니트')).toBe(true);
    expect(matchesTyped('슬랙스', 'slacks')).toBe(true);
  });
});
