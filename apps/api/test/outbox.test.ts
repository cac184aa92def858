/**
 * The outbox (platform/outbox.ts; docs/ARCHITECTURE.md, "Outbox"): an effect enqueued in a
 * rolled-back transaction is never delivered; a committed one is delivered once per successful
 * delivery even when two deliverers race; a failing handler is retried with back-off and dead after
 * the last attempt; a process that dies before delivering leaves it to the next one (a new context
 * on the same embedded data directory); and the committed curation notifications and their pushes.
 * On PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { curations, notifications, outbox } from '../src/db/schema.ts';
import { publishDue } from '../src/domains/curations/drafting.ts';
import { DevPushSink, setPushSender } from '../src/domains/users/push.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import {
  deliverOutbox,
  enqueue,
  OUTBOX_LEASE_MS,
  OUTBOX_PAYLOAD_MAX_CHARS,
  type OutboxHandler,
  outboxBackoffMs,
  outboxStats,
  registerOutboxHandlers,
  settleOutbox,
} from '../src/platform/outbox.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, openTestDatabase, type TestApp, testEnv } from './helpers.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
}, 60_000);
afterAll(() => t?.close());

let seq = 0;
const key = (name: string) => `test:${name}:${++seq}`;

/** A handler that records each delivery's payload and key, failing while `fail()` says so. */
function recorder(fail: () => boolean = () => false) {
  const seen: { id: unknown; key: string }[] = [];
  const handler: OutboxHandler = {
    deliver: async (_ctx, payload, d) => {
      if (fail()) throw new Error('receiver down');
      seen.push({ id: payload.id, key: d.key });
    },
  };
  return { seen, handler };
}

const rowOf = async (k: string) =>
  (await t.ctx.db.select().from(outbox).where(eq(outbox.idempotency_key, k)))[0];

describe('enqueue', () => {
  it('an effect enqueued in a rolled-back transaction is never delivered', async () => {
    const r = recorder();
    registerOutboxHandlers(t.ctx, { 'test.rollback': r.handler });
    const k = key('rollback');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.rollback', key: k, payload: { id: 1 }, at: clock.now() });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await deliverOutbox(t.ctx);
    expect(await rowOf(k)).toBeUndefined();
    expect(r.seen).toEqual([]);
  });

  it('one row per key: the same effect enqueued twice is delivered once', async () => {
    const r = recorder();
    registerOutboxHandlers(t.ctx, { 'test.twice': r.handler });
    const k = key('twice');
    for (let i = 0; i < 2; i++)
      await enqueue(t.ctx.db, { kind: 'test.twice', key: k, payload: { id: i }, at: clock.now() });
    await deliverOutbox(t.ctx);
    expect(r.seen).toEqual([{ id: 0, key: k }]);
  });

  it('refuses a payload past its bounds (size, depth) before writing anything', async () => {
    const big = { s: 'x'.repeat(OUTBOX_PAYLOAD_MAX_CHARS) };
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 20; i++) deep = { d: deep };
    for (const payload of [big, deep]) {
      const k = key('bounds');
      await expect(
        enqueue(t.ctx.db, { kind: 'test.bounds', key: k, payload, at: clock.now() }),
      ).rejects.toThrow(/too (large|deep)/);
      expect(await rowOf(k)).toBeUndefined();
    }
  });
});

