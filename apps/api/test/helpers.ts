import { createHash, randomUUID } from 'node:crypto';
import { type Clock, fixedClock, type OperatorRole } from '@codiroom/shared';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createOperator } from '../src/domains/admin/index.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import { issueGuestId, signGuestId } from '../src/platform/guest-id.ts';
import { type KeyValueStore, MemoryStore } from '../src/platform/kv.ts';

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh
 * throw-away database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ kind: 'pglite' });
    await db.migrate();
    return db;
  }
  const name = `codiroom_t_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 4 });
  await db.migrate();
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The configuration every test app starts from. The argon2 cost is set light explicitly (production
 * refuses it) so that the suites' thousands of sign-ups stay fast.
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_MEMORY_KIB: '256',
  PASSWORD_HASH_TIME_COST: '1',
  // The suites search from one address far more often than a shopper; search-abuse.test.ts
  // tests the limit itself.
  SEARCH_TYPO_LIMIT: '100000',
  // The suites run several apps on one database (other processes), which the embedded default
  // never does (platform/tokens.ts revocationMemoMs).
  REVOCATION_MEMO_MS: '1000',
} as const;

/** TEST_ENV with `env` over it; a production configuration keeps the library's password cost. */
export function testEnv(env: Record<string, string> = {}): Record<string, string> {
  if (env.NODE_ENV !== 'production') return { ...TEST_ENV, ...env };
  const { PASSWORD_HASH_MEMORY_KIB: _m, PASSWORD_HASH_TIME_COST: _t, ...rest } = TEST_ENV;
  return { ...rest, ...env };
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; close: () => Promise<void> };

/** The ADMIN_API_KEY of createTestApp (unless a test sets its own): an ADMIN operator for automation. */
export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdef';
export const ADMIN_KEY_HEADERS: Record<string, string> = { 'x-admin-key': TEST_ADMIN_KEY };

let operatorSeq = 0;
/**
 * A new operator with `roles`, signed in: its session cookie and CSRF token as headers (the back
 * office sends both), and its id.
 */
export async function operatorSession(
  t: Pick<TestApp, 'app' | 'ctx'>,
  roles: OperatorRole[],
): Promise<{ id: number; email: string; headers: Record<string, string> }> {
  operatorSeq += 1;
  const email = `op${operatorSeq}-${roles.join('-').toLowerCase()}@codiroom.test`;
  const password = 'operator-pass-2026';
  const op = await createOperator(t.ctx, { email, name: `운영자${operatorSeq}`, roles, password });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`operator sign-in failed: ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
  const { csrf_token } = res.json() as { csrf_token: string };
  return { id: op.id, email, headers: { cookie, 'x-csrf-token': csrf_token } };
}

export async function createTestApp(
  opts: { env?: Record<string, string>; clock?: Clock; database?: Database; kv?: KeyValueStore } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  // Caches stay on as in production (a test that changes rows directly sends the cache event the
  // product code sends for that change); the background timers are off (tests run the jobs).
  const config = loadConfig(testEnv({ BACKGROUND_JOBS: 'off', ADMIN_API_KEY: TEST_ADMIN_KEY, ...opts.env }));
  const ctx = createContext(config, database, {
    clock: opts.clock ?? fixedClock('2026-11-20T03:00:00Z'),
    kv: opts.kv ?? new MemoryStore(),
  });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      // A store the caller passed is the caller's to close.
      if (opts.kv) await ctx.caches.close();
      else await closeContext(ctx);
      await database.close();
    },
  };
}

let phoneSeq = 0;
/** Inserts a member and returns a valid bearer header for it. */
export async function createMember(ctx: AppContext, values: Partial<typeof users.$inferInsert> = {}) {
  phoneSeq += 1;
  const [user] = await ctx.db
    .insert(users)
    .values({ phone: `0109${String(phoneSeq).padStart(7, '0')}`, name: '테스트', ...values })
    .returning();
  if (!user) throw new Error('insert failed');
  // A session of its own (no refresh token behind it: sign in through the API for one).
  const token = await ctx.tokens.signAccess(user.id, randomUUID(), ctx.clock.now());
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A new access token for a member, as the client's refresh would get once the clock moved past
 * the 15-minute life of the one it had (createMember's headers).
 */
export async function refreshedHeaders(ctx: AppContext, userId: number) {
  return { authorization: `Bearer ${await ctx.tokens.signAccess(userId, randomUUID(), ctx.clock.now())}` };
}

/**
 * A guest id the app of `ctx` accepts (server-issued and signed, platform/guest-id.ts). With a
 * label, the same label always gives the same id (a UUID v4 derived from it), so a test can store
 * rows for a guest and then call as that guest; without one, a fresh id.
 */
export function guestIdOf(ctx: Pick<AppContext, 'config'>, label?: string): string {
  if (label === undefined) return issueGuestId(ctx.config);
  const h = createHash('sha256').update(`test-guest:${label}`).digest('hex');
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return signGuestId(ctx.config, uuid);
}

/** The x-guest-user-id header of guestIdOf(ctx, label). */
export function guestHeader(ctx: Pick<AppContext, 'config'>, label?: string): { 'x-guest-user-id': string } {
  return { 'x-guest-user-id': guestIdOf(ctx, label) };
}
