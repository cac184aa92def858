import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase, STARTUP_LOCK_KEY } from '../src/db/client.ts';
import { appMeta, productDisplays } from '../src/db/schema.ts';
import { ensureSeeded } from '../src/demo/ensure.ts';

// Processes starting together against one PostgreSQL server (two API processes and a worker in
// compose.yaml) migrate and seed one after the other (docs/ARCHITECTURE.md, "Data").
const url = process.env.TEST_DATABASE_URL;
const silent = { info: () => {} };
const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!url)('start-up lock on PostgreSQL', () => {
  const name = `codiroom_lock_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let admin: postgres.Sql;
  let dbUrl: string;
  const opened: Database[] = [];
  const open = async () => {
    const db = await openDatabase({ kind: 'postgresql', url: dbUrl, max: 2 });
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    admin = postgres(url as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrate waits while another process holds the lock', async () => {
    const holder = postgres(dbUrl, { max: 1, onnotice: () => {} });
    await holder`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
    const db = await open();
    let done = false;
    const migrating = db.migrate().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(done).toBe(false);
    const [schemaRow] = await holder`select to_regclass('drizzle.__drizzle_migrations') as t`;
    expect(schemaRow?.t).toBeNull();
    await holder.end();
    await migrating;
    expect(done).toBe(true);
  });

  it('three processes starting at once on an empty server migrate and seed exactly once', async () => {
    const u = new URL(dbUrl);
    u.pathname = `/${name}_b`;
    await admin.unsafe(`create database ${name}_b`);
    try {
      const starts = Array.from({ length: 3 }, async () => {
        const db = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 2 });
        try {
          await db.migrate();
          return await db.withStartupLock(() => ensureSeeded(db.db, { products: 12, log: silent }));
        } finally {
          await db.close();
        }
      });
      const seeded = await Promise.all(starts);
      expect(seeded.filter(Boolean)).toHaveLength(1);

      const check = postgres(u.toString(), { max: 1, onnotice: () => {} });
      const [applied] = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(applied?.n).toBe(journal.entries.length);
      await check.end();

      const db = await openDatabase({ kind: 'postgresql', url: u.toString(), max: 1 });
      const [products] = await db.db.select({ n: count() }).from(productDisplays);
      expect(products?.n).toBe(12);
      const seeds = await db.db.select().from(appMeta);
      expect(seeds.filter((m) => m.key === 'seed')).toHaveLength(1);
      await db.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name}_b with (force)`);
    }
  });
});

describe('start-up lock on the embedded database', () => {
  it('runs the function and hands back its result', async () => {
    const db = await openDatabase({ kind: 'pglite' });
    expect(await db.withStartupLock(async () => 42)).toBe(42);
    await db.close();
  });
});
