#!/usr/bin/env node
// The fault suite's fake providers, in a process of their own (so killing the shop never kills
// them): Toss Payments (core API v1), OneSignal pushes, Solapi SMS and the ad conversion API
// (graph.facebook.com-like), each spoken just enough for the shop's real adapters
// (apps/api/src/domains/payments/toss.ts, users/push.ts, users/sms.ts, ads/conversion.ts).
// Every call is recorded with its idempotency key or event id; the suite reads them back:
//   GET  /_calls         counts per provider (approvals, cancels, pushes and ad events by key)
//   GET  /_state         the payments, pushes and ad events themselves
//   GET  /_sms?to=PHONE  the last verification code texted to PHONE
//   POST /_mode          {confirm: ok|slow|500|timeout|approve-500, delayMs, count, webhook, ad}
//   POST /_reset         forgets everything (between scenarios)
// Usage: node scripts/faults/fake-providers.mjs --port 47100
import { randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '47100' } } });

let state;
function reset() {
  state = {
    /** paymentKey → { paymentKey, orderId, amount, balance, status, approvedAt, cancels: Map } */
    payments: new Map(),
    confirms: 0,
    /** Slow confirms not yet approved: the outcome is not settled while any is. */
    pendingConfirms: 0,
    pendingKeys: new Set(),
    cancelCalls: 0,
    gets: 0,
    getsByOrder: 0,
    /** Pushes: one entry per call, keyed by the OneSignal idempotency key or data.notification_id. */
    pushes: [],
    sms: [],
    /** Ad events: one entry per event received (event_name, event_id, custom_data). */
    adEvents: [],
    adCalls: 0,
    webhooksSent: 0,
    mode: { confirm: 'ok', delayMs: 0, count: Number.POSITIVE_INFINITY, webhook: null, ad: 'ok' },
  };
}
reset();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function payload(p) {
  return {
    paymentKey: p.paymentKey,
    orderId: p.orderId,
    status: p.status,
    totalAmount: p.amount,
    balanceAmount: p.balance,
    method: '카드',
    approvedAt: p.approvedAt,
    cancels: [...p.cancels.values()],
  };
}

/** Toss's PAYMENT_STATUS_CHANGED to the shop, when the mode asks for webhooks. */
function sendWebhook(p) {
  const hook = state.mode.webhook;
  if (!hook) return;
  setTimeout(() => {
    const body = JSON.stringify({
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: new Date().toISOString(),
      data: { paymentKey: p.paymentKey, orderId: p.orderId, status: p.status },
    });
    for (const url of hook.urls) {
      state.webhooksSent += 1;
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) =>
        res.resume(),
      );
      req.on('error', () => {});
      req.end(body);
    }
  }, hook.delayMs ?? 0);
}

/** Approves into `st`, the state of the scenario the confirm arrived in (a reset may come between). */
function approve(st, key, orderId, amount) {
  const p = {
    paymentKey: key,
    orderId,
    amount,
    balance: amount,
    status: 'DONE',
    approvedAt: new Date().toISOString(),
    cancels: new Map(),
  };
  st.payments.set(key, p);
  sendWebhook(p);
  return p;
}

/** The confirm's behaviour: the mode applies to the next `count` confirms, then `ok` again. */
function confirmMode() {
  const m = state.mode;
  if (m.count <= 0) return { kind: 'ok', delayMs: 0 };
  m.count -= 1;
  return { kind: m.confirm, delayMs: m.delayMs };
}

