/**
 * The seed's hidden size truth (seed/size-truth.ts): about 15% of garments run a size small and
 * 15% a size large, and the size feels of reviewers who pick from the sheet show it.
 */

import { Rng } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../seed/data.ts';
import { measureProduct } from '../seed/measurements.ts';
import { pickFromSheet, RUNS_LARGE, RUNS_SMALL, sizeTruth, trueFeel } from '../seed/size-truth.ts';

const tee = CATEGORIES.find((c) => c.code === 'top_tshirt');
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

describe('seed size truth', () => {
  it('hides an offset of one size in about 15% / 15% of garments, deterministically', () => {
    if (!tee) throw new Error('no tee category');
    const measurements = measureProduct(tee, SIZES, '코튼 티셔츠', new Rng('m'));
    const offsets = Array.from(
      { length: 2000 },
      (_, i) => sizeTruth(i, tee, '레귤러핏', SIZES, measurements)?.offset,
    );
    const small = offsets.filter((o) => o === -4).length / offsets.length;
    const large = offsets.filter((o) => o === 4).length / offsets.length;
    expect(Math.abs(small - RUNS_SMALL)).toBeLessThan(0.03);
    expect(Math.abs(large - RUNS_LARGE)).toBeLessThan(0.03);
    expect(offsets.filter((o) => o !== -4 && o !== 4 && o !== 0)).toEqual([]);
    expect(sizeTruth(7, tee, '레귤러핏', SIZES, measurements)).toEqual(
      sizeTruth(7, tee, '레귤러핏', SIZES, measurements),
    );
  });

  it('reviewers of a garment that runs small say small far more often', () => {
    if (!tee) throw new Error('no tee category');
    const measurements = measureProduct(tee, SIZES, '코튼 티셔츠', new Rng('m'));
    const base = sizeTruth(0, tee, '레귤러핏', SIZES, measurements);
    if (!base) throw new Error('no truth');
    const share = (offset: number) => {
      const truth = { ...base, offset };
      const rng = new Rng(`feel:${offset}`);
      let small = 0;
      const n = 2000;
      for (let id = 1; id <= n; id++) {
        const body = { id, height: 160 + (id % 30), weight: 60 + (id % 35) };
        const i = pickFromSheet(truth, body, rng);
        if (trueFeel(truth, body, i, rng.next()) === 'SMALL') small += 1;
      }
      return small / n;
    };
    const trueSmall = share(0);
    const runsSmall = share(-4);
    expect(trueSmall).toBeLessThan(0.35);
    expect(runsSmall).toBeGreaterThan(trueSmall + 0.2);
  });
});
