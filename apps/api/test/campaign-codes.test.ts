/**
 * SPEC.md §3 "Campaign codes": the visit's campaign code (product_Id 1–16, carried by the
 * storefront's `campaignCode` session cookie) is written on the member who signs up, on the order
 * placed, and on every analytics event of the visit; the dashboard counts them per code.
 */
import { campaignUtm } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, orders, users } from '../src/db/schema.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { AGREED, freshPhone, sendCode } from './auth-helpers.ts';
import { createTestApp, guestHeader, operatorSession, type TestApp } from './helpers.ts';
import { call, makeShop } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cookie = (code: string) => ({ cookie: `isLogin=false; campaignCode=${code}` });

async function signUp(extra: Record<string, string>) {
  const phone = freshPhone();
  const code = await sendCode(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/sign-up',
    headers: { ...guestHeader(t.ctx, `campaign-${phone}`), ...extra },
    payload: { phone, code, password: 'codiroom123', user_name: '김캠페인', ...AGREED },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { access: string; user: { id: number } };
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, body.user.id));
  return { id: body.user.id, headers: { authorization: `Bearer ${body.access}` }, row };
}

describe('campaign codes', () => {
  it('a sign-up keeps the visit’s code; no code, or a value that is not one, keeps none', async () => {
    expect((await signUp(cookie('12'))).row?.campaign_code).toBe(12);
    expect((await signUp({})).row?.campaign_code).toBeNull();
    for (const bad of ['0', '17', 'abc', '5%3B1', '-3', '1e1'])
      expect((await signUp(cookie(bad))).row?.campaign_code, bad).toBeNull();
  });

  it('an order keeps the code of the visit that placed it', async () => {
    const shop = await makeShop(t.ctx, { stock: 5 });
    const m = await signUp({});
    const place = async (extra: Record<string, string>) => {
      const r = await call(
        t.app,
        'POST',
        '/api/orders',
        { ...m.headers, ...extra },
        {
          items: [{ product_item_id: shop.m, quantity: 1 }],
          address: {
            recipient: '김캠페인',
            phone: '010-1234-5678',
            zipcode: '04790',
            main_address: '서울특별시 성동구 성수이로 1',
            detail_address: '4층',
          },
        },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [row] = await t.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, r.body.id as number));
      return row;
    };
    expect((await place(cookie('7')))?.campaign_code).toBe(7);
    expect((await place({}))?.campaign_code).toBeNull();
    expect((await place(cookie('99')))?.campaign_code).toBeNull();
  });

  it('every analytics event of the visit carries the code and its utm values, never the event’s own', async () => {
    const session_id = 'campaign_session_1';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/batch',
      headers: { ...guestHeader(t.ctx, 'campaign-visitor'), ...cookie('3') },
      payload: {
        session_id,
        events: [
          { kind: 'active_user', path: '/' },
          { kind: 'page_view', name: 'home', path: '/', props: { campaign_code: 9 } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A visit without a code cannot claim one through its properties.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/batch',
      headers: guestHeader(t.ctx, 'campaign-forger'),
      payload: {
        session_id: 'campaign_session_2',
        events: [{ kind: 'active_user', path: '/', props: { campaign_code: 9 } }],
      },
    });
    expect(forged.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.session_id, session_id));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.payload).toMatchObject({ campaign_code: 3, ...campaignUtm(3) });
    const [other] = await t.ctx.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.session_id, 'campaign_session_2'));
    expect(other?.payload).not.toHaveProperty('campaign_code');
  });

  it('the dashboard counts visits, sign-ups and paid orders per code', async () => {
    const md = await operatorSession(t, ['MD']);
    const before = async () => {
      const d = await t.app.inject({ url: '/api/admin/dashboard', headers: md.headers });
      expect(d.statusCode, d.body).toBe(200);
      const rows = d.json().campaigns as {
        campaign_code: number;
        visits: number;
        sign_ups: number;
        orders: number;
        sales: number;
        utm_campaign: string;
      }[];
      return rows.find((r) => r.campaign_code === 14) ?? { visits: 0, sign_ups: 0, orders: 0, sales: 0 };
    };
    const start = await before();
    await t.app.inject({
      method: 'POST',
      url: '/api/loggers/batch',
      headers: { ...guestHeader(t.ctx, 'campaign-14'), ...cookie('14') },
      payload: { session_id: 'campaign_session_14', events: [{ kind: 'active_user', path: '/' }] },
    });
    const m = await signUp(cookie('14'));
    const shop = await makeShop(t.ctx, { stock: 5 });
    const placed = await call(
      t.app,
      'POST',
      '/api/orders',
      { ...m.headers, ...cookie('14') },
      {
        items: [{ product_item_id: shop.m, quantity: 1 }],
        address: {
          recipient: '김캠페인',
          phone: '010-1234-5678',
          zipcode: '04790',
          main_address: '서울특별시 성동구 성수이로 1',
          detail_address: '4층',
        },
      },
    );
    expect(placed.status).toBe(200);
    // Unpaid: not counted yet.
    expect((await before()).orders).toBe(start.orders);
    const amount = placed.body.amount as number;
    const key = (gatewayOf(t.ctx) as SandboxGateway).authorize(placed.body.order_id as string, amount);
    const ok = await call(t.app, 'POST', '/api/orders/confirm-order', m.headers, {
      payment_key: key,
      order_id: placed.body.order_id,
      amount,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await before();
    expect(after).toMatchObject({
      campaign_code: 14,
      utm_campaign: campaignUtm(14)?.utm_campaign,
      visits: start.visits + 1,
      sign_ups: start.sign_ups + 1,
      orders: start.orders + 1,
      sales: start.sales + amount,
    });
  });
});
