// Runs the Vitest suite again on a real PostgreSQL server (TEST_DATABASE_URL, default the
// machine's postgres://root@127.0.0.1:5432/test) and with Redis when REDIS_URL / TEST_REDIS_URL is set.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
};
// The Redis tests (kv, cache events, two-process) run when a Redis server is named.
const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (redis) env.TEST_REDIS_URL = redis;
// CI (REQUIRE_REDIS=1): the Redis tests must run, so a pass without a Redis URL fails.
if (!redis && ['1', 'true'].includes(process.env.REQUIRE_REDIS ?? '')) {
  console.error('REQUIRE_REDIS is set but no TEST_REDIS_URL or REDIS_URL names a Redis server');
  process.exit(1);
}
console.log(`PostgreSQL pass against ${env.TEST_DATABASE_URL}`);
const r = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
