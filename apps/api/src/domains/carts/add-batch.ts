/**
 * POST /api/carts under load: micro-batching. Single adds arriving in the same event-loop turn
 * (and while earlier batches are in flight) go to PostgreSQL as ONE statement, one round trip and
 * one commit for the lot, instead of one each. Most of the cost of a single add was per
 * statement, not per row: PostgreSQL's parse, plan, executor start and commit, and the driver's
 * work and socket writes on the server (bench/cart.mjs: database CPU per add ~1.5 ms → ~0.2 ms,
 * server CPU per add ~0.6 ms → ~0.2 ms).
 *
 * Rules that keep every caller's answer exactly what the one-statement-per-add path gave:
 *  - A batch holds at most one add per cart owner, and an owner whose add is in flight waits for
 *    it (FIFO per owner). So no statement touches one cart row or line twice (which PostgreSQL's
 *    ON CONFLICT DO UPDATE refuses), each add sees the previous add of its owner, and this
 *    process's batches never wait on each other's row locks.
 *  - Rows are upserted in (owner, item) order, so concurrent statements (other processes) take
 *    their row locks in one order.
 *  - The statement returns one row per add; each caller gets its own result or its own 4xx (see
 *    service.ts addResultOf). When the statement fails, its adds are run again one by one, so an
 *    error reaches only the add that causes it.
 * The statement text is fixed (the adds travel as one JSON parameter), so on postgres.js it is a
 * named prepared statement, parsed and planned once per connection.
 */
import { CART_MAX_QUANTITY } from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgJsOf } from '../../db/hot-sql.ts';
import { rowsOf } from '../../db/rows.ts';
import { sellableStockSql } from '../catalog/index.ts';

export type BatchOwner = { userId: number } | { guestId: string };

export type BatchAdd = {
  owner: BatchOwner;
  at: Date;
  product_item_id: number;
  quantity: number;
};

/** One row per add, as the statement answers it (null columns when the item or cart is absent). */
export type BatchRow = {
  ord: number;
  found: boolean;
  stock: number | null;
  product_display_id: number | null;
  price: number | null;
  price_discount: number | null;
  extra_price: number | null;
  same_q: number | null;
  others: number | null;
  n_lines: number | null;
  line_id: number | null;
  line_quantity: number | null;
  inserted: boolean | null;
};

/**
 * The batch statement. `req` is the adds (ord = position in the batch); `item` looks each item up
 * by key (the lateral LIMIT 1 keeps the planner, which guesses 100 adds, from scanning the
 * catalogue); the owners' carts are upserted (members on user_id, guests on guest_id) when the
 * item can be sold; `held` is what each cart holds of the item, from the statement's snapshot
 * (plus the cart's line count); `room` is what the line may reach
 * (CART_MAX_QUANTITY, and the stock beside the cart's codi lines of the item). The line is
 * inserted or, on the (cart, item, codi) key, incremented; the conflict branch compares the
 * current line with `room`, so concurrent adds never take it above stock. Its commit is durable
 * (an add is acknowledged): the one WAL flush is shared by every add of the batch
 * (docs/ARCHITECTURE.md, "Carts").
 */
export const BATCH_ADD_SQL = `
with req as (
  select r.ord, r.user_id, r.guest_id, r.item_id, r.q, r.at
  from json_to_recordset($1::text::json)
    as r(ord int, user_id int, guest_id varchar, item_id bigint, q int, at timestamptz)
),
item as (
  select r.ord, x.*
  from req r
    join lateral (
      select i.id, i.product_display_id, i.extra_price, d.price, d.price_discount,
        ${sellableStockSql('i', 'd')} as stock
      from product_items i join product_displays d on d.id = i.product_display_id
      where i.id = r.item_id
      limit 1
    ) x on true
),
cart_u as (
  insert into carts (user_id, guest_id, created_at, updated_at)
  select r.user_id, null, r.at, r.at
  from req r join item on item.ord = r.ord
  where r.user_id is not null and item.stock > 0
  order by r.user_id
  on conflict (user_id) do update set updated_at = excluded.updated_at
  returning id, user_id
),
cart_g as (
  insert into carts (user_id, guest_id, created_at, updated_at)
  select null, r.guest_id, r.at, r.at
  from req r join item on item.ord = r.ord
  where r.user_id is null and item.stock > 0
  order by r.guest_id
  on conflict (guest_id) do update set updated_at = excluded.updated_at
  returning id, guest_id
),
cart as (
  select r.ord, c.id from req r join cart_u c on c.user_id = r.user_id
  union all
  select r.ord, c.id from req r join cart_g c on c.guest_id = r.guest_id where r.user_id is null
),
held as (
  select c.ord, c.id as cart_id,
    coalesce(sum(l.quantity) filter (where l.codi_id is null), 0)::int as same_q,
    coalesce(sum(l.quantity) filter (where l.codi_id is not null), 0)::int as others,
    (select count(*) from cart_lines n where n.cart_id = c.id)::int as n_lines
  from cart c
    join req r on r.ord = c.ord
    left join cart_lines l on l.cart_id = c.id and l.product_item_id = r.item_id
  group by c.ord, c.id
),
want as (
  select h.ord, h.cart_id, item.id as item_id, item.product_display_id, r.q, r.at,
    least(${CART_MAX_QUANTITY}, item.stock - h.others) as room
  from held h
    join item on item.ord = h.ord
    join req r on r.ord = h.ord
),
line as (
  insert into cart_lines (cart_id, product_item_id, product_display_id, codi_id, quantity,
    is_size_selected_by_user, created_at, updated_at)
  select w.cart_id, w.item_id, w.product_display_id, null, w.q, true, w.at, w.at
  from want w
  where w.q <= w.room
  order by w.cart_id, w.item_id
  on conflict (cart_id, product_item_id, codi_id) do update
    set quantity = cart_lines.quantity + excluded.quantity, updated_at = excluded.updated_at
    where cart_lines.quantity + excluded.quantity <= (
      select w.room from want w
      where w.cart_id = excluded.cart_id and w.item_id = excluded.product_item_id
    )
  returning id, cart_id, product_item_id, quantity, (xmax = 0) as inserted
)
select r.ord, (item.id is not null) as found, item.stock, item.product_display_id, item.price,
  item.price_discount, item.extra_price, h.same_q, h.others, h.n_lines,
  line.id as line_id, line.quantity as line_quantity, line.inserted
from req r
  left join item on item.ord = r.ord
  left join held h on h.ord = r.ord
  left join line on line.cart_id = h.cart_id and line.product_item_id = r.item_id
`;

