/**
 * Readiness (docs/ARCHITECTURE.md "Observability"): is the database reachable, is Redis? A bounded
 * probe of each (`select 1` and a key read, 1 s each), cached for a second per context so that a
 * balancer polling every instance often costs the database one probe a second. Liveness needs
 * none of it (GET /api/health/live answers while the process runs).
 */
import type { AppContext } from './context.ts';
import type { Collector, Sample } from './metrics.ts';

export type Readiness = {
  /** false while the database is unreachable: the instance should get no traffic. */
  ready: boolean;
  database: 'ok' | 'unreachable';
  /** `degraded`: Redis is down and the shop runs on what it can do without it; `off`: no Redis configured. */
  redis: 'ok' | 'degraded' | 'off';
};

const PROBE_TIMEOUT_MS = 1_000;
const CACHE_MS = 1_000;

/** The promise's value, or `fallback` once it throws or takes longer than PROBE_TIMEOUT_MS. */
async function bounded<T>(probe: () => Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

async function probe(ctx: Pick<AppContext, 'database' | 'kv'>): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    bounded(
      async () => ((await ctx.database.ping()) ? ('ok' as const) : ('unreachable' as const)),
      'unreachable' as const,
    ),
    ctx.kv.kind === 'memory'
      ? ('off' as const)
      : bounded(async () => {
          await ctx.kv.get('health:ready');
          return 'ok' as const;
        }, 'degraded' as const),
  ]);
  return { ready: database === 'ok', database, redis };
}

const cached = new WeakMap<object, { at: number; result: Promise<Readiness> }>();

/** The context's readiness, probed at most once a second (callers within it share the probe). */
export function readiness(ctx: Pick<AppContext, 'database' | 'kv'>): Promise<Readiness> {
  const now = performance.now();
  const hit = cached.get(ctx);
  if (hit && now - hit.at < CACHE_MS) return hit.result;
  const result = probe(ctx);
  cached.set(ctx, { at: now, result });
  return result;
}

/** Gauges of the dependencies for /metrics: codiroom_database_up, and codiroom_redis_up with Redis. */
export function readinessCollector(ctx: Pick<AppContext, 'database' | 'kv'>): Collector {
  return async () => {
    const r = await readiness(ctx);
    const samples: Sample[] = [
      {
        name: 'codiroom_database_up',
        help: 'The database answers a bounded probe (1) or not (0)',
        value: r.database === 'ok' ? 1 : 0,
      },
    ];
    if (r.redis !== 'off') {
      samples.push({
        name: 'codiroom_redis_up',
        help: 'Redis answers a bounded probe (1) or not (0)',
        value: r.redis === 'ok' ? 1 : 0,
      });
    }
    return samples;
  };
}
