/**
 * The users domain's background job (platform/jobs.ts): every minute, pushes held for the morning
 * (the night-time rule, notify.ts) are sent once due; tests call releaseDuePushes.
 */
import type { JobDefinition } from '../../platform/jobs.ts';
import { releaseDuePushes } from './notify.ts';

export const heldPushJob: JobDefinition = {
  name: 'users.held-pushes',
  everyMs: 60_000,
  run: (ctx) => releaseDuePushes(ctx),
};
