import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { appMeta, brands, productDisplays } from '../src/db/schema.ts';
import { ensureSeeded } from '../src/demo/ensure.ts';

const silent = { info: () => {} };
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('on-disk PGlite under DATA_DIR', () => {
  it('keeps all data across restarts and seeds only the first time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codiroom-persist-'));
    dirs.push(dataDir);

    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    expect(await ensureSeeded(first.db, { products: 60, log: silent })).toBe(true);
    const [before] = await first.db.select({ n: count() }).from(productDisplays);
    expect(before?.n).toBe(60);
    // An operator edit that a reseed would wipe.
    await first.db.update(brands).set({ description: '운영자가 고친 설명' }).where(eq(brands.id, 1));
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    expect(await ensureSeeded(second.db, { products: 60, log: silent })).toBe(false);
    const [after] = await second.db.select({ n: count() }).from(productDisplays);
    expect(after?.n).toBe(60);
    const [b] = await second.db.select().from(brands).where(eq(brands.id, 1));
    expect(b?.description).toBe('운영자가 고친 설명');
    const [meta] = await second.db.select().from(appMeta).where(eq(appMeta.key, 'seed'));
    expect(meta?.value).toMatchObject({ products: 60 });
    await second.close();
  });

  it('never seeds a database that already holds products, even without a seed record', async () => {
    const db = await openDatabase({ kind: 'pglite' });
    await db.migrate();
    await ensureSeeded(db.db, { products: 20, log: silent });
    await db.db.delete(appMeta);
    expect(await ensureSeeded(db.db, { products: 20, log: silent })).toBe(false);
    const [n] = await db.db.select({ n: count() }).from(productDisplays);
    expect(n?.n).toBe(20);
    await db.close();
  });
});
