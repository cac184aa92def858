/**
 * Support as other domains and the app use it: server error reporting and the analytics retention
 * job.
 */

export { reportServerError } from './error-report.ts';
export { retentionJob } from './event-log.ts';
export { sessionCount, sessionsByKstDay, visitsByCampaign } from './reads-for-admin.ts';
