/**
 * The orders domain's background jobs (platform/jobs.ts runs them once across the worker
 * processes): every 2 s, payments no live confirm holds are settled with the gateway (settle.ts
 * recoverPayments: an uncertain payment settles within seconds, also right after a start); every
 * minute, unpaid orders expire (stock back), and purchases due for automatic confirmation are
 * confirmed (confirmation.ts) in a job of their own, so a failed sweep never holds them back.
 */
import type { JobDefinition } from '../../platform/jobs.ts';
import { autoConfirmItems } from './confirmation.ts';
import { expireOrders, recoverPayments } from './settle.ts';

export const orderJobs: JobDefinition[] = [
  { name: 'orders.recover-payments', everyMs: 2_000, run: (ctx) => recoverPayments(ctx), overlapSafe: true },
  { name: 'orders.sweep', everyMs: 60_000, run: (ctx) => expireOrders(ctx) },
  { name: 'orders.confirm-purchases', everyMs: 60_000, run: (ctx) => autoConfirmItems(ctx) },
];
