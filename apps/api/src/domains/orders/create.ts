/**
 * POST /api/orders: an order created PENDING with its stock, time-sale units, coupons and points
 * reserved until its payment is confirmed (SPEC.md, 'Orders'; docs/ARCHITECTURE.md, 'Reserved
 * until paid').
 */
import { randomBytes } from 'node:crypto';
import {
  type CreatedOrder,
  type CreateOrderRequest,
  newOrderId,
  type OrderMoney,
  orderName,
} from '@codiroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import { fixedStatement, runHot } from '../../db/hot-sql.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { type Conn, isUniqueViolation } from '../../platform/transactions.ts';
import { displaysChanged } from '../catalog/index.ts';
import { gatewayOf, offeredMethods } from '../payments/index.ts';
import { checkAddressRoom, saveAddressOnce } from '../users/index.ts';
import { applyBenefits, type BenefitPlan, planBenefits } from './benefits.ts';
import { MSG, WINDOW_MS } from './model.ts';
import {
  assertBuyable,
  orderMoney,
  PRICE_MSG,
  type PricedLine,
  priceLines,
  timeSaleUnits,
  type Wanted,
  wantedFromCart,
} from './pricing.ts';
import { releaseAttempts } from './release.ts';
import { reserveTimeSaleUnits } from './time-sale-stock.ts';

// ───────────────────────────── create ─────────────────────────────

export async function resolveWanted(
  db: Conn,
  userId: number,
  body: { cart_ids?: number[]; items?: { product_item_id: number; quantity: number }[] },
): Promise<Wanted[]> {
  if (body.cart_ids) return wantedFromCart(db, userId, body.cart_ids);
  return (body.items ?? []).map((i) => ({ ...i, cart_id: null }));
}

/** Orders of up to this many lines create through a prepared statement (see insertPendingOrder). */
const PREPARED_MAX_LINES = 8;

type PendingOrder = {
  orderNo: string;
  userId: number;
  name: string;
  money: OrderMoney;
  address: CreateOrderRequest['address'];
  deliveryRequest: string | null;
  /** Null: the member's own name / phone (read in the statement). */
  orderer: CreateOrderRequest['orderer'] | null;
  paymentMethod: CreateOrderRequest['payment_method'];
  /** SPEC.md §3 "Campaign codes": the visit's campaign link, if any. */
  campaignCode: number | null;
  now: Date;
  lines: readonly PricedLine[];
  plan: BenefitPlan;
};

/**
 * insertPendingOrder's statement for `shape` = "<distinct items>/<lines>", with `v(name)` where
 * each value goes (hot-sql.ts fixedStatement): item{k}/q{k} per item in id order, l{i}… per line.
 */
function pendingOrderSql(v: (name: string) => unknown, shape: string): SQL {
  const [itemCount = 0, lineCount = 0] = shape.split('/').map(Number);
  const at = sql`${v('at')}::timestamptz`;
  const itemRows = sql.join(
    Array.from({ length: itemCount }, (_, k) => sql`(${v(`item${k}`)}::int, ${v(`q${k}`)}::int)`),
    sql`, `,
  );
  const lineRows = sql.join(
    Array.from({ length: lineCount }, (_, i) => {
      const l = (f: string) => v(`l${i}${f}`);
      return sql`(${i}::int, ${l('item')}::int, ${l('display')}::int, ${l('brand')}::int,
        ${l('name')}::text, ${l('size')}::text, ${l('color')}::text, ${l('q')}::int,
        ${l('list')}::int, ${l('price')}::int, ${l('coupon')}::int, ${l('couponDiscount')}::int,
        ${l('point')}::int, ${l('paid')}::int, ${l('despoke')}::boolean,
        ${l('timeSale')}::int)`;
    }),
    sql`, `,
  );
  // One item: its conditional update is the whole reservation (it waits for the row's lock and
  // re-checks the stock on the row as it then stands), so no separate lock pass. Several items:
  // all rows are locked (in id order) and checked first, so a short line takes nothing from the
  // others.
  const reserve =
    itemCount === 1
      ? sql`
      reserved as materialized (
        update product_items p set stock = p.stock - v.q
        from v
        where p.id = v.id and p.is_active and p.stock >= v.q
        returning p.id
      ),
      good as materialized (select array_agg(r.id) as ids, count(*) = 1 as ok from reserved r),`
      : sql`
      locked as materialized (
        select p.id, p.stock, p.is_active from product_items p
        where p.id in (select id from v) order by p.id for no key update
      ),
      good as materialized (
        select array_agg(l.id) as ids, count(*) = ${sql.raw(String(itemCount))}::int as ok
        from locked l join v on v.id = l.id
        where l.is_active and l.stock >= v.q
      ),
      reserved as (
        update product_items p set stock = p.stock - v.q
        from v
        where p.id = v.id and p.is_active and p.stock >= v.q and (select ok from good)
        returning p.id
      ),`;
  return sql`
      with v(id, q) as (values ${itemRows}),${reserve}
      o as (
        insert into orders (order_no, user_id, status, order_name, total_price, product_discount,
          coupon_discount, point_used, shipping_fee, amount, recipient, phone, zipcode, main_address,
          detail_address, delivery_request, orderer_name, orderer_phone, payment_method, campaign_code,
          expires_at, created_at, updated_at)
        select ${v('orderNo')}::text, ${v('userId')}::int, 'PENDING', ${v('name')}::text, ${v('total')}::int,
          ${v('productDiscount')}::int, ${v('couponDiscount')}::int, ${v('pointUsed')}::int,
          ${v('shippingFee')}::int, ${v('amount')}::int, ${v('recipient')}::text,
          ${v('phone')}::text, ${v('zipcode')}::text, ${v('mainAddress')}::text,
          ${v('detailAddress')}::text, ${v('deliveryRequest')}::text,
          coalesce(${v('ordererName')}::text, left(u.name, 50)),
          coalesce(${v('ordererPhone')}::text, u.phone), ${v('paymentMethod')}::text,
          ${v('campaignCode')}::smallint,
          ${v('expires')}::timestamptz, ${at}, ${at}
        from (select 1) one left join users u on u.id = ${v('userId')}::int
        where (select ok from good)
        returning id, orderer_name
      ),
      i as (
        insert into order_items (order_id, product_item_id, product_display_id, brand_id, name,
          size_name, color_name, quantity, price, price_discount, coupon_id, coupon_discount,
          point_used, paid_amount, status, is_despoke, time_sale_item_id, created_at, updated_at)
        select o.id, x.product_item_id, x.product_display_id, x.brand_id, x.name, x.size_name,
          x.color_name, x.quantity, x.price, x.price_discount, x.coupon_id, x.coupon_discount,
          x.point_used, x.paid_amount, 'PENDING', x.is_despoke, x.time_sale_item_id, ${at}, ${at}
        from o cross join (values ${lineRows}) as x(n, product_item_id, product_display_id, brand_id,
          name, size_name, color_name, quantity, price, price_discount, coupon_id, coupon_discount,
          point_used, paid_amount, is_despoke, time_sale_item_id)
        order by x.n
      )
      select (select id from o) as id, (select ids from good) as reservable,
        (select orderer_name from o) as customer_name, (select count(*) from reserved) as r`;
}

