import type { Rng } from '@codiroom/shared';
import { DELICATE_RE, pickComposition, pickSeason } from './copy.ts';
import {
  BRANDS,
  type BrandDef,
  type CategoryDef,
  type ColorKey,
  REVIEW_BY_MAIN,
  REVIEW_GENERAL_BAD,
  REVIEW_GENERAL_GOOD,
  REVIEW_GENERAL_MEH,
  REVIEW_MATERIAL,
  REVIEW_SIZE,
  SIZE_RUNS,
  sizeGrade,
} from './data.ts';
import { fitOffset, measureProduct } from './measurements.ts';
import {
  type DisplayPlan,
  materialKind,
  type ProductPlan,
  productName,
  REVIEW_GENERAL_MEH_LOW,
  type ReviewPlan,
  reviewKind,
  sizeWordsKind,
  USE_BY_CATEGORY,
  USE_BY_MAIN,
  type UserRef,
} from './plan.ts';
import { pickFromSheet, type SizeTruth, sizeTruth, trueFeel } from './size-truth.ts';
import type { SeedState } from './state.ts';
import { clamp, DAY, get, HOUR } from './writer.ts';

export function planProduct(
  ctx: SeedState,
  rng: Rng,
  serial: number,
  cat: CategoryDef,
  brandIdx: number,
  colours: number,
  avgReviews: number,
  avgLikes: number,
): ProductPlan {
  const brand = get(BRANDS, brandIdx);
  // Name: [fit] [material] base item, without the brand.
  const baseItem = rng.pick(cat.items);
  const fitWord = cat.fits.length > 0 && rng.chance(0.45) ? rng.pick(cat.fits) : null;
  const materialWord = cat.materials.length > 0 && rng.chance(0.55) ? rng.pick(cat.materials) : null;
  const name = productName(baseItem, fitWord, materialWord);

  // Price: position in the category's range by brand tier, on a log scale, rounded like shops do.
  const [min, max] = cat.price;
  const pos =
    brand.tier === 'budget'
      ? clamp(rng.normal(0.2, 0.14), 0, 0.6)
      : brand.tier === 'premium'
        ? clamp(rng.normal(0.75, 0.15), 0.4, 1)
        : clamp(rng.normal(0.45, 0.17), 0.1, 0.85);
  const raw = min * (max / min) ** pos;
  let price: number;
  if (raw < 100_000) {
    price = rng.chance(0.55) ? Math.ceil(raw / 1000) * 1000 - 100 : Math.round(raw / 1000) * 1000;
  } else {
    price = rng.chance(0.6) ? Math.round(raw / 10_000) * 10_000 - 1000 : Math.round(raw / 1000) * 1000;
  }
  price = clamp(price, min, max);
  let priceDiscount = price;
  if (rng.chance(0.6)) {
    const rate = rng.weighted(
      [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60],
      [4, 10, 8, 10, 7, 9, 6, 6, 4, 4, 2, 2],
    );
    priceDiscount = Math.floor((price * (100 - rate)) / 100 / 100) * 100;
  }

  const runKey = rng.pick(cat.sizeRuns);
  const sizes = rng.pick(SIZE_RUNS[runKey]);
  const createdAt = rng.dateBetween(ctx.ago(365), ctx.ago(0.5));
  const fo = fitOffset(name);
  const garment = cat.measurement_set && cat.measurement_set !== 'BAG' && cat.product_type !== 'ETC';
  const fit = !garment
    ? null
    : cat.product_type === 'BOTTOM'
      ? (['슬림핏', '레귤러핏', '세미와이드핏', '와이드핏'][fo + 1] ?? '레귤러핏')
      : cat.product_type === 'SHOES'
        ? null
        : (['슬림핏', '레귤러핏', '세미오버핏', '오버핏'][fo + 1] ?? '레귤러핏');
  // The material and the season come from the same facts as the name (seed/copy.ts): one draw
  // each, over the compositions and seasons that agree with it.
  const material = pickComposition(name, cat.compositions, rng.next());
  const season = pickSeason(`${name} ${material}`, cat.seasons, rng.next());
  const tags = [
    ...new Set([rng.pick(brand.tags), rng.pick(cat.tags), ...(rng.chance(0.3) ? [rng.pick(cat.tags)] : [])]),
  ];
  const description = describe(ctx, rng, cat, brand, name, material, fit);
  const measurements = measureProduct(cat, sizes, name, rng);
  const truth = sizeTruth(serial, cat, fit, sizes, measurements);

  const colorKeys = rng.sample(cat.palette, colours) as ColorKey[];
  // Latent popularity of the product, shared by its colourways (the first colour sells best).
  const productZ = Math.exp(rng.normal(0, 1));
  const fastBrand = Boolean(brand.today_shipping || brand.fast_shipping_cutoff);
  const displays: DisplayPlan[] = colorKeys.map((colorKey, ci) => {
    const dCreated = new Date(
      Math.min(createdAt.getTime() + rng.int(0, ci === 0 ? 0 : 20) * DAY, ctx.nowMs - HOUR),
    );
    const ageDays = (ctx.nowMs - dCreated.getTime()) / DAY;
    const z = productZ * (ci === 0 ? 1 : rng.float(0.35, 0.9));
    const maturity = Math.min(1, ageDays / 60);
    const nReviews =
      ageDays < 3
        ? 0
        : Math.min(ctx.reviewers.length - 1, 150, rng.poisson(((avgReviews * z) / 1.65) * maturity * 1.15));
    const nLikes = Math.min(
      ctx.reviewers.length - 1,
      300,
      rng.poisson(((avgLikes * z) / 1.65) * (0.4 + 0.6 * maturity)),
    );
    const reviewUsers = rng.sampleIndices(ctx.reviewers.length, nReviews);
    const reviews = reviewUsers.map((u) => planReview(ctx, rng, cat, sizes, u, dCreated, truth));
    reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const likeUsers = rng.sampleIndices(ctx.reviewers.length, nLikes);
    const likeTimes = likeUsers.map(() => rng.dateBetween(dCreated, ctx.now));
    const stocks = sizes.map((_, si) => {
      const r = rng.next();
      const edge = si === 0 || si === sizes.length - 1;
      if (r < (edge ? 0.12 : 0.05)) return 0;
      if (r < (edge ? 0.24 : 0.13)) return rng.int(1, 3);
      return rng.int(5, edge ? 30 : 80);
    });
    const viewCount = Math.round(z * rng.float(300, 900) * (0.1 + maturity)) + nReviews * 25 + nLikes * 10;
    const salesCount = nReviews + Math.round(nReviews * rng.float(0.8, 2.5)) + rng.poisson(z);
    const recency = 0.5 + 0.5 * Math.exp(-ageDays / 90);
    const popularity =
      Math.round((salesCount * 3 + nLikes * 2 + nReviews * 4 + viewCount / 50) * recency * 100) / 100;
    return {
      colorKey,
      createdAt: dCreated,
      isFast: fastBrand ? rng.chance(0.85) : rng.chance(0.06),
      forceToday: !brand.today_shipping && rng.chance(0.015),
      stocks,
      reviews,
      likeUsers,
      likeTimes,
      viewCount,
      salesCount,
      popularity,
    };
  });

  return {
    serial,
    cat,
    brandIdx,
    name,
    baseItem,
    sizes,
    silhouette: rng.pick(cat.svg),
    price,
    priceDiscount,
    createdAt,
    material,
    fit,
    season,
    tags,
    description,
    measurements,
    displays,
  };
}

