import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { fixedStatement } from '../src/db/hot-sql.ts';
import { openTestDatabase } from './helpers.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('fixedStatement (db/hot-sql.ts)', () => {
  let builds = 0;
  const echo = fixedStatement<{ n: number; word: string | null }>((v, shape) => {
    builds++;
    return sql`select ${v('n')}::int * 2 as twice, ${v('word')}::text as word${
      shape === 'more' ? sql`, ${v('n')}::int + 1 as next` : sql``
    }`;
  });

  it('binds each run its own values, the same name once or several times', async () => {
    const first = await echo(database.db, { n: 3, word: '슬랙스' });
    const second = await echo(database.db, { n: 21, word: null });
    expect(first).toEqual([{ twice: 6, word: '슬랙스' }]);
    expect(second).toEqual([{ twice: 42, word: null }]);
    const more = await echo(database.db, { n: 4, word: 'x' }, 'more');
    expect(more).toEqual([{ twice: 8, word: 'x', next: 5 }]);
    // One shape's text goes back to its own shape's values, not the other's.
    expect(await echo(database.db, { n: 5, word: 'y' })).toEqual([{ twice: 10, word: 'y' }]);
  });

  it('builds the text once per shape on PostgreSQL (each run on PGlite)', async () => {
    const before = builds;
    for (let i = 0; i < 5; i++) await echo(database.db, { n: i, word: null }, 'more');
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    expect(builds - before).toBe(postgres ? 0 : 5);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    const count = fixedStatement<{ name: string }>(
      (v) => sql`select count(*)::int as n from brands where name = ${v('name')}::text`,
    );
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into brands (name, name_en, slug) values ('픽스드', 'FIXED', 'fixed')`);
        expect(await count(tx, { name: '픽스드' })).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await count(database.db, { name: '픽스드' })).toEqual([{ n: 0 }]);
  });
});
