/**
 * The checkout form's choices (docs/ARCHITECTURE.md, 'Orders and payments': "Payment methods",
 * "Orderer", "Address search", "Saving the checkout address"): the payment method travels to the
 * gateway and is stored and answered; a method the gateway does not offer is a 400; the orderer
 * defaults to the account; postcode search with its bounds; 배송지 목록에 저장 saves once, keeps the
 * default rule, and never touches another member's book.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ADDRESSES } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { addresses, orders, payments } from '../src/db/schema.ts';
import { gatewayOf, type PaymentGateway, setGateway } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { TossGateway, toGatewayPayment } from '../src/domains/payments/toss.ts';
import { setPostcodeProvider } from '../src/domains/postcode/index.ts';
import { JusoPostcodeProvider } from '../src/domains/postcode/juso.ts';
import { LocalPostcodeProvider } from '../src/domains/postcode/local.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, call, makeShop } from './orders-fixtures.ts';

let t: TestApp;
let sandbox: SandboxGateway;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = gatewayOf(t.ctx) as SandboxGateway;
}, 60_000);
afterAll(() => t?.close());

async function order(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const shop = await makeShop(t.ctx);
  return call(t.app, 'POST', '/api/orders', headers, {
    items: [{ product_item_id: shop.m, quantity: 1 }],
    address: ADDRESS,
    ...extra,
  });
}

/** The sandbox window as the browser uses it: the page, then 결제하기, then the success URL's key. */
async function payInWindow(o: { order_id: string; amount: number }, method: string) {
  const q = new URLSearchParams({
    orderId: o.order_id,
    amount: String(o.amount),
    method,
    successUrl: '/payment/success',
    failUrl: '/payment/fail',
  });
  const page = await t.app.inject({ url: `/api/payments/sandbox/checkout?${q}` });
  const form = new URLSearchParams({ ...Object.fromEntries(q), action: 'pay' });
  form.delete('orderName');
  const approve = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(approve.statusCode).toBe(303);
  const success = new URL(String(approve.headers.location), 'http://x');
  return { page: page.body, paymentKey: success.searchParams.get('paymentKey') as string };
}