export function describe(
  _ctx: SeedState,
  rng: Rng,
  cat: CategoryDef,
  brand: BrandDef,
  name: string,
  material: string,
  fit: string | null,
): string {
  const uses = USE_BY_CATEGORY[cat.code] ?? USE_BY_MAIN[cat.main];
  // Delicate materials (wool, cashmere, silk, leather, down) are not sold as easy care.
  const care = DELICATE_RE.test(material)
    ? ['드라이클리닝을 권장하며', '촉감이 부드러우며', '형태가 오래 유지되며']
    : ['관리가 쉽고', '착용감이 편안하며', '형태가 오래 유지되며'];
  const sentences = [
    `${brand.name}의 ${name}입니다.`,
    fit ? `${fit} 실루엣으로 체형을 자연스럽게 커버합니다.` : '',
    `${material} 소재로 ${rng.pick(care)} ${rng.pick(cat.product_type === 'SHOES' ? ['매일 신기 좋습니다.', '오래 두고 신기 좋습니다.'] : cat.measurement_set === 'TOP' || cat.measurement_set === 'BOTTOM' || cat.measurement_set === 'OUTER' ? ['매일 입기 좋습니다.', '오래 두고 입기 좋습니다.'] : ['매일 쓰기 좋습니다.', '오래 두고 쓰기 좋습니다.'])}`,
    rng.pick(uses),
  ];
  return sentences.filter(Boolean).join(' ');
}

