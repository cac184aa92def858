import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, users } from '../src/db/schema.ts';
import { invalidate } from '../src/platform/cache.ts';
import { createMember, createTestApp, guestIdOf, operatorSession, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and OpenAPI', () => {
  it('GET /api/health answers 200 with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite');
    expect(body.cache).toBe('memory');
    expect(body.node).toMatch(/^v24\./);
  });

  it('serves a valid OpenAPI 3 document that lists the routes with their access model', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/web-status'].get).toBeDefined();
    // the admin guard shows up as the operator session or the admin key, with the roles allowed
    expect(doc.paths['/api/admin/web-status'].put.security).toEqual([
      { operatorSession: [] },
      { adminKey: [] },
    ]);
    expect(doc.paths['/api/admin/web-status'].put['x-operator-roles']).toEqual(['ADMIN']);
    expect(doc.paths['/api/admin/curations'].get['x-operator-roles']).toEqual(['ADMIN', 'CURATOR']);
    expect(doc.components.securitySchemes.operatorSession).toMatchObject({
      in: 'cookie',
      name: 'codiroom_op',
    });
    expect(doc.components.securitySchemes.guestId).toMatchObject({ in: 'header', name: 'x-guest-user-id' });
    const { validate } = await import('@readme/openapi-parser');
    await expect(validate(structuredClone(doc))).resolves.toMatchObject({ valid: true });
  });

  it('serves the interactive docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.app.inject({ url: '/api/health' });
    expect(String(fresh.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('error model: JSON {detail}, never a 500 for bad input', () => {
  it('unknown API routes are JSON 404s', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist/x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toContain('/api/does-not-exist/x');
    }
  });

  it('malformed JSON is a 400 with a detail', async () => {
    const member = await operatorSession(t, ['ADMIN']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: '{"result": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Malformed JSON/);
  });

  it('wrong types are a 400 that names the field', async () => {
    const member = await operatorSession(t, ['ADMIN']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: member.headers,
      payload: { result: 'yes', start_at: 12 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/result/);
  });

  it('oversized bodies are a 413, not a 500', async () => {
    const member = await operatorSession(t, ['ADMIN']);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ result: true, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/too large/);
  });

  it('bad query parameters are a 400', async () => {
    const res = await t.app.inject({ url: '/api/products/product-display-list?product_display_list=1,abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/product_display_list/);
  });
});

describe('access model (public / guest / token / admin)', () => {
  it('token routes answer 401 Token Required without a token; admin routes ask for an operator', async () => {
    const token = await t.app.inject({ url: '/api/users/user-detail' });
    expect(token.statusCode).toBe(401);
    expect(token.json()).toEqual({ detail: 'Token Required' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      payload: { result: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Operator sign-in required' });
  });

  it('an invalid token is a 401 the client can refresh on', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: { authorization: 'Bearer not-a-jwt' },
      payload: { result: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Invalid or expired token');
  });

  it("a withdrawn member gets 'User is inactive', a deleted one 'User not found'", async () => {
    const m = await createMember(t.ctx);
    await t.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, m.user.id));
    const inactive = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: m.headers,
      payload: { result: true },
    });
    expect(inactive.json().detail).toBe('User is inactive');
    await t.ctx.db.delete(users).where(eq(users.id, m.user.id));
    // The event the product code sends when a member's row changes (platform/access.ts).
    await invalidate(t.ctx, 'member.changed', m.user.id);
    const gone = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: m.headers,
      payload: { result: true },
    });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().detail).toBe('User not found');
  });

  it('operators can use the configured x-admin-key instead of an admin token', async () => {
    const key = 'k'.repeat(32);
    const withKey = await createTestApp({ env: { ADMIN_API_KEY: key } });
    try {
      const ok = await withKey.app.inject({
        method: 'PUT',
        url: '/api/admin/web-status',
        headers: { 'x-admin-key': key },
        payload: { result: true },
      });
      expect(ok.statusCode).toBe(200);
      const wrong = await withKey.app.inject({
        method: 'PUT',
        url: '/api/admin/web-status',
        headers: { 'x-admin-key': 'x'.repeat(32) },
        payload: { result: true },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await withKey.close();
    }
    // Without ADMIN_API_KEY configured the header grants nothing.
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: { 'x-admin-key': key },
      payload: { result: true },
    });
    expect(none.statusCode).toBe(401);
  });

  it('admin routes refuse ordinary members with 403', async () => {
    const m = await createMember(t.ctx);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: m.headers,
      payload: { result: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('web status (SPEC.md "Web status")', () => {
  it('is off by default and operators switch it on and off', async () => {
    const off = await t.app.inject({ url: '/api/web-status' });
    expect(off.json()).toEqual({ result: false, start_at: null, end_at: null, variant: 'maintenance' });
    const admin = await operatorSession(t, ['ADMIN']);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: admin.headers,
      payload: { result: true, start_at: '2026-11-21T00:00:00+09:00', end_at: '2026-11-21T06:00:00+09:00' },
    });
    expect(on.statusCode).toBe(200);
    const now = (await t.app.inject({ url: '/api/web-status' })).json();
    expect(now).toEqual({
      result: true,
      variant: 'maintenance',
      start_at: '2026-11-20T15:00:00.000Z',
      end_at: '2026-11-20T21:00:00.000Z',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: admin.headers,
      payload: { result: true, start_at: '2026-11-21T06:00:00+09:00', end_at: '2026-11-21T00:00:00+09:00' },
    });
    expect(bad.statusCode).toBe(400);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/web-status',
      headers: admin.headers,
      payload: { result: false },
    });
    expect((await t.app.inject({ url: '/api/web-status' })).json().result).toBe(false);
  });

  it('is read from the database once per process until an operator switches it (site.changed)', async () => {
    expect((await t.app.inject({ url: '/api/web-status' })).json().result).toBe(false);
    // A row changed behind the app's back is not read again: pages keep the kept answer.
    await t.ctx.db.execute(
      sql`insert into web_status (id, result) values (1, true) on conflict (id) do update set result = true`,
    );
    expect((await t.app.inject({ url: '/api/web-status' })).json().result).toBe(false);
    // The event an operator's switch sends ends it on every node.
    await invalidate(t.ctx, 'site.changed');
    expect((await t.app.inject({ url: '/api/web-status' })).json().result).toBe(true);
    await t.ctx.db.execute(sql`update web_status set result = false where id = 1`);
    await invalidate(t.ctx, 'site.changed');
  });

  it('configuration forces it (WEB_STATUS=on) regardless of the database', async () => {
    const forced = await createTestApp({ env: { WEB_STATUS: 'on', WEB_STATUS_VARIANT: 'overload' } });
    try {
      const res = await forced.app.inject({ url: '/api/web-status' });
      expect(res.json()).toMatchObject({ result: true, variant: 'overload' });
    } finally {
      await forced.close();
    }
  });
});

describe('product display ids (SPEC.md §5)', () => {
  it("'null' and 'undefined' give empty results", async () => {
    const res = await t.app.inject({
      url: '/api/products/product-display-list?product_display_list=null,undefined',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: [] });
  });
});

describe('loggers (POST /api/loggers/*)', () => {
  it('stores a section log for a guest and refuses callers without an identity', async () => {
    const guestId = guestIdOf(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/section-log',
      headers: { 'x-guest-user-id': guestId },
      payload: { section: 'bottom_tab_bar', label: 'tab_home_non_login' },
    });
    expect(res.statusCode).toBe(200);
    // Accepted means written (domains/support/event-log.ts): the row is there when the call answers.
    const rows = await t.ctx.db.select().from(eventLogs);
    expect(rows.at(-1)).toMatchObject({
      kind: 'SECTION',
      guest_id: guestId,
      name: 'bottom_tab_bar',
    });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      payload: { page: '/' },
    });
    expect(anonymous.statusCode).toBe(401);
    const badGuest = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      headers: { 'x-guest-user-id': 'bad id!' },
      payload: { page: '/' },
    });
    expect(badGuest.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/error-log',
      headers: { 'x-guest-user-id': guestId },
      payload: { message: 'x'.repeat(10_000) },
    });
    expect(huge.statusCode).toBe(400);
  });
});
