/**
 * Every background job of the shop (platform/jobs.ts runs them once across the processes of the
 * `worker` and `all` roles; docs/ARCHITECTURE.md, "Background jobs"). A new job is one line here:
 * a `{ name, everyMs, run(ctx) }` exported by its domain's index.ts or by platform/.
 */
import { couponExpiryJob } from './domains/benefits/index.ts';
import { rankingJob } from './domains/catalog/index.ts';
import { curationJob } from './domains/curations/index.ts';
import { orderJobs } from './domains/orders/index.ts';
import { retentionJob } from './domains/support/index.ts';
import { heldPushJob } from './domains/users/index.ts';
import type { JobDefinition } from './platform/jobs.ts';
import { outboxJob } from './platform/outbox.ts';
import { productDocumentJob } from './web/product-document.ts';

export const backgroundJobs: readonly JobDefinition[] = [
  ...orderJobs,
  rankingJob,
  curationJob,
  couponExpiryJob,
  heldPushJob,
  retentionJob,
  outboxJob,
  productDocumentJob,
];
