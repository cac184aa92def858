/**
 * Redis is a cache, never the truth (platform/kv.ts): with a key-value store that cannot answer,
 * signed-in requests go on from the database, sign-out still ends the session, sign-in and every
 * rate limit refuse with 503 and Retry-After (fail closed: never 500, never unlimited), and caches
 * just miss. A real Redis on its own port is killed and restarted when TEST_REDIS_URL is set and
 * redis-server is on PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ReplyError } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../src/domains/users/sessions.ts';
import { TOKEN_REVOKED } from '../src/platform/access.ts';
import { defineCache } from '../src/platform/cache.ts';
import { KEY_VALUE_UNAVAILABLE } from '../src/platform/errors.ts';
import {
  type BackoffRule,
  isKeyValueOutage,
  type KeyValueState,
  type KeyValueStore,
  KeyValueUnavailable,
  MemoryStore,
  RedisStore,
} from '../src/platform/kv.ts';
import { freshPhone, mutableClock, sendCode, signUpViaApi } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A memory store that can be switched off: then every call throws, as RedisStore's do with Redis down. */
class SwitchableStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  down = false;
  calls = 0;
  private readonly inner = new MemoryStore();
  private async call<T>(op: () => Promise<T>): Promise<T> {
    this.calls += 1;
    if (this.down) throw new KeyValueUnavailable(new Error('connection refused'));
    return op();
  }
  get(key: string) {
    return this.call(() => this.inner.get(key));
  }
  set(key: string, value: string, ttlSeconds?: number) {
    return this.call(() => this.inner.set(key, value, ttlSeconds));
  }
  incr(key: string, ttlSeconds?: number) {
    return this.call(() => this.inner.incr(key, ttlSeconds));
  }
  backoff(records: { key: string; rule: BackoffRule }[], nowMs: number) {
    return this.call(() => this.inner.backoff(records, nowMs));
  }
  backoffUndo(key: string) {
    return this.call(() => this.inner.backoffUndo(key));
  }
  del(key: string) {
    return this.call(() => this.inner.del(key));
  }
  async close() {}
  state(): KeyValueState {
    return { state: this.down ? 'degraded' : 'ok', lastErrorAt: null };
  }
  onRecovered(): void {}
}

const clock = mutableClock();
const kv = new SwitchableStore();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, kv });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** Runs `fn` with the store down, and brings it back afterwards. */
async function whileDown<T>(fn: () => Promise<T>): Promise<T> {
  kv.down = true;
  try {
    return await fn();
  } finally {
    kv.down = false;
  }
}

function expectRefusedForNow(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toEqual({ detail: KEY_VALUE_UNAVAILABLE });
}

