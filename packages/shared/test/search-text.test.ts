import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, searchCountText } from '../src/search-lists.ts';
import {
  analyseQuery,
  compactText,
  isChoseongQuery,
  matchesTyped,
  normaliseText,
  qwertyToHangul,
  syllableEndPattern,
  synonymAlternatives,
  toChoseong,
  toInitialKeys,
  toJamo,
  toKeys,
  trendKeywordOf,
} from '../src/search-text.ts';

describe('normalising', () => {
  it.each([
    ['  와이드   슬랙스 ', '와이드 슬랙스'],
    ['URBAN Tailor', 'urban tailor'],
    ["TWELVE O'CLOCK", 'twelve o clock'],
    ['자켓·점퍼', '자켓 점퍼'],
    ['울 100%', '울 100'],
  ])('normaliseText(%s) = %s', (input, out) => {
    expect(normaliseText(input)).toBe(out);
  });

  it.each([
    ['와이드 슬랙스', '와이드슬랙스'],
    ['와이드 슬렉스', '와이드슬랙스'],
    ['샤쓰', '셔츠'],
    ['티샤쓰', '티셔츠'],
    ['멘투맨', '맨투맨'],
    ['블레이져', '블레이저'],
    ['가디간', '가디건'],
    ['오픈 칼라 셔츠', '오픈카라셔츠'],
    ['트렌치 코트', '트렌치코트'],
    ['슬랙스', '슬랙스'],
  ])('compactText(%s) = %s', (input, out) => {
    expect(compactText(input)).toBe(out);
  });
});

describe('key form', () => {
  it('writes Hangul as the keys of a 2-set keyboard, lower case, without spaces', () => {
    expect(toKeys('슬랙스')).toBe('tmffortm');
    expect(toKeys('와이드 슬랙스')).toBe(toKeys('와이드슬랙스'));
    expect(toKeys('URBAN TAILOR')).toBe('urbantailor');
  });

  it('makes a partly typed syllable a prefix of the finished word', () => {
    expect(toKeys('맨투맨').startsWith(toKeys('맨투ㅁ'))).toBe(true);
    expect(toKeys('슬랙스').startsWith(toKeys('슬랙ㅅ'))).toBe(true);
    expect(toKeys('슬랙스').startsWith(toKeys('슬래'))).toBe(true);
  });

  it('gives English-mode typing the same form as the Hangul', () => {
    expect(toKeys('tmffortm')).toBe(toKeys('슬랙스'));
    expect(toKeys('TMFFORTM')).toBe(toKeys('슬랙스'));
  });

  it('gives a variant spelling the canonical form', () => {
    expect(toKeys('슬렉스')).toBe(toKeys('슬랙스'));
    expect(toKeys('샤쓰')).toBe(toKeys('셔츠'));
  });

  it('merges shifted keys (ㅆ/ㅅ) as a deliberate tolerance', () => {
    expect(toKeys('슬랙쓰')).toBe(toKeys('슬랙스'));
  });
});

describe('초성', () => {
  it.each([
    ['슬랙스', 'ㅅㄹㅅ'],
    ['와이드 슬랙스', 'ㅇㅇㄷㅅㄹㅅ'],
    ['어반테일러 URBAN', 'ㅇㅂㅌㅇㄹ'],
    ['맨투ㅁ', 'ㅁㅌㅁ'],
  ])('toChoseong(%s) = %s', (input, out) => {
    expect(toChoseong(input)).toBe(out);
  });

  it('writes 초성 in keys', () => {
    expect(toInitialKeys('슬랙스')).toBe('tft');
    expect(toInitialKeys('ㅅㄹㅅ')).toBe('tft');
  });

  it.each([
    ['ㅅㄹㅅ', true],
    ['ㅅ ㄹ ㅅ', true],
    ['ㄴ', true],
    ['슬ㄹㅅ', false],
    ['ㅏ', false],
    ['abc', false],
    ['', false],
  ])('isChoseongQuery(%s) = %s', (input, out) => {
    expect(isChoseongQuery(input)).toBe(out);
  });
});

describe('jamo', () => {
  it('disassembles syllables', () => {
    expect(toJamo('맨투ㅁ')).toBe('ㅁㅐㄴㅌㅜㅁ');
  });
});

describe('English-mode typing', () => {
  it.each([
    ['tmffortm', '슬랙스'],
    ['dkzkdlqmsjaqj', '아카이브넘버'],
    ['tmffort', '슬랛'],
    ['dhkdlem tmffortm', '와이드 슬랙스'],
  ])('qwertyToHangul(%s) = %s', (input, out) => {
    expect(qwertyToHangul(input)).toBe(out);
  });

  it.each(['urban', 'tailor', 'archive', '슬랙스', 'abc1', 'zz'])('%s is not read as Hangul', (input) => {
    expect(qwertyToHangul(input)).toBeNull();
  });
});

