/**
 * Support as other domains and the app use it: server error reporting, the analytics retention
 * job, the back office's reads, and the `user_stop` log of a withdrawal (wired in app.ts).
 */

export { reportServerError } from './error-report.ts';
export { retentionJob } from './event-log.ts';
export {
  memberTicketsForAdmin,
  sessionCount,
  sessionsByKstDay,
  visitsByCampaign,
} from './reads-for-admin.ts';
export { logWithdrawalStep } from './reads-for-users.ts';
