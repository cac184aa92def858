import type { Rng } from '@codiroom/shared';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.ts';

import { SEED_TABLES, type SeedOptions, type SeedSummary, type SeedTable } from './options.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/**
 * PostgreSQL allows 65,535 bind parameters per statement, but PGlite 0.3 writes the count as a
 * signed 16-bit integer: 32,768 parameters fail ("Invalid array length") and larger counts wrap.
 * Stay below 32,767.
 */
export const MAX_PARAMS = 30_000;
export const MAX_ROWS_PER_INSERT = 4_000;
/** Product displays generated and written per catalogue batch. */
export const CATALOGUE_BATCH = 2_000;

// ───────────────────────────── small helpers ─────────────────────────────

export function get<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range (${items.length})`);
  return v;
}

export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

export function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 4 }, () => rng.nextUint32().toString(16).padStart(8, '0')).join('');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type Row = Record<string, unknown>;
export type TableWithId = PgTable & { id: PgColumn };

export class Writer {
  readonly counts = Object.fromEntries(SEED_TABLES.map((k) => [k, 0])) as SeedSummary;
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private chunkSize(rows: readonly Row[]): number {
    let cols = 1;
    for (const r of rows) {
      const n = Object.keys(r).length;
      if (n > cols) cols = n;
    }
    return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / cols)));
  }

  async insert(name: SeedTable, table: PgTable, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const size = this.chunkSize(rows);
    for (let i = 0; i < rows.length; i += size) {
      await this.db.insert(table).values(rows.slice(i, i + size) as never);
    }
    this.counts[name] += rows.length;
  }

  /** Inserts and returns the generated ids in the order of `rows`. */
  async insertIds(name: SeedTable, table: TableWithId, rows: readonly Row[]): Promise<number[]> {
    const ids: number[] = [];
    if (rows.length === 0) return ids;
    const size = this.chunkSize(rows);
    for (let i = 0; i < rows.length; i += size) {
      const res = await this.db
        .insert(table)
        .values(rows.slice(i, i + size) as never)
        .returning({ id: table.id });
      for (const r of res) ids.push(r.id as number);
    }
    if (ids.length !== rows.length)
      throw new Error(`${name}: expected ${rows.length} ids, got ${ids.length}`);
    this.counts[name] += rows.length;
    return ids;
  }
}

export class Progress {
  private done = 0;
  readonly total: number;
  private readonly cb: SeedOptions['onProgress'];
  constructor(total: number, cb: SeedOptions['onProgress']) {
    this.total = total;
    this.cb = cb;
  }
  step(units: number, stage: string): void {
    this.done = Math.min(this.total, this.done + units);
    this.cb?.(this.done, this.total, stage);
  }
}

// ───────────────────────────── generated entities ─────────────────────────────
