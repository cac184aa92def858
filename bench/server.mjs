// Shared by the bench scripts: start the built server (apps/api/dist/server.mjs) in production
// mode on a local port and wait for GET /api/health to answer 200.
import { spawn } from 'node:child_process';
import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;

/** Production needs provider keys; the benches point them at a closed local port. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SOLAPI_API_KEY: 'bench',
  SOLAPI_API_SECRET: 'bench',
  SOLAPI_SENDER: '0200000000',
  SOLAPI_BASE_URL: 'http://127.0.0.1:9',
};

/**
 * A guest id the server accepts: signed as apps/api/src/platform/guest-id.ts signs them, under the
 * bench's JWT_SECRET, so that each request can have its own without asking the server first.
 * A KeyObject, as the server's: createHmac with a Buffer key costs the load generator (which shares
 * the machine's cores with the server) several times the HMAC itself.
 */
const guestKey = createSecretKey(
  createHmac('sha256', BENCH_ENV.JWT_SECRET).update('codiroom:guest-id:v1').digest(),
);
export function benchGuestId() {
  const uuid = randomUUID();
  return `${uuid}.${createHmac('sha256', guestKey).update(uuid).digest().subarray(0, 16).toString('base64url')}`;
}

/**
 * Starts the server with `env` on `port`; resolves once it is healthy with the milliseconds that
 * took and a `stop()` that ends it (SIGTERM) and waits for the exit.
 */
export async function startServer({ port, env = {}, timeoutMs = 600_000 }) {
  // A server left on the port (a bench stopped by a signal leaves its child running) would answer
  // the health check while this one fails to bind, and the bench would measure the wrong build.
  await assertPortFree(port);
  const t0 = performance.now();
  // Diagnosis: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Diagnosis: BENCH_SERVER_ENTRY=apps/api/dist-other/server.mjs runs another build of the server
  // (e.g. one of an earlier commit, to alternate runs of two builds with one checkout).
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'apps/api/dist/server.mjs';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...BENCH_ENV,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  let exitCode;
  exited.then((code) => {
    exitCode = code;
  });
  while (performance.now() - t0 < timeoutMs) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before it answered /api/health`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) {
        return { ms: Math.round(performance.now() - t0), stop, pid: child.pid };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error('server never answered /api/health');
}

/**
 * Throws when something already listens on `port` (any address): a bench on a taken port would
 * measure that server instead. startServer checks its own; a bench checks early, before it creates
 * a database.
 */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`port ${port} is taken (a server left by an earlier run?): stop it first`)
          : err,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** CPU milliseconds (user + system) a process has used so far, 0 when unreadable (not Linux). */
export function cpuMsOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return 0;
  }
}

/**
 * CPU used so far by the server (`pid`), this script (the load generator) and the backends of
 * database `dbName` (read through the postgres.js `admin` connection), with the database's
 * commit count. Two snapshots give the cost of a run: see `cpuBetween`.
 */
export async function cpuSnapshot(admin, dbName, pid) {
  const backends = await admin`select pid from pg_stat_activity where datname = ${dbName}`.catch(() => []);
  const pg = new Map(backends.map((b) => [b.pid, cpuMsOf(b.pid)]));
  const me = process.cpuUsage();
  const [db] = await admin`select xact_commit::int as n from pg_stat_database where datname = ${dbName}`;
  return { server: cpuMsOf(pid), bench: (me.user + me.system) / 1000, pg, commits: db?.n ?? 0 };
}

/** CPU milliseconds of server, database backends and this script, and commits, between two snapshots. */
export function cpuBetween(a, b) {
  let pg = 0;
  for (const [pid, ms] of b.pg) pg += ms - (a.pg.get(pid) ?? 0);
  return { server: b.server - a.server, pg, bench: b.bench - a.bench, commits: b.commits - a.commits };
}

/** The command line's arguments, without the '--' that `npx node bench/x.mjs -- --flag` passes on. */
export const cliArgs = () => process.argv.slice(2).filter((a) => a !== '--');

/** The /metrics token the benches give the server (`env.METRICS_TOKEN`) to read its gauges. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** codiroom_page_documents from /metrics: the product documents stored; null for a build without it. */
export async function storedDocuments(origin) {
  const res = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const m = /^codiroom_page_documents (\d+)/m.exec(await res.text());
  return res.ok && m ? Number(m[1]) : null;
}

/**
 * Stores every product's page document (web/product-document.ts) by visiting each product page,
 * four at a time, as a first visit stores its own; the worker's own warm-up is paced (minutes for
 * 2,000). A section that fails (a statement timeout on a loaded machine) leaves its page's document
 * unstored, so up to three passes. Throws unless every one is stored; answers the seconds it took.
 */
export async function storeProductDocuments(origin, ids) {
  const t0 = Date.now();
  const all = [...ids];
  let n = 0;
  for (let pass = 1; pass <= 3; pass++) {
    let next = 0;
    const visit = async () => {
      while (next < all.length) {
        const id = all[next++];
        const res = await fetch(`${origin}/product/${id}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`/product/${id} answered ${res.status}`);
      }
    };
    await Promise.all([visit(), visit(), visit(), visit()]);
    n = (await storedDocuments(origin)) ?? 0;
    if (n >= all.length) break;
  }
  if (n < all.length)
    throw new Error(`only ${n} of ${all.length} documents stored after visiting each product`);
  return Math.round((Date.now() - t0) / 100) / 10;
}
