/**
 * PGlite that survives a fatal WASM error (docs/ARCHITECTURE.md, "Data").
 *
 * PGlite runs PostgreSQL inside one WebAssembly instance. When that instance traps ("RuntimeError:
 * memory access out of bounds", "Aborted()", an emscripten ExitStatus …) the exception unwinds
 * through PostgreSQL's C stack: its in-memory state (locks, buffers, error-recovery jump targets)
 * is left inconsistent and PGlite does not notice, so every later call traps again and even
 * `close()` fails with "Aborted()". Committed data is safe on disk (PGlite runs with fsync and
 * synchronous_commit on), so the way out is a fresh instance on the same data directory: PostgreSQL
 * replays its WAL as after a power cut.
 *
 * `RecoveringPGlite` is the stable client Drizzle is built on (`ctx.db` is created once and held
 * everywhere): `query`, `exec` and `transaction` (all that drizzle-orm/pglite and client.ts call)
 * run one at a time, as PGlite runs them anyway, on the current live instance. Running them one at a
 * time here too means the call that was running when the instance trapped is known exactly: it
 * fails (DatabaseUnavailableError, answered 503 by platform/errors.ts) while the calls queued
 * behind it never touch the dead instance: they wait for the reopen (bounded by `reopenWaitMs`) and
 * run on the new one. A dead instance is fenced (its entry into WASM throws without running) and
 * its files are released; only one reopen runs at a time.
 *
 * An in-memory PGlite (no data directory: tests, scripts) has nothing to reopen from: once it dies,
 * every call fails with DatabaseUnavailableError until the process restarts.
 */
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** The database cannot serve right now (it is being reopened, or is lost): a 503, not a 500. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Thrown by a dead instance's fenced WASM entry: the call never ran. */
class DeadInstanceError extends Error {
  constructor(cause: unknown) {
    super('PGlite instance is dead after a fatal WASM error', { cause });
    this.name = 'DeadInstanceError';
  }
}

const FATAL_NAMES = new Set(['RuntimeError', 'ExitStatus', 'DeadInstanceError']);

