/** Support's part in the users domain's withdrawal (wired through users' ports in app.ts). */
import type { WithdrawalStep } from '../users/index.ts';
import { eventLogs } from './schema.ts';

/** Withdrawal, last: the `user_stop` event, with the member's reason when they gave one. */
export const logWithdrawalStep: WithdrawalStep = {
  name: 'support.log-user-stop',
  owner: 'support',
  async run(tx, { userId, now, reason }) {
    await tx.insert(eventLogs).values({
      kind: 'EVENT',
      user_id: userId,
      name: 'user_stop',
      payload: reason ? { reason } : {},
      created_at: now,
    });
    return undefined;
  },
};
