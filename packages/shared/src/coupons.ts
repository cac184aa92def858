/**
 * Coupon maths (docs/ARCHITECTURE.md, 'Benefits'; SPEC.md, 'Business constants and limits', "Coupons and
 * prices"): one coupon's discount on a line or an order, usability at an instant, the evaluation of a
 * complete assignment of coupons to a cart, and the optimiser that finds the assignment with the largest
 * total discount.
 *
 * The rules (the one definition both the optimiser and the exhaustive reference use):
 * - FIXED: min(value, amount). PERCENT: floor(amount × value / 100), capped at max_discount.
 * - A line coupon (`is_cart_coupon = false`) applies to one product line: the line must match the
 *   scope (ORDER = any line; BRAND / CATEGORY / PRODUCT_DISPLAY / PRODUCT_ITEM = the line's brand,
 *   category (or parent category), display or item in `scope_ids`), must not be a time-sale line
 *   unless the policy allows it, and the line amount (unit price × quantity) must reach
 *   min_order_amount. A line takes at most one line coupon; `stackable` means nothing on a line
 *   coupon (it names the second cart-wide slot only) and is ignored there.
 * - A cart-wide coupon applies to the order: its eligible lines are those in its scope (time-sale
 *   lines excluded unless allowed). Its minimum is checked on their amount before coupons (sale
 *   prices). Its base is Σ over the eligible lines of (line amount − that line's line-coupon
 *   discount); its discount is discountOn(base) (percent floored, then max_discount, never more than
 *   the base), spread over the eligible lines only (allocateDiscount, by what each still costs). A
 *   chosen cart coupon must discount something (> 0).
 * - The order takes at most one regular cart-wide coupon and, when a policy says so (`stackable`),
 *   one stackable cart-wide coupon on top. The stackable one's base is also "after line coupons";
 *   it is further capped at what its lines still cost after the regular one, so no line goes below 0.
 * - A coupon is used at most once; it must be unused, inside its policy window and unexpired.
 *
 * Money is integer won throughout.
 */
import { kstDate, kstParts } from './time.ts';

