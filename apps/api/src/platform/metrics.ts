/**
 * Prometheus metrics (docs/ARCHITECTURE.md "Observability"): one registry per AppContext (never
 * prom-client's global one, so several apps in one test process do not clash), served as text at
 * GET /metrics (platform/observability.ts). Names are listed in docs/ARCHITECTURE.md.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueryObserver } from '../db/client.ts';

/** The shop's business events, each counted at the one place it happens: [counter, help]. */
const SHOP_EVENTS = {
  order_created: ['codiroom_orders_created_total', 'Orders created (PENDING, stock reserved)'],
  order_paid: ['codiroom_orders_paid_total', 'Orders moved to PAID (confirm, webhook or recovery)'],
  order_failed: ['codiroom_orders_failed_total', 'Orders moved to FAILED (payment failed, or given up)'],
  refund: ['codiroom_refunds_total', 'Payments cancelled at the gateway (refunds, whole or partial)'],
  sign_up: ['codiroom_sign_ups_total', 'Member accounts created'],
  stylist_note_model: [
    'codiroom_stylist_notes_model_total',
    'Outfit notes written by the language model that passed the fact check and were shown',
  ],
  stylist_note_rejected: [
    'codiroom_stylist_notes_rejected_total',
    'Outfit notes from the language model refused by the fact check (an invented fact): the template was shown',
  ],
  stylist_note_failed: [
    'codiroom_stylist_notes_failed_total',
    'Outfit notes the language model did not give in time, failed, capped or unreadable: the template was shown',
  ],
  upload_refused: [
    'codiroom_uploads_refused_total',
    'Uploads answered with a 4xx (too large, not an image, too many, rate limited)',
  ],
} as const;
export type ShopEvent = keyof typeof SHOP_EVENTS;

/** A value another part reports at each scrape (job queues, the outbox): a gauge sample. */
export type Sample = { name: string; help: string; value: number; labels?: Record<string, string> };
export type Collector = () => Sample[] | Promise<Sample[]>;

const NAME_RE = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const escapeLabel = (v: string) => v.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('"', '\\"');
const escapeHelp = (v: string) => v.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');

/**
 * prom-client's default metrics (event-loop lag, heap, GC, handles) describe the process, not an
 * app: one registry for them, created at the first use, merged into every app's exposition (each
 * set would add its own GC observer and event-loop monitor for good).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds buckets for HTTP answers and database statements (1 ms … 10 s). */
const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds buckets for the product page's in-process reads (0.1 ms … 1 s). */
const PAGE_READ_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** The parts of the product page's read (web/reads.ts) timed in codiroom_product_page_read_seconds. */
export type PageReadPart = 'detail' | 'document' | 'live_cards';

export class Metrics {
  private readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly collectors: Collector[] = [];
  private readonly events: Record<ShopEvent, Counter>;
  private readonly http = new Histogram({
    name: 'codiroom_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern (never the raw URL) and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly dbDuration = new Histogram({
    name: 'codiroom_db_query_duration_seconds',
    help: 'Database statements from issue to result, pool or queue wait included, by outcome',
    labelNames: ['outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly pageReads = new Histogram({
    name: 'codiroom_product_page_read_seconds',
    help: "The product page's reads in process: the detail, its stored document, the live cards laid over it",
    labelNames: ['part'] as const,
    buckets: PAGE_READ_BUCKETS,
    registers: [this.registry],
  });
  private readonly dbInFlight = new Gauge({
    name: 'codiroom_db_queries_in_flight',
    help: 'Statements issued and not settled: connections in use plus the queue (PostgreSQL), the queue (PGlite)',
    registers: [this.registry],
  });
  private readonly collectorErrors = new Counter({
    name: 'codiroom_metrics_collector_errors_total',
    help: 'Scrapes at which an added collector failed',
    registers: [this.registry],
  });

  constructor() {
    this.events = Object.fromEntries(
      Object.entries(SHOP_EVENTS).map(([event, [name, help]]) => [
        event,
        new Counter({ name, help, registers: [this.registry] }),
      ]),
    ) as Record<ShopEvent, Counter>;
  }

  /** Counts one business event (or `n`): call it once the change it reports is committed. */
  count(event: ShopEvent, n = 1): void {
    this.events[event].inc(n);
  }

  /** One HTTP answer: `route` is the matched pattern (`/api/products/:id`), or `unmatched`. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  /** One part of a product page's read, from its start to its answer (event-loop waits included). */
  observePageRead(part: PageReadPart, seconds: number): void {
    this.pageReads.observe({ part }, seconds);
  }

  /** The database observer (db/client.ts `observe`) these metrics need, with `also` chained. */
  queryObserver(also?: QueryObserver): QueryObserver {
    return (statement) => {
      const start = performance.now();
      this.dbInFlight.inc();
      const more = also?.(statement);
      return (error) => {
        this.dbInFlight.dec();
        this.dbDuration.observe({ outcome: error ? 'error' : 'ok' }, (performance.now() - start) / 1000);
        more?.(error);
      };
    };
  }

  /**
   * Adds values read at each scrape (gauges), e.g. job queue depths and failures, the outbox's
   * depth: `ctx.metrics.addCollector(async () => [{ name, help, value, labels }])`. A collector that
   * throws is skipped for that scrape (counted in codiroom_metrics_collector_errors_total).
   */
  addCollector(collector: Collector): void {
    this.collectors.push(collector);
  }

  /** The Prometheus text exposition of everything. */
  async text(): Promise<string> {
    const extra = await Promise.all(
      this.collectors.map(async (collect) => {
        try {
          return await collect();
        } catch {
          this.collectorErrors.inc();
          return [];
        }
      }),
    );
    const both = Registry.merge([this.registry, processMetrics()]);
    return (await both.metrics()) + formatSamples(extra.flat());
  }
}

/** Gauge samples in the text format, grouped by name (HELP/TYPE once per name). */
function formatSamples(samples: Sample[]): string {
  const byName = new Map<string, Sample[]>();
  for (const s of samples) {
    if (!NAME_RE.test(s.name) || !Object.keys(s.labels ?? {}).every((l) => LABEL_RE.test(l))) continue;
    byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  }
  let out = '';
  for (const [name, group] of byName) {
    out += `# HELP ${name} ${escapeHelp(group[0]?.help ?? '')}\n# TYPE ${name} gauge\n`;
    for (const s of group) {
      const labels = Object.entries(s.labels ?? {})
        .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
        .join(',');
      out += `${name}${labels ? `{${labels}}` : ''} ${Number.isFinite(s.value) ? s.value : 'NaN'}\n`;
    }
  }
  return out;
}
