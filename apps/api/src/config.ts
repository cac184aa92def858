import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { parsePaymentMethodList } from '@codiroom/shared';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (!family || more.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may name the client in X-Forwarded-For (Fastify's trustProxy; README
 * "Configuration"): unset/false/0 none; true every peer (the left-most address, which a client can
 * write itself unless the proxy replaces the header); a hop count n (the n-th address from the
 * right, what n proxies that append saw); or a comma-separated list of proxy addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `true, false, a hop count, or proxy addresses/CIDRs separated by commas (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify (5.12+) treats a bare number as "trust nobody", so
 * a hop count becomes a trust function: the socket peer and the next n − 1 addresses of
 * X-Forwarded-For, read from the right, are proxies; the address before them is the client.
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections in the PostgreSQL pool (DATABASE_URL only). Few connections keep a small database
   * server busy without thrashing (postgres.js pipelines queries on busy connections): on the
   * 2-core bench box 10 gave order create + confirm p99 ~128 ms against ~145 ms with 20
   * (docs/ARCHITECTURE.md, "Orders and payments"). Raise it with the database server's cores.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL only (DATABASE_URL): a statement running longer, or waiting longer for a lock, is
   * cancelled and the request answers 503 (platform/errors.ts), and a connection that cannot be
   * opened within DATABASE_CONNECT_TIMEOUT_MS fails the same way, so no request hangs on a database
   * that is gone. 0 turns a timeout off. (PGlite runs one statement at a time: nothing to wait for.)
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(3_000),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and of the cache events channel (several shops on one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('codiroom:'),
  /**
   * Background work: the jobs of platform/jobs.ts (rankings, order sweeps, curations, …) and the
   * process's own timers (buffer flushes, the search index warm-up). Tests switch them off (they
   * call the jobs with their own clock).
   */
  BACKGROUND_JOBS: z.enum(['on', 'off']).default('on'),
  /**
   * What this process does (docs/ARCHITECTURE.md, "Process roles"): `api` serves HTTP and runs no
   * background jobs; `worker` runs the background jobs (platform/jobs.ts) and serves only
   * /api/health* and /metrics; `all` (the default, `npm start`) both.
   */
  PROCESS_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /**
   * How long a member's status read for a token request is reused (platform/access.ts), in ms;
   * 0 reads it on every request.
   */
  MEMBER_STATUS_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * How long a process reuses "this session is not revoked" (platform/tokens.ts), in ms; unset:
   * REVOCATION_MEMO_MS where several processes may share the database (DATABASE_URL), else
   * MEMBER_STATUS_MS: the embedded database has one process, which applies every revocation at once.
   */
  REVOCATION_MEMO_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Minutes a curation the engine drafted waits for a curator's touch before it is published as is
   * (docs/ARCHITECTURE.md, "Curations").
   */
  CURATION_PUBLISH_DELAY_MIN: z.coerce.number().int().min(0).max(10_080).default(120),
  /**
   * Curations the engine drafts per KST day: what the curators can look over. Requests beyond it
   * wait on the waiting list (WAITING_LIST) for the next day's slots, oldest first.
   */
  CURATION_DAILY_CAPACITY: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /**
   * Analytics (domains/support/event-log.ts): how long event_logs rows are kept (every server
   * error is reported as an ERROR event; SPEC.md §9's 0.08 is the trace sampling rate).
   */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /** Back-office sessions end after this many minutes without a call, and after this many hours in all. */
  OPERATOR_IDLE_MIN: z.coerce.number().int().min(1).max(1440).default(30),
  OPERATOR_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** The catalogue's response cache (domains/catalog/response-cache.ts). */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * How long product cards' price snapshot is reused, in ms (domains/catalog/live-prices.ts);
   * 0: every response reads the rows it needs.
   */
  CARD_PRICE_SNAPSHOT_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Seconds answers of the search engine are cached per node (default 30; 0 turns the cache off,
   * e.g. to measure the engine itself). A value that is not a number ≥ 0 keeps the default.
   */
  SEARCH_CACHE_TTL_S: z
    .string()
    .optional()
    .transform((raw) => {
      if (raw === undefined || raw === '') return 30;
      const s = Number(raw);
      return Number.isFinite(s) && s >= 0 ? s : 30;
    }),
  /**
   * Searches without an exact product hit (the typo-tolerant fallback and "did you mean" run for
   * them) one client address may send per minute (docs/ARCHITECTURE.md, "Security": bounded
   * search typo work).
   */
  SEARCH_TYPO_LIMIT: z.coerce.number().int().min(1).default(30),
  /** SEARCH_MEMORY_INDEX=0 turns the search index's in-memory replicas off (on by default). */
  SEARCH_MEMORY_INDEX: z
    .string()
    .optional()
    .transform((raw) => raw !== '0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Bearer token of GET /metrics (docs/ARCHITECTURE.md "Observability"). In production /metrics is
   * served only with it (404 without); elsewhere it is open unless this is set.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** OTLP/HTTP base endpoint (e.g. http://collector:4318): traces are exported only when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('codiroom'),
  /** Secret for signing access/refresh tokens (HS256). Required in production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Operators' key: requests with `x-admin-key: <key>` pass the admin guard (unset = disabled). */
  ADMIN_API_KEY: z.string().min(24).optional(),
  /** Products the first start seeds into an empty database (0 disables seeding). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(2000),
  /** Operators can force the maintenance/overload screen from configuration. */
  WEB_STATUS: z.enum(['on', 'off']).optional(),
  WEB_STATUS_VARIANT: z.enum(['maintenance', 'overload', 'error4']).optional(),
  WEB_STATUS_START_AT: z.string().datetime({ offset: true }).optional(),
  WEB_STATUS_END_AT: z.string().datetime({ offset: true }).optional(),
  /** Directory of the storefront build (apps/web/build); empty disables the storefront. */
  WEB_BUILD_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy,
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /** Solapi SMS (verification codes). All three set → real SMS; none → dev outbox (not in production). */
  SOLAPI_API_KEY: z.string().min(1).optional(),
  SOLAPI_API_SECRET: z.string().min(1).optional(),
  SOLAPI_SENDER: z
    .string()
    .regex(/^[0-9-]{8,20}$/, 'a registered sender number, digits and hyphens')
    .transform((v) => v.replaceAll('-', ''))
    .optional(),
  SOLAPI_BASE_URL: z.string().url().default('https://api.solapi.com'),
  /** Verification SMS one client address may request per hour (per-phone limits are fixed). */
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * argon2id cost; defaults are the library's (19 MiB, 2 passes). Production refuses anything lighter;
   * the test suites set a light cost explicitly so that thousands of sign-ups stay fast.
   */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).optional(),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Social sign-in (domains/users/social). A provider whose keys are set talks to the real service;
   * without keys and outside production a local dev provider stands in; in production it is off.
   */
  KAKAO_CLIENT_ID: z.string().min(1).optional(),
  /** Optional in Kakao's console ("Client Secret" can be off). */
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  KAKAO_AUTH_BASE_URL: z.string().url().default('https://kauth.kakao.com'),
  KAKAO_API_BASE_URL: z.string().url().default('https://kapi.kakao.com'),
  NAVER_CLIENT_ID: z.string().min(1).optional(),
  NAVER_CLIENT_SECRET: z.string().min(1).optional(),
  NAVER_AUTH_BASE_URL: z.string().url().default('https://nid.naver.com'),
  NAVER_API_BASE_URL: z.string().url().default('https://openapi.naver.com'),
  /** Sign in with Apple: the Services ID, the team, and the key (.p8 PEM, `\n` escapes allowed). */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z
    .string()
    .min(1)
    .transform((v) => v.replaceAll('\\n', '\n'))
    .optional(),
  APPLE_BASE_URL: z.string().url().default('https://appleid.apple.com'),
  /** Ad-conversion service (SPEC.md §7): both set → real events; otherwise an in-memory dev sink. */
  AD_PIXEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a pixel id')
    .optional(),
  AD_ACCESS_TOKEN: z.string().min(1).optional(),
  AD_BASE_URL: z.string().url().default('https://graph.facebook.com'),
  /**
   * Pushes (domains/users/push.ts): OneSignal's REST API, to the member's external id (the app sets
   * it to the member's uuid at login, SPEC.md §4 "Session"). Both set → real pushes; otherwise an
   * in-memory dev sink, and nothing in production.
   */
  /**
   * The language-model stylist (domains/curations/stylist.ts): an OpenAI-compatible chat completions
   * API (a hosted model, or a self-hosted vLLM or Ollama) writes each outfit's title and note from its
   * facts; a note naming anything not in the outfit is never shown. Unset: the template writes them.
   */
  STYLIST_LLM_BASE_URL: z.string().url().optional(),
  STYLIST_LLM_API_KEY: z.string().min(1).optional(),
  STYLIST_LLM_MODEL: z.string().min(1).max(200).optional(),
  /** The time budget of one curation's notes (all outfits at once); past it, the template's. */
  STYLIST_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** The cost cap: model calls per KST day across all processes; past it, the template's. */
  STYLIST_LLM_DAILY_CALLS: z.coerce.number().int().min(0).max(1_000_000).default(3_000),
  ONESIGNAL_APP_ID: z.string().uuid('the OneSignal app id (a UUID)').optional(),
  ONESIGNAL_API_KEY: z.string().min(1).optional(),
  ONESIGNAL_BASE_URL: z.string().url().default('https://api.onesignal.com'),
  /**
   * Origin a push opens (`${origin}${link}`); unset, the link travels only in `data` for the app
   * shell (a push `url` opens OneSignal's browser), so it stays opt-in rather than PUBLIC_ORIGIN.
   */
  PUSH_LINK_ORIGIN: z
    .string()
    .url()
    .transform((v) => new URL(v).origin)
    .optional(),
  /** Toss Payments (domains/payments): with the secret key set, the real adapter; otherwise (not in production) the sandbox. */
  TOSS_SECRET_KEY: z.string().min(1).optional(),
  TOSS_CLIENT_KEY: z.string().min(1).optional(),
  TOSS_API_BASE: z.string().url().default('https://api.tosspayments.com'),
  /** The longest a confirm waits for the payment gateway (all its calls together; toss.ts). */
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /**
   * SIGTERM/SIGINT: how long in-flight requests may finish before the process exits anyway
   * (server.ts). Must exceed PAYMENT_GATEWAY_TIMEOUT_MS, or shutdown cuts confirms mid-way.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(1_000).max(600_000).default(20_000),
  /**
   * The payment methods the shop's Toss contract covers, a comma list of CARD, TOSSPAY, KAKAOPAY,
   * NAVERPAY, TRANSFER (default all): the checkout offers only these, and the order refuses others.
   */
  TOSS_PAYMENT_METHODS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const list = parsePaymentMethodList(raw);
      if (!list) {
        ctx.addIssue({
          code: 'custom',
          message: 'a comma list of CARD, TOSSPAY, KAKAOPAY, NAVERPAY, TRANSFER',
        });
        return z.NEVER;
      }
      return list;
    }),
  /**
   * 행정안전부 도로명주소 검색 API (business.juso.go.kr) approval key (confmKey): with it, the address
   * search asks that API; without it the local stand-in answers outside production, and in
   * production the search is off (manual entry only).
   */
  JUSO_API_KEY: z.string().min(1).optional(),
  JUSO_API_BASE: z.string().url().default('https://business.juso.go.kr'),
  /**
   * Where uploaded images are kept (platform/uploads.ts; docs/ARCHITECTURE.md, "Uploads"): `local`
   * files under DATA_DIR/uploads, or `s3`, an S3-compatible bucket (the five S3_* below, set
   * together).
   */
  UPLOAD_STORE: z.enum(['local', 's3']).default('local'),
  /** The S3 service's base URL (`https://s3.ap-northeast-2.amazonaws.com`, an R2 or MinIO URL); path-style requests. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'a region name such as ap-northeast-2 (or auto)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Origin of the OAuth redirect_uri (`${origin}/oauth/{provider}/callback`); default PUBLIC_ORIGIN. */
  OAUTH_REDIRECT_ORIGIN: z
    .string()
    .url()
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * The shop's public origin (`https://codiroom.kr`), what shoppers type (docs/ARCHITECTURE.md
   * "Security"): every public URL the server writes (sitemap.xml, robots.txt, canonical and og
   * links, the OAuth redirect_uri, push links) comes from it, never from the Host header, and the
   * session cookies are `Secure` when it is https. Required in production; elsewhere
   * `http://localhost:${PORT}`.
   */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'an http(s) origin such as https://codiroom.kr')
    .transform((v) => new URL(v).origin)
    .optional(),
  /**
   * Timeouts of the HTTP server, in ms (docs/ARCHITECTURE.md "Security"): the request's headers,
   * the whole request (headers and body: long enough for a 10 MiB photo on a slow phone uplink),
   * a connection with no byte either way during a request, and an idle keep-alive connection.
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(180_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
});

/** @node-rs/argon2 defaults (argon2id, m=19456 KiB, t=2, p=1): the floor in production. */
export const ARGON2_DEFAULTS = { memoryCost: 19_456, timeCost: 2 } as const;

