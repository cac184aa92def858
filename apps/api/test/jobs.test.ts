/**
 * Background jobs and process roles (platform/jobs.ts, platform/process-role.ts): several
 * "processes" (contexts with their own pg-boss) over one database run each job once per period,
 * retry a failing run, and the roles decide who serves HTTP and who runs jobs. PGlite, or
 * PostgreSQL with TEST_DATABASE_URL (a fresh database per test).
 */
import { fixedClock } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import { JOB_SCHEMA, type JobDefinition, type JobRunner, jobStats, startJobs } from '../src/platform/jobs.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { checkRoleDatabase } from '../src/platform/process-role.ts';
import { openTestDatabase, testEnv } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { warn: () => {}, error: () => {} };

function contextOn(database: Database, env: Record<string, string>): AppContext {
  const config = loadConfig(testEnv({ BACKGROUND_JOBS: 'on', ...env }));
  return createContext(config, database, {
    clock: fixedClock('2026-11-20T03:00:00Z'),
    kv: new MemoryStore(),
  });
}

/** Waits until `check` holds (polling), failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await sleep(100);
  }
}

// One database for the file (opening and migrating one is the slow part); each test's queues have
// names of their own.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 180_000);
afterAll(async () => {
  await database?.close();
});
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function runner(jobs: JobDefinition[]): Promise<{ ctx: AppContext; jobs: JobRunner }> {
  const ctx = contextOn(database, { PROCESS_ROLE: 'worker' });
  const started = await startJobs(ctx, jobs, quiet);
  cleanup.push(async () => {
    await started.stop(2_000);
    await closeContext(ctx);
  });
  return { ctx, jobs: started };
}

describe('background jobs across processes', () => {
  it('two worker processes on one database run a job once per period, never overlapping', async () => {
    const runs: { ctx: AppContext }[] = [];
    let running = 0;
    let overlapped = false;
    const job: JobDefinition = {
      name: 'test.tick',
      everyMs: 1_000,
      run: async (ctx) => {
        if (running++ > 0) overlapped = true;
        runs.push({ ctx });
        await sleep(100);
        running--;
      },
    };
    const a = await runner([job]);
    // Out of phase: without the slots, the two processes' offers would run about twice a second.
    await sleep(500);
    const b = await runner([job]);
    const t0 = Date.now();
    await sleep(5_000);
    const periods = Math.ceil((Date.now() - t0) / 1000) + 1;
    // Both processes offered a run every second; one run per second-long slot was made and run.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(periods);
    const jobs = rowsOf<{ slot: string }>(
      await a.ctx.db.execute(sql`select singleton_on::text as slot from ${sql.identifier(JOB_SCHEMA)}.job
        where name = 'test.tick' and state = 'completed'`),
    );
    expect(jobs.length).toBeGreaterThanOrEqual(runs.length - 1);
    expect(new Set(jobs.map((j) => j.slot)).size).toBe(jobs.length);
    expect(overlapped).toBe(false);
    // Whichever process took a run, the runs came from these two.
    for (const r of runs) expect([a.ctx, b.ctx]).toContain(r.ctx);
  }, 90_000);

  it('a failing run is retried, and the failure is counted for /metrics', async () => {
    const attempts: number[] = [];
    const job: JobDefinition = {
      name: 'test.flaky',
      // Retried 2 s after a failure (a quarter of the period); the next period is not due yet.
      everyMs: 8_000,
      run: async () => {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('first attempt fails');
      },
    };
    const w = await runner([job]);
    await until(() => attempts.length >= 2, 40_000);
    // The second attempt is pg-boss's retry of the same job, which then completed.
    const jobs = rowsOf<{ state: string; retry_count: number }>(
      await w.ctx.db.execute(sql`select state, retry_count from ${sql.identifier(JOB_SCHEMA)}.job
        where name = 'test.flaky' order by created_on limit 1`),
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    const stats = await jobStats(w.ctx);
    expect(stats).toEqual([expect.objectContaining({ queue: 'test.flaky', errors: 1, failed: 0 })]);
  }, 90_000);
});

describe('process roles', () => {
  it('the api and worker roles need a shared PostgreSQL; the embedded database runs role all', () => {
    expect(() => checkRoleDatabase({ PROCESS_ROLE: 'api', DATABASE_URL: undefined })).toThrow(/DATABASE_URL/);
    expect(() => checkRoleDatabase({ PROCESS_ROLE: 'worker', DATABASE_URL: undefined })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => checkRoleDatabase({ PROCESS_ROLE: 'all', DATABASE_URL: undefined })).not.toThrow();
    expect(() =>
      checkRoleDatabase({ PROCESS_ROLE: 'api', DATABASE_URL: 'postgres://root@127.0.0.1:5432/test' }),
    ).not.toThrow();
  });

  const counting = (name: string) => {
    const state = { runs: 0 };
    const job: JobDefinition = {
      name,
      everyMs: 1_000,
      run: async () => {
        state.runs += 1;
      },
    };
    return { state, job };
  };

  async function appWith(env: Record<string, string>, jobs: JobDefinition[]) {
    const ctx = contextOn(database, env);
    const app: FastifyInstance = await buildApp(ctx, { jobs });
    await app.ready();
    cleanup.push(async () => {
      await app.close();
      await closeContext(ctx);
    });
    return { app, ctx };
  }

  it('the worker role runs the jobs and answers only health', async () => {
    const { state, job } = counting('test.role-worker');
    const { app, ctx } = await appWith({ PROCESS_ROLE: 'worker' }, [job]);
    await until(() => state.runs >= 1, 10_000);
    expect((await jobStats(ctx)).map((s) => s.queue)).toEqual(['test.role-worker']);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    for (const url of ['/api/products/product-displays/1', '/api/products/categories', '/', '/api/healthy']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toMatch(/^Not Found/);
    }
  }, 90_000);

  it('the api role serves HTTP and runs no job', async () => {
    const { state, job } = counting('test.role-api');
    const { app, ctx } = await appWith({ PROCESS_ROLE: 'api' }, [job]);
    const res = await app.inject({ method: 'GET', url: '/api/products/categories' });
    expect(res.statusCode).toBe(200);
    await sleep(2_500);
    expect(state.runs).toBe(0);
    expect(await jobStats(ctx)).toEqual([]);
  }, 90_000);

  it('BACKGROUND_JOBS=off runs no job in the worker or all role', async () => {
    const { state, job } = counting('test.role-off');
    const worker = await appWith({ PROCESS_ROLE: 'worker', BACKGROUND_JOBS: 'off' }, [job]);
    const all = await appWith({ BACKGROUND_JOBS: 'off' }, [job]);
    await sleep(2_500);
    expect(state.runs).toBe(0);
    expect(await jobStats(worker.ctx)).toEqual([]);
    expect(await jobStats(all.ctx)).toEqual([]);
    // The default role still serves the shop.
    expect((await all.app.inject({ method: 'GET', url: '/api/products/categories' })).statusCode).toBe(200);
  }, 90_000);
});
