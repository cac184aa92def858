/**
 * Background jobs (docs/ARCHITECTURE.md, "Background jobs" and "Process roles"): each job runs on
 * its cadence once across every process of the `worker` or `all` role, through pg-boss's queue in
 * the app's own database (PGlite or PostgreSQL), with retries.
 *
 * Each job is a pg-boss queue of the `exclusive` policy (at most one job queued or running, so a
 * slow run never overlaps the next), or `standard` for a job whose runs may overlap (overlapSafe). Every worker process offers a run every `everyMs`, throttled
 * to one per time slot of that length (pg-boss `singletonSeconds`, slots aligned on the epoch, the
 * same for every process): the first offer of a slot wins and the others are no-ops. pg-boss cron
 * is minute-grained; this keeps jobs of a few seconds on their cadence too. A run that throws is
 * retried with backoff; a process killed mid-run loses its job's heartbeat and the job is retried
 * by another.
 */
import { PgBoss } from 'pg-boss';
import type { AppContext } from './context.ts';
import type { Collector } from './metrics.ts';

/** One background job: `run` is called once per `everyMs` across all worker processes. */
export interface JobDefinition {
  /** The queue's name: `<domain>.<what>`, e.g. `orders.sweep`. */
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
  /**
   * The run is safe to overlap with itself (idempotent, row-locked): its queue takes pg-boss's
   * `standard` policy, so a run cut off mid-way (a database restart that also lost its completion)
   * never holds the next slots until its heartbeat lapses. Payment recovery and outbox delivery,
   * whose delay is what a shopper or a receiver waits for.
   */
  overlapSafe?: boolean;
}

/** What /metrics reports per job queue: waiting and running jobs, failed ones kept, errors here. */
export interface JobQueueStats {
  queue: string;
  /** Jobs waiting to run (due or retrying). */
  queued: number;
  active: number;
  /** Jobs that failed after their last retry and are still kept by pg-boss. */
  failed: number;
  /** Runs that threw in this process since it started (each retry counts). */
  errors: number;
}

type JobLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** pg-boss's schema in the app's database. */
export const JOB_SCHEMA = 'pgboss';
/** How long stopping waits for running jobs (they stop alongside the requests in flight, within server.ts's drain). */
export const JOB_DRAIN_MS = 8_000;
/**
 * A running job whose process stops refreshing it for this long (pg-boss's least) is failed and
 * retried; pg-boss looks for such jobs every SUPERVISE_S. So a worker killed mid-run holds its
 * job's slot for at most about 15 s, not the minutes of pg-boss's defaults.
 */
const HEARTBEAT_S = 10;
const SUPERVISE_S = 5;
const RETRY_LIMIT = 3;

export interface JobRunner {
  stats(): Promise<JobQueueStats[]>;
  /** Stops offering runs and taking jobs; waits up to `drainMs` for the running ones. */
  stop(drainMs?: number): Promise<void>;
}

const runners = new WeakMap<AppContext, JobRunner>();

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Starts pg-boss on the app's database and every job's offers and worker. */
export async function startJobs(
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  log: JobLog,
): Promise<JobRunner> {
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error('two background jobs share a name');
  const boss = new PgBoss({
    ...ctx.database.jobQueue,
    schema: JOB_SCHEMA,
    // Runs are offered by startJobs' timers, not pg-boss cron (minute-grained).
    schedule: false,
    superviseIntervalSeconds: SUPERVISE_S,
  });
  // pg-boss reports its own faults (a lost connection, a failed maintenance pass) as events.
  boss.on('error', (err) => log.warn({ err }, 'background job queue error'));
  await boss.start();

  const errors = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const everyS = job.everyMs / 1000;
    const retries = {
      retryLimit: RETRY_LIMIT,
      retryDelay: Math.round(clamp(everyS / 4, 1, 60)),
      retryBackoff: true,
    };
    // Creating a queue that exists changes nothing: its retry rules are updated to today's.
    await boss.createQueue(job.name, {
      policy: job.overlapSafe ? 'standard' : 'exclusive',
      ...retries,
      retryDelayMax: Math.round(clamp(everyS, 1, 600)),
      heartbeatSeconds: HEARTBEAT_S,
    });
    await boss.updateQueue(job.name, retries);
    await boss.work(job.name, { pollingIntervalSeconds: clamp(everyS / 4, 0.5, 5) }, async () => {
      try {
        await job.run(ctx);
      } catch (err) {
        errors.set(job.name, (errors.get(job.name) ?? 0) + 1);
        log.warn({ err, job: job.name }, 'background job failed; pg-boss retries it');
        throw err;
      }
    });
    // A slot shorter than a second cannot be expressed: the exclusive policy alone bounds it then.
    const slot = everyS >= 1 ? { singletonSeconds: Math.round(everyS) } : {};
    const offer = () => {
      boss
        .send(job.name, null, slot)
        .catch((err: unknown) => log.warn({ err, job: job.name }, 'job offer failed'));
    };
    offer();
    const timer = setInterval(offer, job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  let stopping: Promise<void> | null = null;
  const runner: JobRunner = {
    async stats() {
      const queues = await boss.getQueues([...names]);
      return queues.map((q) => ({
        queue: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        failed: q.failedCount,
        errors: errors.get(q.name) ?? 0,
      }));
    },
    stop(drainMs = JOB_DRAIN_MS) {
      stopping ??= (async () => {
        for (const t of timers) clearInterval(t);
        // Closes pg-boss's own pool on PostgreSQL; the embedded database is closed by its opener.
        await boss.stop({ graceful: true, timeout: drainMs });
        runners.delete(ctx);
      })();
      return stopping;
    },
  };
  runners.set(ctx, runner);
  return runner;
}

/** Queue depth and failures of this process's jobs for /metrics; empty where no jobs run (role `api`). */
export async function jobStats(ctx: AppContext): Promise<JobQueueStats[]> {
  return (await runners.get(ctx)?.stats()) ?? [];
}

/** Gauges of this process's job queues for /metrics (docs/ARCHITECTURE.md "Observability"). */
export function jobsCollector(ctx: AppContext): Collector {
  return async () =>
    (await jobStats(ctx)).flatMap((q) => [
      {
        name: 'codiroom_job_queued',
        help: 'Jobs waiting to run',
        value: q.queued,
        labels: { queue: q.queue },
      },
      { name: 'codiroom_job_active', help: 'Jobs running', value: q.active, labels: { queue: q.queue } },
      {
        name: 'codiroom_job_failed',
        help: 'Jobs that failed after their last retry',
        value: q.failed,
        labels: { queue: q.queue },
      },
      {
        name: 'codiroom_job_run_errors',
        help: 'Runs that threw in this process since it started',
        value: q.errors,
        labels: { queue: q.queue },
      },
    ]);
}