async function toss(req, res, url, body) {
  const send = (status, obj) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(obj));
  };
  if (!String(req.headers.authorization ?? '').startsWith('Basic ')) {
    return send(401, { code: 'UNAUTHORIZED_KEY', message: 'no key' });
  }
  if (req.method === 'POST' && url.pathname === '/v1/payments/confirm') {
    const st = state;
    st.confirms += 1;
    const { paymentKey, orderId, amount } = body;
    const mode = confirmMode();
    const known = state.payments.get(paymentKey);
    if (known) return send(400, { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' });
    const sameOrder = [...state.payments.values()].find((p) => p.orderId === orderId && p.status === 'DONE');
    if (sameOrder)
      return send(400, {
        code: 'DUPLICATED_ORDER_ID',
        message: '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.',
      });
    switch (mode.kind) {
      case '500':
        return send(500, {
          code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
          message: '내부 시스템 처리 작업이 실패했습니다.',
        });
      case 'approve-500':
        approve(st, paymentKey, orderId, amount);
        return send(500, {
          code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
          message: '내부 시스템 처리 작업이 실패했습니다.',
        });
      case 'timeout': {
        // Approved, but the answer comes after the shop stopped waiting (toss.ts TIMEOUT_MS).
        const p = approve(st, paymentKey, orderId, amount);
        await sleep(mode.delayMs || 20_000);
        return send(200, payload(p));
      }
      case 'slow': {
        // Approved at the end of the wait, whether or not the shop is still listening.
        st.pendingConfirms += 1;
        st.pendingKeys.add(paymentKey);
        await sleep(mode.delayMs);
        st.pendingConfirms -= 1;
        st.pendingKeys.delete(paymentKey);
        return send(200, payload(approve(st, paymentKey, orderId, amount)));
      }
      default:
        return send(200, payload(approve(st, paymentKey, orderId, amount)));
    }
  }
  const cancel = url.pathname.match(/^\/v1\/payments\/([^/]+)\/cancel$/);
  if (req.method === 'POST' && cancel) {
    state.cancelCalls += 1;
    const p = state.payments.get(decodeURIComponent(cancel[1]));
    if (!p) return send(404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    const idem = String(req.headers['idempotency-key'] ?? randomUUID());
    if (!p.cancels.has(idem)) {
      const amount = Math.min(p.balance, body.cancelAmount ?? p.balance);
      if (amount <= 0)
        return send(400, { code: 'ALREADY_CANCELED_PAYMENT', message: '이미 취소된 결제 입니다.' });
      p.cancels.set(idem, {
        cancelAmount: amount,
        cancelReason: body.cancelReason,
        canceledAt: new Date().toISOString(),
      });
      p.balance -= amount;
      p.status = p.balance === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
      sendWebhook(p);
    }
    return send(200, payload(p));
  }
  const byOrder = url.pathname.match(/^\/v1\/payments\/orders\/([^/]+)$/);
  if (req.method === 'GET' && byOrder) {
    state.getsByOrder += 1;
    const orderId = decodeURIComponent(byOrder[1]);
    const found = [...state.payments.values()].filter((p) => p.orderId === orderId).at(-1);
    if (!found) return send(404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    return send(200, payload(found));
  }
  const get = url.pathname.match(/^\/v1\/payments\/([^/]+)$/);
  if (req.method === 'GET' && get) {
    state.gets += 1;
    const p = state.payments.get(decodeURIComponent(get[1]));
    if (!p) return send(404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' });
    return send(200, payload(p));
  }
  return send(404, { code: 'NOT_FOUND', message: 'no such Toss endpoint' });
}

function distinct(list) {
  return new Set(list).size;
}

function counts() {
  const payments = [...state.payments.values()];
  const purchases = state.adEvents.filter((e) => e.event_name === 'Purchase');
  return {
    toss: {
      confirms: state.confirms,
      pending_confirms: state.pendingConfirms,
      approvals: payments.length,
      fully_refunded: payments.filter((p) => p.balance === 0).length,
      cancel_calls: state.cancelCalls,
      gets: state.gets,
      gets_by_order: state.getsByOrder,
      webhooks_sent: state.webhooksSent,
    },
    push: { calls: state.pushes.length, distinct: distinct(state.pushes.map((p) => p.key)) },
    sms: { calls: state.sms.length },
    ad: {
      calls: state.adCalls,
      events: state.adEvents.length,
      distinct_event_ids: distinct(state.adEvents.map((e) => e.event_id)),
      purchase_events: purchases.length,
      purchase_distinct: distinct(purchases.map((e) => e.event_id)),
    },
  };
}

async function handle(req, res, body) {
  const url = new URL(req.url, 'http://fake');
  const json = (status, obj) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(obj));
  };
  if (url.pathname === '/_calls') return json(200, counts());
  if (url.pathname === '/_state') {
    return json(200, {
      payments: [...state.payments.values()].map(payload),
      pendingConfirms: state.pendingConfirms,
      pendingKeys: [...state.pendingKeys],
      pushes: state.pushes,
      adEvents: state.adEvents,
    });
  }
  if (url.pathname === '/_sms') {
    const to = url.searchParams.get('to');
    const last = state.sms.filter((m) => m.to === to).at(-1);
    return last
      ? json(200, { code: last.text.match(/\d{6}/)?.[0] ?? null })
      : json(404, { detail: 'no SMS' });
  }
  if (url.pathname === '/_mode' && req.method === 'POST') {
    state.mode = { ...state.mode, count: Number.POSITIVE_INFINITY, ...body };
    return json(200, { ...state.mode, count: String(state.mode.count) });
  }
  if (url.pathname === '/_reset' && req.method === 'POST') {
    reset();
    return json(200, { ok: true });
  }
  if (url.pathname.startsWith('/v1/payments')) return toss(req, res, url, body);
  // OneSignal: Create notification, and the user endpoints (tags, subscriptions).
  if (url.pathname === '/notifications' && req.method === 'POST') {
    const key =
      body.idempotency_key ?? req.headers['idempotency-key'] ?? `notification:${body.data?.notification_id}`;
    state.pushes.push({
      key: String(key),
      notification_id: body.data?.notification_id ?? null,
      external_id: body.include_aliases?.external_id?.[0] ?? null,
      kind: body.data?.kind,
    });
    return json(200, { id: randomUUID(), external_id: null });
  }
  if (url.pathname.startsWith('/apps/')) return json(200, { properties: {}, subscriptions: [] });
  // Solapi: send one message.
  if (url.pathname === '/messages/v4/send' && req.method === 'POST') {
    state.sms.push({ to: body.message?.to, text: String(body.message?.text ?? '') });
    return json(200, { groupId: randomUUID(), messageId: randomUUID(), statusCode: '2000' });
  }
  // The ad conversion API: POST /{version}/{pixel}/events?access_token=…
  if (/^\/v\d+\.\d+\/[^/]+\/events$/.test(url.pathname) && req.method === 'POST') {
    state.adCalls += 1;
    if (state.mode.ad === '500') return json(500, { error: { message: 'fake outage' } });
    const events = Array.isArray(body.data) ? body.data : [];
    for (const e of events) {
      state.adEvents.push({
        event_name: e.event_name,
        event_id: e.event_id,
        custom_data: e.custom_data ?? null,
      });
    }
    return json(200, { events_received: events.length, fbtrace_id: randomUUID() });
  }
  return json(404, { detail: `fake: no ${req.method} ${url.pathname}` });
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body = {};
    try {
      const raw = Buffer.concat(chunks).toString('utf8');
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = {};
    }
    handle(req, res, body).catch((err) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ detail: String(err) }));
    });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(values.port), '127.0.0.1', () => {
  process.stdout.write(`fake providers on ${values.port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
