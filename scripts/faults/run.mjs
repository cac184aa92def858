#!/usr/bin/env node
// The fault suite (`npm run test:faults`; docs/ARCHITECTURE.md, "Fault suite"): the built shop
// (apps/api/dist/server.mjs, production mode) against its own PostgreSQL cluster and Redis on the
// suite's ports and fake providers in their own process, under kill -9, restarts, outages and
// gateway faults. Each scenario prints one line of figures; a table closes the run, and the exit
// code is 1 when a scenario misses a bar of "Done means" (0 acknowledged orders lost, 0 double
// charges, every approval paid or refunded within 10 s, every committed effect delivered, 0
// revoked sessions accepted, 0 answers 500).
// Usage: node scripts/faults/run.mjs [--only name[,name]] [--keep] [--wait 20]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { call, checkout, ledger, PASSWORD, pool, signUpMany, tally } from './client.mjs';
import {
  cleanupAll,
  PORTS,
  ROOT,
  runDir,
  shopEnv,
  sleep,
  startFake,
  startPostgres,
  startRedis,
  startShop,
  waitFor,
} from './infra.mjs';
import { apiStatuses, bars, converge, openEmbedded, sqlStatuses } from './measure.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    /** Seconds to wait for convergence after a fault (the bar is 10; the figure says how long it took). */
    wait: { type: 'string', default: '20' },
  },
});
const WAIT_MS = Number(values.wait) * 1000;
/** How long Redis stays down in redis-loss. */
const OUTAGE_MS = 8_000;

if (!existsSync(join(ROOT, 'apps/api/dist/server.mjs'))) {
  console.error('apps/api/dist/server.mjs is missing: run `npm run build` first.');
  process.exit(2);
}

const dir = runDir(values.keep);
const pg = await startPostgres(dir);
const redis = await startRedis(dir);
const fake = await startFake(dir);
let nextPort = PORTS.shop;

/** A fresh database on the suite's cluster, a shop on it, `members` signed up, and stocked items. */
async function pgShop(name, { members = 10, redisPrefix = null, role, extra = {} } = {}) {
  const db = `faults_${name.replaceAll('-', '_')}`;
  await pg.admin.unsafe(`drop database if exists ${db}`);
  await pg.admin.unsafe(`create database ${db}`);
  const env = shopEnv(fake, {
    DATABASE_URL: pg.url(db),
    ...(redisPrefix ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `faults-${redisPrefix}:` } : {}),
    ...(role ? { PROCESS_ROLE: role } : {}),
    ...extra,
  });
  const shop = await startShop({ dir, name: `${name}-a`, port: nextPort++, env });
  const statuses = sqlStatuses(pg.url(db));
  const items = await stock(pg.url(db));
  const people = await signUpMany(shop.base, fake, members);
  return { db, env, shop, statuses, items, people };
}

/** Plenty of stock on every item (as bench/orders.mjs): a sold-out 409 is not what is measured. */
async function stock(url) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql`update product_items set stock = 1000000, is_active = true`;
  await sql`update product_displays set is_active = true`;
  await sql`update time_sale_items set stock_limit = 1000000`;
  const items = (await sql`select id from product_items order by id limit 200`).map((r) => r.id);
  await sql.end();
  return items;
}

const pick = (list, i) => list[i % list.length];

/**
 * N checkouts spread over the members, `parallel` at once; none starts once `stopped()` holds (the
 * ones in flight finish).
 */
function checkouts(
  t,
  book,
  shop,
  s,
  n,
  { parallel = 8, confirm = true, offset = 0, stopped = () => false } = {},
) {
  return pool(
    Array.from({ length: n }, (_, i) => async () => {
      // A checkout not started answers as one that got no order (no `created`, no `confirm`).
      if (stopped()) return {};
      return checkout(t, book, shop, pick(s.people, i + offset), pick(s.items, i + offset), { confirm });
    }),
    parallel,
  );
}

// ───────────────────────────── scenarios ─────────────────────────────

