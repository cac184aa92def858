#!/usr/bin/env node
/**
 * Codemod: make every domain use other domains through their `index.ts` only (the dependency rule
 * of .dependency-cruiser.cjs, docs/ARCHITECTURE.md).
 *
 * For every import in apps/api/src/domains/X/** that reaches apps/api/src/domains/Y/<file>.ts
 * (Y ≠ X, <file> ≠ index.ts):
 *   1. domains/Y/index.ts is created if missing and re-exports the imported names from that file
 *      (`export { a, type B } from './file.ts';`), merged with what the index already exports;
 *   2. the import is rewritten to `../Y/index.ts`, keeping names, aliases and `type` modifiers
 *      (imports of the same module in one file are merged into one declaration).
 * Imports of Tx, Conn and isUniqueViolation from users/member-db.ts (in any domain, users
 * included) are rewritten to platform/transactions.ts. Tests (apps/api/test) are left alone.
 *
 * Idempotent: a second run changes nothing. Prints every change. Finally runs
 * `biome check --write` on the changed files (import and specifier order, formatting).
 *
 * Usage: node scripts/domain-surfaces.mjs [--root DIR] [--dry-run] [--no-biome]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const rootArg = args.indexOf('--root');
const ROOT = path.resolve(rootArg >= 0 ? args[rootArg + 1] : path.join(import.meta.dirname, '..'));
const DRY = flag('--dry-run');
const BIOME = !flag('--no-biome');

const DOMAINS = path.join(ROOT, 'apps/api/src/domains');
const TRANSACTIONS = path.join(ROOT, 'apps/api/src/platform/transactions.ts');
const MEMBER_DB = path.join(DOMAINS, 'users/member-db.ts');
const PLATFORM_NAMES = new Set(['Tx', 'Conn', 'isUniqueViolation']);

const posix = (p) => p.split(path.sep).join('/');
const rel = (p) => posix(path.relative(ROOT, p));
/** The relative specifier from `fromFile` to `toFile` ('./x.ts' or '../y/x.ts'). */
function specifier(fromFile, toFile) {
  const r = posix(path.relative(path.dirname(fromFile), toFile));
  return r.startsWith('.') ? r : `./${r}`;
}
/** The domain a path lies in (first folder under domains/), or null. */
function domainOf(file) {
  const r = path.relative(DOMAINS, file);
  if (r.startsWith('..') || path.isAbsolute(r)) return null;
  const [first, ...rest] = r.split(path.sep);
  return rest.length ? first : null;
}
const indexOf = (domain) => path.join(DOMAINS, domain, 'index.ts');

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/**
 * The named imports of an import declaration: [{ name, alias, type }], or null for a default,
 * namespace or side-effect import (which the codemod does not rewrite).
 */
function namedImports(decl) {
  const clause = decl.importClause;
  if (!clause || clause.name) return null;
  const bindings = clause.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return null;
  return bindings.elements.map((el) => ({
    name: (el.propertyName ?? el.name).text,
    alias: el.name.text,
    type: clause.isTypeOnly || el.isTypeOnly,
  }));
}

function importText(specs, from) {
  const allType = specs.every((s) => s.type);
  const parts = specs.map((s) => {
    const n = s.name === s.alias ? s.name : `${s.name} as ${s.alias}`;
    return !allType && s.type ? `type ${n}` : n;
  });
  return `import ${allType ? 'type ' : ''}{ ${parts.join(', ')} } from '${from}';`;
}

const warnings = [];
const changed = new Set();
const log = (msg) => console.log(msg);

// ─────────────── 1. read every domain file's cross-domain imports ───────────────
/** index file → module file (absolute) → name → type-only? (false as soon as one value use) */
const needs = new Map();
/** file → [{ decl, specs: [{…spec, target}] }] planned rewrites */
const plans = new Map();

function need(indexFile, moduleFile, spec) {
  if (!needs.has(indexFile)) needs.set(indexFile, new Map());
  const byModule = needs.get(indexFile);
  if (!byModule.has(moduleFile)) byModule.set(moduleFile, new Map());
  const names = byModule.get(moduleFile);
  names.set(spec.name, (names.get(spec.name) ?? true) && spec.type);
}

