#!/usr/bin/env node
// Lighthouse (mobile, simulated throttling) on the built storefront: performance score, CLS, LCP,
// TBT (medians and ranges of the runs), the JavaScript sent for the first load (none of it the back
// office's own), the Accessibility and SEO scores, and the Best Practices score (which the
// Content-Security-Policy and the other security headers feed), with the audits under 1. Usage:
// npm run bench:lighthouse [-- --runs 5] [-- --pages /,/product/1] [-- --save DIR]
// Uses Debian's Chromium (/usr/bin/chromium or CHROME_PATH); never downloads a browser.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium, runLighthouse, warmPage } from './lighthouse-run.mjs';
import { cliArgs, startServer } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3198' },
    product: { type: 'string', default: '1' },
    pages: { type: 'string' },
    // A directory to keep every run's full Lighthouse report in (for reading the diagnostics).
    save: { type: 'string' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const dataDir = `/tmp/codiroom-bench-lh-${process.pid}`;
const pages = values.pages
  ? values.pages.split(',')
  : ['/', '/category', `/product/${values.product}`, '/ranking', '/search'];

/**
 * The assets only the back office's routes load (from the built React Router manifest): a
 * storefront page that downloads one of them fails the run.
 */
function adminOnlyAssets() {
  const dir = new URL('../apps/web/build/client/assets/', import.meta.url);
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error('no React Router manifest: run npm run build first');
  const text = readFileSync(new URL(file, dir), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  const files = (r) => [r.module, ...(r.imports ?? [])];
  const admin = new Set();
  const shop = new Set(files(manifest.entry));
  for (const [id, r] of Object.entries(manifest.routes)) {
    for (const f of files(r)) (id.startsWith('admin/') ? admin : shop).add(f);
  }
  return new Set([...admin].filter((f) => !shop.has(f)));
}
const adminOnly = adminOnlyAssets();

rmSync(dataDir, { recursive: true, force: true });
const server = await startServer({ port, env: { DATA_DIR: dataDir } });
const stop = async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
// Warm the server (first SSR of each page compiles nothing, but fills caches) and the generated
// pictures the pages show.
for (const p of pages) await warmPage(`http://127.0.0.1:${port}`, p);

/** "category/audit-id" of each weighted audit that scored below 1 (performance's included). */
function failingAudits(lhr) {
  return Object.entries(lhr.categories).flatMap(([cat, c]) =>
    c.auditRefs
      .filter((a) => a.weight > 0 && lhr.audits[a.id]?.score !== null && lhr.audits[a.id]?.score < 1)
      .map((a) => `${cat}/${a.id}`),
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
try {
  for (const path of pages) {
    const samples = [];
    // A run Lighthouse itself could not measure (a runtime error such as NO_NAVSTART: no score, no
    // metrics) is not a sample: it is run again, up to `runs` extra times in all for the page.
    let failedRuns = 0;
    for (let r = 0; r < runs; r++) {
      // A browser of its own for every run: Lighthouse empties the cache between runs but keeps
      // cookies, so a page measured after another would otherwise be a repeat visit (the
      // fontCached cookie set while an earlier run idled made it fetch Pretendard at once).
      const chrome = await launchChromium();
      let lhr;
      try {
        ({ lhr } = await runLighthouse(`http://127.0.0.1:${port}${path}`, chrome, {
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        }));
      } finally {
        await chrome.kill();
      }
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        const name = path.replace(/\W+/g, '_') || 'home';
        writeFileSync(`${values.save}/${name}-${r + 1}.json`, JSON.stringify(lhr));
      }
      if (lhr.runtimeError || lhr.categories.performance.score === null) {
        console.error(`${path}: run ${r + 1} not measured (${lhr.runtimeError?.code ?? 'no score'})`);
        if (++failedRuns > runs) throw new Error(`${path}: Lighthouse failed ${failedRuns} times`);
        r -= 1;
        continue;
      }
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const js = requests.filter((q) => q.resourceType === 'Script');
      samples.push({
        score: lhr.categories.performance.score,
        best_practices: lhr.categories['best-practices'].score,
        accessibility: lhr.categories.accessibility.score,
        seo: lhr.categories.seo.score,
        // The scored audits below 1 in any category: what to read when a score is under 1.00.
        failing: failingAudits(lhr),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
        js_transfer_kb: Math.round(js.reduce((s, q) => s + (q.transferSize ?? 0), 0) / 102.4) / 10,
        js_requests: js.length,
        admin_js: js.some((q) => adminOnly.has(new URL(q.url ?? '', 'http://x').pathname)),
      });
    }
    const spread = (k) => [Math.min(...samples.map((s) => s[k])), Math.max(...samples.map((s) => s[k]))];
    // The back office's own code (its route tree, TanStack Table) never reaches a storefront page.
    const adminJs = samples.some((s) => s.admin_js);
    const row = {
      page: path,
      runs,
      not_measured: failedRuns,
      score: median(samples.map((s) => s.score)),
      score_range: spread('score'),
      lcp_range_ms: spread('lcp_ms'),
      tbt_range_ms: spread('tbt_ms'),
      admin_js: adminJs,
      best_practices: median(samples.map((s) => s.best_practices)),
      accessibility: median(samples.map((s) => s.accessibility)),
      seo: median(samples.map((s) => s.seo)),
      failing: [...new Set(samples.flatMap((s) => s.failing))],
      cls: median(samples.map((s) => s.cls)),
      lcp_ms: median(samples.map((s) => s.lcp_ms)),
      fcp_ms: median(samples.map((s) => s.fcp_ms)),
      tbt_ms: median(samples.map((s) => s.tbt_ms)),
      js_transfer_kb: median(samples.map((s) => s.js_transfer_kb)),
      js_requests: median(samples.map((s) => s.js_requests)),
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await stop();
}
const targets = {
  score_min: 0.95,
  best_practices_min: 0.95,
  accessibility_min: 0.95,
  seo_min: 0.95,
  cls_max: 0.02,
  product_js_kb_max: 150,
};
const out = { bench: 'lighthouse mobile (simulated throttling)', node: process.version, targets, results };
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/lighthouse.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
const failed = results.filter(
  (r) =>
    r.score < targets.score_min ||
    r.best_practices < targets.best_practices_min ||
    r.accessibility < targets.accessibility_min ||
    r.seo < targets.seo_min ||
    r.cls > targets.cls_max ||
    r.admin_js ||
    (r.page.startsWith('/product/') && r.js_transfer_kb > targets.product_js_kb_max),
);
if (failed.length) {
  console.error('targets missed:', failed.map((f) => f.page).join(', '));
  process.exit(1);
}