/** Walks an error and its causes (Drizzle wraps driver errors in DrizzleQueryError). */
function someInChain(err: unknown, test: (e: object) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (test(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A WebAssembly trap, an emscripten abort/exit, or a dead instance's fence, maybe wrapped. */
export function isFatalPgliteError(err: unknown): boolean {
  return someInChain(err, (e) => FATAL_NAMES.has(String((e as { name?: unknown }).name)));
}

/** True when `err` (or one of its causes) is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someInChain(
    err,
    (e) =>
      e instanceof DatabaseUnavailableError || (e as { name?: unknown }).name === 'DatabaseUnavailableError',
  );
}

export type DatabaseEvent =
  /** The WASM instance of `generation` died; `reopen`: whether it will be reopened from disk. */
  | { type: 'fatal'; generation: number; error: unknown; reopen: boolean }
  | { type: 'reopened'; generation: number; ms: number }
  | { type: 'reopen-failed'; generation: number; ms: number; error: unknown };

/** The part of a pino (Fastify) logger the events are written to. */
export type DatabaseEventLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/** Logs a recovery event (to the console when no logger is ready yet). */
export function logDatabaseEvent(log: DatabaseEventLog | undefined, event: DatabaseEvent): void {
  const out: DatabaseEventLog = log ?? {
    error: (obj, msg) => console.error(`[database] ${msg}`, obj),
    warn: (obj, msg) => console.warn(`[database] ${msg}`, obj),
  };
  if (event.type === 'fatal') {
    out.error(
      { err: event.error, generation: event.generation },
      event.reopen
        ? 'embedded database (PGlite) hit a fatal WASM error: reopening it from disk'
        : 'in-memory embedded database (PGlite) hit a fatal WASM error: it is lost until restart',
    );
  } else if (event.type === 'reopened') {
    out.warn({ generation: event.generation, ms: event.ms }, 'embedded database reopened from disk');
  } else {
    out.error(
      { err: event.error, generation: event.generation, ms: event.ms },
      'embedded database could not be reopened: the next call tries again',
    );
  }
}

export interface RecoveringPGliteOptions {
  /** Opens an instance on the data directory (the same options every time). */
  open: () => Promise<PGlite>;
  /** False for an in-memory database: a dead instance cannot be reopened. */
  canReopen: boolean;
  onEvent?: ((event: DatabaseEvent) => void) | undefined;
  /** How long calls wait for a reopen in progress before failing with a 503 (default 30 s). */
  reopenWaitMs?: number | undefined;
}

type Instance = { pg: PGlite; generation: number; fatal: { error: unknown } | null; discarded: boolean };
type Reopen = { promise: Promise<Instance>; deadline: number };

/** After a failed reopen, calls fail fast for this long before the next attempt. */
const RETRY_DELAY_MS = 1_000;

export class RecoveringPGlite {
  readonly #opts: RecoveringPGliteOptions;
  readonly #waitMs: number;
  #current: Instance;
  #reopening: Reopen | null = null;
  #lastFailureAt = 0;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(pg: PGlite, opts: RecoveringPGliteOptions) {
    this.#opts = opts;
    this.#waitMs = opts.reopenWaitMs ?? 30_000;
    this.#current = this.#adopt(pg, 1);
  }

  static async open(opts: RecoveringPGliteOptions): Promise<RecoveringPGlite> {
    return new RecoveringPGlite(await opts.open(), opts);
  }

  /** Counts the instances opened so far (1, then +1 per reopen attempt). */
  get generation(): number {
    return this.#current.generation;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#run((pg) => pg.query<T>(query, params as never, options));
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#run((pg) => pg.exec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#run((pg) => pg.transaction(callback));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // A reopen in progress sees `closed` and closes what it opened.
    await this.#reopening?.promise.catch(() => {});
    await this.#exclusive(async () => {
      const cur = this.#current;
      if (cur.fatal) this.#discard(cur);
      else if (!cur.pg.closed) await cur.pg.close();
    });
  }

  /** Runs calls one at a time (PGlite would serialise them anyway). */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((r) => {
      release = r;
    });
    return prev.then(fn).finally(release);
  }

  #run<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      const inst = await this.#live();
      try {
        return await fn(inst.pg);
      } catch (err) {
        if (!inst.fatal && isFatalPgliteError(err)) this.#kill(inst, err);
        if (!inst.fatal) throw err;
        throw new DatabaseUnavailableError(
          this.#opts.canReopen
            ? 'The database hit a fatal error and is being reopened: retry shortly'
            : 'The in-memory database hit a fatal error and is lost',
          { cause: inst.fatal.error },
        );
      }
    });
  }

  /** The live instance, after waiting (bounded) for a reopen when the current one is dead. */
  async #live(): Promise<Instance> {
    if (this.#closed) throw new Error('PGlite is closed');
    const cur = this.#current;
    if (!cur.fatal) return cur;
    if (!this.#opts.canReopen) {
      throw new DatabaseUnavailableError('The in-memory database hit a fatal error and is lost', {
        cause: cur.fatal.error,
      });
    }
    const reopen = this.#reopening ?? this.#startReopen();
    const remaining = reopen ? reopen.deadline - Date.now() : 0;
    if (!reopen || remaining <= 0) {
      throw new DatabaseUnavailableError(
        'The database is being reopened after a fatal error: retry shortly',
        {
          cause: cur.fatal.error,
        },
      );
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        reopen.promise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new DatabaseUnavailableError('The database is still being reopened: retry shortly')),
            remaining,
          );
        }),
      ]);
    } catch (err) {
      if (err instanceof DatabaseUnavailableError) throw err;
      throw new DatabaseUnavailableError('The database could not be reopened: retry shortly', { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Wraps a new instance: any exception out of its WASM entry point marks it dead. */
  #adopt(pg: PGlite, generation: number): Instance {
    const inst: Instance = { pg, generation, fatal: null, discarded: false };
    // Every query, exec and transaction statement of PGlite enters PostgreSQL through this public
    // method; PostgreSQL errors come back as protocol messages, so an exception here is always a
    // trap or abort. Once dead, the instance is never entered again (the fence throws instead).
    const enter = pg.execProtocolRawSync.bind(pg);
    pg.execProtocolRawSync = (message: Uint8Array) => {
      if (inst.fatal) throw new DeadInstanceError(inst.fatal.error);
      try {
        return enter(message);
      } catch (err) {
        this.#kill(inst, err);
        throw err;
      }
    };
    return inst;
  }

  #kill(inst: Instance, error: unknown): void {
    if (inst.fatal) return;
    inst.fatal = { error };
    const reopen = this.#opts.canReopen && !this.#closed;
    this.#emit({ type: 'fatal', generation: inst.generation, error, reopen });
    if (reopen) this.#startReopen();
  }

  /** Starts the one reopen (null while failed attempts back off, or when reopening is impossible). */
  #startReopen(): Reopen | null {
    if (this.#reopening) return this.#reopening;
    if (this.#closed || !this.#opts.canReopen) return null;
    if (Date.now() - this.#lastFailureAt < RETRY_DELAY_MS) return null;
    const dead = this.#current;
    const generation = dead.generation + 1;
    const started = performance.now();
    const promise = (async () => {
      // Let the failing call unwind first (the fence keeps it out of the dead instance).
      await new Promise((r) => setImmediate(r));
      this.#discard(dead);
      const pg = await this.#opts.open();
      if (this.#closed) {
        await pg.close().catch(() => {});
        throw new Error('PGlite is closed');
      }
      const inst = this.#adopt(pg, generation);
      this.#current = inst;
      return inst;
    })();
    const reopen: Reopen = { promise, deadline: Date.now() + this.#waitMs };
    this.#reopening = reopen;
    promise.then(
      () => {
        this.#reopening = null;
        this.#emit({ type: 'reopened', generation, ms: Math.round(performance.now() - started) });
      },
      (error) => {
        this.#reopening = null;
        this.#lastFailureAt = Date.now();
        if (!this.#closed) {
          this.#emit({
            type: 'reopen-failed',
            generation,
            ms: Math.round(performance.now() - started),
            error,
          });
        }
      },
    );
    return reopen;
  }

  /**
   * Lets go of a dead instance: `close()` would enter the dead WASM (and fails with "Aborted()"),
   * so only its emscripten file system is shut, which closes the files it holds open in the data
   * directory before a new instance opens them.
   */
  #discard(inst: Instance): void {
    if (inst.discarded) return;
    inst.discarded = true;
    try {
      (inst.pg.Module as unknown as { FS?: { quit?: () => void } }).FS?.quit?.();
    } catch {
      // Nothing more can be done for a dead instance; its memory goes with the last reference.
    }
  }

  #emit(event: DatabaseEvent): void {
    try {
      (this.#opts.onEvent ?? ((e: DatabaseEvent) => logDatabaseEvent(undefined, e)))(event);
    } catch {
      // A failing logger must not break recovery.
    }
  }
}