export type Config = Omit<z.infer<typeof EnvSchema>, 'PUBLIC_ORIGIN' | 'OAUTH_REDIRECT_ORIGIN'> & {
  /** The configured public origin (no trailing slash), or `http://localhost:${PORT}` outside production. */
  PUBLIC_ORIGIN: string;
  OAUTH_REDIRECT_ORIGIN: string;
  /** PUBLIC_ORIGIN is https: cookies the server sets carry `Secure`. */
  secureCookies: boolean;
  isProduction: boolean;
  jwtSecret: string;
  /** argon2id cost of new password hashes. */
  passwordHash: { memoryCost: number; timeCost: number };
};

const DEV_JWT_SECRET = 'codiroom-development-secret-do-not-use-in-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.JWT_SECRET) {
    throw new Error('Invalid configuration: JWT_SECRET (≥ 32 characters) is required in production');
  }
  const solapi = [c.SOLAPI_API_KEY, c.SOLAPI_API_SECRET, c.SOLAPI_SENDER];
  if (solapi.some(Boolean) && !solapi.every(Boolean)) {
    throw new Error(
      'Invalid configuration: SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER must be set together',
    );
  }
  if (isProduction && !solapi.every(Boolean)) {
    throw new Error(
      'Invalid configuration: SOLAPI_API_KEY, SOLAPI_API_SECRET and SOLAPI_SENDER are required in production (verification SMS cannot be delivered otherwise)',
    );
  }
  const passwordHash = {
    memoryCost: c.PASSWORD_HASH_MEMORY_KIB ?? ARGON2_DEFAULTS.memoryCost,
    timeCost: c.PASSWORD_HASH_TIME_COST ?? ARGON2_DEFAULTS.timeCost,
  };
  if (
    isProduction &&
    (passwordHash.memoryCost < ARGON2_DEFAULTS.memoryCost || passwordHash.timeCost < ARGON2_DEFAULTS.timeCost)
  ) {
    throw new Error(
      `Invalid configuration: PASSWORD_HASH_MEMORY_KIB ≥ ${ARGON2_DEFAULTS.memoryCost} and PASSWORD_HASH_TIME_COST ≥ ${ARGON2_DEFAULTS.timeCost} in production`,
    );
  }
  if (!!c.AD_PIXEL_ID !== !!c.AD_ACCESS_TOKEN) {
    throw new Error('Invalid configuration: AD_PIXEL_ID and AD_ACCESS_TOKEN must be set together');
  }
  if (c.UPLOAD_STORE === 's3') {
    const s3 = {
      S3_ENDPOINT: c.S3_ENDPOINT,
      S3_BUCKET: c.S3_BUCKET,
      S3_REGION: c.S3_REGION,
      S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY,
    };
    const missing = Object.entries(s3)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) {
      throw new Error(
        `Invalid configuration: UPLOAD_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (missing ${missing.join(', ')})`,
      );
    }
  }
  if (!!c.STYLIST_LLM_BASE_URL !== !!c.STYLIST_LLM_MODEL) {
    throw new Error('Invalid configuration: STYLIST_LLM_BASE_URL and STYLIST_LLM_MODEL must be set together');
  }
  if (!!c.ONESIGNAL_APP_ID !== !!c.ONESIGNAL_API_KEY) {
    throw new Error('Invalid configuration: ONESIGNAL_APP_ID and ONESIGNAL_API_KEY must be set together');
  }
  checkSocialSignInConfig(c);
  if (isProduction && !c.PUBLIC_ORIGIN) {
    throw new Error(
      "Invalid configuration: PUBLIC_ORIGIN (the shop's public origin, e.g. https://codiroom.kr) is required in production",
    );
  }
  // deploy/.env.example's placeholders are long enough to pass as secrets: a copy never filled in
  // must not run a shop signed with a published key.
  for (const name of ['JWT_SECRET', 'ADMIN_API_KEY', 'METRICS_TOKEN'] as const) {
    if (isProduction && c[name]?.startsWith('replace-')) {
      throw new Error(`Invalid configuration: ${name} is still the placeholder of deploy/.env.example`);
    }
  }
  if (c.SHUTDOWN_DRAIN_MS <= c.PAYMENT_GATEWAY_TIMEOUT_MS) {
    throw new Error(
      'Invalid configuration: SHUTDOWN_DRAIN_MS must exceed PAYMENT_GATEWAY_TIMEOUT_MS (a shutdown must not cut a payment confirmation)',
    );
  }
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  const publicOrigin = c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    PUBLIC_ORIGIN: publicOrigin,
    OAUTH_REDIRECT_ORIGIN: c.OAUTH_REDIRECT_ORIGIN ?? publicOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    isProduction,
    jwtSecret: c.JWT_SECRET ?? DEV_JWT_SECRET,
    passwordHash,
  };
}