describe('payment method', () => {
  it('offers the gateway methods on the form and stores, confirms and answers the chosen one', async () => {
    const { headers } = await createMember(t.ctx);
    const shop = await makeShop(t.ctx);
    const form = await call(
      t.app,
      'GET',
      `/api/orders/data?product_item_ids=${shop.m}&quantities=1`,
      headers,
    );
    expect((form.body.payment as { methods: string[] }).methods).toEqual([
      'CARD',
      'TOSSPAY',
      'KAKAOPAY',
      'NAVERPAY',
      'TRANSFER',
    ]);

    const created = await order(headers, { payment_method: 'KAKAOPAY' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payment_method).toBe('KAKAOPAY');
    const o = created.body as { id: number; order_id: string; amount: number };
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.payment_method).toBe('KAKAOPAY');

    // The sandbox window shows the method and issues a key for it.
    const { page, paymentKey } = await payInWindow(o, 'KAKAOPAY');
    expect(page).toContain('간편결제 · 카카오페이');
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: paymentKey,
      order_id: o.order_id,
      amount: o.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      payment_method: 'KAKAOPAY',
      payment_method_label: '간편결제 · 카카오페이',
      payment: { method: '간편결제', easy_pay_provider: '카카오페이' },
    });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.order_id, o.id));
    expect(p).toMatchObject({ method: '간편결제', easy_pay_provider: '카카오페이' });
    const detail = await call(t.app, 'GET', `/api/orders/${o.id}/detail`, headers);
    expect(detail.body).toMatchObject({
      payment_method: 'KAKAOPAY',
      payment: { method: '간편결제', easy_pay_provider: '카카오페이' },
    });
  });

  it('defaults to the card and answers a transfer as 계좌이체', async () => {
    const { headers } = await createMember(t.ctx);
    const card = await order(headers);
    expect(card.body.payment_method).toBe('CARD');
    const transfer = await order(headers, { payment_method: 'TRANSFER' });
    const o = transfer.body as { order_id: string; amount: number };
    const { paymentKey } = await payInWindow(o, 'TRANSFER');
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: paymentKey,
      order_id: o.order_id,
      amount: o.amount,
    });
    expect(paid.body).toMatchObject({
      payment_method: 'TRANSFER',
      payment: { method: '계좌이체', easy_pay_provider: null },
    });
  });

  it('refuses an unknown method and one the gateway does not offer (400, nothing taken)', async () => {
    const { headers, user } = await createMember(t.ctx);
    const unknown = await order(headers, { payment_method: 'PAYCO' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBeTruthy();

    const cardOnly: PaymentGateway = {
      name: 'sandbox',
      clientKey: null,
      methods: ['CARD'],
      confirm: (i) => sandbox.confirm(i),
      cancel: (k, i, id) => sandbox.cancel(k, i, id),
      get: (k) => sandbox.get(k),
      getByOrder: (o) => sandbox.getByOrder(o),
    };
    setGateway(t.ctx, cardOnly);
    try {
      const refused = await order(headers, { payment_method: 'NAVERPAY' });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe('선택한 결제수단은 사용할 수 없습니다. 다른 결제수단을 선택해주세요.');
      const shop = await makeShop(t.ctx);
      const form = await call(
        t.app,
        'GET',
        `/api/orders/data?product_item_ids=${shop.m}&quantities=1`,
        headers,
      );
      expect((form.body.payment as { methods: string[] }).methods).toEqual(['CARD']);
    } finally {
      setGateway(t.ctx, sandbox);
    }
    expect(await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).toHaveLength(0);
  });

  it('the sandbox window refuses a method it does not know', async () => {
    const r = await t.app.inject({
      url: '/api/payments/sandbox/checkout?orderId=order-0099&amount=1000&method=BITCOIN&successUrl=/a&failUrl=/b',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBeTruthy();
  });
});

describe("Toss's methods", () => {
  it('reads easyPay.provider from a Toss Payment object', () => {
    const p = toGatewayPayment({
      paymentKey: 'k',
      orderId: 'order-1',
      status: 'DONE',
      totalAmount: 1000,
      method: '간편결제',
      easyPay: { provider: '네이버페이', amount: 1000, discountAmount: 0 },
    });
    expect(p).toMatchObject({ method: '간편결제', easyPayProvider: '네이버페이' });
    expect(
      toGatewayPayment({ paymentKey: 'k', orderId: 'o', status: 'DONE', method: '카드' }).easyPayProvider,
    ).toBeNull();
  });

  it('offers the methods of TOSS_PAYMENT_METHODS, all by default, and refuses an unknown one', () => {
    const base = { NODE_ENV: 'test', TOSS_SECRET_KEY: 'test_sk_x' };
    expect(loadConfig({ ...base, TOSS_PAYMENT_METHODS: 'card, kakaopay' }).TOSS_PAYMENT_METHODS).toEqual([
      'CARD',
      'KAKAOPAY',
    ]);
    expect(() => loadConfig({ ...base, TOSS_PAYMENT_METHODS: 'CARD,PAYCO' })).toThrow();
    const all = new TossGateway({ secretKey: 'x', clientKey: null, baseUrl: 'http://127.0.0.1:1' });
    expect(all.methods).toEqual(['CARD', 'TOSSPAY', 'KAKAOPAY', 'NAVERPAY', 'TRANSFER']);
  });
});

describe('orderer', () => {
  it("is the member's name and phone unless the checkout changed them", async () => {
    const { headers } = await createMember(t.ctx, { name: '박주문', phone: '01055501234' });
    const own = await order(headers);
    const detail = await call(t.app, 'GET', `/api/orders/${own.body.id}/detail`, headers);
    expect(detail.body.orderer).toEqual({ name: '박주문', phone: '01055501234' });
    expect(own.body.customer_name).toBe('박주문');

    const changed = await order(headers, { orderer: { name: '박대리', phone: '010-2222-3333' } });
    const d2 = await call(t.app, 'GET', `/api/orders/${changed.body.id}/detail`, headers);
    expect(d2.body.orderer).toEqual({ name: '박대리', phone: '01022223333' });
    expect(changed.body.customer_name).toBe('박대리');

    const bad = await order(headers, { orderer: { name: '', phone: '12345' } });
    expect(bad.status).toBe(400);
  });
});

describe('saving the checkout address (배송지 목록에 저장)', () => {
  const book = async (userId: number) =>
    t.ctx.db.select().from(addresses).where(eq(addresses.user_id, userId));

  it('saves it once, as the default only when it is the first address', async () => {
    const { headers, user } = await createMember(t.ctx);
    const first = await order(headers, { save_address: true, delivery_request: '문 앞에 놓아주세요' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let rows = await book(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: ADDRESS.recipient,
      phone: '01012345678',
      zipcode: ADDRESS.zipcode,
      request: '문 앞에 놓아주세요',
      is_default: true,
    });
    expect(first.body.saved_address_id).toBe(rows[0]?.id);
    // The same address again (a second attempt, hyphens or not): not added again.
    const again = await order(headers, { save_address: true, address: { ...ADDRESS, phone: '01012345678' } });
    expect(again.body.saved_address_id).toBe(rows[0]?.id);
    expect(await book(user.id)).toHaveLength(1);
    // Another address: added, the first stays the default.
    await order(headers, { save_address: true, address: { ...ADDRESS, detail_address: '5층' } });
    rows = await book(user.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.is_default).map((r) => r.detail_address)).toEqual(['4층']);
    // Without the box ticked nothing is saved.
    const plain = await order(headers, { address: { ...ADDRESS, detail_address: '6층' } });
    expect(plain.body.saved_address_id).toBeNull();
    expect(await book(user.id)).toHaveLength(2);
  });

  it('refuses a full book before taking anything, unless the address is already in it', async () => {
    const { headers, user } = await createMember(t.ctx);
    await t.ctx.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        user_id: user.id,
        name: `집${i}`,
        recipient: ADDRESS.recipient,
        phone: '01012345678',
        zipcode: ADDRESS.zipcode,
        main_address: ADDRESS.main_address,
        detail_address: `${i}호`,
        is_default: i === 0,
      })),
    );
    const full = await order(headers, { save_address: true });
    expect(full.status).toBe(400);
    expect(full.body.detail).toBe(`배송지는 최대 ${MAX_ADDRESSES}개까지 등록할 수 있습니다.`);
    expect(await t.ctx.db.select().from(orders).where(eq(orders.user_id, user.id))).toHaveLength(0);
    const known = await order(headers, {
      save_address: true,
      address: { ...ADDRESS, detail_address: '3호' },
    });
    expect(known.status).toBe(200);
    expect(await book(user.id)).toHaveLength(MAX_ADDRESSES);
  });

  it("never reaches another member's book", async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const theirs = await call(t.app, 'POST', '/api/users/post-user-shipping-info', b.headers, {
      name: '회사',
      ...ADDRESS,
    });
    expect(theirs.status).toBe(201);
    // The same address saved by A lands in A's book; B's is unchanged.
    const mine = await order(a.headers, { save_address: true });
    expect(mine.body.saved_address_id).not.toBe(theirs.body.id);
    expect(await book(a.user.id)).toHaveLength(1);
    expect(await book(b.user.id)).toHaveLength(1);
    const peek = await call(t.app, 'GET', `/api/users/get-user-shipping-info/${theirs.body.id}`, a.headers);
    expect(peek.status).toBe(404);
  });
});

