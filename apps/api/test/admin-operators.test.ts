/**
 * The back office's accounts (docs/ARCHITECTURE.md, "Back office"): the role matrix over every
 * operator call of the OpenAPI document (each role, a shopper, nobody), an audit row for every
 * change an operator makes, sessions (HttpOnly cookie, CSRF token, idle timeout, sign-out, switched
 * off), the sign-in limits, the TOTP second factor, operator management and the CLI.
 */

import { OPERATOR_ROLES, type OperatorRole } from '@codiroom/shared';
import { count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/admin-cli.ts';
import { auditLogs, operators } from '../src/db/schema.ts';
import {
  OPERATOR_SIGN_IN_LIMITS,
  REFUSED_SIGN_IN_AUDIT_WINDOW_S,
  UNKNOWN_OPERATOR,
} from '../src/domains/admin/operators.ts';
import { hotp, totpStep } from '../src/domains/admin/totp.ts';
import { verifyPassword } from '../src/platform/passwords.ts';
import { mutableClock } from './auth-helpers.ts';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, operatorSession, type TestApp } from './helpers.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

type Operation = {
  security?: Record<string, string[]>[];
  description?: string;
  'x-operator-roles'?: string[];
};

async function auditCount(): Promise<number> {
  const [r] = await t.ctx.db.select({ n: count() }).from(auditLogs);
  return Number(r?.n ?? 0);
}

describe('the role matrix', () => {
  it('every operator call answers each role exactly as its roles say; shoppers and nobody are refused; changes are audited', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const calls: { method: string; path: string; roles: string[] }[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op['x-operator-roles'])
          calls.push({ method: method.toUpperCase(), path, roles: op['x-operator-roles'] });
      }
    }
    // Every /api/admin call but the sign-in ones is an operator call.
    const adminPaths = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/api/admin/') && !p.startsWith('/api/admin/auth/l') && p !== '/api/admin/auth/me',
    );
    for (const p of adminPaths)
      expect(
        calls.some((c) => c.path === p),
        `${p} declares its roles`,
      ).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(15);

    const sessions = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (r) => [r, await operatorSession(t, [r])] as const)),
    ) as unknown as Record<OperatorRole, { headers: Record<string, string> }>;
    const shopper = await createMember(t.ctx);
    const send = (c: (typeof calls)[number], headers: Record<string, string>) =>
      t.app.inject({
        method: c.method as 'GET',
        url: c.path.replace(/\{[^}]+\}/g, '1'),
        headers: { ...headers, ...(c.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { payload: '{}' }),
      });
    for (const c of calls) {
      const label = `${c.method} ${c.path}`;
      for (const role of OPERATOR_ROLES) {
        const before = await auditCount();
        const res = await send(c, sessions[role].headers);
        const allowed = c.roles.includes(role);
        if (allowed) expect([401, 403], `${label} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${label} as ${role}`).toBe(403);
        expect(res.statusCode, `${label} as ${role}`).toBeLessThan(500);
        // Every change an operator attempts leaves one audit row (refused ones too).
        if (c.method !== 'GET') expect(await auditCount(), `${label} as ${role} is audited`).toBe(before + 1);
      }
      const asShopper = await send(c, shopper.headers);
      const memberRoute = c.path.startsWith('/api/orders/order-items/');
      if (memberRoute)
        expect([401, 403]).not.toContain(asShopper.statusCode); // the shopper's own call
      else expect(asShopper.statusCode, `${label} as a shopper`).toBe(403);
      expect((await send(c, {})).statusCode, `${label} as nobody`).toBe(401);
      // The API key is an ADMIN.
      expect([401, 403]).not.toContain((await send(c, ADMIN_KEY_HEADERS)).statusCode);
    }
  }, 120_000);
});