/** What a coupon's discount applies to: the whole order, a brand, a category, a display or an item. */
export const COUPON_SCOPES = ['ORDER', 'BRAND', 'CATEGORY', 'PRODUCT_DISPLAY', 'PRODUCT_ITEM'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/** FIXED: a won amount; PERCENT: a percentage of the base, capped at max_discount. */
export const DISCOUNT_KINDS = ['FIXED', 'PERCENT'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** An owned (issued) coupon together with its policy's rules. */
export interface CouponRule {
  /** The issued coupon's id (or the policy id when previewing a not-yet-issued coupon). */
  id: number;
  discount_kind: DiscountKind;
  discount_value: number;
  max_discount: number | null;
  min_order_amount: number;
  scope: CouponScope;
  scope_ids: readonly number[];
  is_cart_coupon: boolean;
  stackable: boolean;
  allow_time_sale: boolean;
  /** Policy window (instants; KST wall-clock rules are turned into instants when issuing). */
  starts_at?: Date | null;
  ends_at?: Date | null;
  /** The issued coupon's own expiry. */
  expires_at?: Date | null;
  used?: boolean;
  is_active?: boolean;
}

/** One cart or order line as the coupon rules see it. */
export interface CouponLine {
  line_id: number;
  product_item_id: number;
  product_display_id: number;
  brand_id: number;
  category_id: number;
  /** Parent categories of category_id (a CATEGORY scope naming a parent matches its leaves). */
  parent_category_ids?: readonly number[];
  /** Price of one unit after product discounts (what the shopper would pay without coupons). */
  unit_price: number;
  quantity: number;
  is_time_sale?: boolean;
}

export interface LineAssignment {
  line_id: number;
  coupon_ids: number[];
  discount: number;
}

export interface CouponAssignment {
  lines: LineAssignment[];
  cart_coupon_ids: number[];
  /** What each cart-wide coupon of cart_coupon_ids takes off as applied (after line coupons), in order. */
  cart_discounts: number[];
  cart_discount: number;
  /** Σ line discounts + cart discount. */
  total_discount: number;
  /** How the cart discount splits over the lines (only its coupons' eligible lines; non-zero parts). */
  cart_allocation: { line_id: number; discount: number }[];
}

/** Per-line and cart picks, as the optimiser or a shopper chose them. */
export interface CouponChoice {
  lines: { line_id: number; coupon_ids: readonly number[] }[];
  cart_coupon_ids: readonly number[];
}

export const lineAmount = (l: CouponLine): number => l.unit_price * l.quantity;

/** The discount a coupon gives on an amount (no scope or minimum checks). */
export function discountOn(
  rule: Pick<CouponRule, 'discount_kind' | 'discount_value' | 'max_discount'>,
  amount: number,
): number {
  if (amount <= 0) return 0;
  let d: number;
  if (rule.discount_kind === 'FIXED') {
    d = Math.min(rule.discount_value, amount);
  } else {
    const pct = Math.min(Math.max(rule.discount_value, 0), 100);
    d = Math.floor((amount * pct) / 100);
    if (rule.max_discount !== null && rule.max_discount >= 0) d = Math.min(d, rule.max_discount);
  }
  return Math.max(0, Math.min(d, amount));
}

/** Whether a coupon can be used at `now`: active, unused, inside its window, unexpired. */
export function isCouponUsable(rule: CouponRule, now: Date): boolean {
  if (rule.used) return false;
  if (rule.is_active === false) return false;
  const t = now.getTime();
  if (rule.starts_at && t < rule.starts_at.getTime()) return false;
  if (rule.ends_at && t >= rule.ends_at.getTime()) return false;
  if (rule.expires_at && t >= rule.expires_at.getTime()) return false;
  return true;
}

/** Whether a line is inside a coupon's scope (ignores time-sale and minimum rules). */
export function inScope(rule: Pick<CouponRule, 'scope' | 'scope_ids'>, line: CouponLine): boolean {
  const ids = rule.scope_ids;
  switch (rule.scope) {
    case 'ORDER':
      return true;
    case 'BRAND':
      return ids.includes(line.brand_id);
    case 'CATEGORY':
      return ids.includes(line.category_id) || (line.parent_category_ids ?? []).some((c) => ids.includes(c));
    case 'PRODUCT_DISPLAY':
      return ids.includes(line.product_display_id);
    case 'PRODUCT_ITEM':
      return ids.includes(line.product_item_id);
  }
}

/** Whether a line counts for a coupon: in scope and not a time-sale line unless allowed. */
export function lineEligible(rule: CouponRule, line: CouponLine): boolean {
  if (line.is_time_sale && !rule.allow_time_sale) return false;
  return inScope(rule, line);
}

/** A line coupon's discount on one line, 0 when it does not apply. */
export function lineCouponDiscount(rule: CouponRule, line: CouponLine): number {
  if (rule.is_cart_coupon || !lineEligible(rule, line)) return 0;
  const amount = lineAmount(line);
  if (amount < rule.min_order_amount) return 0;
  return discountOn(rule, amount);
}

/** Amount before coupons of the lines a cart-wide coupon counts. */
export function cartEligibleAmount(rule: CouponRule, lines: readonly CouponLine[]): number {
  let s = 0;
  for (const l of lines) if (lineEligible(rule, l)) s += lineAmount(l);
  return s;
}

/** Whether a cart-wide coupon applies to the order at all (some eligible line, minimum reached). */
export function cartCouponApplies(rule: CouponRule, lines: readonly CouponLine[]): boolean {
  if (!rule.is_cart_coupon) return false;
  const amount = cartEligibleAmount(rule, lines);
  return amount > 0 && amount >= rule.min_order_amount;
}

/** A cart-wide coupon's discount on the order without line coupons (for previews and lists). */
export function cartCouponDiscount(rule: CouponRule, lines: readonly CouponLine[]): number {
  if (!cartCouponApplies(rule, lines)) return 0;
  return discountOn(rule, cartEligibleAmount(rule, lines));
}

/** Which coupons of a member could apply to each line and to the order (per-line options). */
export function couponOptions(lines: readonly CouponLine[], coupons: readonly CouponRule[], now: Date) {
  const usable = coupons.filter((c) => isCouponUsable(c, now));
  return {
    lines: lines.map((l) => ({
      line_id: l.line_id,
      coupons: usable
        .filter((c) => !c.is_cart_coupon)
        .map((c) => ({ coupon_id: c.id, discount: lineCouponDiscount(c, l) }))
        .filter((o) => o.discount > 0)
        .sort((a, b) => b.discount - a.discount || a.coupon_id - b.coupon_id),
    })),
    cart: usable
      .filter((c) => c.is_cart_coupon)
      .map((c) => ({ coupon_id: c.id, discount: cartCouponDiscount(c, lines) }))
      .filter((o) => o.discount > 0)
      .sort((a, b) => b.discount - a.discount || a.coupon_id - b.coupon_id),
  };
}

export class CouponChoiceError extends Error {
  readonly coupon_id: number | undefined;
  constructor(message: string, couponId?: number) {
    super(message);
    this.name = 'CouponChoiceError';
    this.coupon_id = couponId;
  }
}

/**
 * Scores cart-wide coupons on top of chosen line-coupon discounts (the one definition used by
 * evaluateChoice and the optimiser). `lineDiscounts[i]` is line i's line-coupon discount; `carts`
 * are applied in order (the regular coupon before the stackable one). Each cart coupon's base is
 * Σ over its eligible lines of (line amount − that line's line-coupon discount), its discount is
 * discountOn(base), and it is spread over those lines only, in proportion to what each still costs
 * (allocateDiscount). A later coupon is further capped at what its lines still cost after the
 * earlier one, so no line goes below zero.
 */
function applyCartCoupons(
  lines: readonly CouponLine[],
  lineDiscounts: readonly number[],
  carts: readonly CouponRule[],
): { discounts: number[]; perLine: number[]; byCoupon: number[][] } {
  const left = lines.map((l, i) => lineAmount(l) - (lineDiscounts[i] ?? 0));
  const perLine = lines.map(() => 0);
  const discounts: number[] = [];
  const byCoupon: number[][] = [];
  for (const c of carts) {
    let base = 0;
    let still = 0;
    const idx: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i] as CouponLine;
      if (!lineEligible(c, l)) continue;
      idx.push(i);
      base += lineAmount(l) - (lineDiscounts[i] ?? 0);
      still += left[i] as number;
    }
    const d = Math.min(discountOn(c, base), still);
    const parts = allocateDiscount(
      idx.map((i) => left[i] as number),
      d,
    );
    const mine = lines.map(() => 0);
    idx.forEach((i, k) => {
      left[i] = (left[i] as number) - (parts[k] as number);
      perLine[i] = (perLine[i] as number) + (parts[k] as number);
      mine[i] = parts[k] as number;
    });
    discounts.push(d);
    byCoupon.push(mine);
  }
  return { discounts, perLine, byCoupon };
}

