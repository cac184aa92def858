/** The one vocabulary (src/vocabulary.ts): colours with the neutral ones, style tags, occasions. */
import { describe, expect, it } from 'vitest';
import { colorLine, SEASON_PALETTES } from '../src/curation-engine.ts';
import { QUIZ_COLORS } from '../src/style-quiz-schemas.ts';
import {
  COLORS,
  colorKeyOfName,
  NEUTRAL_COLOR_KEYS,
  NEUTRAL_COLORS,
  OCCASION_LABEL,
  OCCASION_STYLES,
  OCCASIONS,
  STYLE_TAGS,
} from '../src/vocabulary.ts';

const names = Object.values(COLORS).map((c) => c.name as string);

describe('colours', () => {
  it('have distinct keys, SKU codes, Korean names and 6-digit swatches', () => {
    const all = Object.values(COLORS);
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    expect(new Set(names).size).toBe(all.length);
    for (const c of all) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(colorKeyOfName('올리브')).toBe('olive');
    expect(colorKeyOfName('없는색')).toBeUndefined();
  });
  it('neutral colours are one definition: the keys and the names agree', () => {
    expect([...NEUTRAL_COLORS]).toEqual(NEUTRAL_COLOR_KEYS.map((k) => COLORS[k].name));
  });
  it('olive and silver are neutral (a base), burgundy and mustard are accents', () => {
    for (const n of ['블랙', '네이비', '베이지', '카키', '올리브', '연청', '실버'])
      expect(NEUTRAL_COLORS.has(n)).toBe(true);
    for (const n of ['버건디', '머스타드', '레드', '스카이블루']) expect(NEUTRAL_COLORS.has(n)).toBe(false);
    // The engine's colour line reads the same set: olive is part of the base, burgundy the accent.
    expect(colorLine(['올리브', '버건디', '베이지'])).toBe('올리브+베이지 베이스 + 버건디 포인트');
  });
  it('every colour the quiz offers and the personal-colour palettes name is a shop colour', () => {
    for (const n of QUIZ_COLORS) expect(names).toContain(n);
    for (const palette of Object.values(SEASON_PALETTES)) for (const n of palette) expect(names).toContain(n);
  });
});

describe('styles and occasions', () => {
  it('each occasion asks for known style tags and has a label', () => {
    for (const o of OCCASIONS) {
      expect(OCCASION_STYLES[o].length).toBeGreaterThan(0);
      for (const t of OCCASION_STYLES[o]) expect(STYLE_TAGS as readonly string[]).toContain(t);
      expect(OCCASION_LABEL[o]).toMatch(/룩$/);
    }
  });
});
