/**
 * A named workflow: steps run in the order they were registered, each owned by a domain and each
 * with its undo. When a step fails, the undos of the steps that completed before it run in reverse
 * order, then the failure is thrown (a saga without persistence: what must survive a crash is made
 * durable by the steps themselves, e.g. the payment claim row). Used by the payment confirmation
 * (orders/payment-workflow.ts, SPEC.md 'Orders'), whose settle steps the benefits and carts domains
 * contribute.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from './transactions.ts';

export type WorkflowStep<I> = {
  /** Unique in its workflow, e.g. `benefits.use-reserved-coupons`. */
  name: string;
  /** The domain that owns the step (and the tables it writes). */
  owner: string;
  run(input: I): Promise<void>;
  /** Puts back what `run` did; runs only after `run` completed and a later step failed. */
  undo(input: I): Promise<void>;
};

/** The error of a failed step, with the undos that failed in turn (the step's error is `cause`). */
export class WorkflowStepError extends Error {
  constructor(
    readonly workflow: string,
    readonly step: string,
    cause: unknown,
    readonly undoErrors: ReadonlyArray<{ step: string; error: unknown }>,
  ) {
    super(`${workflow}: step ${step} failed`, { cause });
  }
}

export class Workflow<I> {
  readonly #steps: WorkflowStep<I>[] = [];

  constructor(readonly name: string) {}

  /** Adds steps after the ones registered before; a name registered twice is refused. */
  register(...steps: WorkflowStep<I>[]): this {
    for (const step of steps) {
      if (this.#steps.some((s) => s.name === step.name))
        throw new Error(`${this.name}: step ${step.name} registered twice`);
      this.#steps.push(step);
    }
    return this;
  }

  /** The steps in the order they run. */
  get steps(): ReadonlyArray<WorkflowStep<I>> {
    return this.#steps;
  }

  /**
   * Runs every step in order. A step that throws stops the run: the completed steps are undone,
   * last first (an undo that throws does not stop the others), and the step's error is thrown
   * unchanged unless an undo failed too (then a WorkflowStepError carrying both).
   */
  async run(input: I): Promise<void> {
    const done: WorkflowStep<I>[] = [];
    for (const step of this.#steps) {
      try {
        await step.run(input);
      } catch (err) {
        const undoErrors: { step: string; error: unknown }[] = [];
        for (const prior of done.reverse()) {
          try {
            await prior.undo(input);
          } catch (error) {
            undoErrors.push({ step: prior.name, error });
          }
        }
        if (undoErrors.length > 0) throw new WorkflowStepError(this.name, step.name, err, undoErrors);
        throw err;
      }
      done.push(step);
    }
  }
}

/**
 * A step a domain contributes to a workflow that settles in the database: one data-modifying
 * statement over the references `R` the workflow gives it (SQL expressions: bound values, or
 * sub-selects of the statement it joins), so the owning workflow can run it inside its own single
 * statement (as a CTE) or in its transaction, and the tables stay the contributing domain's.
 * `undo` puts back what the statement did, in the same transaction.
 */
export type StatementStep<R> = {
  name: string;
  owner: string;
  statement(refs: R): SQL;
  undo(tx: Tx, refs: R): Promise<void>;
};
