/**
 * The member status a token request checks (platform/access.ts): with the status remembered for a
 * while (as in production), a withdrawal still locks the member out at once in this process, and a
 * change made elsewhere (another node, an operator's SQL) takes effect within the window.
 */
import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { forgetMemberStatus } from '../src/platform/access.ts';
import { createMember, createTestApp, type TestApp } from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('member status of token requests', () => {
  // The status remembered for 60 s, for 150 ms, and not at all (MEMBER_STATUS_MS).
  let long: TestApp;
  let short: TestApp;
  let off: TestApp;
  let t: TestApp;
  beforeAll(async () => {
    long = await createTestApp({ env: { MEMBER_STATUS_MS: '60000' } });
    // Two more apps over the same database (closed without it).
    const database = long.ctx.database;
    short = await createTestApp({ database, env: { MEMBER_STATUS_MS: '150' } });
    off = await createTestApp({ database, env: { MEMBER_STATUS_MS: '0' } });
  });
  afterAll(async () => {
    await Promise.all([short.app.close(), off.app.close()]);
    await long.close();
  });
  const use = (app: TestApp) => {
    t = app;
  };

  const detail = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/users/user-detail', headers });

  it('a withdrawal locks the member out at once, even with the status remembered', async () => {
    use(long);
    const m = await createMember(t.ctx, { name: '탈퇴예정' });
    expect((await detail(m.headers)).statusCode).toBe(200);
    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/users/stop',
      headers: m.headers,
      payload: {},
    });
    expect(stop.statusCode).toBe(200);
    const again = await detail(m.headers);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'User is inactive' });
  });

  it('a status read that a withdrawal overtakes is not remembered', async () => {
    use(long);
    const m = await createMember(t.ctx);
    // The read of the member's row is under way when the withdrawal commits and forgets the
    // member: the read answers the row as it was before (active). Simulated by holding the read's
    // answer back until the withdrawal is done (postgres.js `unsafe` on PostgreSQL, Drizzle's
    // `execute` on PGlite).
    const db = t.ctx.db as unknown as Record<string, unknown> & { $client?: Record<string, unknown> };
    const target = (typeof db.$client?.unsafe === 'function' ? db.$client : db) as Record<string, unknown>;
    const key = target === db ? 'execute' : 'unsafe';
    const original = target[key] as (...args: unknown[]) => Promise<unknown>;
    const textOf = (q: unknown) => (typeof q === 'string' ? q : new PgDialect().sqlToQuery(q as SQL).sql);
    let held = false;
    target[key] = function (this: unknown, ...args: unknown[]) {
      const answer = original.apply(this, args);
      // The member's row is read alone or with the session check (platform/access.ts).
      if (held || !/\bis_active\b[\s\S]*\bfrom\b[\s\S]*\busers\b/.test(textOf(args[0]))) return answer;
      held = true;
      return Promise.resolve(answer).then(async (rows) => {
        await t.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, m.user.id));
        await forgetMemberStatus(t.ctx, m.user.id);
        return rows;
      });
    };
    try {
      // This request still passes: its read saw the row before the withdrawal.
      expect((await detail(m.headers)).statusCode).toBe(200);
    } finally {
      target[key] = original;
    }
    expect(held).toBe(true);
    // The next one reads again: the overtaken read was not remembered for the 60 s window.
    const again = await detail(m.headers);
    expect(again.json()).toEqual({ detail: 'User is inactive' });
  });

  it('a change made outside this process takes effect within the window', async () => {
    use(short);
    const m = await createMember(t.ctx);
    expect((await detail(m.headers)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, m.user.id));
    // Within the window the remembered status answers (what another node would see)…
    expect((await detail(m.headers)).statusCode).toBe(200);
    await sleep(200);
    // …and after it, the row.
    const later = await detail(m.headers);
    expect(later.statusCode).toBe(401);
    expect(later.json()).toEqual({ detail: 'User is inactive' });
  });

  it('a deleted member is not found once the window has passed; without the window at once', async () => {
    use(short);
    const m = await createMember(t.ctx);
    expect((await detail(m.headers)).statusCode).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.id, m.user.id));
    await sleep(200);
    expect((await detail(m.headers)).json()).toEqual({ detail: 'User not found' });

    use(off);
    const n = await createMember(t.ctx);
    expect((await detail(n.headers)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, n.user.id));
    expect((await detail(n.headers)).json()).toEqual({ detail: 'User is inactive' });
  });
});