describe('address search', () => {
  const search = (headers: Record<string, string>, q: string) =>
    call(t.app, 'GET', `/api/addresses/search?${q}`, headers);

  it('finds road addresses by road name, building name or 동, with postcodes', async () => {
    const { headers } = await createMember(t.ctx);
    const road = await search(headers, `keyword=${encodeURIComponent('테헤란로 152')}`);
    expect(road.status).toBe(200);
    expect(road.body).toMatchObject({ provider: 'local', total_count: 1, page: 1, has_next: false });
    expect((road.body.result as unknown[])[0]).toEqual({
      zipcode: '06236',
      road_address: '서울특별시 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)',
      jibun_address: '서울특별시 강남구 역삼동 737',
      building_name: '강남파이낸스센터',
    });
    const building = await search(headers, `keyword=${encodeURIComponent('판교 아지트')}`);
    expect((building.body.result as { zipcode: string }[]).map((r) => r.zipcode)).toEqual(['13529']);
    const dong = await search(headers, `keyword=${encodeURIComponent('여의도동')}`);
    expect(dong.body.total_count).toBe(3);
    const none = await search(headers, `keyword=${encodeURIComponent('없는길 999')}`);
    expect(none.body).toMatchObject({ total_count: 0, result: [], has_next: false });
  });

  it('pages ten at a time within bounds', async () => {
    const { headers } = await createMember(t.ctx);
    const p1 = await search(headers, `keyword=${encodeURIComponent('서울특별시')}`);
    expect((p1.body.result as unknown[]).length).toBe(10);
    expect(p1.body.has_next).toBe(true);
    const p2 = await search(headers, `keyword=${encodeURIComponent('서울특별시')}&page=2`);
    expect(p2.body.page).toBe(2);
    expect(p2.body.result).not.toEqual(p1.body.result);
    for (const q of ['page=0', 'page=51', 'page=-1', 'page=abc']) {
      const r = await search(headers, `keyword=${encodeURIComponent('서울')}&${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.detail).toBeTruthy();
    }
  });

  it('refuses bad keywords with a Korean detail, and asks for a member', async () => {
    const { headers } = await createMember(t.ctx);
    const cases: [string, string][] = [
      ['', '검색어를 2글자 이상 입력해주세요.'],
      ['가', '검색어를 2글자 이상 입력해주세요.'],
      ['   가  ', '검색어를 2글자 이상 입력해주세요.'],
      ['가'.repeat(41), '검색어는 40글자까지 입력할 수 있어요.'],
      ["테헤란로' OR 1=1", '도로명, 건물명 또는 동 이름으로 검색해주세요. 특수문자는 사용할 수 없어요.'],
      ['<script>', '도로명, 건물명 또는 동 이름으로 검색해주세요. 특수문자는 사용할 수 없어요.'],
      ['select 테헤란', '도로명, 건물명 또는 동 이름으로 검색해주세요. 특수문자는 사용할 수 없어요.'],
    ];
    for (const [keyword, detail] of cases) {
      const r = await search(headers, `keyword=${encodeURIComponent(keyword)}`);
      expect(r.status, keyword).toBe(400);
      expect(r.body.detail, keyword).toBe(detail);
    }
    expect((await search(headers, '')).status).toBe(400);
    expect((await search({}, 'keyword=%ED%85%8C%ED%97%A4%EB%9E%80%EB%A1%9C')).status).toBe(401);
  });
});

describe('the juso adapter', () => {
  let server: Server;
  let base: string;
  let answer: (url: URL) => { status: number; body: string };
  let seen: URL | null = null;
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen = new URL(req.url ?? '/', 'http://juso');
      const a = answer(seen);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('asks addrLinkApi.do with the key and maps its answer and errors', async () => {
    const juso = new JusoPostcodeProvider('devKEY', base);
    setPostcodeProvider(t.ctx, juso);
    const { headers } = await createMember(t.ctx);
    try {
      answer = () => ({
        status: 200,
        body: JSON.stringify({
          results: {
            common: {
              errorCode: '0',
              errorMessage: '정상',
              totalCount: '23',
              currentPage: '2',
              countPerPage: '10',
            },
            juso: [
              {
                roadAddr: '서울특별시 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)',
                jibunAddr: '서울특별시 강남구 역삼동 737 강남파이낸스센터',
                zipNo: '06236',
                bdNm: '강남파이낸스센터',
              },
              { roadAddr: '', zipNo: 'x' },
            ],
          },
        }),
      });
      const ok = await call(
        t.app,
        'GET',
        `/api/addresses/search?keyword=${encodeURIComponent('테헤란로')}&page=2`,
        headers,
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ provider: 'juso', total_count: 23, page: 2, has_next: true });
      expect(ok.body.result).toHaveLength(1);
      expect(seen?.pathname).toBe('/addrlink/addrLinkApi.do');
      expect(Object.fromEntries(seen?.searchParams ?? [])).toEqual({
        confmKey: 'devKEY',
        currentPage: '2',
        countPerPage: '10',
        keyword: '테헤란로',
        resultType: 'json',
      });

      answer = () => ({
        status: 200,
        body: JSON.stringify({
          results: { common: { errorCode: 'E0011', errorMessage: '검색결과가 너무 많습니다.' } },
        }),
      });
      const broad = await call(
        t.app,
        'GET',
        `/api/addresses/search?keyword=${encodeURIComponent('서울')}`,
        headers,
      );
      expect(broad).toMatchObject({ status: 400, body: { detail: '검색결과가 너무 많습니다.' } });

      answer = () => ({
        status: 200,
        body: JSON.stringify({
          results: { common: { errorCode: 'E0001', errorMessage: '승인되지 않은 KEY 입니다.' } },
        }),
      });
      const key = await call(
        t.app,
        'GET',
        `/api/addresses/search?keyword=${encodeURIComponent('서울')}`,
        headers,
      );
      expect(key.status).toBe(502);
      expect(key.body.detail).toContain('직접 입력');

      answer = () => ({ status: 500, body: 'oops' });
      expect(
        (await call(t.app, 'GET', `/api/addresses/search?keyword=${encodeURIComponent('서울')}`, headers))
          .status,
      ).toBe(502);
    } finally {
      setPostcodeProvider(t.ctx, new LocalPostcodeProvider());
    }
  });
});

describe('address search in production without a key', () => {
  it('is off (503) rather than the stand-in', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0000',
        SOLAPI_API_KEY: 'k',
        SOLAPI_API_SECRET: 's',
        SOLAPI_SENDER: '0200000000',
        PUBLIC_ORIGIN: 'https://codiroom.example',
      },
    });
    try {
      const { headers } = await createMember(prod.ctx);
      const r = await call(
        prod.app,
        'GET',
        `/api/addresses/search?keyword=${encodeURIComponent('테헤란로')}`,
        headers,
      );
      expect(r.status).toBe(503);
      expect(r.body.detail).toContain('직접 입력');
    } finally {
      await prod.close();
    }
  }, 60_000);
});
