#!/usr/bin/env node
// What holds a page's total blocking time: one Lighthouse mobile run (simulated throttling, as
// bench/lighthouse.mjs) with the main thread's CPU samples in its trace; prints each main-thread
// task of the page over --min ms (as measured; Lighthouse's simulation counts it four times longer
// and blocking above 50 ms) with its trace events and the functions its samples fall in. Usage:
// node bench/long-tasks.mjs [-- --page /category] [-- --min 12] [-- --top 8]
// Uses Debian's Chromium (/usr/bin/chromium or CHROME_PATH); never downloads a browser.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium, runLighthouse, warmPage } from './lighthouse-run.mjs';
import { cliArgs, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    page: { type: 'string', default: '/' },
    port: { type: 'string', default: '3197' },
    min: { type: 'string', default: '12' },
    top: { type: 'string', default: '8' },
  },
});
const port = Number(values.port);
const dataDir = `/tmp/codiroom-bench-tasks-${process.pid}`;
const url = `http://127.0.0.1:${port}${values.page}`;

rmSync(dataDir, { recursive: true, force: true });
const server = await startServer({ port, env: { DATA_DIR: dataDir } });
let lhr;
let trace;
try {
  // Warm as bench/lighthouse.mjs does: the page once, and its WebP pictures.
  await warmPage(`http://127.0.0.1:${port}`, values.page);
  const chrome = await launchChromium();
  try {
    const result = await runLighthouse(url, chrome, {
      additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler',
    });
    lhr = result.lhr;
    trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
  } finally {
    await chrome.kill();
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const events = trace.traceEvents ?? trace;
// The page's main thread: the renderer main thread with the most events.
const threadNames = new Map();
for (const e of events) if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
const counts = new Map();
for (const e of events) {
  const k = `${e.pid}:${e.tid}`;
  if (threadNames.get(k) === 'CrRendererMain') counts.set(k, (counts.get(k) ?? 0) + 1);
}
const [pid, tid] = [...counts]
  .sort((a, b) => b[1] - a[1])[0][0]
  .split(':')
  .map(Number);
const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
const navs = events.filter(
  (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
);
const t0 = navs[navs.length - 1].ts;
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts > t0);

// The CPU samples (ProfileChunk events), with their timestamps.
const nodes = new Map();
const parent = new Map();
const samples = [];
const clocks = new Map();
for (const e of events) if (e.pid === pid && e.name === 'Profile') clocks.set(e.id, e.args.data.startTime);
for (const e of events) {
  if (e.pid !== pid || e.name !== 'ProfileChunk' || !clocks.has(e.id)) continue;
  const d = e.args.data;
  for (const n of d.cpuProfile?.nodes ?? []) {
    nodes.set(`${e.id}:${n.id}`, n);
    if (n.parent) parent.set(`${e.id}:${n.id}`, `${e.id}:${n.parent}`);
  }
  const ids = d.cpuProfile?.samples ?? [];
  for (let i = 0; i < ids.length; i++) {
    clocks.set(e.id, clocks.get(e.id) + (d.timeDeltas?.[i] ?? 0));
    samples.push({ ts: clocks.get(e.id), id: `${e.id}:${ids[i]}` });
  }
}
const frameName = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').replace(/.*\//, '') || '(native)'}`;

const ms = (us) => (us / 1000).toFixed(1);
console.log(
  `${values.page}: score ${lhr.categories.performance.score}, TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms, FCP ${fcp ? ms(fcp.ts - t0) : '?'} ms as measured`,
);
const SHOWN =
  /^(ParseHTML|EvaluateScript|v8\.evaluateModule|v8\.compileModule|FunctionCall|RunMicrotasks|TimerFire|FireIdleCallback|FireAnimationFrame|EventDispatch|UpdateLayoutTree|Layout|PrePaint|Paint|Commit|MinorGC|MajorGC|DocumentLoader::CommitNavigation)$/;
for (const task of main.filter(
  (e) => e.name === 'RunTask' && e.ts >= t0 && e.dur / 1000 >= Number(values.min),
)) {
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const byName = new Map();
  for (const e of inside) if (SHOWN.test(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  const fns = new Map();
  let n = 0;
  for (const s of samples) {
    if (s.ts < task.ts || s.ts > task.ts + task.dur) continue;
    n++;
    const seen = new Set();
    for (let id = s.id; id && nodes.has(id); id = parent.get(id)) {
      const name = frameName(nodes.get(id));
      if (seen.has(name) || /^\((root|program|idle)\)/.test(name)) continue;
      seen.add(name);
      fns.set(name, (fns.get(name) ?? 0) + 1);
    }
  }
  const after = fcp && task.ts > fcp.ts ? 'after FCP' : 'before FCP';
  const kinds = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `\n@${ms(task.ts - t0)} ms  ${ms(task.dur)} ms (×4 = ${Math.round(task.dur / 250)} ms simulated, ${after})  ${kinds.map(([k, d]) => `${k} ${ms(d)}`).join(', ')}`,
  );
  const top = [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  for (const [name, c] of top) console.log(`    ${String(Math.round((100 * c) / n)).padStart(3)}%  ${name}`);
}
