/**
 * Process roles (docs/ARCHITECTURE.md, "Process roles"): PROCESS_ROLE `api` serves HTTP and runs
 * no background jobs, `worker` runs them and answers only health and metrics, `all` (the default)
 * both. BACKGROUND_JOBS=off (tests) runs no background work in any role.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from './context.ts';
import { apiNotFound } from './errors.ts';
import { type JobDefinition, startJobs } from './jobs.ts';

type RoleConfig = Pick<Config, 'PROCESS_ROLE' | 'BACKGROUND_JOBS'>;

/** Whether this process serves the shop's HTTP calls and pages (roles `api` and `all`). */
export const servesHttp = (config: RoleConfig): boolean => config.PROCESS_ROLE !== 'worker';

/** Whether this process runs the background jobs (roles `worker` and `all`, background work on). */
export const runsJobs = (config: RoleConfig): boolean =>
  config.BACKGROUND_JOBS === 'on' && config.PROCESS_ROLE !== 'api';

/**
 * The embedded database belongs to one process: the `api` and `worker` roles exist to share one
 * PostgreSQL, and on PGlite an `api` process alone would leave payments unrecovered and effects
 * undelivered. Throws for such a configuration (the process entry calls it).
 */
export function checkRoleDatabase(config: Pick<Config, 'PROCESS_ROLE' | 'DATABASE_URL'>): void {
  if (config.PROCESS_ROLE !== 'all' && !config.DATABASE_URL) {
    throw new Error(
      `Invalid configuration: PROCESS_ROLE=${config.PROCESS_ROLE} needs DATABASE_URL (the embedded database runs role all)`,
    );
  }
}

/** The paths a `worker` answers: liveness/readiness (/api/health*) and /metrics. */
const WORKER_PATHS = /^\/(?:api\/health(?:\/[^/]*)?|metrics)\/?$/;

async function workerOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!WORKER_PATHS.test(request.url.split('?')[0] ?? '')) return apiNotFound(request, reply);
}

/**
 * Applies the role to the app: a worker refuses every other path with 404; the job roles start
 * `jobs` once the app is ready and stop them (bounded drain) when it closes.
 */
export function applyProcessRole(
  app: FastifyInstance,
  ctx: AppContext,
  jobs: readonly JobDefinition[],
): void {
  if (!servesHttp(ctx.config)) app.addHook('onRequest', workerOnly);
  if (!runsJobs(ctx.config)) return;
  let stop: (() => Promise<void>) | null = null;
  let stopped: Promise<void> | null = null;
  const stopOnce = () => {
    stopped ??= (stop?.() ?? Promise.resolve()).catch((err: unknown) =>
      app.log.warn({ err }, 'background jobs did not stop cleanly'),
    );
    return stopped;
  };
  app.addHook('onReady', async () => {
    stop = (await startJobs(ctx, jobs, app.log)).stop;
  });
  // The jobs start stopping when the close begins, alongside the requests in flight (one drain
  // time for both, server.ts), and the close waits for them before the database goes.
  app.addHook('preClose', async () => {
    void stopOnce();
  });
  app.addHook('onClose', async () => {
    await stopOnce();
  });
}