/** Social sign-in keys come in complete sets; the Apple key must be an EC P-256 private key. */
function checkSocialSignInConfig(c: z.infer<typeof EnvSchema>): void {
  if (c.KAKAO_CLIENT_SECRET && !c.KAKAO_CLIENT_ID) {
    throw new Error('Invalid configuration: KAKAO_CLIENT_SECRET needs KAKAO_CLIENT_ID');
  }
  if (!!c.NAVER_CLIENT_ID !== !!c.NAVER_CLIENT_SECRET) {
    throw new Error('Invalid configuration: NAVER_CLIENT_ID and NAVER_CLIENT_SECRET must be set together');
  }
  const apple = [c.APPLE_CLIENT_ID, c.APPLE_TEAM_ID, c.APPLE_KEY_ID, c.APPLE_PRIVATE_KEY];
  if (apple.some(Boolean) && !apple.every(Boolean)) {
    throw new Error(
      'Invalid configuration: APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY must be set together',
    );
  }
  if (c.APPLE_PRIVATE_KEY) {
    let ok = false;
    try {
      const key = createPrivateKey(c.APPLE_PRIVATE_KEY);
      ok = key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
    } catch {
      ok = false;
    }
    if (!ok)
      throw new Error(
        'Invalid configuration: APPLE_PRIVATE_KEY must be the PEM of an EC P-256 (ES256) private key',
      );
  }
}
