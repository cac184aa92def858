/**
 * What is acknowledged survives a crash on the embedded default (docs/ARCHITECTURE.md, 'Data'):
 * the API server runs as its own operating-system process (src/server.ts with type stripping, as
 * `npm run dev` runs it) on PGlite with a data directory on disk; an order is created through HTTP
 * and answered 200, then the process is killed with SIGKILL at once — no shutdown, no flush — and
 * the order is in the database reopened from that directory. PGlite only (PostgreSQL's own
 * durability is its server's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '@codiroom/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { orders, productItems } from '../src/db/schema.ts';
import { createMember, createTestApp, TEST_ENV } from './helpers.ts';
import { ADDRESS, makeShop } from './orders-fixtures.ts';

const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => done(port));
    });
    s.on('error', reject);
  });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'codiroom-durability-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every order it acknowledged, and the stock each one took', async () => {
    // The shop and a member, written before the server starts (one process owns PGlite's files).
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    const t = await createTestApp({ database, clock: systemClock });
    const shop = await makeShop(t.ctx, { stock: 50 });
    // One member per order: a member's new order would end their previous unpaid one.
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(t.ctx)));
    await t.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        ...TEST_ENV,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BACKGROUND_JOBS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (c: Buffer) => {
      log = (log + c.toString()).slice(-10_000);
    });
    child.stderr?.on('data', (c: Buffer) => {
      log = (log + c.toString()).slice(-10_000);
    });
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 180_000;
    while (
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // Orders acknowledged one after the other, the last one answered just before the kill.
    const acknowledged: string[] = [];
    for (const { headers } of members) {
      const r = await fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ product_item_id: shop.m, quantity: 1 }],
          address: ADDRESS,
          delivery_request: '문 앞에 놓아주세요',
        }),
      });
      expect(r.status, await r.clone().text()).toBe(200);
      acknowledged.push(((await r.json()) as { order_id: string }).order_id);
    }
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    child = null;

    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const kept = await reopened.db
        .select({ order_no: orders.order_no })
        .from(orders)
        .where(inArray(orders.order_no, acknowledged));
      expect(kept.map((o) => o.order_no).sort()).toEqual([...acknowledged].sort());
      const [item] = await reopened.db
        .select({ stock: productItems.stock })
        .from(productItems)
        .where(eq(productItems.id, shop.m));
      expect(item?.stock).toBe(50 - acknowledged.length);
    } finally {
      await reopened.close();
    }
  }, 300_000);
});
