/**
 * Payment confirmation as a named workflow (orders/payment-workflow.ts; SPEC.md 'Orders'): the
 * settle steps the benefits and carts domains contribute, in their registered order, run the same
 * whichever path settles the payment (the confirm's one statement, the locked path of the webhook
 * and recovery); a step's undo runs when a later step fails; the database functions exist once the
 * app has started, before any request.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, DATABASE_FUNCTIONS } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { installFunctions } from '../src/db/functions.ts';
import { rowsOf } from '../src/db/rows.ts';
import { cartLines, carts, coupons, orders } from '../src/db/schema.ts';
import { type PaidOrderRefs, SETTLE_STEPS, settleWorkflow } from '../src/domains/orders/payment-workflow.ts';
import { applyGatewayPayment } from '../src/domains/orders/settle.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import type { StatementStep } from '../src/platform/workflow.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, openTestDatabase, type TestApp, testEnv } from './helpers.ts';
import { call, issueCoupon, makeShop, type Shop } from './orders-fixtures.ts';

let t: TestApp;
const clock = mutableClock('2026-11-20T03:00:00Z');
let sandbox: SandboxGateway;

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

/** A member whose cart holds the shop's M and L, and an order of M with a 1,000 won coupon reserved. */
async function memberWithOrder(shop: Shop) {
  const m = await createMember(t.ctx);
  const [cart] = await t.ctx.db.insert(carts).values({ user_id: m.user.id }).returning();
  if (!cart) throw new Error('cart insert failed');
  await t.ctx.db.insert(cartLines).values(
    [shop.m, shop.l].map((id) => ({
      cart_id: cart.id,
      product_item_id: id,
      product_display_id: shop.displayId,
      quantity: 1,
    })),
  );
  const couponId = await issueCoupon(t.ctx, m.user.id, clock.now());
  const r = await call(t.app, 'POST', '/api/orders', m.headers, {
    items: [{ product_item_id: shop.m, quantity: 1 }],
    address: {
      recipient: '김코디',
      phone: '010-1234-5678',
      zipcode: '06236',
      main_address: '서울',
      detail_address: '1',
    },
    cart_coupon_ids: [],
    line_coupons: [{ product_item_id: shop.m, coupon_id: couponId }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const order = r.body as { id: number; order_id: string; amount: number };
  return { m, cartId: cart.id, couponId, order };
}

const couponRow = async (id: number) => (await t.ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const cartItems = async (cartId: number) =>
  (await t.ctx.db.select().from(cartLines).where(eq(cartLines.cart_id, cartId))).map(
    (l) => l.product_item_id,
  );

describe('the settle steps of the payment confirmation', () => {
  it('are registered by benefits then carts, in that order', () => {
    expect(SETTLE_STEPS.map((s) => [s.name, s.owner])).toEqual([
      ['benefits.use-reserved-coupons', 'benefits'],
      ['carts.clear-bought-lines', 'carts'],
    ]);
  });

  it('run in the confirm (one statement): the coupon used, the bought item out of the cart, the other kept', async () => {
    const shop = await makeShop(t.ctx);
    const { m, cartId, couponId, order } = await memberWithOrder(shop);
    expect((await couponRow(couponId))?.order_id).toBe(order.id);
    const key = sandbox.authorize(order.order_id, order.amount);
    const r = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await couponRow(couponId)).toMatchObject({ order_id: order.id });
    expect((await couponRow(couponId))?.used_at).not.toBeNull();
    expect(await cartItems(cartId)).toEqual([shop.l]);
  });

  it('run in the locked path (webhook, recovery) with the same effects', async () => {
    const shop = await makeShop(t.ctx);
    const { cartId, couponId, order } = await memberWithOrder(shop);
    const key = sandbox.authorize(order.order_id, order.amount);
    const gp = await sandbox.confirm({ paymentKey: key, orderId: order.order_id, amount: order.amount });
    expect(await applyGatewayPayment(t.ctx, gp)).toBe('paid');
    expect((await couponRow(couponId))?.used_at).not.toBeNull();
    expect(await cartItems(cartId)).toEqual([shop.l]);
    // Idempotent: the same answer again settles nothing more.
    expect(await applyGatewayPayment(t.ctx, gp)).toBe('already-paid');
    expect(await cartItems(cartId)).toEqual([shop.l]);
  });

  it("undo: a later step's failure gives the coupon back to the order's reservation", async () => {
    const shop = await makeShop(t.ctx);
    const { m, cartId, couponId, order } = await memberWithOrder(shop);
    const failing: StatementStep<PaidOrderRefs> = {
      name: 'test.fails',
      owner: 'test',
      statement: () => sql`select 1 / 0`,
      undo: async () => {},
    };
    const rollback = new Error('rollback');
    const inside = { coupon: undefined as unknown, cart: [] as number[], err: undefined as unknown };
    const seen = await t.ctx.db
      .transaction(async (tx) => {
        const now = clock.now();
        const orderId = sql`${order.id}::int`;
        inside.err = await settleWorkflow([...SETTLE_STEPS, failing])
          .run({
            tx,
            refs: {
              orderId,
              userId: sql`${m.user.id}::int`,
              at: sql`${now.toISOString()}::timestamptz`,
              boughtItemIds: sql`(select product_item_id from order_items where order_id = ${orderId})`,
            },
          })
          .catch((e: unknown) => e);
        // After the failure, in the same (still usable) transaction: the coupon is reserved again,
        // not used; the cart step has nothing to put back.
        inside.coupon = rowsOf(
          await tx.execute(sql`select used_at, order_id from coupons where id = ${couponId}`),
        )[0];
        inside.cart = (await tx.select().from(cartLines).where(eq(cartLines.cart_id, cartId))).map(
          (l) => l.product_item_id,
        );
        throw rollback;
      })
      .catch((e: unknown) => e);
    expect(seen).toBe(rollback);
    expect(inside.err).toBeInstanceOf(Error);
    expect(inside.coupon).toMatchObject({ used_at: null, order_id: order.id });
    expect(inside.cart).toEqual([shop.l]);
    // The caller's transaction rolled back: the order, its coupon reservation and the cart as before.
    expect((await couponRow(couponId))?.used_at).toBeNull();
    expect((await couponRow(couponId))?.order_id).toBe(order.id);
    expect((await cartItems(cartId)).sort((a, b) => a - b)).toEqual([shop.m, shop.l].sort((a, b) => a - b));
    const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('PENDING');
  });
});

describe('the database functions of the workflow', () => {
  const installed = async (db: TestApp['ctx']['db'], signature: string) =>
    rowsOf<{ fn: string | null; v: string | null }>(
      await db.execute(
        sql`select to_regprocedure(${signature})::text as fn, obj_description(to_regprocedure(${signature}), 'pg_proc') as v`,
      ),
    )[0];

  it('are installed when the app starts, before any request, and once (the same text is not reinstalled)', async () => {
    expect(DATABASE_FUNCTIONS.map((f) => f.signature.split('(')[0])).toEqual([
      'order_price_rows',
      'claim_order_payment',
    ]);
    const database = await openTestDatabase();
    const ctx = createContext(loadConfig(testEnv({ BACKGROUND_JOBS: 'off' })), database, {
      kv: new MemoryStore(),
    });
    try {
      // Migrated only: the claim function is the app's, not a migration's.
      expect((await installed(ctx.db, DATABASE_FUNCTIONS[1]?.signature ?? ''))?.fn).toBeNull();
      const app = await buildApp(ctx);
      try {
        const versions: (string | null | undefined)[] = [];
        for (const f of DATABASE_FUNCTIONS) {
          const row = await installed(ctx.db, f.signature);
          expect(row?.fn, f.signature).not.toBeNull();
          versions.push(row?.v);
        }
        // A second start finds the same text and leaves the functions alone.
        await installFunctions(ctx.db, DATABASE_FUNCTIONS);
        for (const [i, f] of DATABASE_FUNCTIONS.entries())
          expect((await installed(ctx.db, f.signature))?.v).toBe(versions[i]);
      } finally {
        await app.close();
      }
    } finally {
      await closeContext(ctx);
      await database.close();
    }
  }, 60_000);
});
