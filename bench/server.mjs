// Shared by the bench scripts: start the built server (apps/api/dist/server.mjs) in production
// mode on a local port and wait for GET /api/health to answer 200.
import { spawn } from 'node:child_process';

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
 * Starts the server with `env` on `port`; resolves once it is healthy with the milliseconds that
 * took and a `stop()` that ends it (SIGTERM) and waits for the exit.
 */
export async function startServer({ port, env = {}, timeoutMs = 600_000 }) {
  const t0 = performance.now();
  // Diagnosis: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.mjs'], {
    cwd: root,
    env: { ...process.env, ...BENCH_ENV, PORT: String(port), ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  while (performance.now() - t0 < timeoutMs) {
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