describe('deliverOutbox', () => {
  it('two deliverers racing on one database deliver each committed effect exactly once', async () => {
    const r = recorder();
    // A second context on the same database: another process's deliverer.
    const other = createContext(t.ctx.config, t.ctx.database, { clock });
    registerOutboxHandlers(t.ctx, { 'test.race': r.handler });
    registerOutboxHandlers(other, { 'test.race': r.handler });
    const keys = Array.from({ length: 40 }, () => key('race'));
    await t.ctx.db.transaction(async (tx) => {
      await enqueue(
        tx,
        keys.map((k, i) => ({ kind: 'test.race', key: k, payload: { id: i }, at: clock.now() })),
      );
    });
    const passes = await Promise.all([
      deliverOutbox(t.ctx, 15),
      deliverOutbox(other, 15),
      deliverOutbox(t.ctx, 15),
      deliverOutbox(other, 15),
    ]);
    await deliverOutbox(t.ctx);
    await closeContext(other);
    expect(passes.reduce((s, p) => s + p.delivered, 0)).toBeGreaterThan(0);
    expect(r.seen.map((s) => s.key).sort()).toEqual([...keys].sort());
    for (const k of keys) expect((await rowOf(k))?.delivered_at).not.toBeNull();
  });

  it('a failing handler is retried after an exponential back-off, then dead after the last attempt', async () => {
    let down = true;
    const r = recorder(() => down);
    const dead: unknown[] = [];
    registerOutboxHandlers(t.ctx, {
      'test.fail': { ...r.handler, onDead: async (_ctx, payload) => void dead.push(payload.id) },
    });
    const k = key('fail');
    await enqueue(t.ctx.db, { kind: 'test.fail', key: k, payload: { id: 'f' }, at: clock.now() });
    const start = clock.now().getTime();
    expect(await deliverOutbox(t.ctx, 100, { maxAttempts: 3 })).toMatchObject({ retried: 1, delivered: 0 });
    let row = await rowOf(k);
    expect(row).toMatchObject({
      attempts: 1,
      last_error: 'receiver down',
      dead_at: null,
      delivered_at: null,
    });
    expect(row?.available_at.getTime()).toBe(start + outboxBackoffMs(1));
    // Not due before its back-off has passed.
    clock.advance(outboxBackoffMs(1) / 1000 - 1);
    expect(await deliverOutbox(t.ctx, 100, { maxAttempts: 3 })).toMatchObject({ retried: 0 });
    clock.advance(1);
    expect(await deliverOutbox(t.ctx, 100, { maxAttempts: 3 })).toMatchObject({ retried: 1 });
    row = await rowOf(k);
    expect(row?.attempts).toBe(2);
    // The back-off doubles: 2 s, then 4 s.
    expect(row?.available_at.getTime()).toBe(clock.now().getTime() + outboxBackoffMs(2));
    expect(outboxBackoffMs(2)).toBe(2 * outboxBackoffMs(1));
    expect(outboxBackoffMs(50)).toBe(outboxBackoffMs(60));
    clock.advance(outboxBackoffMs(2) / 1000);
    expect(await deliverOutbox(t.ctx, 100, { maxAttempts: 3 })).toMatchObject({ dead: 1 });
    row = await rowOf(k);
    expect(row?.dead_at).not.toBeNull();
    expect(dead).toEqual(['f']);
    // Dead stays dead (visible, counted), even once the receiver is back.
    down = false;
    clock.advance(3600);
    await deliverOutbox(t.ctx, 100, { maxAttempts: 3 });
    expect(r.seen).toEqual([]);
    expect((await outboxStats(t.ctx)).dead).toBeGreaterThanOrEqual(1);
  });

  it('a row of an unknown kind is not lost: it fails, is retried and shows up dead', async () => {
    const k = key('unknown');
    await enqueue(t.ctx.db, { kind: 'test.nobody', key: k, payload: {}, at: clock.now() });
    await deliverOutbox(t.ctx, 100, { maxAttempts: 1 });
    expect(await rowOf(k)).toMatchObject({ last_error: 'no outbox handler for test.nobody' });
    expect((await rowOf(k))?.dead_at).not.toBeNull();
  });

  it('a claimed row whose deliverer died is claimed again once its lease has passed', async () => {
    const r = recorder();
    registerOutboxHandlers(t.ctx, { 'test.lease': r.handler });
    const k = key('lease');
    await enqueue(t.ctx.db, { kind: 'test.lease', key: k, payload: { id: 'l' }, at: clock.now() });
    // A deliverer that claimed it and died before settling it (no handler ran).
    const leased = new Date(clock.now().getTime() + OUTBOX_LEASE_MS);
    await t.ctx.db
      .update(outbox)
      .set({ available_at: leased, attempts: 1 })
      .where(eq(outbox.idempotency_key, k));
    await deliverOutbox(t.ctx);
    expect(r.seen).toEqual([]);
    clock.advance(OUTBOX_LEASE_MS / 1000);
    await deliverOutbox(t.ctx);
    expect(r.seen).toEqual([{ id: 'l', key: k }]);
  });

  it('outboxStats counts pending and due rows, and a delivered one no longer', async () => {
    const before = await outboxStats(t.ctx);
    await enqueue(t.ctx.db, { kind: 'test.stats', key: key('stats'), payload: {}, at: clock.now() });
    const after = await outboxStats(t.ctx);
    expect(after.pending).toBe(before.pending + 1);
    expect(after.due).toBe(before.due + 1);
    registerOutboxHandlers(t.ctx, { 'test.stats': recorder().handler });
    await deliverOutbox(t.ctx);
    const done = await outboxStats(t.ctx);
    expect(done.pending).toBe(before.pending);
    expect(done.due).toBe(before.due);
  });
});