const files = existsSync(DOMAINS) ? walk(DOMAINS) : [];
for (const file of files) {
  const from = domainOf(file);
  if (!from) continue;
  const text = readFileSync(file, 'utf8');
  const sf = parse(file, text);
  for (const decl of sf.statements) {
    if (!ts.isImportDeclaration(decl) && !ts.isExportDeclaration(decl)) continue;
    const mod = decl.moduleSpecifier;
    if (!mod || !ts.isStringLiteral(mod) || !mod.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), mod.text);
    const to = domainOf(target);
    const isMemberDb = target === MEMBER_DB;
    const deep = to && to !== from && path.basename(target) !== 'index.ts';
    if (!deep && !isMemberDb) continue;
    if (ts.isExportDeclaration(decl)) {
      if (deep) warnings.push(`${rel(file)}: re-export from ${mod.text} left as is (move it by hand)`);
      continue;
    }
    const specs = namedImports(decl);
    if (!specs) {
      if (deep) warnings.push(`${rel(file)}: default/namespace/side-effect import of ${mod.text} left as is`);
      continue;
    }
    const planned = [];
    for (const s of specs) {
      if (isMemberDb && PLATFORM_NAMES.has(s.name)) planned.push({ ...s, target: TRANSACTIONS });
      else if (deep) {
        planned.push({ ...s, target: indexOf(to), module: target });
        need(indexOf(to), target, s);
      } else planned.push({ ...s, target }); // users → ./member-db.ts, kept
    }
    if (planned.every((p) => p.target === target)) continue;
    if (!plans.has(file)) plans.set(file, []);
    plans.get(file).push({ decl, specs: planned });
  }
}

// ─────────────── 2. create or extend the index files ───────────────
/** index file → names it cannot export (another module already exports that name) */
const blocked = new Map();

function exportText(names, from) {
  const list = [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const allType = list.every(([, type]) => type);
  const parts = list.map(([n, type]) => (!allType && type ? `type ${n}` : n));
  return `export ${allType ? 'type ' : ''}{ ${parts.join(', ')} } from '${from}';`;
}

for (const [indexFile, byModule] of [...needs].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const domain = domainOf(indexFile);
  const exists = existsSync(indexFile);
  let text = exists
    ? readFileSync(indexFile, 'utf8')
    : `/** The ${domain} domain as other domains use it (its public surface; see docs/ARCHITECTURE.md). */\n`;
  const sf = parse(indexFile, text);
  /** exported name → module file it comes from ('*' entries: star re-exports) */
  const exported = new Map();
  const starModules = new Set();
  /** module file → { decl, names: Map(name → type) } for plain `export { … } from './x.ts'` */
  const declOf = new Map();
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const mod = path.resolve(path.dirname(indexFile), st.moduleSpecifier.text);
      if (!st.exportClause) {
        starModules.add(mod);
        continue;
      }
      if (!ts.isNamedExports(st.exportClause)) continue;
      const names = new Map();
      let plain = true;
      for (const el of st.exportClause.elements) {
        exported.set(el.name.text, mod);
        if (el.propertyName) plain = false;
        names.set(el.name.text, st.isTypeOnly || el.isTypeOnly);
      }
      if (plain && !declOf.has(mod)) declOf.set(mod, { decl: st, names });
    } else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) exported.set(el.name.text, null);
    } else if (
      ts.canHaveModifiers(st) &&
      ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (st.name && ts.isIdentifier(st.name)) exported.set(st.name.text, indexFile);
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name)) exported.set(d.name.text, indexFile);
    }
  }

  const edits = []; // [start, end, replacement]
  const appended = [];
  for (const [moduleFile, names] of [...byModule].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (starModules.has(moduleFile)) continue;
    const entry = declOf.get(moduleFile);
    const merged = new Map(entry ? entry.names : []);
    let grew = false;
    for (const [name, type] of names) {
      const owner = exported.get(name);
      if (owner !== undefined && owner !== moduleFile) {
        if (!blocked.has(indexFile)) blocked.set(indexFile, new Set());
        blocked.get(indexFile).add(`${name}@${moduleFile}`);
        warnings.push(
          `${rel(indexFile)} already exports ${name} from elsewhere; ${rel(moduleFile)}'s ${name} not added (importers left deep)`,
        );
        continue;
      }
      if (!merged.has(name)) {
        merged.set(name, type);
        exported.set(name, moduleFile);
        grew = true;
      } else if (merged.get(name) && !type) {
        merged.set(name, false); // a value use: export the value, not only its type
        grew = true;
      }
    }
    if (!grew) continue;
    const line = exportText(merged, specifier(indexFile, moduleFile));
    if (entry) edits.push([entry.decl.getStart(sf), entry.decl.getEnd(), line]);
    else appended.push(line);
    log(`${rel(indexFile)}: ${line}`);
  }
  if (!edits.length && !appended.length) continue;
  edits.sort((a, b) => b[0] - a[0]);
  for (const [s, e, r] of edits) text = text.slice(0, s) + r + text.slice(e);
  if (appended.length) text = `${text.replace(/\s*$/, '\n')}${appended.join('\n')}\n`;
  if (!exists) log(`${rel(indexFile)}: created`);
  if (!DRY) writeFileSync(indexFile, text);
  changed.add(indexFile);
}

