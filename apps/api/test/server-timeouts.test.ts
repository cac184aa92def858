/**
 * Slow clients (docs/ARCHITECTURE.md "Security"): a request whose headers or body trickle in, a
 * connection gone silent mid-request and an idle keep-alive connection are each closed after their
 * configured time. A real server on 127.0.0.1 with short timeouts, driven by raw sockets; every
 * wait is bounded, so on a server without the timeouts the test fails instead of hanging.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createContext } from '../src/platform/create-context.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { openTestDatabase, testEnv } from './helpers.ts';

const HEADERS_MS = 600;
const REQUEST_MS = 1_500;
const IDLE_MS = 800;
const KEEP_ALIVE_MS = 400;
/** How long a test waits for the server to close before it calls the connection left open. */
const GIVE_UP_MS = 4_000;

let app: FastifyInstance;
let database: Database;
let port: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig(
    testEnv({
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      IDLE_TIMEOUT_MS: String(IDLE_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    }),
  );
  app = await buildApp(createContext(config, database, { kv: new MemoryStore() }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Whether the server closed the connection, when (ms after connecting), and when its first bytes came. */
type Outcome = { closed: boolean; ms: number; firstByteMs: number | null; received: string };

/**
 * Opens a connection, writes `first`, then `drip` every `everyMs` until the server closes the
 * connection or GIVE_UP_MS pass.
 */
function slowClient(first: string, drip: string | null, everyMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let firstByteMs: number | null = null;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, ms: Date.now() - t0, firstByteMs, received });
    };
    const giveUp = setTimeout(() => finish(false), GIVE_UP_MS);
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      firstByteMs ??= Date.now() - t0;
      received += d;
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(first);
      if (drip !== null) {
        timer = setInterval(() => {
          if (socket.writable) socket.write(drip);
        }, everyMs);
      }
    });
  });
}

const POST_HEAD =
  'POST /api/loggers/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n';

describe('slow clients are cut off', () => {
  it('a body dripped one byte at a time: 408 once the request has taken REQUEST_TIMEOUT_MS', async () => {
    const out = await slowClient(`${POST_HEAD}{"events":[`, ' ', 200);
    expect(out.closed).toBe(true);
    expect(out.ms).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(out.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(out.received).toContain('{"detail":"Request timeout"}');
  });

  it('headers dripped one byte at a time: 408 after HEADERS_TIMEOUT_MS', async () => {
    const out = await slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a', 100);
    expect(out.closed).toBe(true);
    expect(out.ms).toBeLessThan(REQUEST_MS);
    expect(out.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection silent mid-body is closed after IDLE_TIMEOUT_MS', async () => {
    // Headers complete, a few body bytes, then nothing: not a drip, just a held socket.
    const out = await slowClient(`${POST_HEAD}{"ev`, null, 0);
    expect(out.closed).toBe(true);
    expect(out.ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const out = await slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', null, 0);
    expect(out.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(out.closed).toBe(true);
    expect(out.ms - (out.firstByteMs ?? 0)).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    // Node 24 keeps the socket keepAliveTimeoutBuffer (1 s) longer than the announced timeout.
    expect(out.ms - (out.firstByteMs ?? 0)).toBeLessThan(KEEP_ALIVE_MS + 1_000 + 600);
  });

  it('a request sent at an ordinary pace is unaffected', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('defaults', () => {
  it('carry a 10 MiB photo at 0.5 Mbit/s and refuse headers slower than 20 s', () => {
    const c = loadConfig(testEnv());
    const tenMiBAtHalfMbit = ((10 * 1024 * 1024 * 8) / 500_000) * 1000;
    expect(c.REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual(tenMiBAtHalfMbit);
    expect(c.HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(20_000);
    expect(() => loadConfig(testEnv({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }))).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });
});
