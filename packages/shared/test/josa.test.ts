import { describe, expect, it } from 'vitest';
import { josaOf, withJosa } from '../src/josa.ts';

describe('particles by the last syllable (es-hangul josa)', () => {
  it.each([
    ['코디', '이/가', '코디가'],
    ['콘텐츠', '이/가', '콘텐츠가'],
    ['상품', '이/가', '상품이'],
    ['상품', '을/를', '상품을'],
    ['코디', '을/를', '코디를'],
    ['(주)코디룸', '은/는', '(주)코디룸은'],
    ['코디룸컴퍼니', '은/는', '코디룸컴퍼니는'],
    ['카카오', '으로/로', '카카오로'],
    ['서울', '으로/로', '서울로'], // ㄹ takes 로
    ['옷장', '으로/로', '옷장으로'],
    ['셔츠', '와/과', '셔츠와'],
    ['청바지 세트', '와/과', '청바지 세트와'],
    ['니트 조끼', '와/과', '니트 조끼와'],
    ['가디건', '와/과', '가디건과'],
    ['3번', '이에요/예요', '3번이에요'],
    ['네이비', '이에요/예요', '네이비예요'],
  ] as const)('%s + %s → %s', (word, option, out) => {
    expect(withJosa(word, option)).toBe(out);
  });

  it('reads digits and Latin letters the Korean way', () => {
    expect(josaOf('3', '이/가')).toBe('이'); // 삼
    expect(josaOf('2', '이/가')).toBe('가'); // 이
    expect(josaOf('1', '으로/로')).toBe('로'); // 일: ㄹ
    expect(josaOf('6', '으로/로')).toBe('으로'); // 육
    expect(josaOf('Apple', '으로/로')).toBe('로');
    expect(josaOf('FILM', '이/가')).toBe('이'); // 엠
    expect(josaOf('GOLF', '을/를')).toBe('를'); // 에프
  });

  it('skips a bracketed note and looks past closing quotes and punctuation', () => {
    expect(withJosa('셔츠(블랙)', '이/가')).toBe('셔츠(블랙)가');
    expect(withJosa('야간 알림 (21시~08시)', '을/를')).toBe('야간 알림 (21시~08시)을');
    expect(withJosa('코디룸 [공식]', '은/는')).toBe('코디룸 [공식]은');
    expect(withJosa('‘니트’', '을/를')).toBe('‘니트’를');
    expect(withJosa('"슬랙스" ', '으로/로')).toBe('"슬랙스" 로');
  });

  it('has an answer for words with nothing to read', () => {
    expect(josaOf('', '이/가')).toBe('가');
    expect(josaOf('!!', '을/를')).toBe('를');
  });
});
