import { TERMS_VERSION } from '@codiroom/shared';
import * as t from '../src/db/schema.ts';
import {
  BRANDS,
  type BrandDef,
  brandSlug,
  CATEGORIES,
  CURATORS,
  GIVEN_NAMES,
  MEASUREMENT_SETS,
  PARENT_CATEGORIES,
  SURNAME_WEIGHTS,
  SURNAMES,
} from './data.ts';
import { DEMO_ACCOUNT } from './options.ts';
import type { SeedState } from './state.ts';
import { clamp, get, type Row, uuidFrom } from './writer.ts';

// ── measurement sets, categories, brands ──
export async function reference(ctx: SeedState): Promise<void> {
  await ctx.w.insert(
    'size_measurement_sets',
    t.sizeMeasurementSets,
    MEASUREMENT_SETS.map((m) => ({ ...m })),
  );
  ctx.progress.step(1, 'size_measurement_sets');

  const parentIds = await ctx.w.insertIds(
    'categories',
    t.categories,
    PARENT_CATEGORIES.map((p, i) => ({
      code: p.code,
      name: p.name,
      parent_id: null,
      main: p.main,
      sub: null,
      product_type: p.product_type,
      measurement_set: null,
      sort_order: i + 1,
    })),
  );
  PARENT_CATEGORIES.forEach((p, i) => {
    ctx.categoryIds.set(p.code, get(parentIds, i));
  });
  const leafIds = await ctx.w.insertIds(
    'categories',
    t.categories,
    CATEGORIES.map((c, i) => ({
      code: c.code,
      name: c.name,
      parent_id: ctx.categoryIds.get(c.main) ?? null,
      main: c.main,
      sub: c.sub,
      product_type: c.product_type,
      measurement_set: c.measurement_set,
      sort_order: i + 1,
    })),
  );
  CATEGORIES.forEach((c, i) => {
    ctx.categoryIds.set(c.code, get(leafIds, i));
  });
  ctx.progress.step(1, 'categories');

  // Brand likes are planned now (like_count is a column of brands); rows follow once users exist.
  const rng = ctx.root.fork('brands');
  ctx.brandLikePlan = BRANDS.map((b) => {
    const share = rng.float(0.02, 0.12) * (0.6 + b.weight / 5);
    return rng.sampleIndices(ctx.userCount - 1, Math.round((ctx.userCount - 1) * share));
  });
  ctx.brandIds = await ctx.w.insertIds(
    'brands',
    t.brands,
    BRANDS.map((b, i) => brandRow(ctx, b, i)),
  );
  ctx.progress.step(1, 'brands');
}

export function brandRow(ctx: SeedState, b: BrandDef, i: number): Row {
  const slug = brandSlug(b.name_en);
  return {
    name: b.name,
    name_en: b.name_en,
    slug,
    description: b.description,
    logo_url: `/api/images/brand/${slug}.svg`,
    is_contract: b.is_contract ?? false,
    today_shipping: b.today_shipping ?? false,
    fast_shipping_cutoff: b.fast_shipping_cutoff ?? null,
    allows_custom_order: b.allows_custom_order ?? false,
    shipping_fee: b.shipping_fee ?? (b.tier === 'premium' ? 0 : 3000),
    free_shipping_min: b.free_shipping_min ?? (b.tier === 'budget' ? 30_000 : 50_000),
    like_count: ctx.brandLikePlan[i]?.length ?? 0,
    created_at: ctx.ago(900 - i * 13),
  };
}

// ── users ──
export async function seedUsers(ctx: SeedState): Promise<void> {
  // 혜택·마케팅 알림 is the sign-up's marketing consent, given when the member signed up.
  const withMarketing = (on: boolean, at: Date) => ({
    is_benefit_alert: on,
    marketing_agreed_at: on ? at : null,
  });
  const rng = ctx.root.fork('users');
  const rows: Row[] = [];
  const bodies: { height: number; weight: number }[] = [];
  // The well-known account first (id 1 on a fresh database).
  rows.push({
    uuid: uuidFrom(rng),
    phone: DEMO_ACCOUNT.phone,
    name: DEMO_ACCOUNT.name,
    age: 36,
    gender: 'M',
    height: 176,
    weight: 72,
    stylequiz: false,
    referral_code: 'KIMCODI1',
    is_app_alert: true,
    is_benefit_alert: true,
    // Sign-up agreements (docs/ARCHITECTURE.md "Accounts"): given at sign-up, marketing included.
    terms_version: TERMS_VERSION,
    terms_agreed_at: ctx.ago(400),
    marketing_agreed_at: ctx.ago(400),
    created_at: ctx.ago(400),
    updated_at: ctx.ago(400),
  });
  bodies.push({ height: 176, weight: 72 });
  const A = 7_919_731; // odd and not a multiple of 5: i ↦ (A·i + B) mod 8·10⁷ is a bijection
  const B = 13_572_468;
  const R = 2_176_782_336; // 36⁶ for referral codes
  for (let i = 1; i < ctx.userCount; i++) {
    // Size Korea, men 30–59: height 171.5 ± 5.7 cm, weight 74.2 ± 10.6 kg, correlation 0.51.
    const height = rng.normalInt(171.5, 5.7, 155, 192);
    const weight = clamp(Math.round(74.2 + 0.948 * (height - 171.5) + rng.normal(0, 9.12)), 50, 120);
    const age = rng.weightedPick<number>([
      [rng.int(30, 34), 30],
      [rng.int(35, 39), 28],
      [rng.int(40, 44), 20],
      [rng.int(45, 49), 13],
      [rng.int(50, 55), 9],
    ]);
    const phone = `010${20_000_000 + ((A * i + B) % 80_000_000)}`;
    const created = rng.dateBetween(ctx.ago(1_000), ctx.ago(1));
    const quiz = rng.chance(0.6);
    rows.push({
      uuid: uuidFrom(rng),
      phone,
      name: `${rng.weighted(SURNAMES, SURNAME_WEIGHTS)}${rng.pick(GIVEN_NAMES)}`,
      age,
      gender: 'M',
      height,
      weight,
      stylequiz: quiz,
      curator_name: quiz && rng.chance(0.7) ? rng.pick(CURATORS) : null,
      referral_code: `CR${((1_000_003 * i + 7) % R).toString(36).toUpperCase().padStart(6, '0')}`,
      is_app_alert: rng.chance(0.55),
      ...withMarketing(rng.chance(0.45), created),
      is_nighttime_alert: rng.chance(0.15),
      terms_version: TERMS_VERSION,
      terms_agreed_at: created,
      created_at: created,
      updated_at: created,
    });
    bodies.push({ height, weight });
  }
  const ids: number[] = [];
  const size = 2_000;
  for (let i = 0; i < rows.length; i += size) {
    ids.push(...(await ctx.w.insertIds('users', t.users, rows.slice(i, i + size))));
    ctx.progress.step(Math.min(size, rows.length - i), 'users');
  }
  ctx.users = ids.map((id, i) => ({ id, ...get(bodies, i) }));
  ctx.reviewers = ctx.users.slice(1);

  // Brand likes (planned in reference()).
  const likeRows: Row[] = [];
  ctx.brandLikePlan.forEach((userIdxs, bi) => {
    for (const u of userIdxs) {
      likeRows.push({
        user_id: get(ctx.reviewers, u).id,
        like_type: 'BRAND',
        like_id: get(ctx.brandIds, bi),
        created_at: rng.dateBetween(ctx.ago(365), ctx.now),
      });
    }
  });
  await ctx.w.insert('likes', t.likes, likeRows);
}
