/**
 * The benefits domain's background job (platform/jobs.ts): hourly, and once a worker starts,
 * members are told of coupons expiring within three days, once per coupon (coupon-expiry.ts;
 * tests call notifyExpiringCoupons).
 */
import type { JobDefinition } from '../../platform/jobs.ts';
import { notifyExpiringCoupons } from './coupon-expiry.ts';

export const couponExpiryJob: JobDefinition = {
  name: 'benefits.coupon-expiry-notices',
  everyMs: 3_600_000,
  run: (ctx) => notifyExpiringCoupons(ctx),
};
