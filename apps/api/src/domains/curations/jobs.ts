/**
 * The curations domain's background job (platform/jobs.ts): every minute, waiting requests are
 * drafted while the day's capacity lasts and drafts past their publish time are published (tests
 * call serveWaitingList and publishDue with their own clock; a member's own reads serve and
 * publish theirs first).
 */
import type { JobDefinition } from '../../platform/jobs.ts';
import { publishDue } from './drafting.ts';
import { anyoneWaiting, serveWaitingList } from './requests.ts';

export const curationJob: JobDefinition = {
  name: 'curations.draft-and-publish',
  everyMs: 60_000,
  run: async (ctx) => {
    if (await anyoneWaiting(ctx.db)) await serveWaitingList(ctx);
    await publishDue(ctx);
  },
};
