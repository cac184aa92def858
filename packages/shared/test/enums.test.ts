/**
 * The shared enumerations the database enums are built from (apps/api/src/db/schema.ts): the wire
 * schemas accept exactly these values, and the lists keep the values the migrations created (a
 * change here is a schema change and needs a migration).
 */
import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  COUPON_SCOPES,
  COUPON_TYPES,
  CouponOffer,
  CouponTypeEnum,
  DISCOUNT_KINDS,
  LIKE_TYPES,
  LikeTypeEnum,
  LOG_KINDS,
  MEASUREMENT_SET_CODES,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  OrderItemStatusEnum,
  OrderStatusEnum,
  PAYMENT_STATUSES,
  PHOTO_TYPES,
  PRODUCT_TYPES,
  SIZE_FEELS,
  SOCIAL_TYPES,
  SocialTypeField,
} from '../src/index.ts';

describe('shared enumerations', () => {
  it('keep the values (and order) of the database enums', () => {
    expect(ORDER_STATUSES).toEqual([
      'PENDING',
      'PAID',
      'PARTIALLY_CANCELLED',
      'CANCELLED',
      'EXPIRED',
      'FAILED',
    ]);
    expect(PAYMENT_STATUSES).toEqual([
      'READY',
      'IN_PROGRESS',
      'DONE',
      'CANCELED',
      'PARTIAL_CANCELED',
      'ABORTED',
      'EXPIRED',
    ]);
    expect(CLAIM_STATUSES).toEqual(['REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED']);
    expect(DISCOUNT_KINDS).toEqual(['FIXED', 'PERCENT']);
    expect(COUPON_SCOPES).toEqual(['ORDER', 'BRAND', 'CATEGORY', 'PRODUCT_DISPLAY', 'PRODUCT_ITEM']);
    expect(SIZE_FEELS).toEqual(['SMALL', 'FIT', 'LARGE']);
    expect(LOG_KINDS).toEqual(['ACTIVE_USER', 'PAGE', 'ERROR', 'SECTION', 'EVENT']);
    expect(PHOTO_TYPES).toEqual(['FACE', 'BODY']);
    expect(MEASUREMENT_SET_CODES).toHaveLength(16);
    // Every base set has its '2' variant right after it.
    for (let i = 0; i < MEASUREMENT_SET_CODES.length; i += 2) {
      expect(MEASUREMENT_SET_CODES[i + 1]).toBe(`${MEASUREMENT_SET_CODES[i]}2`);
    }
  });

  it('are the values the wire schemas accept', () => {
    expect(OrderStatusEnum.options).toEqual([...ORDER_STATUSES]);
    expect(OrderItemStatusEnum.options).toEqual([...ORDER_ITEM_STATUSES]);
    expect(CouponTypeEnum.options).toEqual([...COUPON_TYPES]);
    expect(LikeTypeEnum.options).toEqual([...LIKE_TYPES]);
    expect(SocialTypeField.options).toEqual([...SOCIAL_TYPES]);
    expect(CouponOffer.shape.discount_kind.options).toEqual([...DISCOUNT_KINDS]);
    expect(CouponOffer.shape.scope.options).toEqual([...COUPON_SCOPES]);
    expect(PRODUCT_TYPES).toEqual(['TOP', 'BOTTOM', 'OUTER', 'ETC', 'SHOES', 'BAG']);
  });
});
