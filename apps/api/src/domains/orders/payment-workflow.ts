/**
 * Payment confirmation as a named workflow (SPEC.md 'Orders'): claim → gateway → settle, the three
 * steps of confirm.ts confirmOrder (claimStep, gatewayStep, settleStep).
 *
 *   claim    the order locked and the IN_PROGRESS claim row written, in one round trip (the
 *            database function claim_order_payment, payment-claim.ts). Undone by dropClaim (no
 *            answer about a payment of this order) or released to recovery (outcome unknown).
 *   gateway  the gateway approves, outside any transaction (approve()). Undone by a cancel at the
 *            gateway when the order cannot be paid any more (settle.ts, 'refunded-orphan').
 *   settle   the order PAID with its items and payment row, then the steps other domains
 *            contribute (SETTLE_STEPS, in this order), all in one statement (confirm.ts
 *            payPendingOrder) or one transaction (settle.ts applyGatewayPayment, also the webhook's
 *            and recovery's path): a payment settles with all its effects or none, and only the
 *            one call that moves the order to PAID runs them.
 *
 * A contributing domain owns its step (its tables, its statement, its undo) and exports it from its
 * surface; it is registered here because those domains may not import orders (orders imports them:
 * no cycles), and an import-time registration would make the order of the steps the order of the
 * imports. Outbox effects of the payment (the Purchase ad event, ad-purchase.ts) are orders' own
 * and written by the settle itself.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/transactions.ts';
import { type StatementStep, Workflow } from '../../platform/workflow.ts';
import { useReservedCouponsStep } from '../benefits/index.ts';
import { clearBoughtLinesStep } from '../carts/index.ts';

/**
 * What a settle step may refer to, as SQL expressions: bound values in the locked path, sub-selects
 * of the paying statement in the one-statement path (null there when the order was not paid by it,
 * so every step matches nothing).
 */
export type PaidOrderRefs = {
  orderId: SQL;
  userId: SQL;
  /** The settle's timestamp. */
  at: SQL;
  /** A parenthesised sub-select of the order's product_item_id values. */
  boughtItemIds: SQL;
};

/** The steps other domains contribute to settling a paid order, in the order they run. */
export const SETTLE_STEPS: ReadonlyArray<StatementStep<PaidOrderRefs>> = [
  useReservedCouponsStep,
  clearBoughtLinesStep,
];

/**
 * The settle steps as data-modifying CTEs of the one-statement payment (`step_0 as (…), …`), to
 * follow the statement's own CTEs.
 */
export function settleStepsAsCtes(refs: PaidOrderRefs): SQL {
  return sql.join(
    SETTLE_STEPS.map((step, i) => sql`${sql.identifier(`step_${i}`)} as (${step.statement(refs)})`),
    sql`, `,
  );
}

type SettleInput = { tx: Tx; refs: PaidOrderRefs };

/** The steps as a workflow run inside the locked path's transaction (`steps`: tests add one). */
export function settleWorkflow(
  steps: ReadonlyArray<StatementStep<PaidOrderRefs>> = SETTLE_STEPS,
): Workflow<SettleInput> {
  return new Workflow<SettleInput>('payment-confirmation.settle').register(
    ...steps.map((step) => ({
      name: step.name,
      owner: step.owner,
      // Each step in a savepoint: a failed statement aborts only its own step, so the transaction
      // still takes the undos of the steps before it.
      run: async ({ tx, refs }: SettleInput) => {
        await tx.transaction(async (sp) => {
          await sp.execute(step.statement(refs));
        });
      },
      undo: ({ tx, refs }: SettleInput) => step.undo(tx, refs),
    })),
  );
}

const SETTLE = settleWorkflow();

/**
 * Runs the settle steps for an order the transaction `tx` just made PAID (the locked path). A step
 * that fails undoes the ones before it and fails the transaction: nothing of the payment commits,
 * and its claim stays for recovery.
 */
export async function runSettleSteps(
  tx: Tx,
  order: { id: number; user_id: number },
  now: Date,
): Promise<void> {
  const orderId = sql`${order.id}::int`;
  await SETTLE.run({
    tx,
    refs: {
      orderId,
      userId: sql`${order.user_id}::int`,
      at: sql`${now.toISOString()}::timestamptz`,
      boughtItemIds: sql`(select product_item_id from order_items where order_id = ${orderId})`,
    },
  });
}
