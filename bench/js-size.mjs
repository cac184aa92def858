#!/usr/bin/env node
// First-load JavaScript of every storefront page, read from the built React Router manifest: the
// client entry, the root route and the page's own route module with every chunk they import
// (what the server's <Scripts> modulepreloads). Sizes are raw, gzip (level 9) and brotli
// (quality 11, what the server sends: the build precompresses). Chunks a page loads later on
// demand (sheets, the image viewer, analytics) are not first-load and are not counted.
//
// Usage: node bench/js-size.mjs [-- --budget-kb 100 --all]
// Writes bench/results/js-size.json; exits 1 when a page's gzip size passes --budget-kb.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cliArgs } from './server.mjs';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    'budget-kb': { type: 'string', default: '100' },
    all: { type: 'boolean', default: false },
  },
});
const budgetKb = Number(values['budget-kb']);

const client = new URL('../apps/web/build/client/', import.meta.url);
const assets = new URL('assets/', client);
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('no React Router manifest: run npm run build first');
const text = readFileSync(new URL(manifestFile, assets), 'utf8');
const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));

const sizes = new Map();
function sizeOf(path) {
  let s = sizes.get(path);
  if (!s) {
    const buf = readFileSync(new URL(path.replace(/^\//, ''), client));
    s = {
      raw: buf.length,
      gz: gzipSync(buf, { level: 9 }).length,
      br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(path, s);
  }
  return s;
}

const kb = (n) => Math.round(n / 102.4) / 10;
const routes = manifest.routes;
const files = (r) => [r.module, ...(r.imports ?? [])];
const rows = [];
for (const [id, route] of Object.entries(routes)) {
  if (id === 'root' || id.startsWith('admin/') || id.startsWith('routes/admin')) continue;
  const chain = [];
  for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.push(r);
  const set = new Set(files(manifest.entry));
  for (const r of chain) for (const f of files(r)) set.add(f);
  const total = { raw: 0, gz: 0, br: 0 };
  for (const f of set) {
    const s = sizeOf(f);
    total.raw += s.raw;
    total.gz += s.gz;
    total.br += s.br;
  }
  rows.push({
    route: id,
    path: route.path ?? (route.index ? '/' : ''),
    files: set.size,
    raw_kb: kb(total.raw),
    gz_kb: kb(total.gz),
    br_kb: kb(total.br),
  });
}
rows.sort((a, b) => b.gz_kb - a.gz_kb);

// What every page pays before its own code: React DOM, React Router, the root route.
const base = new Set([...files(manifest.entry), ...files(routes.root)]);
const baseRows = [...base].map((f) => ({ file: f.replace('/assets/', ''), ...sizeOf(f) }));
const framework = new Set(files(manifest.entry));
const sum = (xs, k) => xs.reduce((s, x) => s + x[k], 0);
const frameworkRows = baseRows.filter((r) => framework.has(`/assets/${r.file}`));
const out = {
  bench: 'first-load JavaScript per storefront page (gzip 9 / brotli 11)',
  budget_gz_kb: budgetKb,
  framework: { gz_kb: kb(sum(frameworkRows, 'gz')), br_kb: kb(sum(frameworkRows, 'br')) },
  shared_by_every_page: {
    gz_kb: kb(sum(baseRows, 'gz')),
    br_kb: kb(sum(baseRows, 'br')),
    files: baseRows.map((r) => `${r.file} ${kb(r.gz)} KB gz`),
  },
  largest: rows[0],
  pages: values.all
    ? rows
    : rows.filter((r) => /^routes\/(home|category|product|ranking|search)$/.test(r.route) || r === rows[0]),
};
console.log(JSON.stringify(out, null, 2));
mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/js-size.json', import.meta.url),
  `${JSON.stringify({ ...out, pages: rows }, null, 2)}\n`,
);
const over = rows.filter((r) => r.gz_kb > budgetKb);
if (over.length) {
  console.error(
    `over ${budgetKb} KB gz: ${over.length} pages, e.g. ${over
      .slice(0, 5)
      .map((r) => `${r.route} ${r.gz_kb}`)
      .join(', ')}`,
  );
  process.exit(1);
}
