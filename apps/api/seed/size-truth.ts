/**
 * How the seeded garments really fit (docs/ARCHITECTURE.md, "Sizing"): the same body model the
 * recommendation uses (Size Korea regressions, garment ease), plus what the shop cannot see — each
 * reviewer's own deviation from the regression and taste, and a product's hidden offset from its
 * size sheet (about one in seven runs a size small, as many a size large). Reviewers pick their
 * size from the sheet; their size feel is what that size does on their real body. Deterministic:
 * the hidden parts come from hashes of the product serial and the member id, and each review uses
 * exactly the draws the older rules used, so the rest of the seed is unchanged.
 */
import {
  estimateBody,
  fitProbabilities,
  type GarmentKind,
  garmentGirth,
  garmentKind,
  hashString,
  type Rng,
} from '@codiroom/shared';
import type { CategoryDef } from './data.ts';
import type { SizeMeasurement } from './measurements.ts';

export type SizeTruth = {
  garment: GarmentKind;
  girths: number[];
  /** Hidden offset of the real garment from its sheet (cm of girth; negative: runs small). */
  offset: number;
};

type Body = { id: number; height: number; weight: number };

/** Share of garments that run a size small, and a size large. */
export const RUNS_SMALL = 0.15;
export const RUNS_LARGE = 0.15;

/** A uniform in [0, 1) from a label. */
const unit = (label: string) => hashString(label) / 4294967296;

/** A standard normal from a label (Box–Muller over two hashed uniforms). */
function hashedNormal(label: string): number {
  const u1 = Math.max(unit(`${label}:1`), 1e-12);
  const u2 = unit(`${label}:2`);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** One size step of the key dimension (cm of girth). */
const STEP = { chest: 4, waist: 2.5 } as const;

export function sizeTruth(
  serial: number,
  cat: CategoryDef,
  fit: string | null,
  sizes: readonly string[],
  measurements: readonly SizeMeasurement[],
): SizeTruth | null {
  const garment = garmentKind(cat.product_type, cat.code, fit);
  if (!garment || sizes.length < 2) return null;
  const girths: number[] = [];
  for (const size of sizes) {
    const m = measurements.find((x) => x.size === size);
    const g = m ? garmentGirth(garment.key, m.base, true) : null;
    if (g === null) return null;
    girths.push(g);
  }
  const u = unit(`runs:${serial}`);
  const offset = u < RUNS_SMALL ? -STEP[garment.key] : u < RUNS_SMALL + RUNS_LARGE ? STEP[garment.key] : 0;
  return { garment, girths, offset };
}

/** The member's real key measurement: the regression's estimate plus their own residual. */
export function realGirth(truth: SizeTruth, body: Body): number {
  const sd = truth.garment.key === 'chest' ? 3.19 : 3.6;
  return estimateBody(body.height, body.weight)[truth.garment.key] + sd * hashedNormal(`body:${body.id}`);
}

/** The member's taste: how much more (or less) ease than the garment's own they like (cm). */
export function taste(body: Body): number {
  return 2 * hashedNormal(`taste:${body.id}`);
}

/** The size a reviewer picks reading the sheet with their estimated body (one normal draw). */
export function pickFromSheet(truth: SizeTruth, body: Body, rng: Rng): number {
  const want =
    estimateBody(body.height, body.weight)[truth.garment.key] + truth.garment.ease + rng.normal(0, 2.5);
  let best = 0;
  truth.girths.forEach((g, i) => {
    if (Math.abs(g - want) < Math.abs((truth.girths[best] as number) - want)) best = i;
  });
  return best;
}

/** How size `i` really fits the reviewer, drawn with `u` (one uniform draw). */
export function trueFeel(truth: SizeTruth, body: Body, i: number, u: number): 'SMALL' | 'FIT' | 'LARGE' {
  const dev =
    (truth.girths[i] as number) + truth.offset - realGirth(truth, body) - truth.garment.ease - taste(body);
  const p = fitProbabilities(dev, truth.garment.key === 'chest' ? 3 : 2.5, 1);
  return u < p.small ? 'SMALL' : u < p.small + p.fits ? 'FIT' : 'LARGE';
}
