/**
 * The embedded database survives a fatal WASM error (docs/ARCHITECTURE.md, "Data";
 * src/db/pglite-recovery.ts). The crash is real: PostgreSQL's jsonb input of a 2,000-deep nested
 * array traps PGlite's WASM instance ("RuntimeError: memory access out of bounds"). It is driven
 * at the database level (not through HTTP input), through the held Drizzle handle, while HTTP
 * requests are in flight; then the next requests succeed, /api/health answers 200 and the data
 * committed before the crash is still there. PGlite only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseEvent, isDatabaseUnavailable, openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { eventLogs, users } from '../src/db/schema.ts';
import { createMember, createTestApp, guestHeader, type TestApp } from './helpers.ts';

/** A 2,000-deep nested JSON array: parsing it as jsonb kills PGlite's WASM instance. */
const DEEP = `${'['.repeat(2_000)}1${']'.repeat(2_000)}`;
const crashStatement = () =>
  sql`insert into event_logs (kind, payload, created_at) values ('PAGE', ${DEEP}::jsonb, now())`;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite after a fatal WASM error', () => {
  describe('on disk (DATA_DIR)', () => {
    let dataDir: string;
    let database: Database;
    let t: TestApp;
    const events: DatabaseEvent[] = [];

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'codiroom-resilience-'));
      database = await openDatabase({ kind: 'pglite', dataDir, onEvent: (e) => events.push(e) });
      await database.migrate();
      t = await createTestApp({ database });
    });

    afterAll(async () => {
      await t?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const log = (name: string, guest: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/loggers/page-log', headers: guest, payload: { name } });

    it('reopens the database from disk and keeps serving, with the committed data', async () => {
      const db = t.ctx.db;
      const guest = guestHeader(t.ctx, 'resilience');
      // Committed before the crash: through the API and through SQL.
      for (let i = 0; i < 5; i++) expect((await log(`before-${i}`, guest)).statusCode).toBe(200);
      const member = await createMember(t.ctx, { name: '복구 전' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

      // Requests in flight when the instance dies, the crash, then requests arriving during the
      // reopen: the queued ones never touch the dead instance and wait for the new one.
      const inFlight = [
        ...Array.from({ length: 4 }, (_, i) => log(`during-${i}`, guest)),
        t.app.inject({ url: '/api/users/user-detail', headers: member.headers }),
        t.app.inject({ url: '/api/carts/product-count', headers: guest }),
      ];
      const crash = db.execute(crashStatement()).then(
        () => null,
        (err: unknown) => err,
      );
      const arriving = [
        ...Array.from({ length: 3 }, (_, i) => log(`reopening-${i}`, guest)),
        t.app.inject({ url: '/api/health' }),
      ];

      // The statement that hit the fatal error fails, as unavailable (a 503 over HTTP).
      const crashError = await crash;
      expect(crashError).not.toBeNull();
      expect(isDatabaseUnavailable(crashError)).toBe(true);
      const answers = await Promise.all([...inFlight, ...arriving]);
      for (const r of answers) {
        expect(r.statusCode, r.body).toBe(200);
      }
      const fatal = events.find((e) => e.type === 'fatal');
      expect(fatal).toMatchObject({ type: 'fatal', generation: 1, reopen: true });
      expect(String((fatal as { error: unknown }).error)).toMatch(/RuntimeError/);
      expect(events.some((e) => e.type === 'reopened' && e.generation === 2)).toBe(true);

      // The next requests succeed on the reopened database, through the same Drizzle handle.
      expect(t.ctx.db).toBe(db);
      expect((await log('after', guest)).statusCode).toBe(200);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      const detail = await t.app.inject({ url: '/api/users/user-detail', headers: member.headers });
      expect(detail.statusCode).toBe(200);

      // Nothing accepted was lost: before the crash, while it happened and after it.
      const names = (
        await db.select({ name: eventLogs.name }).from(eventLogs).where(like(eventLogs.name, '%-%'))
      ).map((r) => r.name);
      for (let i = 0; i < 5; i++) expect(names).toContain(`before-${i}`);
      for (let i = 0; i < 4; i++) expect(names).toContain(`during-${i}`);
      for (let i = 0; i < 3; i++) expect(names).toContain(`reopening-${i}`);
      const [u] = await db.select().from(users).where(eq(users.id, member.user.id));
      expect(u?.name).toBe('복구 전');
      // The crashing insert never committed.
      const [deep] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from event_logs where jsonb_typeof(payload) = 'array'`,
        ),
      );
      expect(deep?.n).toBe(0);
    });

    it('recovers again after a second fatal error, and transactions work on the new instance', async () => {
      const db = t.ctx.db;
      const before = events.filter((e) => e.type === 'reopened').length;
      const err = await db.execute(crashStatement()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      // ping (/api/health) waits for the reopen.
      expect(await database.ping()).toBe(true);
      expect(events.filter((e) => e.type === 'reopened').length).toBe(before + 1);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(eventLogs)
          .values({ kind: 'PAGE', name: 'in-tx', payload: {}, created_at: new Date() })
          .returning({ id: eventLogs.id });
        return row?.id;
      });
      expect(id).toBeGreaterThan(0);
    });
  });

  describe('in memory (no DATA_DIR)', () => {
    let t: TestApp;
    const events: DatabaseEvent[] = [];

    beforeAll(async () => {
      // Not migrated: once the instance is dead, no statement reaches a table.
      const database = await openDatabase({ kind: 'pglite', onEvent: (e) => events.push(e) });
      t = await createTestApp({ database });
    });

    afterAll(async () => {
      await t?.close();
    });

    it('has nothing to reopen from: calls answer 503 with a JSON detail, never 500', async () => {
      const guest = guestHeader(t.ctx, 'resilience-memory');
      const err = await t.ctx.db.execute(sql`select ${DEEP}::jsonb as v`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(events.map((e) => e.type)).toEqual(['fatal']);
      expect(events[0]).toMatchObject({ reopen: false });

      const res = await t.app.inject({ url: '/api/carts/product-count', headers: guest });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ detail: expect.any(String) });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    });
  });
});
