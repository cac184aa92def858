import { describe, expect, it } from 'vitest';
import { MISSION_GUIDES, searchShortcut } from '../src/index.ts';

describe('search keyword shortcuts', () => {
  it('퍼스널컬러 in any spacing, case or spelling leads to the personal-colour quiz', () => {
    for (const q of [
      '퍼스널컬러',
      '퍼스널 컬러',
      ' 퍼스널 컬러 진단 ',
      'Personal Color',
      '퍼컬',
      '웜톤',
      '쿨톤!',
    ]) {
      expect(searchShortcut(q)?.href, q).toBe('/personal_color');
    }
  });
  it('other queries have no shortcut (the products answer them)', () => {
    for (const q of ['', '  ', '셔츠', '컬러 셔츠', '퍼스널컬러 셔츠', '톤'])
      expect(searchShortcut(q)).toBeNull();
  });
  it('the personal-colour mission and the daily-quiz mission point to their screens', () => {
    expect(MISSION_GUIDES.PERSONAL_COLOR?.action_path).toBe('/personal_color');
    expect(MISSION_GUIDES.DAILY_QUIZ_7?.action_path).toBe('/curation');
  });
});
