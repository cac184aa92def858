/**
 * The error model of SPEC.md §7/§8: every error is JSON `{ "detail": string }`.
 * Validation errors are 400 and name the field; unknown routes 404; a 500 never leaks a stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pglite-recovery.ts';
import { isDatabaseOutage } from '../db/unavailable.ts';
import { KeyValueUnavailable } from './kv.ts';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly detail: string,
    public readonly extra?: Record<string, unknown>,
    /** Response headers of the error answer (e.g. Retry-After of a 429). */
    public readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(400, detail, extra);
export const unauthorized = (detail = 'Token Required') => new HttpError(401, detail);
export const forbidden = (detail = '권한이 없습니다.') => new HttpError(403, detail);
export const notFound = (detail = 'Not Found') => new HttpError(404, detail);
export const conflict = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(409, detail, extra);
/** 429; with `retryAfterSeconds`, the answer says when to try again (Retry-After). */
export const tooManyRequests = (detail: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    detail,
    undefined,
    retryAfterSeconds ? { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } : undefined,
  );

/** The 503 of a call that needs the key-value store while it is down (platform/kv.ts). */
export const KEY_VALUE_UNAVAILABLE = '일시적으로 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.';
/** Redis is retried at least every second; a client tries again after this long. */
export const KEY_VALUE_RETRY_AFTER_S = 2;

type Issue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

function describeValidation(error: FastifyError): string {
  const context = (error as { validationContext?: string }).validationContext ?? 'request';
  const issues: Issue[] = (error as { validation?: Issue[] }).validation ?? [];
  const parts = issues.slice(0, 5).map((i) => {
    const path = (i.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = i.params && typeof i.params.missingProperty === 'string' ? i.params.missingProperty : '';
    const field = [context, path || missing].filter(Boolean).join('.');
    return `${field}: ${i.message ?? 'invalid'}`;
  });
  return parts.length ? `Invalid ${parts.join('; ')}` : `Invalid ${context}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields added to every 4xx body of the route (e.g. `result: 'error'` where the spec reads it). */
    errorExtra?: Record<string, unknown>;
  }
}

/**
 * Sends an error body already serialised: an error answer never goes through the route's response
 * schema, so a 4xx whose shape the schema does not foresee can never turn into a 500
 * (FST_ERR_RESPONSE_SERIALIZATION).
 */
function sendError(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  const extra = status < 500 ? reply.request.routeOptions?.config?.errorExtra : undefined;
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(extra ? { ...extra, ...body } : body));
}

/** Told about every unexpected server error (the 500s), after it is logged. */
export type ServerErrorReporter = (error: FastifyError, request: FastifyRequest, status: number) => void;

export function registerErrorHandling(app: FastifyInstance, report?: ServerErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, { detail: error.detail, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendError(reply, 400, { detail: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, bad content type …
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? `Malformed JSON body: ${error.message}`
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : error.message;
      return sendError(reply, status, { detail });
    }
    if (isBadTextError(error)) {
      // PostgreSQL refuses text it cannot store (a NUL character): the client's input, not a bug.
      return sendError(reply, 400, { detail: 'Invalid text: control character U+0000 is not allowed' });
    }
    if (isDatabaseOutage(error)) {
      // The database cannot serve now (db/unavailable.ts): PostgreSQL gone, full or too slow, or the
      // embedded database being reopened after a fatal WASM error (db/pglite-recovery.ts). This
      // request fails; the next ones are served once it is back.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', isDatabaseUnavailable(error) ? '1' : '2');
      return sendError(reply, 503, { detail: 'The database is temporarily unavailable: retry shortly' });
    }
    if (error instanceof KeyValueUnavailable) {
      // Redis is down (platform/kv.ts): what needs it — a rate limit or sign-in delay that cannot
      // count, a social sign-in's state — refuses for now instead of running unchecked.
      request.log.warn({ err: error }, 'key-value store unavailable');
      reply.header('retry-after', String(KEY_VALUE_RETRY_AFTER_S));
      return sendError(reply, 503, { detail: KEY_VALUE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    try {
      report?.(error, request, 500);
    } catch {}
    return sendError(reply, 500, { detail: 'Internal Server Error' });
  });
}

/** PostgreSQL's 22021 (character_not_in_repertoire, e.g. a NUL in text) or 22P05, maybe wrapped by Drizzle. */
function isBadTextError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: `Not Found: ${request.method} ${request.url.split('?')[0]}` });
}