/**
 * Evaluates a choice under the rules above; throws CouponChoiceError naming the broken rule.
 * This is the single definition of "total discount": the optimiser's answer and the exhaustive
 * reference are both scored by it.
 */
export function evaluateChoice(
  lines: readonly CouponLine[],
  coupons: readonly CouponRule[],
  choice: CouponChoice,
  now: Date,
): CouponAssignment {
  const byId = new Map(coupons.map((c) => [c.id, c]));
  const used = new Set<number>();
  const take = (id: number): CouponRule => {
    const c = byId.get(id);
    if (!c) throw new CouponChoiceError('보유하지 않은 쿠폰입니다.', id);
    if (used.has(id)) throw new CouponChoiceError('쿠폰은 한 번만 사용할 수 있습니다.', id);
    if (!isCouponUsable(c, now)) throw new CouponChoiceError('사용할 수 없는 쿠폰입니다.', id);
    used.add(id);
    return c;
  };
  const indexById = new Map(lines.map((l, i) => [l.line_id, i]));
  const lineDiscounts = lines.map(() => 0);
  const seen = new Set<number>();
  const out: LineAssignment[] = [];
  let lineTotal = 0;
  for (const pick of choice.lines) {
    const i = indexById.get(pick.line_id);
    if (i === undefined) throw new CouponChoiceError('주문에 없는 상품입니다.');
    const line = lines[i] as CouponLine;
    if (seen.has(line.line_id)) throw new CouponChoiceError('같은 상품이 두 번 지정되었습니다.');
    seen.add(line.line_id);
    if (pick.coupon_ids.length === 0) continue;
    if (pick.coupon_ids.length > 1)
      throw new CouponChoiceError('상품 하나에는 쿠폰을 하나만 적용할 수 있습니다.');
    const id = pick.coupon_ids[0] as number;
    const c = take(id);
    if (c.is_cart_coupon) throw new CouponChoiceError('장바구니 쿠폰은 상품에 적용할 수 없습니다.', id);
    const d = lineCouponDiscount(c, line);
    if (d <= 0) throw new CouponChoiceError('이 상품에 적용할 수 없는 쿠폰입니다.', id);
    lineTotal += d;
    lineDiscounts[i] = d;
    out.push({ line_id: line.line_id, coupon_ids: [id], discount: d });
  }
  const regular: CouponRule[] = [];
  const stack: CouponRule[] = [];
  for (const id of choice.cart_coupon_ids) {
    const c = take(id);
    if (!c.is_cart_coupon) throw new CouponChoiceError('상품 쿠폰은 주문 전체에 적용할 수 없습니다.', id);
    if (c.stackable) stack.push(c);
    else regular.push(c);
    if (!cartCouponApplies(c, lines))
      throw new CouponChoiceError('주문 금액이 쿠폰 사용 조건에 맞지 않습니다.', id);
  }
  if (regular.length > 1 || stack.length > 1)
    throw new CouponChoiceError('장바구니 쿠폰은 주문당 하나만 사용할 수 있습니다.');
  const ordered = [...regular, ...stack];
  const applied = applyCartCoupons(lines, lineDiscounts, ordered);
  ordered.forEach((c, k) => {
    if ((applied.discounts[k] ?? 0) <= 0)
      throw new CouponChoiceError('상품 쿠폰 적용 후 이 쿠폰으로 할인할 금액이 없습니다.', c.id);
  });
  const cart = applied.discounts.reduce((s, d) => s + d, 0);
  return {
    lines: out,
    cart_coupon_ids: ordered.map((c) => c.id),
    cart_discounts: ordered.map((_, k) => applied.discounts[k] ?? 0),
    cart_discount: cart,
    total_discount: lineTotal + cart,
    cart_allocation: lines.flatMap((l, i) =>
      (applied.perLine[i] ?? 0) > 0 ? [{ line_id: l.line_id, discount: applied.perLine[i] as number }] : [],
    ),
  };
}