export function planReview(
  ctx: SeedState,
  rng: Rng,
  cat: CategoryDef,
  sizes: readonly string[],
  userIdx: number,
  displayCreated: Date,
  truth: SizeTruth | null,
): ReviewPlan {
  const user = get(ctx.reviewers, userIdx);
  const rating = rng.weighted([5, 4, 3, 2, 1], [60, 27, 9, 3, 1]);
  const sized = sizes.length > 1;
  // Garments: the size a reviewer picks from the sheet and how it really fits them, from their
  // body (docs/ARCHITECTURE.md, "Sizing"); other products: the older rough rules.
  const sizeIdx = sized ? (truth ? pickFromSheet(truth, user, rng) : sizeFor(ctx, user, sizes, rng)) : 0;
  const sizeFeel = sized
    ? truth
      ? trueFeel(truth, user, sizeIdx, rng.next())
      : rng.weighted(['FIT', 'SMALL', 'LARGE'] as const, [64, 17, 19])
    : null;
  const isQuick = rng.chance(0.2);
  const parts: string[] = [];
  const size = get(sizes, sizeIdx);
  if (sized && !isQuick && rng.chance(0.35)) {
    const verb = cat.product_type === 'SHOES' ? '신는데' : '입는데';
    parts.push(`${user.height}cm ${user.weight}kg, 평소 ${size} ${verb} ${size} 사이즈로 주문했어요.`);
  }
  // What the reviewer says follows the rating, the size feel and the kind of product (the same
  // draws whatever the words, so the rest of the catalogue does not move).
  const kind = reviewKind(cat);
  const sizeWords = sizeFeel ? REVIEW_SIZE[sizeFeel][sizeWordsKind(cat)] : [];
  if (rating >= 4) {
    parts.push(rng.pick(REVIEW_BY_MAIN[kind]));
    if (sizeFeel) parts.push(rng.pick(sizeWords));
    if (rng.chance(0.5)) parts.push(rng.pick(REVIEW_MATERIAL[materialKind(kind)]));
    parts.push(rng.pick(REVIEW_GENERAL_GOOD));
  } else {
    parts.push(rng.pick(rating === 3 ? REVIEW_GENERAL_MEH : REVIEW_GENERAL_BAD));
    if (sizeFeel) parts.push(rng.pick(sizeWords));
    if (rng.chance(0.5)) parts.push(rng.pick(rating === 3 ? REVIEW_BY_MAIN[kind] : REVIEW_GENERAL_MEH_LOW));
  }
  const content = isQuick ? get(parts, 0) : [...new Set(parts)].join(' ');
  const photos = !isQuick && rng.chance(0.15) ? rng.int(1, 3) : 0;
  const from = displayCreated.getTime() + 2 * DAY;
  return {
    userIdx,
    rating,
    content,
    sizeIdx,
    sizeFeel,
    lengthFeel: rng.weighted(['FIT', 'SMALL', 'LARGE'] as const, [70, 14, 16]),
    isQuick,
    photos,
    helpful: rng.poisson(photos > 0 ? 4 : 1),
    sizeReview: sized && rng.chance(0.7),
    createdAt: new Date(from + Math.floor(rng.next() * Math.max(HOUR, ctx.nowMs - from))),
  };
}

/** The size a reviewer of this height and weight would pick from a run. */
export function sizeFor(_ctx: SeedState, user: UserRef, sizes: readonly string[], rng: Rng): number {
  const first = get(sizes, 0);
  const g0 = sizeGrade(first);
  let target: number;
  if (g0 >= 200) {
    target = Math.round((255 + (user.height - 165) * 1.2 + rng.normal(0, 4)) / 5) * 5; // shoes, mm
  } else if (g0 >= 20) {
    target = Math.round(28 + (user.weight - 58) / 3.3 + rng.normal(0, 0.6)); // waist inches
  } else {
    target = Math.round((user.weight - 60) / 8 + (user.height - 170) / 12 + 0.5 + rng.normal(0, 0.4));
  }
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  sizes.forEach((s, i) => {
    const d = Math.abs(sizeGrade(s) - target);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