describe('operator sessions', () => {
  it('an HttpOnly SameSite=Strict cookie, CSRF on changes, idle timeout, sign-out', async () => {
    const op = await operatorSession(t, ['CURATOR']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: op.email, password: 'operator-pass-2026' },
    });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^codiroom_op=[\w-]{43}; Path=\/api\/admin; Max-Age=43200; HttpOnly; SameSite=Strict/,
    );
    const me = await t.app.inject({
      url: '/api/admin/auth/me',
      headers: { cookie: op.headers.cookie as string },
    });
    expect(me.json()).toMatchObject({
      operator: { email: op.email, roles: ['CURATOR'] },
      idle_timeout_min: 30,
    });
    // A change with the cookie alone (a forged cross-site request) is refused.
    const publish = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/curations/999999/publish', headers });
    expect((await publish({ cookie: op.headers.cookie as string })).statusCode).toBe(403);
    expect((await publish({ ...op.headers, 'x-csrf-token': 'x'.repeat(32) })).statusCode).toBe(403);
    expect((await publish(op.headers)).statusCode).toBe(404); // allowed; no such curation
    // Idle for longer than OPERATOR_IDLE_MIN: signed out.
    clock.advance(29 * 60);
    expect((await publish(op.headers)).statusCode).toBe(404);
    clock.advance(31 * 60);
    expect((await publish(op.headers)).statusCode).toBe(401);
    const again = await operatorSession(t, ['CURATOR']);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: again.headers });
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await publish(again.headers)).statusCode).toBe(401);
    // Sign-out is in the audit log, once (signing out of an ended session again adds nothing).
    await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: again.headers });
    const logouts = await t.ctx.db.select().from(auditLogs).where(like(auditLogs.action, 'operator.logout%'));
    expect(logouts.filter((r) => r.operator_id === again.id)).toMatchObject([
      { status_code: 200, target_type: 'operator', target_id: String(again.id) },
    ]);
    // A tampered cookie is nobody.
    expect((await publish({ cookie: `codiroom_op=${'A'.repeat(43)}`, 'x-csrf-token': 'x' })).statusCode).toBe(
      401,
    );
  });

  it('wrong passwords from one address never lock the owner out of another; the address waits; refused sign-ins are counted, not logged one by one', async () => {
    const op = await operatorSession(t, ['CS']);
    const login = (email: string, password: string, from = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email, password },
        remoteAddress: from,
      });
    const unknown = await login('nobody@codiroom.test', 'whatever-123', '192.0.2.1');
    const wrong = await login(op.email, 'wrong-pass-123', '192.0.2.1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    // An attacker's address: five free failures, then it waits (429 with Retry-After), unlike the owner.
    const attacker = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await login(op.email, 'wrong-pass-123', attacker)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const waiting = await login(op.email, 'operator-pass-2026', attacker);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(waiting.json().detail).toMatch(/로그인 시도가 너무 많아요/);
    expect((await login(op.email, 'operator-pass-2026', '198.51.100.2')).statusCode).toBe(200);
    // Ten parallel guesses from another address: at most five are checked; the owner still gets in.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => login(op.email, 'wrong-pass-123', '203.0.113.9')),
    );
    expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5);
    expect((await login(op.email, 'operator-pass-2026', '198.51.100.2')).statusCode).toBe(200);

    // One address trying many e-mails: limited across accounts after OPERATOR_SIGN_IN_LIMITS.addressFreeFailures.
    const sprayer = '203.0.113.50';
    const sprayed: number[] = [];
    for (let i = 0; i < 25; i++)
      sprayed.push((await login(`guess${i}@codiroom.test`, 'whatever-123', sprayer)).statusCode);
    const free = OPERATOR_SIGN_IN_LIMITS.addressFreeFailures;
    expect(sprayed.slice(0, free)).toEqual(Array(free).fill(401));
    expect(new Set(sprayed.slice(free))).toEqual(new Set([429]));

    // The audit log: one row per (account or unknown e-mail, address, window) with the count.
    const rows = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.action, 'operator.login.refused%'));
    const of = (who: number | string, ip: string) =>
      rows.filter((r) => (typeof who === 'number' ? r.operator_id === who : r.actor === who) && r.ip === ip);
    expect(of(op.id, attacker)).toHaveLength(1);
    expect(of(op.id, attacker)[0]?.after).toMatchObject({ attempts: 31 });
    expect(of(op.id, attacker)[0]?.actor).toContain(op.email);
    expect(of(op.id, '203.0.113.9')).toHaveLength(1);
    expect(of(op.id, '203.0.113.9')[0]?.after).toMatchObject({ attempts: 10 });
    expect(of(UNKNOWN_OPERATOR, sprayer)).toHaveLength(1);
    expect(of(UNKNOWN_OPERATOR, sprayer)[0]?.after).toMatchObject({ attempts: 25 });
    // A new window starts a new row.
    clock.advance(REFUSED_SIGN_IN_AUDIT_WINDOW_S);
    await login('nobody@codiroom.test', 'whatever-123', sprayer);
    expect(
      (
        await t.ctx.db.select().from(auditLogs).where(like(auditLogs.action, 'operator.login.refused%'))
      ).filter((r) => r.actor === UNKNOWN_OPERATOR && r.ip === sprayer),
    ).toHaveLength(2);

    const admin = await operatorSession(t, ['ADMIN']);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/operators/${op.id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(row).toMatchObject({
      operator_id: admin.id,
      target_type: 'operator',
      target_id: String(op.id),
      before: expect.objectContaining({ is_active: true }),
      after: expect.objectContaining({ is_active: false }),
    });
    expect((await t.app.inject({ url: '/api/admin/curations', headers: op.headers })).statusCode).toBe(401);
    // An ADMIN cannot switch themselves off.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/operators/${admin.id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(self.statusCode).toBe(409);
  });

  it('the TOTP second factor: set up, confirmed by a code, then asked at sign-in; a code works once', async () => {
    const op = await operatorSession(t, ['MD']);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/setup',
      headers: op.headers,
    });
    const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain(`secret=${secret}`);
    const confirm = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/totp/confirm',
        headers: op.headers,
        payload: { code },
      });
    expect((await confirm('000000')).statusCode).toBe(400);
    expect((await confirm(hotp(secret, totpStep(clock.now())))).json()).toMatchObject({ totp_enabled: true });
    const login = (totp?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email: op.email, password: 'operator-pass-2026', ...(totp ? { totp } : {}) },
      });
    const asked = await login();
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ totp_required: true });
    clock.advance(30);
    const code = hotp(secret, totpStep(clock.now()));
    expect((await login(code)).statusCode).toBe(200);
    expect((await login(code)).statusCode).toBe(401); // the same code again
    // One fresh code used by two sign-ins at once: exactly one gets in.
    clock.advance(30);
    const next = hotp(secret, totpStep(clock.now()));
    const both = await Promise.all([login(next), login(next)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const [stored] = await t.ctx.db.select().from(operators).where(eq(operators.id, op.id));
    expect(stored?.totp_secret).toBe(secret);
    // Two-step sign-ins (asked for the code, then given it) all day from one office address never
    // use up the address's allowance of failures.
    for (let i = 0; i < 30; i++) {
      clock.advance(30);
      const fromOffice = (totp?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          remoteAddress: '10.77.0.1',
          payload: { email: op.email, password: 'operator-pass-2026', ...(totp ? { totp } : {}) },
        });
      expect((await fromOffice()).statusCode, `round ${i}`).toBe(401);
      expect((await fromOffice(hotp(secret, totpStep(clock.now())))).statusCode, `round ${i}`).toBe(200);
    }
  });

  it('RFC 6238 test vector (SHA-1, 8 digits truncated to 6)', () => {
    // Secret "12345678901234567890" in base32; T = 59 s → step 1 → 94287082 (RFC 6238 appendix B).
    expect(hotp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
  });
});

