import { describe, expect, it } from 'vitest';
import {
  DAILY_QUIZ_STREAK_DAYS,
  longestDayStreak,
  MISSION_GUIDES,
  type MissionFacts,
  missionCompleted,
} from '../src/curation-schemas.ts';

const none: MissionFacts = {
  styleQuiz: false,
  reviewCount: 0,
  photoReviewCount: 0,
  appPushConsent: false,
  personalColor: false,
  dailyQuizDates: [],
};

describe('longestDayStreak', () => {
  it('counts consecutive calendar days, across month and year ends, duplicates once', () => {
    expect(longestDayStreak([])).toBe(0);
    expect(longestDayStreak(['2026-11-20'])).toBe(1);
    expect(longestDayStreak(['2026-11-22', '2026-11-20', '2026-11-21', '2026-11-21'])).toBe(3);
    expect(longestDayStreak(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'])).toBe(4);
    expect(longestDayStreak(['2028-02-28', '2028-02-29', '2028-03-01'])).toBe(3);
  });
  it('a gap restarts the run; the longest run wins', () => {
    expect(longestDayStreak(['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-05', '2026-11-06'])).toBe(3);
    expect(longestDayStreak(['2026-11-01', 'not-a-date', '2026-11-02'])).toBe(2);
  });
});

describe('missionCompleted', () => {
  it('decides each seeded mission from its own fact only', () => {
    const cases: [string, Partial<MissionFacts>][] = [
      ['STYLE_QUIZ', { styleQuiz: true }],
      ['FIRST_REVIEW', { reviewCount: 1 }],
      ['PHOTO_REVIEW', { reviewCount: 1, photoReviewCount: 1 }],
      ['APP_PUSH_CONSENT', { appPushConsent: true }],
      ['PERSONAL_COLOR', { personalColor: true }],
    ];
    for (const [code, facts] of cases) {
      expect(missionCompleted(code, none), code).toBe(false);
      expect(missionCompleted(code, { ...none, ...facts }), code).toBe(true);
    }
    expect(missionCompleted('PHOTO_REVIEW', { ...none, reviewCount: 3 })).toBe(false);
  });
  it(`asks ${DAILY_QUIZ_STREAK_DAYS} consecutive daily quiz days`, () => {
    const days = (n: number, from = 1) =>
      Array.from({ length: n }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);
    expect(missionCompleted('DAILY_QUIZ_7', { ...none, dailyQuizDates: days(6) })).toBe(false);
    expect(missionCompleted('DAILY_QUIZ_7', { ...none, dailyQuizDates: [...days(3), ...days(4, 5)] })).toBe(
      false,
    );
    expect(missionCompleted('DAILY_QUIZ_7', { ...none, dailyQuizDates: days(7, 10) })).toBe(true);
  });
  it('an unknown mission is never completed by facts, and every guided mission has a text', () => {
    const all: MissionFacts = {
      styleQuiz: true,
      reviewCount: 9,
      photoReviewCount: 9,
      appPushConsent: true,
      personalColor: true,
      dailyQuizDates: [],
    };
    expect(missionCompleted('SOMETHING_ELSE', all)).toBe(false);
    for (const g of Object.values(MISSION_GUIDES)) expect(g.description.length).toBeGreaterThan(0);
  });
});
