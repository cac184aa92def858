#!/usr/bin/env node
// MY큐레이션 drafting latency: "a curation for one member computed in ≤ 300 ms p95 with 100,000
// products on PostgreSQL". The built server (production mode, CURATION_PUBLISH_DELAY_MIN=0 and no
// daily drafting capacity, so every first quiz drafts at once and publishes) on a fresh PostgreSQL
// database seeded with --products products on start (created here and dropped afterwards), or on
// an already seeded database (--database, kept). Its filled tables are ANALYZEd first, as the
// server does after seeding on start: `npm run seed` (seed-cli) leaves a database without planner
// statistics, and with autovacuum off (as on this machine) it stays so — the drafting's plans then
// go wrong (JIT-compiled, ~0.5 s more per quiz).
// Members are inserted directly (as bench/orders.mjs does) with access tokens signed like the
// server's. One member at a time (latency, not load), each with seeded random quiz answers (body or
// none, fit, usual sizes, liked and disliked styles, liked and avoided colours, budget or none,
// occasions, things to avoid):
//   1. first   POST /api/v1/curations/style-quiz — the member's first quiz: answers saved, CODI
//              coupons issued, the curation drafted (drafting.ts). This is the timed target.
//      then    GET /api/curations/curation-status and get-curation-info: the curation is published
//              with outfits (each a top and a bottom at least), else the member counts as failed.
//   2. again   POST style-quiz with other answers: the curation exists, coupons are held — no draft.
//   3. redraft the member's curation deleted (SQL), POST style-quiz again: drafts, issues nothing.
// redraft − again (per member) is the drafting alone; first − redraft is the coupon issuing.
// Untimed warm-up members first (JIT, connections, prepared statements), then --runs runs of
// --members new members each; the median and spread of the runs' p95 are reported, with the CPU
// the server and PostgreSQL spent per member (steadier than wall times on a shared machine).
// Target: the median over the runs of the first quiz's p95 ≤ 300 ms; every member gets a curation;
// no non-200 answer.
// Usage: node bench/curation.mjs [-- --products 100000 --members 60 --runs 3 --warmup 5 --seed 7]
//        node bench/curation.mjs -- --database postgres://root@127.0.0.1:5432/bench_100k
//        (an already seeded database, kept; its members are removed afterwards)
//        [--base postgres://root@127.0.0.1:5432/postgres] [--port 3211] [--skip-analyze]
// Writes bench/results/curation-postgres-{products}.json; exits 1 when a target is missed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import { Rng } from '../packages/shared/src/random.ts';
import { assertPortFree, BENCH_ENV, cliArgs, cpuBetween, cpuSnapshot, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    base: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres',
    },
    database: { type: 'string' },
    products: { type: 'string', default: '100000' },
    members: { type: 'string', default: '60' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '5' },
    seed: { type: 'string', default: '7' },
    port: { type: 'string', default: '3211' },
    'skip-analyze': { type: 'boolean', default: false },
  },
});
const TARGET_P95_MS = 300;
const port = Number(values.port);
const nMembers = Number(values.members);
const nRuns = Number(values.runs);

