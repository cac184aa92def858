/**
 * The English names of the search vocabulary (packages/shared/src/search-vocabulary.ts) stay true
 * to the seeded catalogue: every category's English code and every colour's key translate to a
 * Korean word that the category (its name, items or shop tab) or the colour name uses.
 */
import { koreanOf } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS, PARENT_CATEGORIES } from '../seed/data.ts';

/** English codes that are not words a shopper types alone (shoes_derby's `dress`: dress shoes). */
const PHRASE_OF: Record<string, string> = { dress: 'dress shoes' };
const compact = (s: string) => s.replace(/[\s·]/g, '');

describe('search vocabulary and the seeded catalogue', () => {
  it.each(CATEGORIES.map((c) => [c.code, c] as const))('%s has an English name', (_code, c) => {
    const korean = koreanOf(PHRASE_OF[c.sub] ?? c.sub) ?? [];
    expect(korean, c.sub).not.toHaveLength(0);
    const texts = [c.name, ...c.items, ...PARENT_CATEGORIES.map((p) => p.name)].map(compact);
    expect(
      korean.some((k) => texts.some((t) => t.includes(compact(k)))),
      `${c.sub} → ${korean.join(', ')} in ${c.name}`,
    ).toBe(true);
  });

  it.each(
    PARENT_CATEGORIES.map((p) => [p.main, p] as const),
  )('shop tab %s has an English name', (main, p) => {
    expect((koreanOf(main) ?? []).map(compact)).toContain(compact(p.name));
  });

  const untranslated = new Set(['lightdenim', 'middenim', 'darkdenim', 'tortoise']);
  it.each(Object.entries(COLORS).filter(([k]) => !untranslated.has(k)))('colour %s', (key, colour) => {
    const korean = koreanOf(key) ?? [];
    expect(
      korean.some((k) => colour.name.includes(k)),
      `${key} → ${korean.join(', ')}`,
    ).toBe(true);
  });
});
