/**
 * Fills a work budget (platform/work-budget.ts): every slot taken and the whole line waiting, each
 * job held until `release()` (which also waits for them to end).
 */
import type { WorkBudget } from '../src/platform/work-budget.ts';

export function fillBudget(budget: WorkBudget): { release: () => Promise<void> } {
  let open = () => {};
  const held = new Promise<void>((r) => {
    open = r;
  });
  const { concurrency, maxWaiting } = budget.opts;
  const jobs = Array.from({ length: concurrency + maxWaiting }, () => budget.run(() => held));
  return {
    release: async () => {
      open();
      await Promise.all(jobs);
    },
  };
}