describe('operators and the CLI', () => {
  it('an ADMIN creates operators (validated, unique); others cannot; the CLI creates the first ADMIN', async () => {
    const admin = await operatorSession(t, ['ADMIN']);
    const create = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/operators', headers, payload: body as object });
    const body = { email: 'md.kim@codiroom.test', name: '김엠디', roles: ['MD'], password: 'short' };
    expect((await create(admin.headers, body)).statusCode).toBe(400);
    const ok = await create(admin.headers, { ...body, password: 'md-password-2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty('password_hash');
    expect((await create(admin.headers, { ...body, password: 'md-password-2026' })).statusCode).toBe(409);
    const md = await operatorSession(t, ['MD']);
    expect(
      (await create(md.headers, { ...body, email: 'x@codiroom.test', password: 'md-password-2026' }))
        .statusCode,
    ).toBe(403);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'operator.create · POST /api/admin/operators'));
    expect(JSON.stringify(audit?.after)).not.toContain('md-password-2026');

    const lines: string[] = [];
    const io = (password: string) => ({
      out: (l: string) => lines.push(l),
      err: (l: string) => lines.push(`ERR ${l}`),
      readPassword: async () => password,
    });
    expect(
      await runAdminCli(
        t.ctx,
        ['create', '--email', 'Boss@Codiroom.test', '--name', '대표'],
        io('boss-password-1'),
      ),
    ).toBe(0);
    const [boss] = await t.ctx.db.select().from(operators).where(eq(operators.email, 'boss@codiroom.test'));
    expect(boss?.roles).toEqual(['ADMIN']);
    expect(await verifyPassword(boss?.password_hash as string, 'boss-password-1')).toBe(true);
    expect(
      await runAdminCli(t.ctx, ['create', '--email', 'b@codiroom.test', '--name', 'x'], io('weak')),
    ).toBe(2);
    expect(
      await runAdminCli(t.ctx, ['reset-password', '--email', 'boss@codiroom.test'], io('boss-password-2')),
    ).toBe(0);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'boss@codiroom.test', password: 'boss-password-2' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(await runAdminCli(t.ctx, ['list'], io(''))).toBe(0);
    expect(lines.some((l) => l.includes('boss@codiroom.test\t대표\tADMIN'))).toBe(true);
    expect(await runAdminCli(t.ctx, ['bogus'], io(''))).toBe(2);
  });
});
