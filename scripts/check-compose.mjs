#!/usr/bin/env node
// Static check of compose.yaml (scripts/container-smoke.sh; docs/RUNBOOK.md "Smoke test"): it
// parses, its app services build the Containerfile with the roles the runbook names, every setting
// it or deploy/.env.example gives the app is one apps/api/src/config.ts reads, and the proxy's
// upstreams are services of the file. SMOKE_ALLOW_ENV adds names (space-separated) to the known ones.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

const file = process.argv[2] ?? 'compose.yaml';
const text = readFileSync(file, 'utf8');
const compose = parse(text, { merge: true });
const problems = new Set();
const need = (ok, what) => {
  if (!ok) problems.add(what);
};

// Settings the app reads: the keys of EnvSchema in config.ts.
const configSource = readFileSync('apps/api/src/config.ts', 'utf8');
const schema = configSource.slice(configSource.indexOf('const EnvSchema'));
const known = new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
for (const name of (process.env.SMOKE_ALLOW_ENV ?? '').split(/\s+/).filter(Boolean)) known.add(name);
// Names compose itself interpolates (${NAME…}) are the deployment's, not the app's.
const interpolated = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));

const services = compose?.services ?? {};
const apps = Object.entries(services).filter(([, s]) => s.build?.dockerfile);
need(apps.length >= 3, 'app services that build the Containerfile: two API processes and a worker');
const roles = apps.map(([, s]) => s.environment?.PROCESS_ROLE);
need(roles.filter((r) => r === 'api').length >= 2, 'two services with PROCESS_ROLE=api');
need(roles.filter((r) => r === 'worker').length === 1, 'one service with PROCESS_ROLE=worker');
need(
  roles.every((r) => ['api', 'worker', 'all'].includes(r)),
  `PROCESS_ROLE is api|worker|all (${roles.join(', ')})`,
);

const envFileNames = (path) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.match(/^#?\s*([A-Z][A-Z0-9_]*)=/)?.[1])
    .filter(Boolean);
for (const [name, s] of apps) {
  need(existsSync(s.build.dockerfile), `${name}: ${s.build.dockerfile} exists`);
  need(String(s.image).includes('codiroom'), `${name}: runs the codiroom image (${s.image})`);
  need(s.healthcheck?.test, `${name}: has a health check`);
  for (const envFile of [s.env_file ?? []].flat()) {
    need(existsSync(`${envFile}.example`), `${name}: ${envFile}.example exists`);
    for (const key of envFileNames(`${envFile}.example`)) {
      need(
        known.has(key) || interpolated.has(key),
        `${envFile}.example: ${key} is not a setting of config.ts`,
      );
    }
  }
  for (const key of Object.keys(s.environment ?? {})) {
    need(known.has(key), `${name}: ${key} is not a setting of config.ts`);
  }
}

need(
  /^docker\.io\/library\/postgres:1[67]\b/.test(services.postgres?.image ?? ''),
  'postgres is PostgreSQL 16 or 17',
);
need(/^docker\.io\/library\/redis:7\b/.test(services.redis?.image ?? ''), 'redis is Redis 7');
const proxy = services.proxy;
need(proxy, 'a proxy service');
for (const volume of proxy?.volumes ?? []) {
  const [source] = String(volume).split(':');
  if (!source.startsWith('./')) continue;
  need(existsSync(source), `proxy: ${source} exists`);
  for (const [, host, port] of readFileSync(source, 'utf8').matchAll(/^\s*server ([\w.-]+):(\d+)/gm)) {
    need(
      apps.some(([n, s]) => n === host && s.environment?.PROCESS_ROLE === 'api'),
      `${source}: ${host} is an API service`,
    );
    need(port === '3000', `${source}: ${host} listens on 3000 (the image's PORT)`);
  }
}

if (problems.size) {
  for (const p of problems) console.error(`compose check: ${p}`);
  process.exit(1);
}
console.log(`compose check ok: ${Object.keys(services).join(', ')}`);
