// Independent worlds for grading the size recommendation (bench/sizing.mjs). They share none of
// the model's parts (packages/shared/src/sizing.ts): no estimateBody, ease table, fitProbabilities,
// spreads or sheet reading (sheetGirth is theirs), and each has its own conventions (CONVENTIONS). Bodies come from the statistics read from the data file
// (bench/fixtures/size-korea-men-30-59.md, or --stats): height and weight by age group, chest
// and waist from the survey's regressions with heavier-tailed residuals (Student t, 5 degrees of
// freedom, scaled to the residual sd). Ease, taste and how a size is judged are its own:
//   - wanted ease: by garment type and cut, from the Korean sizing conventions (jackets 5–8 cm of
//     chest ease over a shirt layer, casual tops roomier, oversized cuts much roomier);
//   - taste: a shopper likes it close, regular or roomy (1 : 2 : 1), plus his own noise;
//   - judgement: each shopper has his own tolerance; a size within it "fits", otherwise small or
//     large, and one review in twelve says "fits" whatever it felt (the survey's "fits" bias);
//   - reviewers pick the size whose sheet girth is nearest their own chest/waist plus the ease they
//     want, misreading the sheet by a few cm.
import { readFileSync } from 'node:fs';

/** The chest and waist regressions of the data file: a + b·H + c·W, residual sd. */
export function readStats(path) {
  const text = readFileSync(path, 'utf8');
  const row = (label) => {
    const line = text.split('\n').find((l) => l.startsWith(`| ${label}`));
    if (!line) throw new Error(`${path}: no row "${label}"`);
    const cells = line.split('|').map((c) => c.trim().replace('−', '-'));
    const [mean, sd, a, b, c, , residual] = cells.slice(2, 9).map(Number);
    return { mean, sd, a, b, c, residual };
  };
  const ages = [...text.matchAll(/(\d0)s (\d+\.\d) ± (\d+\.\d) (?:cm )?\/\s+(\d+\.\d) ± (\d+\.\d)/g)].map(
    (m) => ({
      age: Number(m[1]),
      height: [Number(m[2]), Number(m[3])],
      weight: [Number(m[4]), Number(m[5])],
    }),
  );
  if (ages.length !== 3) throw new Error(`${path}: expected the three age groups`);
  const r = /correlation of height and weight (\d\.\d+)/.exec(text);
  return { chest: row('chest girth'), waist: row('waist girth'), ages, rho: r ? Number(r[1]) : 0.5 };
}

/**
 * Two sets of conventions, neither the model's. `independent`: wanted ease (garment girth − body
 * girth, cm) of a regular cut well under the shop's sheets (a close-fitting population), a cut's
 * extra, a taste of close : regular : roomy = 1 : 2 : 1, one review in twelve "fits" whatever it
 * felt, a symmetric feel. `independent-b`: conventions near the sheets (where the sheet alone does
 * well, and reviews can only lose), one review in six "fits" whatever it felt, tight felt sooner
 * than loose (a 1.4 asymmetry), reviewers sizing up 1.5 cm over what they want.
 */
export const CONVENTIONS = {
  independent: {
    want: { TOP: 9, OUTER: 19, BOTTOM: 2.5 },
    cut: { over: 12, semi: 5, slim: -3 },
    taste: (u) => (u < 0.25 ? -4 : u < 0.75 ? 0 : 5),
    fitsAnyway: 1 / 12,
    asymmetry: 1,
    sizeUp: 0,
  },
  'independent-b': {
    want: { TOP: 13, OUTER: 21, BOTTOM: 2 },
    cut: { over: 9, semi: 4, slim: -4 },
    taste: () => 0,
    fitsAnyway: 1 / 6,
    asymmetry: 1.4,
    sizeUp: 1.5,
  },
};

/**
 * A size sheet row's girth of the world's own reading: tops and outerwear by the chest, trousers by
 * the waist; the base sets give flat widths (doubled), the '2' sets girths.
 */
export function sheetGirth(type, values, flat = true) {
  const v = values[type === 'BOTTOM' ? 'waist' : 'chest'];
  return typeof v === 'number' && v > 0 ? (flat ? 2 * v : v) : null;
}

export function independentWorld(stats, rand, name = 'independent') {
  const c = CONVENTIONS[name];
  const cutExtra = (cut, type) => {
    if (type === 'BOTTOM' || !cut) return 0;
    if (/오버|와이드|빅/.test(cut) && !/세미/.test(cut)) return c.cut.over;
    if (/세미|릴렉스|루즈/.test(cut)) return c.cut.semi;
    if (/슬림|스키니/.test(cut)) return c.cut.slim;
    return 0;
  };
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
  // Student t with 5 degrees of freedom, scaled to unit variance (var = 5/3).
  const t5 = () => {
    let chi = 0;
    for (let k = 0; k < 5; k++) chi += normal() ** 2;
    return normal() / Math.sqrt(chi / 5) / Math.sqrt(5 / 3);
  };
  function shopper() {
    const g = stats.ages[Math.floor(rand() * stats.ages.length)];
    const zh = normal();
    const zw = stats.rho * zh + Math.sqrt(1 - stats.rho ** 2) * normal();
    const height = Math.min(200, Math.max(150, Math.round(g.height[0] + g.height[1] * zh)));
    const weight = Math.min(130, Math.max(45, Math.round(g.weight[0] + g.weight[1] * zw)));
    const body = (r) => r.a + r.b * height + r.c * weight + r.residual * t5();
    const style = rand();
    return {
      height,
      weight,
      chest: body(stats.chest),
      waist: body(stats.waist),
      taste: { chest: c.taste(style) + 2.5 * normal(), waist: 1.2 * normal() },
      tolerance: { chest: 2 + 3 * rand(), waist: 1.5 + 2 * rand() },
    };
  }
  const key = (p) => (p.type === 'BOTTOM' ? 'waist' : 'chest');
  const want = (p, s) => c.want[p.type] + cutExtra(p.cut, p.type) + s.taste[key(p)];
  const deviation = (p, s, i) => p.girths[i] + p.offset - s[key(p)] - want(p, s);
  return {
    name,
    shopper,
    bestSize(p, s) {
      let best = 0;
      p.girths.forEach((_, i) => {
        if (Math.abs(deviation(p, s, i)) < Math.abs(deviation(p, s, best))) best = i;
      });
      return p.sizes[best];
    },
    feel(p, s, i) {
      if (rand() < c.fitsAnyway) return 'FIT';
      const d = deviation(p, s, i);
      const t = s.tolerance[key(p)];
      return d < -t / c.asymmetry ? 'SMALL' : d > t * c.asymmetry ? 'LARGE' : 'FIT';
    },
    pick(p, s) {
      const aim = s[key(p)] + want(p, s) + c.sizeUp + 3 * normal();
      let best = 0;
      p.girths.forEach((g, i) => {
        if (Math.abs(g - aim) < Math.abs(p.girths[best] - aim)) best = i;
      });
      return best;
    },
    /** Its own hidden truth per group: a product runs small or large by 3–6 cm of girth. */
    offset: (group) => (group === 'true' ? 0 : (group === 'small' ? -1 : 1) * (3 + 3 * rand())),
  };
}