describe('synonyms', () => {
  it('swaps a group member for the others', () => {
    expect(synonymAlternatives('청바지')).toEqual(expect.arrayContaining(['데님', '진']));
    expect(synonymAlternatives('운동화')).toContain('스니커즈');
  });

  it('swaps one-syllable words only as whole words', () => {
    expect(synonymAlternatives('진 청바지')).toEqual(expect.arrayContaining(['데님 청바지']));
    expect(synonymAlternatives('진주')).toEqual([]);
  });
});

describe('analyseQuery', () => {
  it('reads a 초성 query', () => {
    const q = analyseQuery('ㅅㄹㅅ');
    expect(q.choseong).toBe(true);
    expect(q.initials).toBe('tft');
  });

  it('reads English-mode typing as Hangul for display', () => {
    const q = analyseQuery('tmffortm');
    expect(q.display).toBe('슬랙스');
    expect(q.readings[0]?.keys).toBe('tmffortm');
  });

  it('keeps words as tokens and the whole as one key form', () => {
    const q = analyseQuery('와이드  슬랙스');
    expect(q.normalised).toBe('와이드 슬랙스');
    expect(q.readings[0]).toEqual({
      text: '와이드 슬랙스',
      keys: toKeys('와이드슬랙스'),
      tokens: [toKeys('와이드'), toKeys('슬랙스')],
      synonym: false,
      complete: true,
      tokenComplete: [true, true],
    });
  });

  it('adds synonym readings', () => {
    const q = analyseQuery('청바지');
    expect(q.readings.map((r) => [r.text, r.synonym])).toEqual(
      expect.arrayContaining([
        ['청바지', false],
        ['데님', true],
      ]),
    );
  });

  it('caps the length and has no reading for punctuation only', () => {
    expect(analyseQuery('가'.repeat(200)).normalised).toHaveLength(50);
    expect(analyseQuery('!!!').readings).toEqual([]);
  });
});

describe('syllableEndPattern', () => {
  const matches = (word: string, inText: string) =>
    new RegExp(syllableEndPattern(toKeys(word))).test(toKeys(inText));
  it.each([
    ['코트', '코트', true],
    ['코트', '싱글 코트', true],
    ['코트', '트렌치코트|블랙', true],
    ['코트', '코트니', true], // 코트|니: the next syllable starts
    ['코트', '코튼', false], // ㄴ closes the same syllable
    ['셔츠', '티셔츠', true],
    ['오', '와이드', false], // ㅗ+ㅏ is one vowel
    ['슬랙', '슬랙스', true],
    ['달', '닭', false],
    ['달', '달걀', true],
  ])('%s in %s: %s', (word, text, out) => {
    expect(matches(word, text)).toBe(out);
  });

  it('marks readings and tokens that end in a syllable', () => {
    expect(analyseQuery('맨투ㅁ').readings[0]).toMatchObject({ complete: false, tokenComplete: [false] });
    expect(analyseQuery('와이드 슬랙ㅅ').readings[0]).toMatchObject({
      complete: false,
      tokenComplete: [true, false],
    });
    expect(analyseQuery('urban').readings[0]).toMatchObject({ complete: false });
  });
});

describe('matchesTyped (storefront autocomplete)', () => {
  it.each([
    ['맨투맨', '맨투ㅁ', true],
    ['슬랙스', 'ㅅㄹㅅ', true],
    ['슬랙스', 'tmffortm', true],
    ['와이드 슬랙스', '와이드슬랙스', true],
    ['와이드슬랙스', '와이드 슬랙스', true],
    ['슬랙스', '슬렉스', true],
    ['청바지', '데님', true],
    ['슬랙스', '셔츠', false],
    ['슬랙스', '', false],
  ])('%s matches %s: %s', (candidate, typed, out) => {
    expect(matchesTyped(candidate, typed)).toBe(out);
  });
});

describe('searchCountText (capped search totals)', () => {
  it('shows totals below the cap as they are and the cap or more as "2,500+"', () => {
    expect(searchCountText(0)).toBe('0');
    expect(searchCountText(1234)).toBe('1,234');
    expect(searchCountText(SEARCH_COUNT_CAP - 1)).toBe('2,499');
    expect(searchCountText(SEARCH_COUNT_CAP)).toBe('2,500+');
    expect(searchCountText(90_000)).toBe('2,500+');
  });
});

describe('trend keyword', () => {
  it('counts a spelling variant under the catalogue spelling, keeping the words as typed', () => {
    expect(trendKeywordOf('셔쯔')).toBe('셔츠');
    expect(trendKeywordOf(' 와이드   슬렉스 ')).toBe('와이드 슬랙스');
    expect(trendKeywordOf('트렌치 코트')).toBe('트렌치코트');
    expect(trendKeywordOf('슬랙스')).toBe('슬랙스');
    expect(trendKeywordOf('옥스퍼드 셔츠')).toBe('옥스포드 셔츠');
  });
});
