/**
 * Size-sheet values (cm, one decimal) for one product in its category's measurement set and the
 * set's '2' variant (see MEASUREMENT_SETS in ./data.ts for what each variant means). Values grow
 * with the size grade; the per-product offsets (fit, jitter) never depend on the size, so every
 * field is non-decreasing from the smallest to the largest size.
 */

import type { Rng } from '@codiroom/shared';
import type { BaseMeasurementSet, CategoryDef, GarmentKind } from './data.ts';
import { sizeGrade } from './data.ts';

export type Values = Record<string, number>;
export interface SizeMeasurement {
  size: string;
  base: Values;
  alt: Values;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const half = (v: number) => Math.round(v * 2) / 2;

/** [chest, chestStep, length, lengthStep, shoulder, shoulderStep, sleeve, sleeveStep] at grade 0 (S). */
const UPPER: Partial<Record<GarmentKind, readonly number[]>> = {
  tee: [51, 2, 68, 1.5, 44, 1.5, 20, 0.5],
  polo: [51, 2, 69, 1.5, 43, 1.5, 21, 0.5],
  shirt: [53, 2, 73, 1.5, 44, 1.5, 61, 1],
  longtee: [51, 2, 68, 1.5, 44, 1.5, 61, 1],
  knit: [53, 2, 65, 1.5, 45, 1.5, 60, 1],
  sweat: [56, 2, 67, 1.5, 48, 2, 60, 1],
  coat: [57, 2.5, 103, 2, 46, 1.5, 63, 1],
  blazer: [53, 2, 73, 1.5, 45, 1.5, 62, 1],
  padding: [62, 2.5, 70, 2, 50, 2, 64, 1],
  jacket: [59, 2.5, 67, 1.5, 48, 2, 63, 1],
  cardigan: [55, 2, 67, 1.5, 46, 1.5, 61, 1],
  vest: [56, 2.5, 66, 1.5, 38, 1.5, 0, 0],
};

/** Fit of a product name: -1 slim … +2 oversized / wide. */
export function fitOffset(name: string): number {
  if (/세미오버|세미와이드|릴렉스드|루즈/.test(name)) return 1;
  if (/오버핏|와이드|빅/.test(name)) return 2;
  if (/슬림|스키니/.test(name)) return -1;
  return 0;
}

/** Waist size in inches for a bottom size (alpha sizes of banded trousers map to 29, 31, …). */
function waistInches(size: string): number {
  const g = sizeGrade(size);
  return g >= 20 ? g : 29 + 2 * g;
}

export function measureProduct(
  cat: CategoryDef,
  sizes: readonly string[],
  name: string,
  rng: Rng,
): SizeMeasurement[] {
  const set: BaseMeasurementSet | null = cat.measurement_set;
  if (!set) return [];
  const f = fitOffset(name);
  const j = () => half(rng.float(-1, 1));

  if (set === 'TOP' || set === 'OUTER') {
    const p = UPPER[cat.kind] ?? (UPPER.tee as readonly number[]);
    const [c0, cs, l0, ls, s0, ss, sv0, svs] = p as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const longSleeved = sv0 > 0 && sv0 < 30 && /롱슬리브|긴팔/.test(name);
    const v0 = longSleeved ? 61 : sv0;
    const vs = longSleeved ? 1 : svs;
    const short = v0 < 30;
    const jc = j();
    const jl = j();
    const js = j();
    const jv = j();
    const longer = /롱|맥시/.test(name) ? 8 : /하프|숏|크롭/.test(name) ? -5 : 0;
    return sizes.map((size) => {
      const g = sizeGrade(size);
      const chest = c0 + cs * g + f * 2 + jc;
      const length = l0 + ls * g + f + jl + longer;
      const shoulder = s0 + ss * g + f * 2 + js;
      const sleeve = v0 === 0 ? 0 : v0 + vs * g - (short ? 0 : f) + jv;
      const base: Values = { length: r1(length), shoulder: r1(shoulder), chest: r1(chest) };
      const alt: Values = { length: r1(length + 1.5), shoulder: r1(shoulder), chest: r1(chest * 2) };
      if (v0 !== 0) {
        base.sleeve = r1(sleeve);
        alt.sleeve = r1(shoulder / 2 + sleeve);
      }
      return { size, base, alt };
    });
  }

  if (set === 'BOTTOM') {
    const shorts = cat.kind === 'shorts' || /쇼츠|반바지|버뮤다/.test(name);
    const tapered = /테이퍼드|조거|슬림/.test(name);
    const banded = cat.kind === 'jogger' || /밴딩|이지|조거|트레이닝|스웨트/.test(name);
    const jw = rng.float(0, 0.6);
    const jh = j();
    const jr = j();
    const jt = j();
    const jo = j();
    return sizes.map((size) => {
      const inch = waistInches(size);
      const d = inch - 28;
      const waist = inch * 1.27 + jw - (banded ? 1 : 0);
      const hip = waist + 9.5 + f * 1.5 + jh;
      const rise = 26 + 0.4 * d + (f > 0 ? 1.5 : 0) + jr;
      const thigh = 29 + 0.7 * d + f * 2 + jt;
      const hem = (shorts ? thigh - 1.5 : 17 + f * 2 - (tapered ? 2.5 : 0)) + 0.3 * d;
      const outseam = (shorts ? 48 : 100) + 0.4 * d + jo;
      const base: Values = {
        outseam: r1(outseam),
        waist: r1(waist),
        hip: r1(hip),
        rise: r1(rise),
        thigh: r1(thigh),
        hem: r1(hem),
      };
      const alt: Values = {
        outseam: r1(outseam),
        waist: r1(waist * 2),
        hip: r1(hip * 2),
        rise: r1(rise * 2 + 9),
        thigh: r1(thigh * 2),
        hem: r1(hem * 2),
      };
      return { size, base, alt };
    });
  }

  if (set === 'SHOES') {
    const heel =
      cat.kind === 'boots'
        ? rng.float(3, 4.5)
        : cat.kind === 'sneakers'
          ? rng.float(2.5, 4)
          : rng.float(2.5, 3.5);
    const wide = rng.chance(0.3) ? 0.4 : 0;
    const sole = rng.float(2.5, 3.5);
    const soleW = rng.float(1, 1.5);
    return sizes.map((size) => {
      const mm = Number(size);
      const foot = mm / 10;
      const ball = 9.2 + (mm - 250) * 0.03 + wide;
      return {
        size,
        base: { foot_length: r1(foot), ball_width: r1(ball), heel_height: r1(heel) },
        alt: { foot_length: r1(foot + sole), ball_width: r1(ball + soleW), heel_height: r1(heel + 0.8) },
      };
    });
  }

  if (set === 'BAG') {
    const dims: Record<string, readonly [number, number, number, number, number, number]> = {
      briefcase: [38, 42, 28, 31, 7, 10],
      backpack: [29, 32, 42, 46, 13, 17],
      tote: [36, 45, 32, 40, 12, 16],
      crossbody: [20, 28, 15, 22, 5, 8],
      wallet: [9.5, 19, 8, 10, 1.5, 2.5],
    };
    const d = dims[cat.kind] ?? dims.tote;
    const [w0, w1, l0, l1, d0, d1] = d as readonly [number, number, number, number, number, number];
    const width = rng.float(w0, w1);
    const length = rng.float(l0, l1);
    const depth = rng.float(d0, d1);
    const wall = cat.kind === 'wallet' ? 0.4 : rng.float(1, 2);
    return sizes.map((size) => ({
      size,
      base: { width: r1(width), length: r1(length), depth: r1(depth) },
      alt: {
        width: r1(width - wall),
        length: r1(length - wall),
        depth: r1(Math.max(0.5, depth - wall / 2)),
      },
    }));
  }

  if (set === 'TIE_BELT') {
    let length: number;
    let width: number;
    let usable: number;
    let narrow: number;
    if (cat.kind === 'belt') {
      length = rng.float(115, 125);
      width = rng.float(3, 3.5);
      usable = length - rng.float(11, 14);
      narrow = width;
    } else if (cat.kind === 'muffler') {
      length = rng.float(170, 190);
      width = rng.float(28, 35);
      usable = length - 16;
      narrow = width;
    } else {
      length = rng.float(145, 150);
      width = /니트/.test(name) ? rng.float(5.5, 6.5) : rng.float(7, 8.5);
      usable = length;
      narrow = rng.float(3.5, 4.5);
    }
    return sizes.map((size) => ({
      size,
      base: { length: r1(length), width: r1(width) },
      alt: { length: r1(usable), width: r1(narrow) },
    }));
  }

  if (set === 'EYEWEAR') {
    const front = rng.float(13.6, 14.4);
    const lw = rng.float(4.8, 5.4);
    const lh = rng.float(3.8, 4.6);
    const temple = rng.float(14, 14.5);
    const base = { front_length: r1(front), lens_width: r1(lw), lens_height: r1(lh), temple: r1(temple) };
    const alt = {
      front_length: Math.round(front * 10),
      lens_width: Math.round(lw * 10),
      lens_height: Math.round(lh * 10),
      temple: Math.round(temple * 10),
    };
    return sizes.map((size) => ({ size, base, alt }));
  }

  // CAP
  const head = rng.pick([56, 57, 58, 58, 59, 60]);
  const depth = rng.float(14.5, 17);
  const brim = rng.float(6.5, 7.5);
  return sizes.map((size) => ({
    size,
    base: { head, depth: r1(depth), brim: r1(brim) },
    alt: { head: r1(head / 2), depth: r1(depth), brim: r1(brim) },
  }));
}
