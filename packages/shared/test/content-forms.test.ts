import { describe, expect, it } from 'vitest';
import {
  hideAnswerMarks,
  largestRemainderPercents,
  postFormBlocks,
  splitPostBody,
  tallyAnswers,
} from '../src/content-forms.ts';

describe('largestRemainderPercents', () => {
  it('adds up to 100, the missing points to the largest remainders', () => {
    expect(largestRemainderPercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainderPercents([2, 1])).toEqual([67, 33]);
    expect(largestRemainderPercents([1, 2, 3, 4, 5, 6, 7])).toEqual([4, 7, 11, 14, 18, 21, 25]);
    for (const c of [[1, 1, 1], [7, 0, 3], [1, 2, 3, 4, 5, 6, 7], [13, 17, 19, 23], [1]]) {
      expect(largestRemainderPercents(c).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });
  it('is all 0 with nothing counted', () => {
    expect(largestRemainderPercents([0, 0])).toEqual([0, 0]);
    expect(largestRemainderPercents([])).toEqual([]);
  });
});

describe('tallyAnswers', () => {
  it('counts per option in the options order, zeros kept, others after by count', () => {
    expect(
      tallyAnswers(
        [
          { value: 'B', n: 2 },
          { value: 'A', n: 1 },
          { value: 'C', n: 1 },
        ],
        ['A', 'B', 'D'],
      ),
    ).toEqual({
      total: 4,
      options: [
        { value: 'A', count: 1, percent: 25 },
        { value: 'B', count: 2, percent: 50 },
        { value: 'D', count: 0, percent: 0 },
        { value: 'C', count: 1, percent: 25 },
      ],
    });
  });
  it('counts each choice of a multi-choice answer once, numbers and booleans as text', () => {
    const t = tallyAnswers([
      { value: ['셔츠', '슬랙스', '셔츠'], n: 1 },
      { value: ['셔츠'], n: 1 },
      { value: 4, n: 1 },
      { value: true, n: 1 },
    ]);
    expect(t.total).toBe(4);
    expect(t.options.map((o) => [o.value, o.count])).toEqual([
      ['셔츠', 2],
      ['4', 1],
      ['true', 1],
      ['슬랙스', 1],
    ]);
    expect(t.options.reduce((a, o) => a + o.percent, 0)).toBe(100);
  });
});

describe('post form blocks', () => {
  const body = [
    '인트로',
    ':::quiz 1',
    '올가을 가장 많이 팔린 아우터는?',
    '- 트렌치코트',
    '- 블루종 (정답)',
    ':::',
    '본문',
    ':::survey 2',
    '가장 좋아하는 색은?',
    '- 블랙',
    '- 네이비 (정답)',
    ':::',
    ':::quiz 1',
    '같은 번호는 글로 남아요',
    '- a',
    '- b',
    ':::',
    ':::mini-quiz 3',
    '보기가 하나면 글',
    '- a',
    ':::',
  ].join('\n');
  it('reads quiz, survey and mini-quiz blocks with the right option of a quiz', () => {
    expect(postFormBlocks(body)).toEqual([
      {
        form: 'post-quiz',
        question_id: 1,
        question: '올가을 가장 많이 팔린 아우터는?',
        options: ['트렌치코트', '블루종'],
        correct: '블루종',
      },
      // A survey has no right answer: the mark is dropped and ignored.
      {
        form: 'post-survey',
        question_id: 2,
        question: '가장 좋아하는 색은?',
        options: ['블랙', '네이비'],
        correct: null,
      },
    ]);
  });
  it('keeps the text around the blocks, and malformed or repeated blocks as text', () => {
    const parts = splitPostBody(body);
    expect(parts.map((p) => p.kind)).toEqual(['text', 'form', 'text', 'form', 'text']);
    expect(parts[0]).toEqual({ kind: 'text', text: '인트로' });
    expect(parts[4]?.kind === 'text' && parts[4].text).toContain('같은 번호는 글로 남아요');
    expect(hideAnswerMarks(body)).toContain('- 블루종\n');
    expect(hideAnswerMarks(body)).not.toContain('블루종 (정답)');
    expect(postFormBlocks(hideAnswerMarks(body))[0]?.correct).toBeNull();
    expect(splitPostBody(':::quiz 1\n질문\n- a\n- b')).toEqual([
      { kind: 'text', text: ':::quiz 1\n질문\n- a\n- b' },
    ]);
  });
});