const scenarios = {
  /** kill -9 of the only process during 100 checkouts (slow gateway: confirms in flight), restart. */
  async 'kill9-checkouts'() {
    const s = await pgShop('kill9', { redisPrefix: 'kill9' });
    let shop = s.shop;
    const t = tally();
    const book = ledger();
    await fake.mode({ confirm: 'slow', delayMs: 400 });
    const load = checkouts(t, book, () => shop, s, 100, { parallel: 10 });
    await waitFor(() => book.acknowledged() >= 50, { timeoutMs: 60_000, everyMs: 20 });
    await shop.kill('SIGKILL');
    shop = await startShop({ dir, name: 'kill9-b', port: shop.port, env: s.env });
    const since = performance.now();
    await load;
    await fake.mode({ confirm: 'ok' });
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    await shop.kill('SIGTERM');
    await s.statuses.end();
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: 0,
      note: `settled ${m.settleS ?? '∞'} s; ${answers(t)}`,
    };
  },

  /**
   * Two processes (ARCHITECTURE.md "Two processes", "Confirming a payment"): B starts while A has
   * purchases in flight at a slow gateway (none may be taken from A); then A is killed with 20 more
   * in flight, and B alone must settle them.
   */
  async 'two-processes'() {
    // 20 members: the second wave's 20 parallel checkouts each have their own (see sigterm).
    const s = await pgShop('two', { redisPrefix: 'two', members: 20 });
    const a = s.shop;
    const t = tally();
    const book = ledger();
    await fake.mode({ confirm: 'slow', delayMs: 14_000 });
    // A is kept busy with purchases in flight at the gateway (14 s each, inside the shop's 15 s
    // timeout) until B has started: a wave of 4 every 3 s, so B's start-up always meets some.
    const bStart = performance.now();
    const starting = startShop({ dir, name: 'two-b', port: nextPort++, env: s.env });
    let bReady = false;
    starting.then(
      () => {
        bReady = true;
      },
      () => {
        bReady = true;
      },
    );
    const waves = [];
    for (let wave = 0; !bReady && wave < 20; wave++) {
      waves.push(checkouts(t, book, () => a, s, 4, { parallel: 4, offset: wave * 4 }));
      await Promise.race([sleep(3_000), starting.catch(() => {})]);
    }
    const b = await starting;
    const bootS = Math.round((performance.now() - bStart) / 100) / 10;
    // B's recovery job (every 2 s from its start): a moment for it to act.
    await sleep(2_000);
    // Taken claims: the database first, then the gateway. A key the gateway is still working on
    // was not approved when the database was read, so its claim (payments row) must be IN_PROGRESS.
    const { default: postgres } = await import('postgres');
    const sql = postgres(pg.url(s.db), { max: 1, onnotice: () => {} });
    const claims = new Map(
      (await sql`select payment_key, status from payments`).map((r) => [r.payment_key, r.status]),
    );
    await sql.end();
    const inFlight = (await fake.state()).pendingKeys;
    const taken = inFlight.filter((k) => claims.get(k) !== 'IN_PROGRESS').length;
    const results = (await Promise.all(waves)).flat();
    const stolen = results.filter((r) => r.confirm !== 200).length;
    await fake.mode({ confirm: 'slow', delayMs: 3_000 });
    const before = (await fake.calls()).toss.confirms;
    const second = checkouts(t, book, () => a, s, 20, { parallel: 20, offset: 100 });
    await waitFor(async () => (await fake.calls()).toss.confirms >= before + 20, { timeoutMs: 60_000 });
    await a.kill('SIGKILL');
    const since = performance.now();
    await second;
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    await fake.mode({ confirm: 'ok' });
    await b.kill('SIGTERM');
    await s.statuses.end();
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: 0,
      extraFailures: [
        ...(taken ? [`${taken} of ${inFlight.length} claims in flight on A released by B's start`] : []),
        ...(stolen ? [`${stolen} of ${results.length} purchases on A not confirmed`] : []),
        ...(inFlight.length ? [] : [`B's start (${bootS} s) ended after A's purchases: not exercised`]),
      ],
      note: `B up in ${bootS} s; claims released by B's start ${taken}/${inFlight.length}; A's confirms not 200 ${stolen}/${results.length}; A's in-flight settled by B in ${m.settleS ?? '∞'} s; ${answers(t)}`,
    };
  },

  /**
   * `pg_ctl restart -m fast` under checkout load, then a 5 s stop: 503 not 500, nothing
   * acknowledged lost.
   */
  async 'pg-restart'() {
    const s = await pgShop('pgrestart', { redisPrefix: 'pgrestart' });
    const t = tally();
    const book = ledger();
    // The load stops starting checkouts once PostgreSQL is back: convergence is then that of what
    // the faults left (and the checkouts in flight), not of new shopping.
    let over = false;
    const load = checkouts(t, book, () => s.shop, s, 80, { parallel: 6, stopped: () => over });
    await waitFor(() => book.acknowledged() >= 20, { timeoutMs: 60_000, everyMs: 20 });
    const restarted = pg.restart();
    await waitFor(() => book.acknowledged() >= 40, { timeoutMs: 60_000, everyMs: 20 });
    // Then a longer outage: stopped for 5 s under the same load.
    const back = await pg.outage(5_000);
    over = true;
    const backAt = performance.now();
    await load;
    // The shop is reachable again once the requests it had in flight through the outage have been
    // answered (their time is reported apart, as "in flight ended"); convergence counts from then.
    const since = performance.now();
    const loadS = Math.round((since - backAt) / 100) / 10;
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    await s.shop.kill('SIGTERM');
    await s.statuses.end();
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: 0,
      extraFailures: restarted && back ? [] : ['PostgreSQL did not come back'],
      note: `settled ${m.settleS ?? '∞'} s; checkouts in flight ended ${loadS} s after PostgreSQL was back; ${answers(t)}`,
    };
  },

  /**
   * Redis killed under load with two processes, then restarted empty (ARCHITECTURE.md "Sessions
   * and Redis as a cache"): signed-in requests keep working, sign-outs before and during the
   * outage stay signed out on every process (one restarted), the sign-in gate answers 429/503,
   * never 500 nor open, so sign-in is refused (503) until Redis is back, then answers again.
   */
  async 'redis-loss'() {
    const s = await pgShop('redis', { redisPrefix: 'redis', members: 12 });
    const a = s.shop;
    let b = await startShop({ dir, name: 'redis-b', port: nextPort++, env: s.env });
    const t = tally();
    const book = ledger();
    const [x, y, w, ...rest] = s.people;
    const detail = (shop, m) => call(t, shop.base, '/api/users/user-detail', { token: m.access });
    const signOut = (shop, m) =>
      call(t, shop.base, '/api/users/sign-out', {
        method: 'POST',
        token: m.access,
        body: { refresh: m.refresh },
      });
    await signOut(a, x);
    const revokedChecks = [];
    revokedChecks.push(await detail(b, x));
    await redis.kill();
    const outageStart = performance.now();
    const signedIn = tally();
    const gate = tally();
    // For OUTAGE_MS: checkouts, signed-in reads on both processes, and 12 wrong passwords for one
    // number (the sign-in gate must close: 429, or 503 without its store), side by side.
    const until = outageStart + OUTAGE_MS;
    const load = checkouts(t, book, () => a, { ...s, people: rest }, 12, { parallel: 2 });
    const reads = pool(
      rest.map((m, i) => async () => {
        while (performance.now() < until) signedIn.add((await detail(i % 2 ? a : b, m)).status);
      }),
      3,
    );
    const gating = (async () => {
      for (let i = 0; i < 12 && performance.now() < until; i++) {
        const r = await call(t, a.base, '/api/users/sign-in', {
          method: 'POST',
          body: { phone: w.phone, password: 'wrong-password-1' },
        });
        gate.add(r.status);
      }
    })();
    const signIn = await call(t, b.base, '/api/users/sign-in', {
      method: 'POST',
      body: { phone: rest[0].phone, password: PASSWORD },
    });
    await signOut(a, y);
    revokedChecks.push(await detail(b, y));
    await Promise.all([load, reads, gating]);
    await sleep(Math.max(0, until - performance.now()));
    await redis.start();
    await b.kill('SIGTERM');
    b = await startShop({ dir, name: 'redis-b2', port: b.port, env: s.env });
    const since = performance.now();
    for (const shop of [a, b]) {
      revokedChecks.push(await detail(shop, x));
      revokedChecks.push(await detail(shop, y));
    }
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    // Redis back (empty): sign-in works again on the process that lived through the outage.
    let signInAfter = null;
    const signInBackMs = await waitFor(
      async () => {
        signInAfter = await call(t, a.base, '/api/users/sign-in', {
          method: 'POST',
          body: { phone: rest[0].phone, password: PASSWORD },
        });
        return signInAfter.status === 200;
      },
      { timeoutMs: 10_000, everyMs: 250 },
    );
    await a.kill('SIGTERM');
    await b.kill('SIGTERM');
    await s.statuses.end();
    const signedOk = signedIn.count(200);
    const signedAll = Object.values(signedIn.byStatus).reduce((n, v) => n + v, 0);
    const gateClosed = gate.count(429) + gate.count(503);
    const extraFailures = [];
    if (signedOk < signedAll)
      extraFailures.push(
        `${signedAll - signedOk} of ${signedAll} signed-in requests failed during the outage`,
      );
    if (gateClosed === 0 && gate.count(401) >= 6) {
      extraFailures.push(`sign-in gate open: wrong passwords answered ${answers(gate)}`);
    }
    // The sign-in delay gate cannot count without Redis: sign-in is refused (503), never unthrottled.
    if (signIn.status !== 503)
      extraFailures.push(`sign-in during the outage answered ${signIn.status}, not 503`);
    if (signInBackMs === null)
      extraFailures.push(`sign-in after Redis came back answered ${signInAfter?.status}, not 200`);
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: revokedChecks.filter((r) => r.status === 200).length,
      extraFailures,
      note: `signed-in ok ${signedOk}/${signedAll}; gate ${answers(gate)}; sign-in during ${signIn.status}, after ${signInAfter?.status} in ${signInBackMs} ms; revoked checks ${revokedChecks.map((r) => r.status).join(',')}; ${answers(t)}`,
    };
  },

  /**
   * Gateway faults: 10 confirms answered 500 (not approved), 10 approved then answered 500 (the
   * double approval: approved, the shop did not hear), 5 approved and answered after the shop's
   * timeout, all without webhooks; then 5 double approvals whose webhook comes twice. Every
   * approval paid or refunded within 10 s.
   */
  async gateway() {
    const s = await pgShop('gateway', { redisPrefix: 'gateway' });
    const t = tally();
    const book = ledger();
    await fake.mode({ confirm: '500', count: 10 });
    await checkouts(t, book, () => s.shop, s, 10, { parallel: 5 });
    await fake.mode({ confirm: 'approve-500', count: 10 });
    await checkouts(t, book, () => s.shop, s, 10, { parallel: 5, offset: 10 });
    await fake.mode({ confirm: 'timeout', delayMs: 17_000, count: 5 });
    await checkouts(t, book, () => s.shop, s, 5, { parallel: 5, offset: 20 });
    // Double approvals again, now with the gateway's webhook, sent twice (Toss repeats them).
    const hook = `${s.shop.base}/api/payments/webhook`;
    await fake.mode({ confirm: 'approve-500', count: 5, webhook: { urls: [hook, hook], delayMs: 300 } });
    await checkouts(t, book, () => s.shop, s, 5, { parallel: 5, offset: 25 });
    await fake.mode({ confirm: 'ok', webhook: null });
    const since = performance.now();
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    await s.shop.kill('SIGTERM');
    await s.statuses.end();
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: 0,
      note: `settled ${m.settleS ?? '∞'} s; ${answers(t)}`,
    };
  },

  /**
   * SIGTERM with 20 confirms in flight at a gateway answering in 12 s (inside its 15 s timeout):
   * they finish, their effects are not lost; then the shop is started again.
   */
  async sigterm() {
    // One member per in-flight checkout: a member's new order ends their older unconfirmed one
    // (by design), which is not what SIGTERM is measured on.
    const s = await pgShop('sigterm', { redisPrefix: 'sigterm', members: 20 });
    let shop = s.shop;
    const t = tally();
    const book = ledger();
    await fake.mode({ confirm: 'slow', delayMs: 12_000 });
    const load = checkouts(t, book, () => shop, s, 20, { parallel: 20 });
    await waitFor(async () => (await fake.calls()).toss.confirms >= 20, { timeoutMs: 60_000 });
    const termAt = performance.now();
    await shop.kill('SIGTERM');
    const exitS = Math.round((performance.now() - termAt) / 100) / 10;
    const results = await load;
    const cut = results.filter((r) => r.confirm !== 200).length;
    await fake.mode({ confirm: 'ok' });
    shop = await startShop({ dir, name: 'sigterm-b', port: shop.port, env: s.env });
    const since = performance.now();
    const m = await converge({ book, fake, statuses: s.statuses }, { since, maxMs: WAIT_MS });
    await shop.kill('SIGTERM');
    await s.statuses.end();
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: 0,
      extraFailures: cut ? [`${cut} of 20 in-flight confirms cut by SIGTERM`] : [],
      note: `exit after ${exitS} s; in-flight confirms cut ${cut}/20; ${answers(t)}`,
    };
  },

  /**
   * Pushes (ARCHITECTURE.md "Notifications"): an operator answers 60 tickets, each answer commits
   * the member's notification and its push; the process is killed after 30 answers and started
   * again. Every committed push is delivered at least once (counted by notification id at the fake).
   */
  async 'effects-push'() {
    const adminKey = 'faults-admin-key-faults-admin-key';
    const s = await pgShop('push', { redisPrefix: 'push', members: 6, extra: { ADMIN_API_KEY: adminKey } });
    let shop = s.shop;
    const { default: postgres } = await import('postgres');
    const sql = postgres(pg.url(s.db), { max: 1, onnotice: () => {} });
    await sql`update users set is_app_alert = true, is_active = true`;
    const tickets = (
      await sql`insert into support_tickets (user_id, main_category, title, content)
        select u.id, '주문', '문의 ' || g, '확인 부탁드려요' from users u, generate_series(1, 10) g
        returning id`
    ).map((r) => r.id);
    const t = tally();
    const answered = [];
    let killed = false;
    const answer = (id) => async () => {
      if (killed) return;
      const r = await call(t, shop.base, `/api/admin/tickets/${id}/answer`, {
        method: 'POST',
        headers: { 'x-admin-key': adminKey },
        body: { body: '확인했어요. 오늘 보내드릴게요.' },
      });
      if (r.status === 200) answered.push(id);
    };
    const load = pool(tickets.map(answer), 6);
    await waitFor(() => answered.length >= 30, { timeoutMs: 60_000, everyMs: 10 });
    killed = true;
    await shop.kill('SIGKILL');
    await load;
    shop = await startShop({ dir, name: 'push-b', port: shop.port, env: s.env });
    const since = performance.now();
    let committed = [];
    let delivered = 0;
    const ms = await waitFor(
      async () => {
        committed = (
          await sql`select id from notifications where kind = 'TICKET' and push_status is distinct from 'SKIPPED'`
        ).map((r) => r.id);
        const sent = new Set((await fake.state()).pushes.map((p) => p.notification_id));
        delivered = committed.filter((id) => sent.has(id)).length;
        return committed.length > 0 && delivered === committed.length;
      },
      { timeoutMs: WAIT_MS },
    );
    const kept = (
      await sql`select count(*)::int as n from support_tickets where id = any(${answered}) and status = 'ANSWERED'`
    )[0].n;
    await sql.end();
    await shop.kill('SIGTERM');
    await s.statuses.end();
    return {
      acknowledged: answered.length,
      kept,
      paidAckLost: 0,
      approvals: 0,
      settled: 0,
      doubleCharges: 0,
      effects: committed.length,
      delivered,
      convergeS: ms === null ? null : Math.round((performance.now() - since) / 100) / 10,
      s500: t.count(500),
      revokedAccepted: 0,
      note: `pushes committed ${committed.length}, delivered ${delivered}; ${answers(t)}`,
    };
  },

  /**
   * kill -9 on the embedded default (no DATABASE_URL, no REDIS_URL): 10 paid orders, then 75
   * unpaid ones, the process killed right after the last acknowledgement; a member signed out
   * before stays signed out after the restart.
   */
  async 'embedded-kill9'() {
    const dataDir = join(dir, 'embedded');
    const env = shopEnv(fake, { DATA_DIR: dataDir });
    const port = nextPort++;
    let shop = await startShop({ dir, name: 'embedded-seed', port, env });
    await shop.kill('SIGTERM');
    const db = await openEmbedded(dataDir);
    await db.exec(
      'update product_items set stock = 1000000, is_active = true; update product_displays set is_active = true; update time_sale_items set stock_limit = 1000000',
    );
    const items = (await db.query('select id from product_items order by id limit 200')).rows.map(
      (r) => r.id,
    );
    await db.close();
    shop = await startShop({ dir, name: 'embedded-a', port, env });
    const people = await signUpMany(shop.base, fake, 5);
    const [x, ...rest] = people;
    const t = tally();
    await call(t, shop.base, '/api/users/sign-out', {
      method: 'POST',
      token: x.access,
      body: { refresh: x.refresh },
    });
    const book = ledger();
    const s = { people: rest, items };
    await checkouts(t, book, () => shop, s, 10, { parallel: 5 });
    await checkouts(t, book, () => shop, s, 75, { parallel: 10, confirm: false, offset: 10 });
    await shop.kill('SIGKILL');
    shop = await startShop({ dir, name: 'embedded-b', port, env });
    const since = performance.now();
    const revoked = await call(t, shop.base, '/api/users/user-detail', { token: x.access });
    const m = await converge(
      { book, fake, statuses: apiStatuses(() => shop, book) },
      { since, maxMs: WAIT_MS },
    );
    await shop.kill('SIGTERM');
    return {
      ...m,
      s500: t.count(500),
      revokedAccepted: revoked.status === 200 ? 1 : 0,
      note: `signed-out token after restart ${revoked.status}; ${answers(t)}`,
    };
  },
};

