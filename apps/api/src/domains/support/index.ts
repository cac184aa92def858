/**
 * Support as other domains use it: the analytics buffer (the dashboard flushes what this process
 * holds before it counts) and server error reporting.
 */

export { reportServerError } from './error-report.ts';
export { flushAnalytics } from './event-buffer.ts';