/** Runs the batch statement: prepared on postgres.js, through Drizzle elsewhere (PGlite). */
export function batchRunner(db: Db): (adds: readonly BatchAdd[]) => Promise<BatchRow[]> {
  const client = pgJsOf(db);
  const [head = '', tail = ''] = BATCH_ADD_SQL.split('$1');
  const exec = client
    ? (json: string) => client.unsafe(BATCH_ADD_SQL, [json], { prepare: true })
    : (json: string) => db.execute(sql`${sql.raw(head)}${json}${sql.raw(tail)}`);
  return async (adds) => {
    const json = JSON.stringify(
      adds.map((a, ord) => ({
        ord,
        user_id: 'userId' in a.owner ? a.owner.userId : null,
        guest_id: 'guestId' in a.owner ? a.owner.guestId : null,
        item_id: a.product_item_id,
        q: a.quantity,
        at: a.at.toISOString(),
      })),
    );
    return rowsOf<BatchRow>(await exec(json));
  };
}

type Pending = {
  key: string;
  add: BatchAdd;
  resolve: (row: BatchRow) => void;
  reject: (err: unknown) => void;
};

export type BatcherOptions = {
  /** Statements in flight at once (each on its own pooled connection). */
  maxInFlight: number;
  /** Adds in one statement. */
  maxBatch: number;
};

export const ownerKey = (o: BatchOwner): string => ('userId' in o ? `u${o.userId}` : `g${o.guestId}`);

/**
 * Queues single adds and runs them in batches: the first add of an event-loop turn schedules a
 * flush (setImmediate), which sends what has queued; a batch that ends sends what queued meanwhile.
 * Resolves each add with its own row of the statement.
 */
export class CartAddBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Owners with an add in a statement in flight. */
  private readonly busy = new Set<string>();
  private scheduled = false;
  /** Counters (tests, diagnosis): batches formed, adds sent, the largest batch, adds run again alone. */
  readonly stats = { batches: 0, adds: 0, largest: 0, retried: 0 };

  constructor(
    private readonly run: (adds: readonly BatchAdd[]) => Promise<BatchRow[]>,
    private readonly opts: BatcherOptions = { maxInFlight: 2, maxBatch: 200 },
  ) {}

  add(add: BatchAdd): Promise<BatchRow> {
    return new Promise<BatchRow>((resolve, reject) => {
      this.queue.push({ key: ownerKey(add.owner), add, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length > 0) {
      const batch: Pending[] = [];
      const keys = new Set<string>();
      const rest: Pending[] = [];
      for (const p of this.queue) {
        if (batch.length < this.opts.maxBatch && !this.busy.has(p.key) && !keys.has(p.key)) {
          batch.push(p);
          keys.add(p.key);
        } else {
          rest.push(p);
        }
      }
      this.queue = rest;
      if (batch.length === 0) return;
      for (const k of keys) this.busy.add(k);
      this.inFlight += 1;
      this.stats.batches += 1;
      this.stats.adds += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      this.send(batch).finally(() => {
        this.inFlight -= 1;
        for (const k of keys) this.busy.delete(k);
        this.pump();
      });
    }
  }

  /**
   * Runs one batch. When the statement fails (a deadlock with another process, an item deleted
   * meanwhile…), each add of it is run again alone, so an error reaches only the add that causes
   * it (or, if it was the batch's bad luck, none).
   */
  private async send(batch: Pending[]): Promise<void> {
    let rows: BatchRow[];
    try {
      rows = await this.run(batch.map((p) => p.add));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      this.stats.retried += batch.length;
      await Promise.all(batch.map((p) => this.send([p])));
      return;
    }
    try {
      const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
      batch.forEach((p, ord) => {
        const row = byOrd.get(ord);
        if (row) p.resolve(row);
        else p.reject(new Error('cart batch returned no row for an add'));
      });
    } catch (err) {
      // A malformed answer: every caller still gets an answer (settling twice is a no-op), and
      // send() never rejects, so pump() always frees the owners and runs what queued behind them.
      for (const p of batch) p.reject(err);
    }
  }
}

/** One batcher per database handle (the app's, or a test's). */
const batchers = new WeakMap<Db, CartAddBatcher>();

export function cartAddBatcher(db: Db): CartAddBatcher {
  let b = batchers.get(db);
  if (!b) {
    b = new CartAddBatcher(batchRunner(db));
    batchers.set(db, b);
  }
  return b;
}
