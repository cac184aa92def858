/**
 * A concurrency budget with a bounded waiting line (docs/ARCHITECTURE.md, "Uploads"): at most
 * `concurrency` jobs run at once, at most `maxWaiting` more wait their turn, and a job past that is
 * refused at once with a 503 `{detail}` and `Retry-After` instead of queueing without end. Each
 * kind of expensive work has its own budget, so one kind never waits behind another.
 */
import { HttpError } from './errors.ts';

export type WorkBudgetOptions = {
  concurrency: number;
  maxWaiting: number;
  /** The 503's detail (Korean where a shopper can meet it). */
  busyDetail: string;
  retryAfterSeconds: number;
};

export class WorkBudget {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly opts: WorkBudgetOptions) {}

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The 503 a job gets when the line is full. */
  busy(): HttpError {
    return new HttpError(503, this.opts.busyDetail, undefined, {
      'retry-after': String(this.opts.retryAfterSeconds),
    });
  }

  /** Throws `busy()` when a job given now would be refused (to refuse before reading a body). */
  assertRoom(): void {
    if (this.running >= this.opts.concurrency && this.waiting.length >= this.opts.maxWaiting)
      throw this.busy();
  }

  /** Runs `work` within the budget: now, after the jobs ahead of it, or not at all (503). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.opts.concurrency) this.running += 1;
    else {
      this.assertRoom();
      // The slot is handed over by the job that ends (`running` stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