describe('with the key-value store down', () => {
  it('signed-in requests answer from the database, and the store is not asked', async () => {
    const { body } = await signUpViaApi(t.app);
    const other = await issueSession(t.ctx, body.user.id);
    await whileDown(async () => {
      const before = kv.calls;
      const res = await t.app.inject({ url: '/api/users/user-detail', headers: bearer(other.access) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: body.user.id });
      expect(kv.calls).toBe(before);
    });
  });

  it('sign-out ends the session, and its access token is refused', async () => {
    const { body } = await signUpViaApi(t.app);
    await whileDown(async () => {
      expect((await post('/api/users/sign-out', { refresh: body.refresh })).statusCode).toBe(200);
      const res = await t.app.inject({ url: '/api/users/user-detail', headers: bearer(body.access) });
      expect(res.json()).toEqual({ detail: TOKEN_REVOKED });
    });
  });

  it('sign-in refuses with 503 and Retry-After (the delay gate cannot count), then works again', async () => {
    const { phone } = await signUpViaApi(t.app);
    const signIn = () => post('/api/users/sign-in', { phone, password: 'codiroom123' });
    await whileDown(async () => {
      for (let i = 0; i < 3; i++) expectRefusedForNow(await signIn());
    });
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
  });

  it('SMS codes and the phone check refuse with 503, never unlimited', async () => {
    await whileDown(async () => {
      expectRefusedForNow(await post('/api/users/send-sms', { phone: freshPhone() }));
      expectRefusedForNow(await t.app.inject({ url: `/api/users/check-phone?phone=${freshPhone()}` }));
    });
    // Up again: the same calls are served.
    expect(await sendCode(t.app, freshPhone())).toMatch(/^\d{6}$/);
  });

  it('caches just miss: realtime keywords answer an empty list, the catalogue answers', async () => {
    await whileDown(async () => {
      const res = await t.app.inject({ url: '/api/v1/search/realtime-keywords' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toEqual([]);
      // A shared cache of the catalogue (in the store): loaded from the database instead.
      const brands = await t.app.inject({ url: '/api/brands/simple-brand-data' });
      expect(brands.statusCode, brands.body).toBe(200);
    });
  });
});

describe('what counts as Redis being down', () => {
  it('any failure but a reply error, and the replies of a Redis that cannot serve; other replies are bugs', () => {
    expect(isKeyValueOutage(new Error('connect ECONNREFUSED 127.0.0.1:6379'))).toBe(true);
    expect(isKeyValueOutage(new ReplyError("OOM command not allowed when used memory > 'maxmemory'."))).toBe(
      true,
    );
    expect(isKeyValueOutage(new ReplyError("READONLY You can't write against a read only replica."))).toBe(
      true,
    );
    expect(isKeyValueOutage(new ReplyError('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isKeyValueOutage(new ReplyError("ERR wrong number of arguments for 'set' command"))).toBe(false);
    expect(
      isKeyValueOutage(new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value')),
    ).toBe(false);
  });
});

describe('RedisStore with no server', () => {
  it('fails fast with KeyValueUnavailable, reports degraded, and never queues for seconds', async () => {
    // Port 41098: in this test file's range, with nothing listening.
    const store = new RedisStore('redis://127.0.0.1:41098', `codiroom-test:${randomUUID()}:`);
    try {
      const first = await store.get('k').catch((e: unknown) => e);
      expect(first).toBeInstanceOf(KeyValueUnavailable);
      expect(store.state().state).toBe('degraded');
      expect(store.state().lastErrorAt).toBeGreaterThan(0);
      const started = performance.now();
      for (let i = 0; i < 20; i++) {
        expect(await store.incr('rl:x', 60).catch((e: unknown) => e)).toBeInstanceOf(KeyValueUnavailable);
      }
      expect(performance.now() - started).toBeLessThan(250);
    } finally {
      await store.close();
    }
  });
});

/** A local cache that events would clear: cleared when the events channel reconnects instead. */
const SEEN = defineCache<string>('test-redis-down-seen', {
  ttlMs: 60_000,
  invalidatedBy: ['catalog.changed'],
});

const PORT = 41079;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
describe.runIf(process.env.TEST_REDIS_URL && hasRedisServer)('a real Redis, killed and restarted', () => {
  const url = `redis://127.0.0.1:${PORT}`;
  const start = async () => {
    spawn(
      'redis-server',
      ['--port', String(PORT), '--save', '', '--appendonly', 'no', '--daemonize', 'yes'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50; i++) {
      if (
        spawnSync('redis-cli', ['-p', String(PORT), 'ping'])
          .stdout?.toString()
          .trim() === 'PONG'
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server did not start');
  };
  const kill = () => spawnSync('redis-cli', ['-p', String(PORT), 'shutdown', 'nosave']);
  let app: TestApp;
  beforeAll(async () => {
    await start();
    app = await createTestApp({
      clock,
      env: { REDIS_URL: url, REDIS_KEY_PREFIX: `codiroom-test:${randomUUID()}:` },
      kv: new RedisStore(url, `codiroom-test:${randomUUID()}:`),
    });
    await app.ctx.caches.ready();
  });
  afterAll(async () => {
    await app?.close();
    await app?.ctx.kv.close();
    kill();
  });

  it('signed-in requests go on, limits refuse fast, and everything comes back by itself', async () => {
    const { body, phone } = await signUpViaApi(app.app);
    const session = await issueSession(app.ctx, body.user.id);
    let recovered = 0;
    app.ctx.kv.onRecovered(() => {
      recovered += 1;
    });
    const seen = app.ctx.caches.local(SEEN);
    seen.put('k', 'before the outage');
    kill();
    await new Promise((r) => setTimeout(r, 200));
    const detail = await app.app.inject({ url: '/api/users/user-detail', headers: bearer(session.access) });
    expect(detail.statusCode, detail.body).toBe(200);
    const started = performance.now();
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(performance.now() - started).toBeLessThan(250);
    expect(app.ctx.kv.state().state).toBe('degraded');

    await start();
    const until = performance.now() + 5_000;
    while (app.ctx.kv.state().state !== 'ok' && performance.now() < until) {
      await app.ctx.kv.get('probe').catch(() => null);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(app.ctx.kv.state().state).toBe('ok');
    expect(recovered).toBeGreaterThan(0);
    // Events sent during the outage never arrived: the local cache is dropped once the channel is back.
    while (seen.peek('k') !== undefined && performance.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    expect(seen.peek('k')).toBeUndefined();
    const again = await app.app.inject({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { phone, password: 'codiroom123' },
    });
    expect(again.statusCode, again.body).toBe(200);
  }, 30_000);
});
