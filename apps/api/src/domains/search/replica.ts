/**
 * In-memory replicas of the small, read-mostly parts of the search index (suggest-rows.ts,
 * postings-replica.ts), so that autocomplete and unfiltered product searches cost no database
 * statement (every statement is a socket round trip plus planning; on a small box those, not the
 * matching, bounded throughput).
 *
 * Sync (`Replica`): a replica answers only for the index generation it was loaded at (documents.ts
 * bumps it on every write in this process), so this node never answers from before its own
 * re-index: until the reload is done the engine uses SQL. Writes by other nodes (or a re-index in a
 * transaction that had not committed when the reload read) are noticed by a stamp, checked at most
 * every `checkMs` (2 s) while the replica is used: the row count and the sum of the row versions
 * (`xmin`) of the replicated rows, which every insert, update or delete changes (re-indexing a
 * product rewrites its terms' `df`). A changed stamp reloads in the background; the old replica
 * answers meanwhile (so other nodes' writes show within about 2 s plus a reload).
 */
import type { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { indexGeneration } from './generation.ts';

/** How often (ms) a replica in use checks whether other nodes changed its rows. */
export const REPLICA_CHECK_MS = 2_000;
/** The longest wait before loading again after failed loads. */
const RELOAD_BACKOFF_MAX_MS = 60_000;

/** A loaded copy of some rows, valid for one index generation and one stamp. */
export class Replica<T> {
  private value: { data: T; gen: number; stamp: string } | null = null;
  private loading: Promise<void> | null = null;
  private checking: Promise<void> | null = null;
  private checkedAt = 0;
  /** Loads failed in a row, and when the next one may start (now() units). */
  private failures = 0;
  private retryAt = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly stamp: () => Promise<string>,
    private readonly checkMs = REPLICA_CHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The replica, or null while it is not loaded for this generation (the caller answers from SQL;
   * a load is started). Starts a stamp check when the last one is older than checkMs.
   */
  get(): T | null {
    const v = this.value;
    if (!v || v.gen !== indexGeneration()) {
      this.reload();
      return null;
    }
    if (this.now() - this.checkedAt >= this.checkMs) this.check();
    return v.data;
  }

  /** Loads (if needed) and waits until the replica answers for the current generation. */
  async ready(): Promise<T> {
    for (let i = 0; i < 5; i++) {
      const v = this.get();
      if (v) return v;
      await this.loading;
    }
    throw new Error('search replica never caught up with the index');
  }

  private reload(): void {
    if (this.loading || this.now() < this.retryAt) return;
    this.loading = (async () => {
      const gen = indexGeneration();
      // The stamp before the rows: a write committed in between makes the next check reload.
      const stamp = await this.stamp();
      const data = await this.load();
      this.value = { data, gen, stamp };
      this.checkedAt = this.now();
      this.failures = 0;
      this.retryAt = 0;
    })()
      .catch(() => {
        // The database went away (shutdown) or the load cannot finish (a statement timeout, a
        // memory limit): SQL answers meanwhile. The next try waits 1 s, 2 s, 4 s… up to a minute,
        // so a load that keeps failing is not started again by every search; and a copy that
        // could not be refreshed three times stops answering (its rows may be long out of date).
        this.failures += 1;
        this.retryAt = this.now() + Math.min(RELOAD_BACKOFF_MAX_MS, 1_000 * 2 ** (this.failures - 1));
        if (this.failures >= 3) this.value = null;
      })
      .finally(() => {
        this.loading = null;
      });
  }

  /** Waits for the load or stamp check under way, if any (tests). */
  async settled(): Promise<void> {
    while (this.checking || this.loading) {
      await this.checking;
      await this.loading;
    }
  }

  private check(): void {
    if (this.checking || this.loading) return;
    this.checkedAt = this.now();
    this.checking = this.stamp()
      .then((s) => {
        // Changed elsewhere: reload, answering from the old copy meanwhile (same generation).
        if (this.value && s !== this.value.stamp) this.reload();
      })
      .catch(() => undefined)
      .finally(() => {
        this.checking = null;
      });
  }
}

/** The first row of a statement's result (an empty row when none). */
export const firstRow = async (db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>> =>
  rowsOf<Record<string, unknown>>(await db.execute(query))[0] ?? {};
