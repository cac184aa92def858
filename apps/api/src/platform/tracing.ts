/**
 * OpenTelemetry traces (docs/ARCHITECTURE.md "Observability"), on only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: then one tracer provider per process exports over OTLP/HTTP.
 * Off, nothing is registered (no provider, no hooks) and every helper here runs its work directly.
 * The server is bundled (apps/api/build.mjs), so nothing is instrumented by require hooks: spans
 * come from the Fastify hooks below, the database observer (db/client.ts), the key-value store
 * wrapper and the gateway calls (`withSpan`, `tracedFetch`).
 */
import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryObserver } from '../db/client.ts';
import type { KeyValueStore } from './kv.ts';

let active: { tracer: Tracer; provider: NodeTracerProvider } | null = null;

/** The process's tracer while tracing is on; null when it is off. */
export function activeTracer(): Tracer | null {
  return active?.tracer ?? null;
}

/**
 * Starts tracing for the process: W3C trace context (`traceparent` from the proxy is continued),
 * async-context propagation, spans batched to `processor` (tests pass an in-memory one).
 */
export function startTracing(opts: { serviceName: string; processor: SpanProcessor }): Tracer {
  if (active) throw new Error('tracing is already started');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: opts.serviceName }),
    spanProcessors: [opts.processor],
  });
  provider.register();
  const tracer = provider.getTracer('codiroom');
  active = { tracer, provider };
  return tracer;
}

/** Tracing as configured: started when OTEL_EXPORTER_OTLP_ENDPOINT is set; false otherwise. */
export function startConfiguredTracing(config: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME: string;
}): boolean {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  // OTLP/HTTP: the traces path is appended to the base endpoint (the OTLP exporter specification).
  const url = new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).toString();
  startTracing({
    serviceName: config.OTEL_SERVICE_NAME,
    processor: new BatchSpanProcessor(new OTLPTraceExporter({ url })),
  });
  return true;
}

/** Exports the spans still buffered and ends tracing (shutdown; tests between files). */
export async function stopTracing(): Promise<void> {
  const current = active;
  if (!current) return;
  active = null;
  try {
    await current.provider.forceFlush();
    await current.provider.shutdown();
  } finally {
    trace.disable();
    context.disable();
    propagation.disable();
  }
}

function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

const noAnnotation = () => {};

/**
 * Runs `fn` in a child span of the current one when tracing is on (`annotate` adds attributes to
 * it, e.g. the answer's status); directly otherwise.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (annotate: (attributes: Attributes) => void) => Promise<T>,
  kind: SpanKind = SpanKind.CLIENT,
): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return fn(noAnnotation);
  const span = tracer.startSpan(name, { kind, attributes });
  try {
    const result = await context.with(trace.setSpan(context.active(), span), () =>
      fn((more) => span.setAttributes(more)),
    );
    endSpan(span);
    return result;
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
}

/**
 * `fetchImpl` for calls to an outside service (`peer`: push, SMS, ads): a client span with the
 * method, host and status, and the trace context in the request headers. Never the URL: some carry
 * credentials in their query.
 */
export function tracedFetch(peer: string, fetchImpl: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    if (!activeTracer()) return fetchImpl(input, init);
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    return withSpan(
      `${peer} ${method}`,
      { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_SERVER_ADDRESS]: url.hostname, 'peer.service': peer },
      async (annotate) => {
        const headers = new Headers(init?.headers);
        propagation.inject(context.active(), headers, {
          set: (carrier, key, value) => carrier.set(key, value),
        });
        const res = await fetchImpl(input, { ...init, headers });
        annotate({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: res.status });
        return res;
      },
    );
  };
}

/** A database observer that opens a span per statement (its text, never its values); none when off. */
export function tracingQueryObserver(): QueryObserver | undefined {
  const tracer = activeTracer();
  if (!tracer) return undefined;
  return (statement) => {
    const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? 'query';
    const span = tracer.startSpan(`db ${verb}`, {
      kind: SpanKind.CLIENT,
      attributes: { [ATTR_DB_SYSTEM_NAME]: 'postgresql', [ATTR_DB_QUERY_TEXT]: statement.slice(0, 2_000) },
    });
    return (error) => endSpan(span, error);
  };
}

/** The store's calls that reach Redis (KeyValueStore). */
const KV_CALLS = new Set(['get', 'set', 'incr', 'backoff', 'backoffUndo', 'del']);

/** The key-value store with a span per call (`kv.get`, `kv.backoff` …) when tracing is on; the store itself when off. */
export function tracedKeyValueStore(kv: KeyValueStore): KeyValueStore {
  if (!activeTracer()) return kv;
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (typeof prop !== 'string' || !KV_CALLS.has(prop)) return value.bind(target);
      return (...args: unknown[]) =>
        withSpan(`kv.${prop}`, { [ATTR_DB_SYSTEM_NAME]: target.kind }, () => value.apply(target, args));
    },
  });
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request (continuing the proxy's `traceparent`), named by method and route
 * pattern, with the status and request id. The span's context is entered at onRequest and again
 * at preValidation (body parsing runs in the socket's context), so every span the handler opens
 * is its child. Registered only while tracing is on.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  const tracer = activeTracer();
  if (!tracer) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_HTTP_ROUTE]: route,
          [ATTR_URL_PATH]: request.url.split('?')[0],
          'request.id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const span = spans.get(request);
    if (span) context.with(trace.setSpan(context.active(), span), done);
    else done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    }
    done();
  });
}
