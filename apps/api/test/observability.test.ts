/**
 * Observability (docs/ARCHITECTURE.md "Observability"): GET /metrics (request durations by route
 * pattern, business counters, added collectors, the token rule), liveness and readiness (database
 * down → 503, Redis down → degraded), and traces (a request span continuing the proxy's
 * traceparent, with the database statements as its children).
 */
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { gatewayOf } from '../src/domains/payments/index.ts';
import type { SandboxGateway } from '../src/domains/payments/sandbox.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { startTracing, stopTracing, tracedFetch } from '../src/platform/tracing.ts';
import { storefrontReads } from '../src/web/reads.ts';
import { createMember, createTestApp, type TestApp, testEnv } from './helpers.ts';
import { call, makeShop, placeOrder } from './orders-fixtures.ts';

/** The value of one sample of the exposition (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toContain('text/plain');
  return r.body;
};

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('measures answers by method, route pattern and status class, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/products/product-items/987654' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' });
    const text = await scrape(t);
    const count = (labels: string) => sample(text, 'codiroom_http_request_duration_seconds_count', labels);
    expect(count('method="GET",route="/api/health",status_class="2xx"')).toBeGreaterThanOrEqual(1);
    expect(count('method="GET",route="/api/products/product-items/:id",status_class="4xx"')).toBe(1);
    // Unknown paths fall under the catch-all's pattern.
    expect(count('method="GET",route="/api/*",status_class="4xx"')).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('no-such-thing');
    // Event-loop lag and the database statements are there too.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'codiroom_db_query_duration_seconds_count', 'outcome="ok"')).toBeGreaterThan(0);
    expect(sample(text, 'codiroom_db_queries_in_flight')).toBe(0);
    expect(sample(text, 'codiroom_database_up')).toBe(1);
    // No Redis configured: no Redis gauge.
    expect(sample(text, 'codiroom_redis_up')).toBeUndefined();
  });

  it("times the product page's reads by part: the detail, the stored document, the live cards", async () => {
    const shop = await makeShop(t.ctx);
    const count = (text: string, part: string) =>
      sample(text, 'codiroom_product_page_read_seconds_count', `part="${part}"`) ?? 0;
    const before = await scrape(t);
    const reads = storefrontReads(t.ctx, '127.0.0.1').product;
    await reads.detail(shop.displayId, null);
    // One page's sections share one document read (and one laying-over of the live cards).
    await Promise.all([reads.similar(shop.displayId), reads.matchup(shop.displayId)]);
    const after = await scrape(t);
    expect(count(after, 'detail') - count(before, 'detail')).toBe(1);
    expect(count(after, 'document') - count(before, 'document')).toBe(1);
    expect(count(after, 'live_cards') - count(before, 'live_cards')).toBe(1);
  });

  it('counts orders created and paid where they happen', async () => {
    const before = await scrape(t);
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const mid = await scrape(t);
    expect(sample(mid, 'codiroom_orders_created_total')).toBe(
      (sample(before, 'codiroom_orders_created_total') ?? 0) + 1,
    );
    expect(sample(mid, 'codiroom_orders_paid_total')).toBe(sample(before, 'codiroom_orders_paid_total'));
    const paymentKey = (gatewayOf(t.ctx) as SandboxGateway).authorize(order.order_id, order.amount);
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: paymentKey,
      order_id: order.order_id,
      amount: order.amount,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // The same confirm again answers the paid order without paying it twice: counted once.
    await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: paymentKey,
      order_id: order.order_id,
      amount: order.amount,
    });
    const after = await scrape(t);
    expect(sample(after, 'codiroom_orders_paid_total')).toBe(
      (sample(before, 'codiroom_orders_paid_total') ?? 0) + 1,
    );
  });

  it('counts orders given up (FAILED) and refunds', async () => {
    const before = await scrape(t);
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    await placeOrder(t.app, headers, [{ product_item_id: shop.m, quantity: 1 }]);
    const released = await call(t.app, 'POST', '/api/orders/release-pending', headers, {});
    expect(released.body.released).toHaveLength(1);
    // Nothing left to release: not counted again.
    await call(t.app, 'POST', '/api/orders/release-pending', headers, {});
    const order = await placeOrder(t.app, headers, [{ product_item_id: shop.l, quantity: 1 }]);
    const paymentKey = (gatewayOf(t.ctx) as SandboxGateway).authorize(order.order_id, order.amount);
    const paid = await call(t.app, 'POST', '/api/orders/confirm-order', headers, {
      payment_key: paymentKey,
      order_id: order.order_id,
      amount: order.amount,
    });
    const item = (paid.body.items as { id: number }[])[0]?.id;
    const cancelled = await call(t.app, 'POST', `/api/orders/order-items/${item}/cancel`, headers, {
      reason: '단순 변심',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await scrape(t);
    const grew = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(grew('codiroom_orders_failed_total')).toBe(1);
    expect(grew('codiroom_refunds_total')).toBe(1);
    expect(grew('codiroom_orders_created_total')).toBe(2);
  });

  it('counts a refused upload, not a refused caller', async () => {
    const { headers } = await createMember(t.ctx);
    const before = sample(await scrape(t), 'codiroom_uploads_refused_total') ?? 0;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/customer_experiences/tickets',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { title: 'x' },
    });
    expect(r.statusCode).toBe(415);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/customer_experiences/tickets' });
    expect(anonymous.statusCode).toBe(401);
    expect(sample(await scrape(t), 'codiroom_uploads_refused_total')).toBe(before + 1);
  });

  it('adds what collectors report at each scrape, and skips one that fails', async () => {
    let depth = 3;
    t.ctx.metrics.addCollector(() => [
      { name: 'codiroom_test_queue_depth', help: 'waiting jobs', value: depth, labels: { queue: 'a"b' } },
    ]);
    t.ctx.metrics.addCollector(async () => {
      throw new Error('collector down');
    });
    expect(await scrape(t)).toContain('codiroom_test_queue_depth{queue="a\\"b"} 3');
    depth = 5;
    const text = await scrape(t);
    expect(sample(text, 'codiroom_test_queue_depth', 'queue="a\\"b"')).toBe(5);
    expect(sample(text, 'codiroom_metrics_collector_errors_total')).toBe(2);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/health/ready');
  });
});

describe('the metrics token', () => {
  const PROD = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    PUBLIC_ORIGIN: 'https://codiroom.test',
    SOLAPI_API_KEY: 'k',
    SOLAPI_API_SECRET: 's',
    SOLAPI_SENDER: '0212345678',
  };
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("production refuses deploy/.env.example's placeholders as secrets", () => {
    for (const name of ['JWT_SECRET', 'ADMIN_API_KEY', 'METRICS_TOKEN']) {
      const env = testEnv({ ...PROD, [name]: 'replace-with-a-long-random-token-00000000000000' });
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name} is still the placeholder`));
      expect(() => loadConfig({ ...env, NODE_ENV: 'development' }), name).not.toThrow();
    }
  });

  it('in production without METRICS_TOKEN, /metrics is not served', async () => {
    t = await createTestApp({ env: PROD });
    const r = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toHaveProperty('detail');
  });

  it('with METRICS_TOKEN, only the bearer of that token reads it', async () => {
    t = await createTestApp({ env: { ...PROD, METRICS_TOKEN: 'metrics-token-0123456789' } });
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toHaveProperty('detail');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-012345678X' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await scrape(t, { authorization: 'Bearer metrics-token-0123456789' })).toContain(
      'codiroom_orders_created_total',
    );
  });
});

describe('liveness and readiness', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is live and ready with the database up (no Redis configured: off)', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const r = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
  });

  it('is not ready (503, Retry-After) while the database probe fails or hangs, and stays live', async () => {
    t = await createTestApp();
    t.ctx.database.ping = async () => {
      throw new Error('connection refused');
    };
    const r = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBeDefined();
    expect(r.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    expect(sample(await scrape(t), 'codiroom_database_up')).toBe(0);

    await t.close();
    t = await createTestApp();
    t.ctx.database.ping = () => new Promise<boolean>(() => {});
    const started = performance.now();
    const hung = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(hung.statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is ready but degraded while Redis is down', async () => {
    // A Redis store whose server is gone: every call fails.
    const kv = new MemoryStore();
    Object.defineProperty(kv, 'kind', { value: 'redis' });
    kv.get = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    };
    t = await createTestApp({ kv });
    const r = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'degraded' });
    expect(sample(await scrape(t), 'codiroom_redis_up')).toBe(0);
  });
});

describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  beforeAll(async () => {
    startTracing({ serviceName: 'codiroom-test', processor: new SimpleSpanProcessor(exporter) });
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stopTracing();
  });

  const childrenOf = (parent: ReadableSpan) =>
    exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);

  it("records a server span per request, continuing the proxy's traceparent, with its statements as children", async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/products/product-items/987654',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-test-1' },
    });
    expect(r.statusCode).toBe(404);
    const server = exporter.getFinishedSpans().find((s) => s.attributes['request.id'] === 'trace-test-1');
    expect(server?.name).toBe('GET /api/products/product-items/:id');
    expect(server?.spanContext().traceId).toBe(traceId);
    expect(server?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(server?.attributes['http.response.status_code']).toBe(404);
    const db = childrenOf(server as ReadableSpan).filter((s) => s.name.startsWith('db '));
    expect(db.length).toBeGreaterThan(0);
    expect(db[0]?.attributes['db.query.text']).toEqual(expect.stringMatching(/select/i));
  });

  it('traces a call to an outside service as a child span and passes the trace context on', async () => {
    exporter.reset();
    let sent: Headers | undefined;
    const fake: typeof fetch = async (_input, init) => {
      sent = new Headers(init?.headers);
      return new Response('{}', { status: 202 });
    };
    const parent = trace.getTracer('test').startSpan('parent');
    await context.with(trace.setSpan(context.active(), parent), () =>
      tracedFetch('push', fake)('https://push.example/apps/1?key=secret', { method: 'POST' }),
    );
    parent.end();
    const span = exporter.getFinishedSpans().find((s) => s.name === 'push POST');
    expect(span?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(span?.attributes['http.response.status_code']).toBe(202);
    expect(JSON.stringify(span?.attributes)).not.toContain('secret');
    expect(sent?.get('traceparent')).toContain(span?.spanContext().spanId);
  });

  it('keeps the request span current through body parsing (a POST handler statements are its children)', async () => {
    exporter.reset();
    const shop = await makeShop(t.ctx);
    const { headers } = await createMember(t.ctx);
    await placeOrder(t.app, { ...headers, 'x-request-id': 'trace-test-2' }, [
      { product_item_id: shop.m, quantity: 1 },
    ]);
    const server = exporter.getFinishedSpans().find((s) => s.attributes['request.id'] === 'trace-test-2');
    expect(server?.name).toBe('POST /api/orders');
    const db = childrenOf(server as ReadableSpan).filter((s) => s.name.startsWith('db '));
    expect(db.some((s) => /insert/i.test(String(s.attributes['db.query.text'])))).toBe(true);
  });
});