const pendingOrderStatement = fixedStatement<Record<string, unknown>>((v, shape) =>
  pendingOrderSql(v, shape),
);

/**
 * Reserves the stock of every line and writes the PENDING order with its items, in ONE statement
 * (atomic on its own; inside the caller's transaction when coupons, points or time-sale units must
 * be taken with it). The item rows are locked in item id order first (concurrent multi-item orders
 * cannot deadlock; an order of one item needs no separate lock pass: its conditional update waits
 * for the row and re-checks it) and read as they stand once locked; only when every line is
 * reservable (`is_active and stock >= q`) is the stock taken (`stock = stock - q`) and the order written, so
 * no buyer can take an item below zero and a short order writes nothing. The order is acknowledged
 * to the shopper, so its commit is durable like every other (docs/ARCHITECTURE.md, 'Data': what is
 * acknowledged survives a crash, on PGlite and PostgreSQL alike).
 * Returns the new order's id (null when some line was short) and the reservable item ids.
 */
async function insertPendingOrder(
  conn: Conn,
  o: PendingOrder,
): Promise<{ id: number | null; reservable: Set<number>; customer_name: string | null }> {
  const byItem = new Map<number, number>();
  for (const l of o.lines) byItem.set(l.product_item_id, (byItem.get(l.product_item_id) ?? 0) + l.quantity);
  const m = o.money;
  const a = o.address;
  const values: Record<string, unknown> = {
    at: o.now.toISOString(),
    expires: new Date(o.now.getTime() + WINDOW_MS).toISOString(),
    orderNo: o.orderNo,
    userId: o.userId,
    name: o.name,
    total: m.total_price,
    productDiscount: m.product_discount,
    couponDiscount: m.coupon_discount,
    pointUsed: m.point_used,
    shippingFee: m.shipping_fee,
    amount: m.amount,
    recipient: a.recipient,
    phone: a.phone.replaceAll('-', ''),
    zipcode: a.zipcode,
    mainAddress: a.main_address,
    detailAddress: a.detail_address,
    deliveryRequest: o.deliveryRequest,
    ordererName: o.orderer?.name ?? null,
    ordererPhone: o.orderer?.phone ?? null,
    paymentMethod: o.paymentMethod,
    campaignCode: o.campaignCode,
  };
  [...byItem.entries()]
    .sort((x, y) => x[0] - y[0])
    .forEach(([id, q], k) => {
      values[`item${k}`] = id;
      values[`q${k}`] = q;
    });
  o.lines.forEach((l, i) => {
    const b = o.plan.lines[i];
    const couponDiscount = b?.coupon_discount ?? 0;
    const pointUsed = b?.point_used ?? 0;
    Object.assign(values, {
      [`l${i}item`]: l.product_item_id,
      [`l${i}display`]: l.product_display_id,
      [`l${i}brand`]: l.brand_id,
      [`l${i}name`]: l.name,
      [`l${i}size`]: l.size_name,
      [`l${i}color`]: l.color_name,
      [`l${i}q`]: l.quantity,
      [`l${i}list`]: l.list_price,
      [`l${i}price`]: l.price,
      [`l${i}coupon`]: b?.coupon_id ?? null,
      [`l${i}couponDiscount`]: couponDiscount,
      [`l${i}point`]: pointUsed,
      [`l${i}paid`]: l.price * l.quantity - couponDiscount - pointUsed,
      [`l${i}despoke`]: l.is_despoke,
      [`l${i}timeSale`]: l.time_sale_item_id,
    });
  });
  // The text has one VALUES row per item and per line: a fixed, prepared text (kept per
  // connection) only for the few shapes of small orders, so no sequence of orders can fill the
  // connections with statements.
  const shape = `${byItem.size}/${o.lines.length}`;
  const rows = (
    o.lines.length <= PREPARED_MAX_LINES
      ? await pendingOrderStatement(conn, values, shape)
      : await runHot(conn, false)(pendingOrderSql((name) => values[name], shape))
  ) as {
    id: number | null;
    reservable: number[] | null;
    customer_name: string | null;
  }[];
  const row = rows[0];
  return {
    id: row?.id === null || row?.id === undefined ? null : Number(row.id),
    reservable: new Set((row?.reservable ?? []).map(Number)),
    customer_name: row?.customer_name ?? null,
  };
}