// ── seeded random answers (the project's one generator, packages/shared/src/random.ts) ──
const rng = new Rng(Number(values.seed));
const rand = () => rng.next();
const normal = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const oneOf = (xs) => xs[Math.floor(rand() * xs.length)];
/** k distinct values of xs not in `not`. */
const some = (xs, k, not = []) => {
  const pool = xs.filter((x) => !not.includes(x));
  const out = [];
  while (out.length < k && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
};
// The quiz's values (packages/shared/src/style-quiz-schemas.ts, curation-engine.ts).
const STYLES = [
  '미니멀',
  '비즈니스캐주얼',
  '클래식',
  '댄디',
  '캐주얼',
  '포멀',
  '아메카지',
  '스트릿',
  '고프코어',
  '워크웨어',
  '프레피',
  '스포티',
  '놈코어',
  '시티보이',
];
const COLORS = [
  '블랙',
  '네이비',
  '차콜',
  '그레이',
  '화이트',
  '아이보리',
  '베이지',
  '카키',
  '브라운',
  '연청',
  '스카이블루',
  '버건디',
  '그린',
  '머스타드',
  '핑크',
  '레드',
];
const OCCASIONS = ['office', 'weekend', 'date', 'wedding_guest', 'travel'];
const AVOIDS = ['shorts', 'logo', 'skinny', 'oversized', 'loud_pattern', 'bright_color'];

const USUAL_SIZES = [{ TOP: 'L', BOTTOM: '32' }, { TOP: 'M', BOTTOM: '30' }, { TOP: 'XL', BOTTOM: '34' }, {}];

/** Quiz answers of one member: a body from the Size Korea statistics (men 30–59) for 80% of them. */
function answers() {
  const liked_styles = some(STYLES, int(1, 3));
  const liked_colors = some(COLORS, int(0, 3));
  const a = {
    body_shape: oneOf(['slim', 'standard', 'muscular', 'belly']),
    fit_preference: oneOf(['slim', 'regular', 'loose']),
    sizes: oneOf(USUAL_SIZES),
    liked_styles,
    disliked_styles: some(STYLES, int(0, 2), liked_styles),
    liked_colors,
    avoided_colors: some(COLORS, int(0, 2), liked_colors),
    // No limit for a quarter of the members, else 100,000–500,000 won for one outfit (한 벌).
    budget_max: rand() < 0.25 ? null : int(10, 50) * 10_000,
    occasions: some(OCCASIONS, int(1, 3)),
    avoid: some(AVOIDS, int(0, 2)),
  };
  // Without a body the engine needs the usual sizes (the quiz asks for one or the other).
  if (rand() < 0.2) {
    if (Object.keys(a.sizes).length === 0) a.sizes = oneOf(USUAL_SIZES.slice(0, -1));
  } else {
    const height = Math.round(171.5 + 5.7 * normal());
    const weight = Math.round(74.2 + 0.948 * (height - 171.5) + 9.12 * normal());
    a.height = Math.min(195, Math.max(155, height));
    a.weight = Math.min(120, Math.max(50, weight));
  }
  return a;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const r1 = (v) => Math.round(v * 10) / 10;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: r1(pct(s, 50)),
    p95: r1(pct(s, 95)),
    p99: r1(pct(s, 99)),
    max: r1(s.at(-1) ?? 0),
  };
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const own = !values.database;
const dbName = `codiroom_bench_curation_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = own ? postgres(values.base, { max: 1, onnotice: () => {} }) : null;
let dbUrl;
if (own) {
  dbUrl = new URL(values.base);
  dbUrl.pathname = `/${dbName}`;
  await admin.unsafe(`create database ${dbName}`);
} else {
  dbUrl = new URL(values.database);
}

// Another bench on the same port would be measured instead: refuse to start.
await assertPortFree(port);

let server;
let db;
const created = [];
try {
  const t0 = performance.now();
  server = await startServer({
    port,
    env: {
      DATABASE_URL: dbUrl.toString(),
      SEED_PRODUCTS: own ? values.products : '0',
      CURATION_PUBLISH_DELAY_MIN: '0',
      // Every first quiz is drafted at once (no waiting list for the day's later members).
      CURATION_DAILY_CAPACITY: '1000000',
    },
    timeoutMs: 3_600_000,
  });
  const startMs = Math.round(performance.now() - t0);
  db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
  const [{ n: products }] = await db`select count(*)::int as n from product_displays`;
  let analyzeMs = null;
  if (!values['skip-analyze']) {
    // As the server does after seeding (apps/api/src/seed/ensure.ts, analyzeFilled): the tables
    // holding rows only (an empty one analysed empty gets scanned by the plans cached on it).
    const a0 = performance.now();
    const tables =
      await db`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`;
    const filled = [];
    for (const { name } of tables) {
      const [row] = await db`select exists (select 1 from ${db(name)}) as any`;
      if (row.any) filled.push(name);
    }
    if (filled.length)
      await db.unsafe(`analyze ${filled.map((t) => `"${t.replaceAll('"', '""')}"`).join(', ')}`);
    analyzeMs = Math.round(performance.now() - a0);
  }
  const [jit] = await db`select current_setting('jit') as jit`;

  const key = new TextEncoder().encode(BENCH_ENV.JWT_SECRET);
  /** n new members (as bench/orders.mjs makes them) with their bearer headers. */
  async function newMembers(n) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const email = `bench-curation-${randomUUID()}@bench.invalid`;
      const [u] = await db`insert into users (email, name) values (${email}, '벤치큐레이션') returning id`;
      created.push(u.id);
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ typ: 'access', sid: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(u.id))
        .setIssuedAt(now)
        .setExpirationTime(now + 15 * 60)
        .sign(key);
      out.push({ id: u.id, headers: { authorization: `Bearer ${token}` } });
    }
    return out;
  }

  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method, path, headers, body) =>
    new Promise((resolve, reject) => {
      const h = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
      const started = performance.now();
      const req = request(`http://127.0.0.1:${port}${path}`, { method, headers: h, agent }, (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          raw += c;
        });
        res.on('end', () => resolve({ status: res.statusCode, text: raw, ms: performance.now() - started }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });

  const problems = [];
  const problem = (what) => {
    if (problems.length < 10) problems.push(what);
  };
  /** One member's three quizzes; answers the timings and whether a curation was published. */
  async function member(m) {
    const a = answers();
    const first = await call('POST', '/api/v1/curations/style-quiz', m.headers, a);
    if (first.status !== 200) {
      problem(`first quiz ${first.status}: ${first.text.slice(0, 200)}`);
      return null;
    }
    const issued = JSON.parse(first.text).issued_coupon_policy_ids.length;
    const status = await call('GET', '/api/curations/curation-status', m.headers);
    const viewed = status.status === 200 ? JSON.parse(status.text).current_curation_viewed : undefined;
    const info = await call('GET', '/api/curations/get-curation-info', m.headers);
    const curation = info.status === 200 ? JSON.parse(info.text).curation : null;
    const outfits = curation?.outfits ?? [];
    const published =
      viewed === false &&
      outfits.length > 0 &&
      outfits.every((o) => o.items.some((i) => i.role === 'top') && o.items.some((i) => i.role === 'bottom'));
    if (!published)
      problem(
        `member ${m.id}: no curation published (status ${status.status} viewed=${viewed}, info ${info.status}, ${outfits.length} outfits) for ${JSON.stringify(a)}`,
      );
    const again = await call('POST', '/api/v1/curations/style-quiz', m.headers, answers());
    if (again.status !== 200) problem(`second quiz ${again.status}: ${again.text.slice(0, 200)}`);
    await db`delete from curations where user_id = ${m.id}`;
    const redraft = await call('POST', '/api/v1/curations/style-quiz', m.headers, a);
    if (redraft.status !== 200) problem(`redraft quiz ${redraft.status}: ${redraft.text.slice(0, 200)}`);
    const [{ n: redrafted }] = await db`select count(*)::int as n from curations where user_id = ${m.id}`;
    if (redrafted !== 1) problem(`member ${m.id}: the redraft made ${redrafted} curations`);
    return {
      first: first.ms,
      again: again.ms,
      redraft: redraft.ms,
      published,
      issued,
      outfits: outfits.length,
      picks: outfits.reduce((s, o) => s + o.items.length, 0),
      ok: again.status === 200 && redraft.status === 200 && redrafted === 1,
    };
  }

  // Warm-up, not reported.
  for (const m of await newMembers(Number(values.warmup))) await member(m);
  problems.length = 0;

  const runs = [];
  for (let run = 1; run <= nRuns; run++) {
    const members = await newMembers(nMembers);
    const load = loadavg()[0];
    const t = [];
    const cpu0 = await cpuSnapshot(db, dbUrl.pathname.slice(1), server.pid);
    for (const m of members) {
      const r = await member(m);
      if (r) t.push(r);
    }
    const cpu = cpuBetween(cpu0, await cpuSnapshot(db, dbUrl.pathname.slice(1), server.pid));
    const curated = t.filter((x) => x.published);
    const out = {
      run,
      members: members.length,
      curations_published: t.filter((x) => x.published).length,
      coupons_issued_first_quiz: t.reduce((s, x) => s + x.issued, 0),
      mean_outfits: r1(t.reduce((s, x) => s + x.outfits, 0) / Math.max(1, t.length)),
      mean_picks: r1(t.reduce((s, x) => s + x.picks, 0) / Math.max(1, t.length)),
      failures: members.length - t.filter((x) => x.published && x.ok).length,
      loadavg_1m_at_start: r1(load),
      // CPU per member (three quizzes, two reads): steadier than wall times on a busy machine.
      cpu_ms_per_member: {
        server: r1(cpu.server / members.length),
        postgres: r1(cpu.pg / members.length),
      },
      first_quiz_ms: stats(t.map((x) => x.first)),
      // A member left without a curation drafts again on the second quiz: only the curated count.
      again_no_draft_ms: stats(curated.map((x) => x.again)),
      redraft_no_coupons_ms: stats(curated.map((x) => x.redraft)),
      drafting_ms: stats(curated.map((x) => x.redraft - x.again)),
      coupons_ms: stats(t.map((x) => x.first - x.redraft)),
    };
    runs.push(out);
    console.error(
      `run ${run}: first quiz p50 ${out.first_quiz_ms.p50} p95 ${out.first_quiz_ms.p95} p99 ${out.first_quiz_ms.p99} ms; ` +
        `no-draft p50 ${out.again_no_draft_ms.p50}; drafting p50 ${out.drafting_ms.p50} p95 ${out.drafting_ms.p95}; ` +
        `${out.curations_published}/${out.members} published; CPU/member server ${out.cpu_ms_per_member.server} ` +
        `postgres ${out.cpu_ms_per_member.postgres} ms`,
    );
  }

  const p95s = runs.map((r) => r.first_quiz_ms.p95);
  const summary = {
    first_quiz_p95_ms: { median: r1(median(p95s)), min: Math.min(...p95s), max: Math.max(...p95s) },
    first_quiz_p50_ms_median: r1(median(runs.map((r) => r.first_quiz_ms.p50))),
    drafting_p50_ms_median: r1(median(runs.map((r) => r.drafting_ms.p50))),
    drafting_p95_ms_median: r1(median(runs.map((r) => r.drafting_ms.p95))),
    no_draft_p50_ms_median: r1(median(runs.map((r) => r.again_no_draft_ms.p50))),
    cpu_ms_per_member_median: {
      server: r1(median(runs.map((r) => r.cpu_ms_per_member.server))),
      postgres: r1(median(runs.map((r) => r.cpu_ms_per_member.postgres))),
    },
  };
  const targets = {
    p95_ok: summary.first_quiz_p95_ms.median <= TARGET_P95_MS,
    every_member_curated: runs.every((r) => r.failures === 0),
  };
  const out = {
    bench: `MY큐레이션 drafting on the first style quiz (PostgreSQL, ${products} products)`,
    node: process.version,
    products,
    server_start_ms: startMs,
    analyze_ms: analyzeMs,
    jit: jit.jit,
    members_per_run: nMembers,
    warmup_members: Number(values.warmup),
    seed: Number(values.seed),
    target_p95_ms: TARGET_P95_MS,
    summary,
    runs,
    problems,
    targets,
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`./results/curation-postgres-${products}.json`, import.meta.url),
    `${JSON.stringify(out, null, 2)}\n`,
  );
  process.exitCode = targets.p95_ok && targets.every_member_curated ? 0 : 1;
} finally {
  await server?.stop();
  // A kept database loses the members made here (and, by cascade, their quizzes, coupons and curations).
  if (db && !own && created.length) {
    await db`delete from curations where user_id in ${db(created)}`.catch(() => {});
    await db`delete from users where id in ${db(created)}`.catch((e) =>
      console.error(`members ${created[0]}…${created.at(-1)} not removed: ${e.message}`),
    );
  }
  await db?.end();
  if (own) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
