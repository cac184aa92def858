// The fault suite's own services (docs/ARCHITECTURE.md, "Fault suite"): a PostgreSQL 15 cluster
// and a Redis on the suite's ports (never the machine's shared 5432 and 6379), the fake providers
// in their own process, and built shop processes. Everything started here is registered for
// cleanup, which runs at the end, on failure and on Ctrl-C: the cluster is stopped and its
// directory removed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { BENCH_ENV } from '../../bench/server.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;
/**
 * The suite's ports: FAULTS_PORT_BASE (default 27000) + 432, 379, 100 and 1 upwards (.ci/run picks a
 * free base). Below the kernel's ephemeral range (32768 and up): a client socket of the suite's own
 * load can take an ephemeral port there, and a shop then started on it fails with EADDRINUSE.
 */
const BASE = Number(process.env.FAULTS_PORT_BASE ?? 27000);
export const PORTS = { pg: BASE + 432, redis: BASE + 379, fake: BASE + 100, shop: BASE + 1 };
const PG_BIN = '/usr/lib/postgresql/15/bin';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` (truthy = done) every `everyMs` until `timeoutMs`; returns the ms it took, or null. */
export async function waitFor(check, { timeoutMs = 30_000, everyMs = 200 } = {}) {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      if (await check()) return Math.round(performance.now() - t0);
    } catch {}
    await sleep(everyMs);
  }
  return null;
}

// ─── cleanup ───
const syncCleanups = [];
/** Registers a synchronous cleanup (it must also run from process 'exit'). Returns its remover. */
function onExit(fn) {
  syncCleanups.push(fn);
  return () => {
    const i = syncCleanups.indexOf(fn);
    if (i >= 0) syncCleanups.splice(i, 1);
  };
}
export function cleanupAll() {
  while (syncCleanups.length) {
    try {
      syncCleanups.pop()();
    } catch {}
  }
}
process.on('exit', cleanupAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    cleanupAll();
    process.exit(130);
  });
}

/** A directory for this run's logs and data (kept with --keep, else removed at exit). */
export function runDir(keep) {
  const dir = mkdtempSync(join(tmpdir(), 'codiroom-faults-'));
  chmodSync(dir, 0o777);
  if (!keep) onExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ─── PostgreSQL ───
const asPostgres = (args) => ['-u', 'postgres', '--', ...args];

/** initdb + pg_ctl start as user postgres, data under `dir`; returns { url(db), admin, restart, stop }. */
export async function startPostgres(dir, port = PORTS.pg) {
  const data = join(dir, 'pg');
  mkdirSync(data, { mode: 0o700 });
  execFileSync('chown', ['postgres:postgres', data]);
  execFileSync(
    'runuser',
    asPostgres([`${PG_BIN}/initdb`, '-D', data, '-U', 'root', '-A', 'trust', '--no-sync']),
    {
      stdio: 'ignore',
    },
  );
  const ctl = (...args) =>
    spawnSync('runuser', asPostgres([`${PG_BIN}/pg_ctl`, '-D', data, ...args]), { stdio: 'ignore' });
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const log = join(dir, 'pg.log');
  const started = ctl('-o', opts, '-l', log, '-w', '-t', '60', 'start');
  if (started.status !== 0) throw new Error(`PostgreSQL did not start (see ${log})`);
  const remove = onExit(() => {
    ctl('-m', 'immediate', '-w', 'stop');
    rmSync(data, { recursive: true, force: true });
  });
  const base = `postgres://root@127.0.0.1:${port}`;
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
  return {
    url: (db) => `${base}/${db}`,
    admin,
    /** `pg_ctl restart -m fast`: every connection is cut, the server is back once it answers. */
    restart: () => ctl('-o', opts, '-l', log, '-m', 'fast', '-w', '-t', '60', 'restart').status === 0,
    /** An outage: stopped (`-m fast`) for `ms`, then started again; true when it is back. */
    outage: async (ms) => {
      ctl('-m', 'fast', '-w', 'stop');
      await sleep(ms);
      return ctl('-o', opts, '-l', log, '-w', '-t', '60', 'start').status === 0;
    },
    stop: async () => {
      await admin.end({ timeout: 1 }).catch(() => {});
      remove();
      ctl('-m', 'fast', '-w', 'stop');
      rmSync(data, { recursive: true, force: true });
    },
  };
}

