/**
 * Page documents (docs/ARCHITECTURE.md, "The page read path"): JSON a page needs that is costly to
 * compute and changes only with cache events (or slowly), kept in the database (`page_documents`),
 * so every process and every restart share one copy and a first visit of a product finds it ready.
 *
 * - A reader names the age it accepts (`maxAgeMs`); an older document is computed again.
 * - `DOCUMENT_EVENTS` (what a product or its reviews are) delete every document, in the process
 *   that sends the event (the table is shared), and move that event's epoch on.
 * - A document is stored only if no such event came since its computation began (`epoch` read
 *   first, compared in the same statement as the write): what was read before a change is never
 *   kept after it.
 * - Prices, stock and counts are not in documents: readers lay them over live (web/product-document.ts).
 */
import { sql } from 'drizzle-orm';
import { runHot } from '../db/hot-sql.ts';
import { rowsOf } from '../db/rows.ts';
import type { CacheEvent, CacheRegistry } from './cache.ts';
import type { Collector } from './metrics.ts';
import type { Conn } from './transactions.ts';

/** The events after which no page document may be served. */
export const DOCUMENT_EVENTS: readonly CacheEvent[] = ['catalog.changed', 'reviews.changed'];

/** The sum of the events' epochs: read before computing a document, checked when storing it. */
export async function documentEpoch(db: Conn): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select coalesce(sum(epoch), 0)::int as n from page_document_epochs`),
  );
  return Number(row?.n ?? 0);
}

/** The document under `key` if it is younger than `maxAgeMs` at `now`, else null. */
export async function readDocument<T>(db: Conn, key: string, now: Date, maxAgeMs: number): Promise<T | null> {
  const since = new Date(now.getTime() - maxAgeMs);
  // Every page reads one: a named prepared statement (one round trip on postgres.js).
  const [row] = (await runHot(db)(
    sql`select body from page_documents where key = ${key} and computed_at > ${since.toISOString()}`,
  )) as { body: T | string }[];
  if (!row) return null;
  return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as T;
}

/**
 * The keys among `keys` without a document younger than `maxAgeMs` at `now` (what a warm-up
 * computes), in the given order.
 */
export async function missingDocuments(
  db: Conn,
  keys: readonly string[],
  now: Date,
  maxAgeMs: number,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const since = new Date(now.getTime() - maxAgeMs);
  const fresh = new Set(
    rowsOf<{ key: string }>(
      await db.execute(sql`
        select key from page_documents
        where key = any(${sql.param([...keys])}::varchar[]) and computed_at > ${since.toISOString()}`),
    ).map((r) => r.key),
  );
  return keys.filter((k) => !fresh.has(k));
}

/**
 * Writes and drops exclude each other (a transaction-scoped advisory lock: shared for writes,
 * exclusive for a drop): on PostgreSQL a write that began while a drop ran waits for its commit and
 * then sees the moved epoch, so it cannot slip a document computed before the change in after it.
 */
export const DOCUMENTS_LOCK = 7_061_676_265; // "page" in ASCII, as a number

/**
 * Stores `body` under `key`, computed at `computedAt`, unless an event moved the epoch on since
 * `epoch` was read; true when stored.
 */
export async function storeDocument(
  db: Conn,
  key: string,
  body: unknown,
  computedAt: Date,
  epoch: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${DOCUMENTS_LOCK}::bigint)`);
    const rows = rowsOf(
      await tx.execute(sql`
        insert into page_documents (key, body, computed_at)
        select ${key}, ${JSON.stringify(body)}::jsonb, ${computedAt.toISOString()}
        where (select coalesce(sum(epoch), 0) from page_document_epochs) = ${epoch}
        on conflict (key) do update set body = excluded.body, computed_at = excluded.computed_at
        returning key`),
    );
    return rows.length > 0;
  });
}

/** Deletes every document and moves `event`'s epoch on, excluding writes meanwhile. */
export async function dropDocuments(db: Conn, event: CacheEvent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENTS_LOCK}::bigint)`);
    await tx.execute(sql`
      insert into page_document_epochs (event, epoch) values (${event}, 1)
      on conflict (event) do update set epoch = page_document_epochs.epoch + 1`);
    await tx.execute(sql`delete from page_documents`);
  });
}

/**
 * Makes every DOCUMENT_EVENTS event sent from this process drop the documents. A failure is
 * logged, not thrown: the change that sent the event has committed; its documents then end with
 * their age limit.
 */
export function dropDocumentsOnEvents(
  caches: CacheRegistry,
  db: () => Conn,
  onError: (err: unknown) => void,
): void {
  for (const event of DOCUMENT_EVENTS) {
    caches.onSend(event, (e) => dropDocuments(db(), e).catch(onError));
  }
}

/** /metrics: how many page documents are stored (a warm shop holds one per product on sale). */
export function pageDocumentsCollector(db: () => Conn): Collector {
  return async () => {
    const [row] = rowsOf<{ n: number | string }>(
      await db().execute(sql`select count(*)::int as n from page_documents`),
    );
    return [
      {
        name: 'codiroom_page_documents',
        help: 'Page documents stored (product pages computed ahead)',
        value: Number(row?.n ?? 0),
      },
    ];
  };
}
