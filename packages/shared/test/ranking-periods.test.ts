import { describe, expect, it } from 'vitest';
import {
  groupColourways,
  rankChangeBasis,
  rankChangeLabel,
  rankChanges,
  rankingPeriodNote,
} from '../src/ranking-periods.ts';
import { formatKst } from '../src/time.ts';

describe('groupColourways: one entry per product', () => {
  const rows = [
    { product_id: 1, display_id: 10, score: 5 },
    { product_id: 1, display_id: 11, score: 8 },
    { product_id: 2, display_id: 20, score: 12 },
    { product_id: 3, display_id: 30, score: 0 },
    { product_id: 1, display_id: 12, score: 1 },
  ];

  it('sums colourways and shows the best colourway', () => {
    expect(groupColourways(rows)).toEqual([
      { product_id: 1, display_id: 11, score: 14 },
      { product_id: 2, display_id: 20, score: 12 },
      { product_id: 3, display_id: 30, score: 0 },
    ]);
  });

  it('drops products without activity when asked (windowed periods)', () => {
    expect(groupColourways(rows, true).map((r) => r.product_id)).toEqual([1, 2]);
  });

  it('breaks ties: the lower display id is the best colourway, the newer best colourway ranks first', () => {
    const tie = [
      { product_id: 5, display_id: 52, score: 3 },
      { product_id: 5, display_id: 51, score: 3 },
      { product_id: 6, display_id: 60, score: 6 },
    ];
    expect(groupColourways(tie)).toEqual(
      [
        { product_id: 5, display_id: 51, score: 6 },
        { product_id: 6, display_id: 60, score: 6 },
      ].sort((a, b) => b.display_id - a.display_id),
    );
  });

  it('never lists a product twice', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      product_id: i % 37,
      display_id: i + 1,
      score: (i * 7919) % 101,
    }));
    const ids = groupColourways(many).map((r) => r.product_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(37);
  });
});

describe('rankChanges', () => {
  it('is previous rank minus rank now; NEW when absent before', () => {
    expect(rankChanges([7, 3, 9, 4], [3, 4, 7])).toEqual([
      { rank: 1, rank_change: 2, is_new: false },
      { rank: 2, rank_change: -1, is_new: false },
      { rank: 3, rank_change: null, is_new: true },
      { rank: 4, rank_change: -2, is_new: false },
    ]);
  });

  it('marks nothing when there is no previous ranking', () => {
    expect(rankChanges([1, 2], null)).toEqual([
      { rank: 1, rank_change: null, is_new: false },
      { rank: 2, rank_change: null, is_new: false },
    ]);
  });

  it('an empty previous ranking makes every entry new', () => {
    expect(rankChanges([1, 2], []).every((c) => c.is_new)).toBe(true);
  });

  it('labels ▲, ▼, - and NEW with spoken words', () => {
    expect(rankChangeLabel({ rank_change: 3, is_new: false })).toEqual({ text: '▲3', spoken: '3계단 상승' });
    expect(rankChangeLabel({ rank_change: -2, is_new: false })).toEqual({ text: '▼2', spoken: '2계단 하락' });
    expect(rankChangeLabel({ rank_change: 0, is_new: false })?.text).toBe('-');
    expect(rankChangeLabel({ rank_change: null, is_new: true })?.text).toBe('NEW');
    expect(rankChangeLabel({ rank_change: null, is_new: false })).toBeNull();
  });
});

describe('period wording', () => {
  it('says what each period measures and what the changes compare with (KST)', () => {
    expect(rankingPeriodNote('daily')).toContain('최근 24시간');
    expect(rankingPeriodNote('weekly')).toContain('최근 7일');
    expect(rankingPeriodNote('realtime')).toContain('5분마다');
    expect(rankChangeBasis('daily', null)).toBe('직전 24시간 대비');
    expect(rankChangeBasis('weekly', null)).toBe('직전 7일 대비');
    expect(rankChangeBasis('realtime', '2026-11-20T05:05:00Z')).toBe('14:05 순위 대비');
    expect(rankChangeBasis('realtime', null)).toBeNull();
  });

  it('formats instants in KST', () => {
    const at = new Date('2026-11-20T15:30:00Z'); // 2026-11-21 00:30 KST, a Saturday
    expect(formatKst(at, 'date')).toBe('2026.11.21');
    expect(formatKst(at, 'time')).toBe('00:30');
    expect(formatKst(at, 'datetime')).toBe('2026.11.21 00:30');
    expect(formatKst(at, 'md')).toBe('11.21(토) 00:30');
  });
});