/** One line of a paid order as a cancel or return re-evaluates its coupons. */
export interface ClaimCouponLine extends CouponLine {
  /** The discount of the line's own coupon at checkout (0 without one). */
  line_discount: number;
  /** Not cancelled or refunded before this claim (the closing line included). */
  live: boolean;
}

export interface CouponClawback {
  /** The coupon discount taken out of the closing line's refund (쿠폰 할인 회수). */
  clawback: number;
  /** What the closing line refunds after it. */
  refund: number;
  /** Per line still live after the claim: the discount it loses (their sum is `clawback`). */
  lines: { line_id: number; clawback: number }[];
}

/**
 * The refund of a cancelled or returned line with its order's coupons re-evaluated
 * (docs/ARCHITECTURE.md, 'Cancel, return, exchange, confirmation'). The cart-wide coupons are
 * re-scored as at checkout (applyCartCoupons over every line of the order, so each line's share of
 * each coupon is the one it was charged). A cart coupon whose condition (minimum over its eligible
 * lines) the live lines met before `closing` closed and no longer meet without it is lost: the
 * lines still live give back their share of it, taken out of the closing line's refund (`refund`,
 * what it would refund otherwise), never more than that refund. Line coupons depend on their own
 * line only and are never lost; when no line stays live nothing is taken (the whole order is
 * refunded and every coupon comes back).
 */
export function couponClawback(input: {
  lines: readonly ClaimCouponLine[];
  cart_coupons: readonly CouponRule[];
  closing: number;
  refund: number;
}): CouponClawback {
  const refund = Math.max(0, Math.trunc(input.refund));
  const { lines } = input;
  const carts = [
    ...input.cart_coupons.filter((c) => !c.stackable),
    ...input.cart_coupons.filter((c) => c.stackable),
  ];
  const before = lines.filter((l) => l.live);
  const after = before.filter((l) => l.line_id !== input.closing);
  if (after.length === 0 || carts.length === 0) return { clawback: 0, refund, lines: [] };
  const applied = applyCartCoupons(
    lines,
    lines.map((l) => l.line_discount),
    carts,
  );
  const lost = lines.map(() => 0);
  carts.forEach((c, k) => {
    if (!cartCouponApplies(c, before) || cartCouponApplies(c, after)) return;
    lines.forEach((l, i) => {
      if (l.live && l.line_id !== input.closing)
        lost[i] = (lost[i] as number) + (applied.byCoupon[k]?.[i] ?? 0);
    });
  });
  const total = lost.reduce((s, x) => s + x, 0);
  const taken = Math.min(total, refund);
  const parts = allocateDiscount(lost, taken);
  return {
    clawback: taken,
    refund: refund - taken,
    lines: lines.flatMap((l, i) =>
      (parts[i] ?? 0) > 0 ? [{ line_id: l.line_id, clawback: parts[i] as number }] : [],
    ),
  };
}

