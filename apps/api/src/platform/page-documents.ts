/**
 * Page documents (docs/ARCHITECTURE.md, "The page read path"): JSON a page needs that is costly to
 * compute and changes only with cache events (or slowly), kept in the database (`page_documents`),
 * so every process and every restart share one copy and a first visit of a product finds it ready.
 *
 * - A reader names the age it accepts (`maxAgeMs`); an older document is computed again.
 * - Each document carries the epoch (the sum of `page_document_epochs`) read before its computation
 *   began, and is served only while that is still the epoch (compared in the read's one statement).
 * - A change that makes documents wrong (`DOCUMENT_EVENTS`: what a product or its reviews are) moves
 *   its event's epoch on in its own transaction (`outdateDocuments`): the change and the end of
 *   every document read before it commit or roll back together, so no crash, kill -9 or failed
 *   step after the commit can leave an old document served.
 * - The event sent after the commit also drops them (`dropDocumentsOnEvents`, in the sending
 *   process): it frees the rows at once and covers a change made without `outdateDocuments` (a test
 *   writing rows directly); correctness does not rest on it.
 * - A document is stored only if no such change came since its computation began (`epoch` read
 *   first, compared in the same statement as the write): what was read before a change is never
 *   kept after it.
 * - Prices, stock and counts are not in documents: readers lay them over live (web/product-document.ts).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runHot } from '../db/hot-sql.ts';
import { rowsOf } from '../db/rows.ts';
import type { CacheEvent, CacheRegistry } from './cache.ts';
import type { Collector } from './metrics.ts';
import type { Conn } from './transactions.ts';

/** The events after which no page document may be served. */
export type DocumentEvent = Extract<CacheEvent, 'catalog.changed' | 'reviews.changed'>;
export const DOCUMENT_EVENTS: readonly DocumentEvent[] = ['catalog.changed', 'reviews.changed'];

/** The current epoch, as SQL (the sum of the events' epochs; only ever grows, from 0). */
const CURRENT_EPOCH = sql`(select coalesce(sum(e.epoch), 0)::int from page_document_epochs e)`;

/** The sum of the events' epochs: read before computing a document, checked when storing it. */
export async function documentEpoch(db: Conn): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select ${CURRENT_EPOCH} as n`));
  return Number(row?.n ?? 0);
}

/**
 * The document under `key` if it is younger than `maxAgeMs` at `now` and no change outdated it
 * since its computation began (its epoch is still the current one), else null.
 */
export async function readDocument<T>(db: Conn, key: string, now: Date, maxAgeMs: number): Promise<T | null> {
  const since = new Date(now.getTime() - maxAgeMs);
  // Every page reads one: a named prepared statement (one round trip on postgres.js); the epoch
  // is compared in it (a subquery over a few rows), not read apart.
  const [row] = (await runHot(db)(
    sql`select body from page_documents
        where key = ${key} and computed_at > ${since.toISOString()} and epoch = ${CURRENT_EPOCH}`,
  )) as { body: T | string }[];
  if (!row) return null;
  return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as T;
}

/**
 * The keys among `keys` without a servable document younger than `maxAgeMs` at `now` (what a
 * warm-up computes), in the given order.
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
        where key = any(${sql.param([...keys])}::varchar[]) and computed_at > ${since.toISOString()}
          and epoch = ${CURRENT_EPOCH}`),
    ).map((r) => r.key),
  );
  return keys.filter((k) => !fresh.has(k));
}

/**
 * Writes and drops exclude each other (a transaction-scoped advisory lock: shared for writes,
 * exclusive for a drop): on PostgreSQL a write that began while a drop ran waits for its commit and
 * then sees the moved epoch, so it cannot slip a document computed before the change in after it.
 * (`outdateDocuments` takes no lock: a document written while a change's transaction is open keeps
 * the epoch it read, which the change's commit ends.)
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
        insert into page_documents (key, body, computed_at, epoch)
        select ${key}, ${JSON.stringify(body)}::jsonb, ${computedAt.toISOString()}, ${epoch}::int
        where ${CURRENT_EPOCH} = ${epoch}
        on conflict (key) do update
          set body = excluded.body, computed_at = excluded.computed_at, epoch = excluded.epoch
        returning key`),
    );
    return rows.length > 0;
  });
}

const bumpEpoch = (event: string) => sql`
  insert into page_document_epochs (event, epoch) values (${event}, 1)
  on conflict (event) do update set epoch = page_document_epochs.epoch + 1`;

/**
 * In the transaction of a change that makes page documents wrong: every document computed before
 * the change stops being served when the change commits, and nothing changes if it rolls back.
 *
 * It moves one of the event's slot rows on (`<event>:<n>` in `page_document_epochs`; the epoch is
 * the sum of every row), the first one no other open transaction holds (SKIP LOCKED), or a new one
 * when all are held: a change never waits here for another (a shopper's review for an operator's
 * refund holding a slot), so it adds no lock order to its transaction wherever it is called.
 * The slots grow to the most changes ever open at once. The event the change sends after its
 * commit also drops the rows (`dropDocumentsOnEvents`).
 */
export async function outdateDocuments(tx: Conn, event: DocumentEvent): Promise<void> {
  const moved = rowsOf(
    await tx.execute(sql`
      update page_document_epochs set epoch = epoch + 1
      where event in (
        select event from page_document_epochs
        where event like ${`${event}:%`}
        order by event limit 1
        for update skip locked)
      returning event`),
  );
  // A new slot; the same name drawn by two changes at once only makes the second wait.
  if (moved.length === 0) await tx.execute(bumpEpoch(`${event}:${randomInt(1_000_000)}`));
}

/** Deletes every document and moves `event`'s epoch on, excluding writes meanwhile. */
export async function dropDocuments(db: Conn, event: DocumentEvent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENTS_LOCK}::bigint)`);
    await tx.execute(bumpEpoch(event));
    await tx.execute(sql`delete from page_documents`);
  });
}

/**
 * Makes every DOCUMENT_EVENTS event sent from this process drop the documents. A failure is
 * logged, not thrown: the change that sent the event has committed, and with it its
 * `outdateDocuments`, so the old documents are no longer served; their rows are overwritten or
 * dropped by the next event.
 */
export function dropDocumentsOnEvents(
  caches: CacheRegistry,
  db: () => Conn,
  onError: (err: unknown) => void,
): void {
  for (const event of DOCUMENT_EVENTS) {
    caches.onSend(event, () => dropDocuments(db(), event).catch(onError));
  }
}

/** /metrics: how many servable page documents are stored (a warm shop holds one per product on sale). */
export function pageDocumentsCollector(db: () => Conn): Collector {
  return async () => {
    const [row] = rowsOf<{ n: number | string }>(
      await db().execute(sql`select count(*)::int as n from page_documents where epoch = ${CURRENT_EPOCH}`),
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
