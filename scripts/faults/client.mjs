// The fault suite's shoppers: members signed up through the API (the code read back from the fake
// Solapi), checkouts as the storefront makes them (POST /api/orders, then confirm-order with the
// gateway's paymentKey), and a tally of every answer (500s, 503s, connection errors).
import { randomUUID } from 'node:crypto';
import { benchGuestId } from '../../bench/server.mjs';

export const PASSWORD = 'faults-pass-123';
const ADDRESS = {
  recipient: '장애',
  phone: '01012345678',
  zipcode: '06236',
  main_address: '서울 강남구 테헤란로 1',
  detail_address: '',
};

/** Counts of answers by status (and `error` for no answer) across a scenario. */
export function tally() {
  const byStatus = {};
  return {
    byStatus,
    add(status) {
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    },
    count: (status) => byStatus[status] ?? 0,
  };
}

/**
 * One request; resolves { status, json } (status 0 when no answer came: refused, reset, timed
 * out). Every answer is added to `t`.
 */
export async function call(
  t,
  base,
  path,
  { method = 'GET', token, body, headers = {}, timeoutMs = 30_000 } = {},
) {
  let status = 0;
  let json = null;
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    json = await res.json().catch(() => null);
  } catch {
    status = 0;
  }
  t?.add(status || 'error');
  return { status, json };
}

let phoneSeq = 0;
/** A fresh mobile number per call within this run. */
export function freshPhone() {
  phoneSeq += 1;
  return `0104${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** Signs a member up through the API; returns { phone, access, refresh, id }. */
export async function signUp(shopBase, fake) {
  const phone = freshPhone();
  const sent = await call(null, shopBase, '/api/users/send-sms', { method: 'POST', body: { phone } });
  if (sent.status !== 200) throw new Error(`send-sms ${sent.status} ${JSON.stringify(sent.json)}`);
  const code = await fake.smsCode(phone);
  const res = await call(null, shopBase, '/api/users/sign-up', {
    method: 'POST',
    headers: { 'x-guest-user-id': benchGuestId() },
    body: {
      phone,
      code,
      password: PASSWORD,
      user_name: '장애시험',
      agree_terms: true,
      agree_privacy: true,
      agree_age: true,
    },
  });
  if (res.status !== 201) throw new Error(`sign-up ${res.status} ${JSON.stringify(res.json)}`);
  return { phone, access: res.json.access, refresh: res.json.refresh, id: res.json.user.id };
}

/** Members signed up `n` at a time (argon2 at production cost: a few per core at once). */
export async function signUpMany(shopBase, fake, count, parallel = 4) {
  const out = [];
  for (let i = 0; i < count; i += parallel) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(parallel, count - i) }, () => signUp(shopBase, fake)),
      )),
    );
  }
  return out;
}

/**
 * The ledger of a scenario's checkouts: every order the shop acknowledged (POST /api/orders 200),
 * and whether its confirm was acknowledged (200) too.
 */
export function ledger() {
  const orders = new Map();
  return {
    orders,
    acknowledged: () => orders.size,
  };
}

/**
 * A checkout: create the order, then confirm its payment. `shop()` names the process to ask at
 * that moment (a process may be replaced in between). The ad event id of the confirm is derived
 * from the order number, so the fake can tell the order's Purchase events apart.
 */
export async function checkout(t, book, shop, member, item, { confirm = true } = {}) {
  const create = (retry = false) =>
    call(retry ? null : t, shop().base, '/api/orders', {
      method: 'POST',
      token: member.access,
      body: { items: [{ product_item_id: item, quantity: 1 }], address: ADDRESS },
    });
  let created = await create();
  // A shopper whose order got no answer (the process was down) tries again once it is back; the
  // confirm is never repeated: that payment is left to the shop's recovery.
  const giveUp = performance.now() + 90_000;
  let retried = false;
  while (created.status === 0 && performance.now() < giveUp) {
    await new Promise((r) => setTimeout(r, 250));
    created = await create(true);
    retried = true;
  }
  // Only the answer that came back counts among the retries (not each refused connection).
  if (retried && created.status) t.add(created.status);
  if (created.status !== 200) return { created: created.status };
  const o = created.json;
  const entry = { id: o.id, orderNo: o.order_id, amount: o.amount, member, confirm: null, key: null };
  book.orders.set(o.order_id, entry);
  if (!confirm) return { created: 200 };
  entry.key = `fk_${randomUUID().replaceAll('-', '')}`;
  const confirmed = await call(t, shop().base, '/api/orders/confirm-order', {
    method: 'POST',
    token: member.access,
    headers: { 'x-ad-event-id': adEventId(o.order_id) },
    body: { payment_key: entry.key, order_id: o.order_id, amount: o.amount },
  });
  entry.confirm = confirmed.status;
  return { created: 200, confirm: confirmed.status };
}

/** The browser pixel's event id the suite sends with an order's confirm (≤ 64 of [A-Za-z0-9_-]). */
export const adEventId = (orderNo) => `p-${orderNo}`.slice(0, 64);

/** Runs `jobs` (functions returning promises) with at most `parallel` at once. */
export async function pool(jobs, parallel) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}