// ─── Redis ───
/** Our own redis-server (no persistence): kill() is a crash, start() a restart with nothing in it. */
export async function startRedis(dir, port = PORTS.redis) {
  let child = null;
  const start = async () => {
    const out = openSync(join(dir, 'redis.log'), 'a');
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', out, out] },
    );
    const ok = await waitFor(
      () =>
        spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG',
      { timeoutMs: 10_000, everyMs: 50 },
    );
    if (ok === null) throw new Error('redis-server did not start');
  };
  const kill = () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      return exited;
    }
    return Promise.resolve();
  };
  onExit(() => child?.exitCode === null && child.kill('SIGKILL'));
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

// ─── fake providers ───
export async function startFake(dir, port = PORTS.fake) {
  const out = openSync(join(dir, 'fake.log'), 'a');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts/faults/fake-providers.mjs'), '--port', String(port)],
    {
      stdio: ['ignore', out, out],
    },
  );
  onExit(() => child.exitCode === null && child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  const call = async (path, body) => {
    const res = await fetch(
      `${base}${path}`,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
    );
    return res.json();
  };
  if ((await waitFor(() => fetch(`${base}/_calls`).then((r) => r.ok), { everyMs: 50 })) === null) {
    throw new Error('fake providers did not start');
  }
  return {
    base,
    calls: () => call('/_calls'),
    state: () => call('/_state'),
    mode: (m) => call('/_mode', m),
    reset: () => call('/_reset', {}),
    smsCode: (phone) => call(`/_sms?to=${phone}`).then((r) => r.code),
  };
}

// ─── the shop ───
/** The shop's configuration for the suite: production mode, every provider pointed at the fake. */
export function shopEnv(fake, extra = {}) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // The bench's secret: benchGuestId (bench/server.mjs) signs guest ids under it.
    JWT_SECRET: BENCH_ENV.JWT_SECRET,
    WEB_BUILD_DIR: '',
    SEED_PRODUCTS: '40',
    SMS_IP_HOURLY_LIMIT: '100000',
    TOSS_SECRET_KEY: 'test_sk_faults',
    TOSS_CLIENT_KEY: 'test_ck_faults',
    TOSS_API_BASE: fake.base,
    SOLAPI_API_KEY: 'faults',
    SOLAPI_API_SECRET: 'faults',
    SOLAPI_SENDER: '0200000000',
    SOLAPI_BASE_URL: fake.base,
    ONESIGNAL_APP_ID: '00000000-0000-4000-8000-000000000047',
    ONESIGNAL_API_KEY: 'faults',
    ONESIGNAL_BASE_URL: fake.base,
    AD_PIXEL_ID: 'faults',
    AD_ACCESS_TOKEN: 'faults',
    AD_BASE_URL: fake.base,
    METRICS_TOKEN: 'faults-metrics-token',
    ...extra,
  };
}

/**
 * Starts `node apps/api/dist/server.mjs` on `port` and waits until GET /api/health answers 200.
 * Returns { name, port, base, pid, kill(signal), exited }. Its output goes to `<dir>/<name>.log`.
 */
export async function startShop({ dir, name, port, env, timeoutMs = 180_000, retried = false }) {
  const out = openSync(join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/server.mjs')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', out, out],
  });
  const remove = onExit(() => child.exitCode === null && child.kill('SIGKILL'));
  const exited = new Promise((r) => child.once('exit', (code, signal) => r(code ?? signal)));
  exited.then(remove);
  const base = `http://127.0.0.1:${port}`;
  const ok = await Promise.race([
    waitFor(() => fetch(`${base}/api/health`).then((r) => r.status === 200), { timeoutMs, everyMs: 100 }),
    exited.then(() => null),
  ]);
  if (ok === null) {
    child.kill('SIGKILL');
    // What the shop said before it exited goes into the suite's output (the log directory is
    // removed at exit). A shop that exits while starting is started once more, said aloud: the
    // scenario measures faults after start, and a start-up crash must still be visible here.
    const tail = readFileSync(join(dir, `${name}.log`), 'utf8')
      .split('\n')
      .slice(-30)
      .join('\n');
    console.error(`shop ${name} exited while starting; the end of its log:\n${tail}`);
    if (!retried) {
      console.error(`shop ${name}: starting it once more`);
      return startShop({ dir, name, port, env, timeoutMs, retried: true });
    }
    throw new Error(`shop ${name} did not become healthy (see ${join(dir, `${name}.log`)})`);
  }
  return {
    name,
    port,
    base,
    pid: child.pid,
    exited,
    /** Sends `signal`; resolves when the process has exited. */
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
