import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { brands } from '../src/db/schema.ts';

it('migrates an in-memory PGlite and round-trips a row', async () => {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await database.migrate(); // idempotent
  const [b] = await database.db
    .insert(brands)
    .values({ name: '테스트', name_en: 'TEST', slug: 'test' })
    .returning();
  expect(b?.id).toBeTypeOf('number');
  const r = await database.db.execute(sql`select similarity('슬랙스', '슬렉스') as s`);
  expect(Number((r as unknown as { rows: { s: number }[] }).rows[0]?.s)).toBeGreaterThan(0);
  await database.close();
});