/**
 * The Hungarian algorithm with potentials (O(n²m), n ≤ m, 1-based): assigns every row 1..n to a
 * distinct column 1..m minimising Σ cost(i, j). Returns p, where p[j] is the row given column j
 * (0: none).
 */
function hungarian(n: number, m: number, cost: (i: number, j: number) => number): Int32Array {
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1);
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
    const usedCol = new Uint8Array(m + 1);
    do {
      usedCol[j0] = 1;
      const i0 = p[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (usedCol[j]) continue;
        const cur = cost(i0, j) - (u[i0] as number) - (v[j] as number);
        if (cur < (minv[j] as number)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (usedCol[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else {
          minv[j] = (minv[j] as number) - delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0);
  }
  return p;
}

/**
 * Maximum-weight assignment of rows to columns (Hungarian algorithm, O(n²m) with potentials),
 * where a row may stay unassigned (weights are ≥ 0, so padding with zero columns expresses that).
 * Returns, per row, the chosen column or -1.
 */
export function maxWeightAssignment(weights: readonly (readonly number[])[], columns: number): number[] {
  const n = weights.length;
  const m = Math.max(columns, n); // zero columns let every row stay unassigned
  // Minimise cost = -weight on an n × m matrix (n ≤ m), 1-based as in the classic formulation.
  const cost = (i: number, j: number) => -((j <= columns ? weights[i - 1]?.[j - 1] : 0) ?? 0);
  const p = hungarian(n, m, cost);
  const result = new Array<number>(n).fill(-1);
  for (let j = 1; j <= columns; j++) {
    const row = p[j] as number;
    if (row > 0 && (weights[row - 1]?.[j - 1] ?? 0) > 0) result[row - 1] = j - 1;
  }
  return result;
}

/**
 * Perfect assignment of every row to a distinct column maximising Σ w(i, col(i)) (Hungarian
 * algorithm with potentials, O(n²m), n ≤ m). `w` returns -Infinity for a forbidden cell. Returns
 * null when no assignment avoids forbidden cells.
 */
function assignRows(n: number, m: number, w: (i: number, j: number) => number): number[] | null {
  const BIG = 1e13;
  const cost = (i: number, j: number) => {
    const x = w(i - 1, j - 1);
    return x === Number.NEGATIVE_INFINITY ? BIG : -x;
  };
  const p = hungarian(n, m, cost);
  const col = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) if ((p[j] as number) > 0) col[(p[j] as number) - 1] = j - 1;
  for (let i = 0; i < n; i++) if (w(i, col[i] as number) === Number.NEGATIVE_INFINITY) return null;
  return col;
}

/** A cart coupon's discount as a real function of its base: min(slope × base, cap). */
function cartShape(c: CouponRule): { slope: number; cap: number } {
  if (c.discount_kind === 'FIXED') return { slope: 1, cap: Math.max(0, c.discount_value) };
  const pct = Math.min(Math.max(c.discount_value, 0), 100);
  const cap = c.max_discount !== null && c.max_discount >= 0 ? c.max_discount : Number.POSITIVE_INFINITY;
  return { slope: pct / 100, cap };
}

/** Counts optimiser work for the bench and tests (pairs solved, exact enumerations, nodes). */
export const couponOptimiserStats = { pairs: 0, enumerations: 0, nodes: 0, budget_hits: 0, max_gap: 0 };

/** Enumeration nodes allowed per call before the optimiser settles for its proven-near answer. */
export const COUPON_ENUMERATION_BUDGET = 60;

/**
 * The assignment with the largest total discount (see docs/ARCHITECTURE.md "Benefits"), exact:
 *
 * Let x be a choice of line coupons (each line at most one, each coupon once) and L(x) its line
 * discounts. For a cart-coupon pair P (regular or none × stackable or none) the total is
 * F_P(x) = L(x) + Σ_{k∈P} D_k(x), D_k = discountOn(k, base_k) with base_k ≤ A_k − L_k(x) (A_k the
 * eligible amount before coupons, L_k(x) the line discounts on k's eligible lines). D_k ≤ min(s_k·B,
 * cap_k) which is concave in B, so for any a_k ∈ {0, s_k} (a supergradient) D_k ≤ c_k(a_k) − a_k·L_k(x)
 * with c_k(s_k) = s_k·A_k, c_k(0) = cap_k. Hence F_P(x) ≤ h_a(x) = Σ_lines d·(1 − Σ_{k∋line} a_k) + Σ c_k:
 * a linear function of x, maximised exactly by the Hungarian algorithm. For each pair the optimiser
 * maximises h_a for each corner a, scores those answers with F_P, and, if the best score is below
 * min_a max h_a, enumerates choices in decreasing h_a (Murty's k-best assignments) until h_a drops
 * below best + 1 (money is integer): every choice not seen has F_P ≤ h_a < best + 1. Pairs are tried
 * in decreasing order of the bound max L + Σ D_k(A_k) and skipped once that bound cannot beat the best.
 */
export function bestCouponAssignment(
  lines: readonly CouponLine[],
  coupons: readonly CouponRule[],
  now: Date,
): CouponAssignment {
  const usable = coupons.filter((c) => isCouponUsable(c, now));
  const lineCoupons = usable.filter((c) => !c.is_cart_coupon);
  const rows = lines
    .map((l, i) => ({ i, w: lineCoupons.map((c) => lineCouponDiscount(c, l)) }))
    .filter((r) => r.w.some((x) => x > 0));
  const n = rows.length;
  const nc = lineCoupons.length;
  // Columns: the line coupons, then one "no coupon" column per row (only that row may use it).
  const m = nc + n;
  const disc = (r: number, j: number): number => {
    if (j >= nc) return j - nc === r ? 0 : Number.NEGATIVE_INFINITY;
    const d = rows[r]?.w[j] ?? 0;
    return d > 0 ? d : Number.NEGATIVE_INFINITY;
  };
  const lineDiscountsOf = (col: readonly number[]): number[] => {
    const ld = lines.map(() => 0);
    col.forEach((j, r) => {
      if (j < nc) ld[rows[r]?.i as number] = disc(r, j);
    });
    return ld;
  };
  const score = (col: readonly number[], pair: readonly CouponRule[]): number => {
    const ld = lineDiscountsOf(col);
    const applied = applyCartCoupons(lines, ld, pair);
    return ld.reduce((s, d) => s + d, 0) + applied.discounts.reduce((s, d) => s + d, 0);
  };
  const plain = assignRows(n, m, disc) ?? [];
  const maxL = lineDiscountsOf(plain).reduce((s, d) => s + d, 0);
  let best = { total: maxL, col: plain, pair: [] as CouponRule[] };

  const carts = usable.filter((c) => cartCouponApplies(c, lines));
  const regulars: (CouponRule | null)[] = [null, ...carts.filter((c) => !c.stackable)];
  const stacks: (CouponRule | null)[] = [null, ...carts.filter((c) => c.stackable)];
  const pairs: { pair: CouponRule[]; bound: number }[] = [];
  for (const r of regulars)
    for (const s of stacks) {
      const pair = [r, s].filter((c): c is CouponRule => c !== null);
      if (pair.length === 0) continue;
      pairs.push({ pair, bound: maxL + pair.reduce((t, c) => t + cartCouponDiscount(c, lines), 0) });
    }
  pairs.sort((a, b) => b.bound - a.bound);
  let nodesLeft = COUPON_ENUMERATION_BUDGET;

  for (const { pair, bound } of pairs) {
    if (bound <= best.total) break;
    couponOptimiserStats.pairs += 1;
    const shapes = pair.map((c) => ({
      ...cartShape(c),
      amount: cartEligibleAmount(c, lines),
      inScope: rows.map((r) => lineEligible(c, lines[r.i] as CouponLine)),
    }));
    const weightsFor = (a: readonly number[]) => {
      const factor = rows.map(
        (_, r) => 1 - shapes.reduce((t, sh, k) => t + (sh.inScope[r] ? (a[k] as number) : 0), 0),
      );
      // Tangent of min(s·B, cap) with slope a at the kink K = cap / s: cap + a·(B − K).
      const constant = shapes.reduce(
        (t, sh, k) =>
          t +
          ((a[k] as number) === sh.slope
            ? sh.slope * sh.amount
            : sh.cap + (a[k] as number) * (sh.amount - sh.cap / sh.slope)),
        0,
      );
      const h = (r: number, j: number) => {
        const d = disc(r, j);
        return j < nc && d !== Number.NEGATIVE_INFINITY ? d * (factor[r] as number) : d;
      };
      return { h, constant };
    };
    let bestBound = Number.POSITIVE_INFINITY;
    let bestA: number[] = [];
    let bestACol: number[] = [];
    const tryA = (a: number[]) => {
      const { h, constant } = weightsFor(a);
      const col = assignRows(n, m, h) ?? [];
      const hv = col.reduce((t, j, r) => t + h(r, j), constant);
      const f = score(col, pair);
      if (f > best.total) best = { total: f, col, pair };
      if (hv < bestBound) {
        bestBound = hv;
        bestA = a;
        bestACol = col;
      }
      // d h / d a_k = base_k(x) − K_k: the subgradient of the dual bound.
      return shapes.map((sh) => {
        let inL = 0;
        col.forEach((j, r) => {
          if (j < nc && sh.inScope[r]) inL += disc(r, j);
        });
        return sh.amount - inL - sh.cap / sh.slope;
      });
    };
    let corners: number[][] = [[]];
    for (const sh of shapes) {
      const opts = Number.isFinite(sh.cap) && sh.slope > 0 ? [sh.slope, 0] : [sh.slope];
      corners = corners.flatMap((a) => opts.map((o) => [...a, o]));
    }
    for (const a of corners) tryA(a);
    // Tighten the bound (Lagrangian dual, convex in a): bisect each finite-cap multiplier in turn.
    if (Math.floor(bestBound + 1e-6) > best.total) {
      const a = [...bestA];
      const lo = shapes.map(() => 0);
      const hi = shapes.map((sh) => sh.slope);
      for (let it = 0; it < 14 && Math.floor(bestBound + 1e-6) > best.total; it++) {
        for (let k = 0; k < shapes.length; k++) {
          const sh = shapes[k] as (typeof shapes)[number];
          if (!Number.isFinite(sh.cap) || sh.slope <= 0) continue;
          a[k] = ((lo[k] as number) + (hi[k] as number)) / 2;
          const g = tryA([...a])[k] as number;
          if (g > 0) hi[k] = a[k] as number;
          else lo[k] = a[k] as number;
        }
      }
    }
    if (Math.floor(bestBound + 1e-6) <= best.total) continue;
    // Exact enumeration in decreasing h (Murty): stop once h < best + 1.
    couponOptimiserStats.enumerations += 1;
    const { h, constant } = weightsFor(bestA);
    const hOf = (col: readonly number[]) => col.reduce((t, j, r) => t + h(r, j), constant);
    // Partition on line-discount vectors, not on coupon identities: the score depends only on how
    // much each line gets, so coupons giving a line the same amount are interchangeable there.
    const val = (r: number, j: number) => (j >= nc ? 0 : disc(r, j));
    type Node = { col: number[]; value: number; forced: number; banned: [number, number][] };
    // `forced` = rows 0..forced-1 keep the parent's amounts; banned = (row, amount) pairs.
    const queue: Node[] = [{ col: bestACol, value: hOf(bestACol), forced: 0, banned: [] }];
    while (queue.length > 0) {
      if (nodesLeft <= 0) {
        // Out of budget: the answer is valid and at most (largest open bound − best) short.
        const open = Math.max(...queue.map((q) => q.value));
        const gap = Math.max(0, Math.floor(open + 1e-6) - best.total);
        if (gap > 0) {
          couponOptimiserStats.budget_hits += 1;
          couponOptimiserStats.max_gap = Math.max(couponOptimiserStats.max_gap, gap);
        }
        break;
      }
      nodesLeft -= 1;
      let k = 0;
      for (let q = 1; q < queue.length; q++) if ((queue[q] as Node).value > (queue[k] as Node).value) k = q;
      const node = queue.splice(k, 1)[0] as Node;
      if (node.value < best.total + 1 - 1e-6) break;
      couponOptimiserStats.nodes += 1;
      const f = score(node.col, pair);
      if (f > best.total) best = { total: f, col: node.col, pair };
      for (let r = node.forced; r < n; r++) {
        // Child r: rows < r keep node's amounts, row r may not have node's amount.
        const banned: [number, number][] = [
          ...node.banned.filter(([br]) => br >= r),
          [r, val(r, node.col[r] as number)],
        ];
        const sub = (i: number, j: number) => {
          const x = h(i, j);
          if (x === Number.NEGATIVE_INFINITY) return x;
          const v = val(i, j);
          if (i < r) return v === val(i, node.col[i] as number) ? x : Number.NEGATIVE_INFINITY;
          for (const [br, bv] of banned) if (br === i && bv === v) return Number.NEGATIVE_INFINITY;
          return x;
        };
        const col = assignRows(n, m, sub);
        if (!col) continue;
        queue.push({ col, value: hOf(col), forced: r, banned });
      }
    }
  }

  const ld = lineDiscountsOf(best.col);
  const picks: CouponChoice['lines'] = [];
  best.col.forEach((j, r) => {
    const c = lineCoupons[j];
    const l = lines[rows[r]?.i as number];
    if (j < nc && c && l) picks.push({ line_id: l.line_id, coupon_ids: [c.id] });
  });
  // Cart coupons that end up adding nothing are left out (a used coupon must discount something).
  const applied = applyCartCoupons(lines, ld, best.pair);
  const cartIds = best.pair.filter((_, k) => (applied.discounts[k] ?? 0) > 0).map((c) => c.id);
  return evaluateChoice(lines, coupons, { lines: picks, cart_coupon_ids: cartIds }, now);
}

/**
 * When an issued coupon expires: `valid_days` KST calendar days counting the issue day (at the end
 * of the last day, 24:00 KST), never after the policy's end; without valid_days the policy's end;
 * without either, one year.
 */
export function issuedCouponExpiry(
  issuedAt: Date,
  validDays: number | null,
  policyEndsAt: Date | null,
): Date {
  let at: Date | null = null;
  if (validDays !== null && validDays > 0) {
    // KST midnight `validDays` calendar days after the issue day (kstDate rolls the day over).
    const k = kstParts(issuedAt);
    at = kstDate(k.year, k.month, k.day + validDays);
  }
  if (policyEndsAt && (!at || policyEndsAt < at)) at = policyEndsAt;
  return at ?? new Date(issuedAt.getTime() + 365 * 86_400_000);
}

/** The lowest price of one unit of a display after the best single coupon a shopper could use. */
export function priceAfterBestCoupon(
  line: CouponLine,
  coupons: readonly CouponRule[],
  now: Date,
): { price: number; coupon_id: number | null } {
  const one = { ...line, quantity: 1 };
  const a = bestCouponAssignment([one], coupons, now);
  const ids = [...(a.lines[0]?.coupon_ids ?? []), ...a.cart_coupon_ids];
  return { price: line.unit_price - a.total_discount, coupon_id: ids[0] ?? null };
}

/**
 * The "첫 구매 시" price (docs/ARCHITECTURE.md, 'Prices'; the shop's reading of SPEC.md "Coupons and
 * prices": the first-purchase benefit is the first-purchase coupon, 7 %, at most 10,000 won): one unit
 * of a product bought alone, after the coupons checkout's optimiser applies for a shopper holding the
 * first-purchase coupon and `others` (the other coupons they hold). Null when the first-purchase coupon
 * takes nothing off that price (not usable, below its minimum order, a time-sale line it does not
 * allow, or another coupon the shopper holds is worth more alone): then there is no first-purchase
 * price to promise. Shipping is not part of it.
 */
export function firstPurchasePrice(
  line: CouponLine,
  firstPurchase: CouponRule,
  others: readonly CouponRule[],
  now: Date,
): number | null {
  const one = { ...line, quantity: 1 };
  const a = bestCouponAssignment(
    [one],
    [firstPurchase, ...others.filter((c) => c.id !== firstPurchase.id)],
    now,
  );
  const ids = [...(a.lines[0]?.coupon_ids ?? []), ...a.cart_coupon_ids];
  if (!ids.includes(firstPurchase.id)) return null;
  return one.unit_price - a.total_discount;
}

/**
 * Spreads an order-level discount (cart-wide coupons, points) over the lines in proportion to what
 * each line still costs, in whole won (largest remainder, ties to the earlier line), so the parts add
 * up exactly and no line goes below zero. For order_items.coupon_discount / point_used.
 */
export function allocateDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((s, a) => s + Math.max(0, a), 0);
  const d = Math.max(0, Math.min(discount, total));
  if (d === 0 || total === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (Math.max(0, a) * d) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = d - parts.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Points usable at checkout: 1-won units, at most the balance and the amount left to pay. */
export function maxUsablePoints(balance: number, payable: number): number {
  return Math.max(0, Math.min(Math.floor(balance), Math.floor(payable)));
}

/**
 * One-time serial codes (the back office's serial batches): 12 characters of an alphabet without
 * look-alikes (no 0/O, 1/I), shown as XXXX-XXXX-XXXX. 32 symbols, so one random byte modulo 32
 * picks a symbol without bias.
 */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A serial code from 12 random bytes. */
export function serialFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 12) throw new RangeError('a serial takes 12 random bytes');
  const s = Array.from(bytes, (b) => SERIAL_ALPHABET[b % 32]).join('');
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** A typed serial as stored: upper case, spaces and dashes dropped, then XXXX-XXXX-XXXX. */
export function normaliseSerial(raw: string): string {
  const s = raw.toUpperCase().replace(/[\s-]/g, '');
  return s.length === 12 ? `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}` : s;
}