describe('a crash between commit and delivery', () => {
  // The embedded database's data directory (PostgreSQL outlives its clients by itself).
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'a committed effect is delivered by the next process on the same data directory',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'codiroom-outbox-'));
      try {
        const config = loadConfig(testEnv({ BACKGROUND_JOBS: 'off' }));
        const open = async () => {
          const database = await openDatabase({ kind: 'pglite', dataDir: dir });
          await database.migrate();
          return { database, ctx: createContext(config, database, { clock }) };
        };
        const k = key('crash');
        const first = await open();
        await first.ctx.db.transaction((tx) =>
          enqueue(tx, { kind: 'test.crash', key: k, payload: { id: 'c' }, at: clock.now() }),
        );
        // The process ends before any delivery (no handler was even registered).
        await closeContext(first.ctx);
        await first.database.close();

        const second = await open();
        const r = recorder();
        registerOutboxHandlers(second.ctx, { 'test.crash': r.handler });
        expect(await deliverOutbox(second.ctx)).toMatchObject({ delivered: 1 });
        await deliverOutbox(second.ctx);
        expect(r.seen).toEqual([{ id: 'c', key: k }]);
        await closeContext(second.ctx);
        await second.database.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('effects written with their change', () => {
  it("the publish sweep's notifications commit with the publish and are pushed through the outbox", async () => {
    const sink = new DevPushSink();
    setPushSender(t.ctx, sink);
    const m = await createMember(t.ctx, { is_app_alert: true });
    const [draft] = await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'DRAFT', publish_at: clock.now(), curator_name: '민지' })
      .returning();
    // A sweep whose notification fails publishes nothing: the publish rolls back with it (this
    // clock reads right for the sweep, then breaks the notification's time).
    let reads = 0;
    const broken: AppContext = {
      ...t.ctx,
      clock: { now: () => (reads++ === 0 ? clock.now() : new Date(Number.NaN)) },
    };
    await expect(publishDue(broken, m.user.id)).rejects.toThrow();
    expect((await t.ctx.db.select().from(curations).where(eq(curations.id, draft!.id)))[0]?.status).toBe(
      'DRAFT',
    );

    expect(await publishDue(t.ctx, m.user.id)).toBe(1);
    const [note] = await t.ctx.db.select().from(notifications).where(eq(notifications.user_id, m.user.id));
    expect(note).toMatchObject({ dedupe_key: `curation-published:${draft!.id}`, push_status: 'HELD' });
    const [effect] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotency_key, `push:${note!.id}:${clock.now().getTime()}`));
    expect(effect).toMatchObject({ kind: 'push.send', payload: { notification_id: note!.id } });
    await settleOutbox(t.ctx);
    await deliverOutbox(t.ctx);
    expect(sink.pushes.filter((p) => p.notification_id === note!.id)).toHaveLength(1);
    expect(sink.pushes.find((p) => p.notification_id === note!.id)?.idempotency_key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      (await t.ctx.db.select().from(notifications).where(eq(notifications.id, note!.id)))[0]?.push_status,
    ).toBe('SENT');
  });
});

describe('on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('claims with SKIP LOCKED across pool connections', async () => {
    const database = await openTestDatabase();
    const config = loadConfig(testEnv({ BACKGROUND_JOBS: 'off' }));
    const a = createContext(config, database, { clock });
    const b = createContext(config, database, { clock });
    const r = recorder();
    registerOutboxHandlers(a, { 'test.pg': r.handler });
    registerOutboxHandlers(b, { 'test.pg': r.handler });
    const keys = Array.from({ length: 30 }, () => key('pg'));
    await enqueue(
      a.db,
      keys.map((k) => ({ kind: 'test.pg', key: k, payload: {}, at: clock.now() })),
    );
    await Promise.all([
      deliverOutbox(a, 10),
      deliverOutbox(b, 10),
      deliverOutbox(a, 10),
      deliverOutbox(b, 10),
    ]);
    expect(r.seen.map((s) => s.key).sort()).toEqual([...keys].sort());
    await closeContext(a);
    await closeContext(b);
    await database.close();
  });
});