export async function createOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderRequest,
  campaignCode: number | null = null,
): Promise<CreatedOrder> {
  // Starting checkout again ends the member's earlier unpaid attempts first (release.ts), so the
  // stock, coupons and points they held are this order's to take (never one being confirmed).
  // The method must be one the gateway offers (docs/ARCHITECTURE.md, "Payment methods").
  if (!offeredMethods(gatewayOf(ctx)).includes(body.payment_method)) throw badRequest(MSG.methodNotOffered);
  // 배송지 목록에 저장: a full address book is refused before anything is taken.
  if (body.save_address) await checkAddressRoom(ctx, userId, body.address);
  await releaseAttempts(ctx, userId, { keep: body.order_id });
  const now = ctx.clock.now();
  const wanted = await resolveWanted(ctx.db, userId, body);
  const lines = await priceLines(ctx.db, wanted, now);
  assertBuyable(lines);
  const { money: base } = orderMoney(lines);
  // Coupons and points: re-validated over the server-priced lines (benefits.ts).
  const plan = await planBenefits(ctx, userId, lines, body, base.amount);
  const money = {
    ...base,
    coupon_discount: plan.coupon_discount,
    point_used: plan.point_used,
    amount: base.amount - plan.coupon_discount - plan.point_used,
  };
  const orderNo = body.order_id ?? newOrderId(now, randomBytes(12).toString('hex'));
  const pending: PendingOrder = {
    orderNo,
    userId,
    name: orderName(lines.map((l) => l.name)),
    money,
    address: body.address,
    deliveryRequest: body.delivery_request ?? null,
    orderer: body.orderer ?? null,
    paymentMethod: body.payment_method,
    campaignCode,
    now,
    lines,
    plan,
  };
  const check = (r: Awaited<ReturnType<typeof insertPendingOrder>>) => {
    const short = lines.find((l) => !r.reservable.has(l.product_item_id));
    if (short || r.id === null) throw badRequest(PRICE_MSG.stock((short ?? lines[0])?.name ?? ''));
    return { id: r.id, customer_name: r.customer_name };
  };
  let created: { id: number; customer_name: string | null };
  try {
    if (plan.coupon_ids.length === 0 && plan.point_used === 0 && timeSaleUnits(lines).size === 0) {
      // Nothing but stock to take: the one statement is the whole transaction (one round trip).
      created = check(await insertPendingOrder(ctx.db, pending));
    } else {
      created = await ctx.db.transaction(async (tx) => {
        const order = check(await insertPendingOrder(tx, pending));
        await reserveTimeSaleUnits(tx, lines);
        // Every coupon reserved (conditional: a coupon another order holds or used is a 409 and
        // this order rolls back) and the points held, in this transaction.
        await applyBenefits(tx, userId, order.id, plan, now);
        return order;
      });
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.duplicateOrderId);
    throw err;
  }
  ctx.metrics.count('order_created');
  // The stock (and time-sale units) taken, announced to the pages that keep the details.
  await displaysChanged(
    ctx,
    lines.map((l) => l.product_display_id),
  );
  // Saved once the order stands (an identical saved address is not added again).
  const savedAddressId = body.save_address
    ? await saveAddressOnce(ctx, userId, body.address, body.delivery_request ?? null)
    : null;
  return {
    id: created.id,
    order_id: orderNo,
    order_name: pending.name,
    status: 'PENDING',
    expires_at: new Date(now.getTime() + WINDOW_MS).toISOString(),
    customer_name: created.customer_name ?? '',
    payment_method: body.payment_method,
    saved_address_id: savedAddressId,
    ...money,
  };
}
