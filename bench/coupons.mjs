#!/usr/bin/env node
// The coupon optimiser (packages/shared/src/coupons.ts) on real-sized carts: 20 lines and 30
// coupons (about a third of them line coupons scoped to brands, categories or displays, the rest
// cart-wide), seeded random, timed one call at a time after 200 untimed warm-up calls.
// Usage: npx node bench/coupons.mjs [-- --runs 2000 --seed 9]
// Writes bench/results/coupons.json; exits 1 when p99 is above the 50 ms target.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bestCouponAssignment } from '../packages/shared/src/coupons.ts';
import { Rng } from '../packages/shared/src/random.ts';
import { cliArgs } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '9' },
    lines: { type: 'string', default: '20' },
    coupons: { type: 'string', default: '30' },
    'line-share': { type: 'string', default: '0.35' },
  },
});
const TARGET_P99_MS = 50;
const NOW = new Date('2026-11-20T03:00:00Z');

const rng = new Rng(Number(values.seed));
const rnd = () => rng.next();
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

function makeCase(nLines, nCoupons, lineShare) {
  const lines = Array.from({ length: nLines }, (_, i) => ({
    line_id: i + 1,
    product_item_id: 1000 + i,
    product_display_id: 500 + int(0, 14),
    brand_id: int(1, 8),
    category_id: int(20, 29),
    parent_category_ids: [2 + int(0, 2)],
    unit_price: int(2, 40) * 4900,
    quantity: int(1, 3),
    is_time_sale: rnd() < 0.1,
  }));
  const scopes = ['ORDER', 'BRAND', 'CATEGORY', 'PRODUCT_DISPLAY'];
  const coupons = Array.from({ length: nCoupons }, (_, i) => {
    const isCart = rnd() >= lineShare;
    const scope = isCart ? (rnd() < 0.7 ? 'ORDER' : 'BRAND') : scopes[int(0, 3)];
    const scope_ids =
      scope === 'BRAND'
        ? [int(1, 8)]
        : scope === 'CATEGORY'
          ? [int(20, 29)]
          : scope === 'PRODUCT_DISPLAY'
            ? [500 + int(0, 14)]
            : [];
    const percent = rnd() < 0.5;
    return {
      id: i + 1,
      discount_kind: percent ? 'PERCENT' : 'FIXED',
      discount_value: percent ? int(3, 20) : int(1, 20) * 1000,
      max_discount: percent ? int(5, 30) * 1000 : null,
      min_order_amount: rnd() < 0.5 ? int(1, 15) * 10_000 : 0,
      scope,
      scope_ids,
      is_cart_coupon: isCart,
      stackable: rnd() < 0.1,
      allow_time_sale: rnd() < 0.2,
    };
  });
  return { lines, coupons };
}

const runs = Number(values.runs);
// Warm-up (JIT), not timed.
for (let k = 0; k < 200; k++) {
  const { lines, coupons } = makeCase(
    Number(values.lines),
    Number(values.coupons),
    Number(values['line-share']),
  );
  bestCouponAssignment(lines, coupons, NOW);
}
const times = [];
let checksum = 0;
for (let k = 0; k < runs; k++) {
  const { lines, coupons } = makeCase(
    Number(values.lines),
    Number(values.coupons),
    Number(values['line-share']),
  );
  const t0 = process.hrtime.bigint();
  const a = bestCouponAssignment(lines, coupons, NOW);
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  checksum += a.total_discount;
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
const result = {
  bench: 'coupons',
  lines: Number(values.lines),
  coupons: Number(values.coupons),
  runs,
  p50_ms: +q(0.5).toFixed(3),
  p99_ms: +q(0.99).toFixed(3),
  max_ms: +times[times.length - 1].toFixed(3),
  target_p99_ms: TARGET_P99_MS,
  mean_total_discount: Math.round(checksum / runs),
  node: process.version,
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/coupons.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
if (result.p99_ms > TARGET_P99_MS) process.exit(1);
