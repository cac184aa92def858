/**
 * Bounds on client input, applied while a request is parsed and before any handler, database or
 * recursive code sees it (docs/ARCHITECTURE.md, "Security"): JSON nesting depth, keys per object,
 * array length, string length and the number of values; the same for query strings and form
 * fields. A request past a bound answers 400 with a `detail` naming the bound.
 *
 * Depth is checked on the raw text before JSON.parse (a linear scan, no recursion), so a
 * 2,000-deep array never reaches the parser's recursion, the validators, JSON.stringify or a
 * `jsonb` column (which crashes the embedded database). The other bounds are checked by an
 * iterative walk of the parsed value.
 *
 * Multipart bodies (file uploads, docs/ARCHITECTURE.md "Uploads") are taken only by routes that
 * declare `config: { uploads: true }`; any other route answers 415 before its body is read. The
 * bounds of the parts themselves are in uploads.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export type InputLimits = {
  /** Deepest nesting of arrays and objects (the top-level value is depth 1). */
  depth: number;
  /** Keys in one object. */
  keys: number;
  /** Elements in one array. */
  array: number;
  /** Characters in one string (object keys included). */
  string: number;
  /** Values in the whole document (objects, arrays and scalars). */
  values: number;
};

export const DEFAULT_INPUT_LIMITS: InputLimits = {
  depth: 32,
  keys: 200,
  array: 1_000,
  string: 16_384,
  values: 20_000,
};

export type QueryLimits = {
  /** Distinct parameters. */
  params: number;
  /** Values of one repeated parameter (`a=1&a=2`). */
  repeats: number;
  /** Characters in a parameter name. */
  name: number;
  /** Characters in one value. */
  value: number;
};

export const DEFAULT_QUERY_LIMITS: QueryLimits = { params: 64, repeats: 100, name: 128, value: 4_096 };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route changes to the body limits (e.g. an operator's rich text); the rest stay default. */
    inputLimits?: Partial<InputLimits>;
    /**
     * The route takes `multipart/form-data` (file uploads, read with uploads.ts `readImageParts`).
     * Without it a multipart body answers 415.
     */
    uploads?: boolean;
  }
}

/** With the `u` flag a surrogate pair is one code point, so this matches only lone surrogates. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Text PostgreSQL can store: no lone UTF-16 surrogate (String.prototype.isWellFormed). */
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

const tooDeep = (where: string, max: number) =>
  new HttpError(400, `Invalid ${where}: nested deeper than ${max} levels`);

/**
 * The deepest nesting of `[` / `{` outside strings, stopping as soon as it passes `max`
 * (returns max + 1 then). Linear in the text; never recurses.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * Walks a parsed value without recursion and names the first bound it breaks, or null.
 * Also refuses prototype-poisoning keys (`__proto__`, `constructor.prototype`), as Fastify's
 * own JSON parser does by default.
 */
export function inputBoundsProblem(
  value: unknown,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): string | null {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 1 }];
  let values = 0;
  while (stack.length > 0) {
    const { v, d } = stack.pop() as { v: unknown; d: number };
    if (++values > limits.values) return `more than ${limits.values} values`;
    if (typeof v === 'string') {
      if (v.length > limits.string) return `a string longer than ${limits.string} characters`;
      if (!wellFormed(v)) return 'a string with a lone UTF-16 surrogate (not valid Unicode)';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (d > limits.depth) return `nested deeper than ${limits.depth} levels`;
    if (Array.isArray(v)) {
      if (v.length > limits.array) return `an array of more than ${limits.array} elements`;
      for (const x of v) stack.push({ v: x, d: d + 1 });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.keys) return `an object with more than ${limits.keys} keys`;
    for (const k of keys) {
      if (k.length > limits.string) return `a key longer than ${limits.string} characters`;
      if (!wellFormed(k)) return 'a key with a lone UTF-16 surrogate (not valid Unicode)';
      if (k === '__proto__') return 'a forbidden key "__proto__"';
      const x = (v as Record<string, unknown>)[k];
      if (k === 'constructor' && x !== null && typeof x === 'object' && 'prototype' in x) {
        return 'a forbidden key "constructor.prototype"';
      }
      stack.push({ v: x, d: d + 1 });
    }
  }
  return null;
}

export function limitsOf(request: FastifyRequest): InputLimits {
  const own = request.routeOptions?.config?.inputLimits;
  return own ? { ...DEFAULT_INPUT_LIMITS, ...own } : DEFAULT_INPUT_LIMITS;
}

/** Parses a JSON body within the limits; throws a 400 HttpError otherwise. */
export function parseBoundedJson(text: string, limits: InputLimits): unknown {
  if (text.length === 0 || text.trim() === '') {
    throw new HttpError(400, 'Malformed JSON body: the body is empty but content-type is application/json');
  }
  if (jsonDepthExceeds(text, limits.depth)) throw tooDeep('body', limits.depth);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `Malformed JSON body: ${(err as Error).message}`);
  }
  const problem = inputBoundsProblem(value, limits);
  if (problem) throw new HttpError(400, `Invalid body: ${problem}`);
  return value;
}

/** The query string's bounds; a 400 naming the first one broken. */
export function queryBoundsProblem(
  query: unknown,
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): string | null {
  if (query === null || typeof query !== 'object') return null;
  const names = Object.keys(query);
  if (names.length > limits.params) return `more than ${limits.params} parameters`;
  for (const name of names) {
    if (name.length > limits.name) return `a parameter name longer than ${limits.name} characters`;
    const v = (query as Record<string, unknown>)[name];
    const list = Array.isArray(v) ? v : [v];
    if (list.length > limits.repeats) return `parameter ${name} repeated more than ${limits.repeats} times`;
    if (!wellFormed(name)) return 'a parameter name that is not valid Unicode';
    for (const x of list) {
      if (typeof x !== 'string') continue;
      if (x.length > limits.value) return `parameter ${name} longer than ${limits.value} characters`;
      if (!wellFormed(x)) return `parameter ${name} is not valid Unicode`;
    }
  }
  return null;
}

/** Any `multipart/*` media type (a parser exists only for form-data, and only under /api). */
const MULTIPART = /^\s*multipart\//i;

/**
 * 415 for a multipart body sent to a route that does not declare `config.uploads`, or null.
 * Checked on the header, before the body is read.
 */
export function multipartProblem(request: FastifyRequest): string | null {
  const type = request.headers['content-type'];
  if (type === undefined || !MULTIPART.test(type)) return null;
  if (request.routeOptions?.config?.uploads === true) return null;
  return `Unsupported Media Type: ${request.method} ${request.url.split('?')[0]} does not take multipart/form-data (file uploads)`;
}

/**
 * Installs the bounded JSON parser for every route of `app` (replacing Fastify's own) and the
 * query-string and multipart checks, which run first among the request hooks.
 */
export function registerInputLimits(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseBoundedJson(body as string, limitsOf(request)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  // Answered here rather than thrown: this hook also guards the storefront's pages, which do not
  // go through the API's error handler.
  app.addHook('onRequest', (request, reply, done) => {
    const problem = queryBoundsProblem(request.query);
    const multipart = problem ? null : multipartProblem(request);
    if (!problem && !multipart) {
      done();
      return;
    }
    const extra = request.routeOptions?.config?.errorExtra;
    reply
      .code(problem ? 400 : 415)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ ...extra, detail: problem ? `Invalid query string: ${problem}` : multipart }));
  });
}