// ─────────────── 3. rewrite the importers ───────────────
for (const [file, list] of plans) {
  if (changed.has(file)) {
    warnings.push(`${rel(file)}: is an index that changed and also imports deep; run the codemod again`);
    continue;
  }
  let text = readFileSync(file, 'utf8');
  const sf = parse(file, text);
  // Existing imports of a module a rewritten import now points to are merged with it.
  const targets = new Set();
  for (const { specs } of list) for (const s of specs) targets.add(s.target);
  const planned = new Set(list.map((p) => p.decl.pos));
  const groups = new Map(); // target → { specs, decls }
  const add = (target, spec, decl) => {
    if (!groups.has(target)) groups.set(target, { specs: [], decls: [] });
    const g = groups.get(target);
    const same = g.specs.find((s) => s.name === spec.name && s.alias === spec.alias);
    if (same) same.type = same.type && spec.type;
    else g.specs.push({ name: spec.name, alias: spec.alias, type: spec.type });
    if (!g.decls.includes(decl)) g.decls.push(decl);
  };
  for (const decl of sf.statements) {
    if (!ts.isImportDeclaration(decl) || planned.has(decl.pos)) continue;
    const mod = decl.moduleSpecifier;
    if (!ts.isStringLiteral(mod) || !mod.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), mod.text);
    if (!targets.has(target)) continue;
    const specs = namedImports(decl);
    if (specs) for (const s of specs) add(target, s, decl);
  }
  for (const { decl, specs } of list) {
    for (const s of specs) {
      const left = s.module && blocked.get(s.target)?.has(`${s.name}@${s.module}`);
      add(left ? s.module : s.target, s, decl);
    }
  }
  // Each group's declaration goes where its first declaration was; the others are removed.
  const edits = new Map(); // decl → replacement lines
  for (const [target, g] of groups) {
    g.decls.sort((a, b) => a.pos - b.pos);
    const line = importText(g.specs, specifier(file, target));
    const first = g.decls[0];
    edits.set(first, [...(edits.get(first) ?? []), line]);
    for (const d of g.decls.slice(1)) if (!edits.has(d)) edits.set(d, []);
  }
  const ordered = [...edits].sort(([a], [b]) => b.pos - a.pos);
  const before = text;
  for (const [decl, lines] of ordered) {
    const start = decl.getStart(sf);
    let end = decl.getEnd();
    if (!lines.length && text[end] === '\n') end += 1;
    text = text.slice(0, start) + lines.join('\n') + text.slice(end);
  }
  if (text === before) continue;
  for (const { decl } of list) log(`${rel(file)}: ${decl.getText().replace(/\s+/g, ' ')}`);
  for (const [target, g] of groups) log(`${rel(file)}:   → ${importText(g.specs, specifier(file, target))}`);
  if (!DRY) writeFileSync(file, text);
  changed.add(file);
}

for (const w of warnings) console.warn(`warning: ${w}`);

if (!changed.size) {
  log('domain-surfaces: nothing to change');
} else {
  log(`domain-surfaces: ${changed.size} file(s) ${DRY ? 'would change' : 'changed'}`);
  if (BIOME && !DRY) {
    const list = [...changed].map(rel);
    execFileSync('npx', ['biome', 'check', '--write', ...list], { cwd: ROOT, stdio: 'inherit' });
  }
}