/** The answers of a scenario as `status×count`. */
function answers(t) {
  return Object.entries(t.byStatus)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');
}

// ───────────────────────────── run ─────────────────────────────

const only = values.only?.split(',').map((s) => s.trim());
const chosen = Object.keys(scenarios).filter((n) => !only || only.includes(n));
if (only && chosen.length !== only.length) {
  console.error(`unknown scenario; choose from: ${Object.keys(scenarios).join(', ')}`);
  cleanupAll();
  process.exit(2);
}

const rows = [];
const t0 = performance.now();
for (const name of chosen) {
  await fake.reset();
  const started = performance.now();
  let row;
  try {
    row = { scenario: name, ...(await scenarios[name]()) };
  } catch (err) {
    row = { scenario: name, error: String(err?.stack ?? err) };
  }
  row.seconds = Math.round((performance.now() - started) / 1000);
  row.failures = row.error ? [`did not run: ${row.error.split('\n')[0]}`] : bars(row);
  rows.push(row);
  console.log(
    `${name}: acknowledged ${row.acknowledged ?? '-'} kept ${row.kept ?? '-'} | confirmed ${row.paidAcknowledged ?? '-'} ` +
      `| approvals ${row.approvals ?? '-'} paid-or-refunded ${row.settled ?? '-'} double ${row.doubleCharges ?? '-'} ` +
      `| effects committed ${row.effects ?? '-'} delivered ${row.delivered ?? '-'} | 500s ${row.s500 ?? '-'} ` +
      `| revoked accepted ${row.revokedAccepted ?? '-'} | converge ${row.convergeS ?? '∞'} s | ${row.seconds} s` +
      (row.note ? ` | ${row.note}` : '') +
      (row.failures.length ? `\n  FAIL: ${row.failures.join('; ')}` : '\n  ok'),
  );
  if (row.error) console.error(row.error);
}

const cols = [
  ['scenario', (r) => r.scenario],
  ['acknowledged', (r) => r.acknowledged],
  ['kept', (r) => r.kept],
  ['approvals', (r) => r.approvals],
  ['paid or refunded', (r) => r.settled],
  ['effects committed', (r) => r.effects],
  ['delivered', (r) => r.delivered],
  ['500s', (r) => r.s500],
  ['revoked accepted', (r) => r.revokedAccepted],
  ['converge s', (r) => r.convergeS ?? (r.error ? undefined : '∞')],
  ['result', (r) => (r.failures.length ? 'FAIL' : 'ok')],
];
const cells = rows.map((r) => cols.map(([, f]) => String(f(r) ?? '-')));
const widths = cols.map(([h], i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (cs) => `| ${cs.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\n${line(cols.map(([h]) => h))}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const c of cells) console.log(line(c));
const failed = rows.filter((r) => r.failures.length);
console.log(
  `\n${rows.length - failed.length} of ${rows.length} scenarios met every bar in ${Math.round((performance.now() - t0) / 1000)} s` +
    (values.keep ? ` (logs in ${dir})` : ''),
);
await pg.stop();
cleanupAll();
process.exit(failed.length ? 1 : 0);
