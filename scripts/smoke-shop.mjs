#!/usr/bin/env node
// The shop smoke of scripts/container-smoke.sh (docs/RUNBOOK.md "Smoke test"), against a running
// production server:
//   node scripts/smoke-shop.mjs sms PORT            a stand-in for Solapi's send API on PORT that
//                                                    keeps the messages (SOLAPI_BASE_URL points here)
//   node scripts/smoke-shop.mjs check BASE SMS_URL   /api/health 200, / 200 with HTML, then a member
//                                                    signs up (the code read from the stand-in) and
//                                                    orders one product through the API.
import { createServer } from 'node:http';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'sms') {
  const sent = [];
  createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/messages/v4/send') {
        sent.push(JSON.parse(body).message);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"statusCode":"2000"}');
      } else if (req.method === 'GET' && req.url === '/sent') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sent));
      } else {
        res.writeHead(404).end();
      }
    });
  }).listen(Number(args[0]), '127.0.0.1');
} else if (mode === 'check') {
  await check(args[0], args[1]);
} else {
  console.error('usage: smoke-shop.mjs sms PORT | check BASE_URL SMS_URL');
  process.exit(2);
}

async function check(base, smsUrl) {
  const t0 = performance.now();
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
  };
  const expect = (ok, what, got) => {
    if (!ok) {
      console.error(`smoke: ${what} — got ${JSON.stringify(got).slice(0, 400)}`);
      process.exit(1);
    }
  };

  const health = await call('GET', '/api/health');
  expect(health.status === 200, 'GET /api/health 200', health);
  const page = await call('GET', '/');
  expect(
    page.status === 200 && page.type.startsWith('text/html') && page.text.includes('<html'),
    'GET / HTML',
    {
      status: page.status,
      type: page.type,
    },
  );

  // A member: a fresh number, the code from the Solapi stand-in, sign-up.
  const phone = `0109${String(Date.now()).slice(-7)}`;
  const guest = await call('POST', '/api/users/guest-id');
  expect(guest.status === 200, 'guest id', guest);
  const sms = await call('POST', '/api/users/send-sms', { phone });
  expect(sms.status === 200, 'send-sms 200', sms);
  const sent = await (await fetch(`${smsUrl}/sent`)).json();
  const code = sent
    .filter((m) => m.to === phone)
    .at(-1)
    ?.text.match(/\d{6}/)?.[0];
  expect(code, 'a 6-digit code in the SMS', sent);
  const signUp = await call(
    'POST',
    '/api/users/sign-up',
    {
      phone,
      code,
      password: 'smoke-test-1234',
      user_name: '김스모크',
      agree_terms: true,
      agree_privacy: true,
      agree_age: true,
    },
    { 'x-guest-user-id': guest.json.guest_id },
  );
  expect(signUp.status === 201 && signUp.json.access, 'sign-up 201', signUp);
  const auth = { authorization: `Bearer ${signUp.json.access}` };

  // A size in stock of one of the first products of the catalogue, ordered.
  let item;
  for (let id = 1; id <= 20 && !item; id++) {
    const detail = await call('GET', `/api/products/detail/${id}`);
    item = detail.json?.items?.find((i) => i.stock > 0);
  }
  expect(item, 'a product size in stock among products 1-20', null);
  const order = await call(
    'POST',
    '/api/orders',
    {
      items: [{ product_item_id: item.id, quantity: 1 }],
      address: {
        recipient: '김스모크',
        phone,
        zipcode: '06236',
        main_address: '서울 강남구 테헤란로 123',
        detail_address: '4층',
      },
      delivery_request: '문 앞에 놓아주세요',
    },
    auth,
  );
  expect(order.status === 200 && order.json.order_id, 'POST /api/orders 200', order);
  const mine = await call('GET', `/api/orders/${order.json.id}/detail`, undefined, auth);
  expect(mine.status === 200, 'the order reads back', mine);
  console.log(
    `smoke ok ${base}: health 200, / ${page.text.length} B HTML, member ${signUp.json.user.id}, ` +
      `order ${order.json.order_id} ${order.json.total_price} won (${Math.round(performance.now() - t0)} ms)`,
  );
}
