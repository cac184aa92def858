import { AUTH_MESSAGES } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import {
  isPaymentCancel,
  paymentFailMessage,
  SHOPPER_FALLBACK_TEXT,
  shopperMessage,
} from '../app/lib/shopper-text.ts';

describe('shopperMessage: the Korean message only, never a code', () => {
  it('drops a leading [CODE] and a trailing (CODE)', () => {
    expect(shopperMessage(AUTH_MESSAGES.codeMismatch)).toBe('인증번호가 일치하지 않습니다.');
    expect(shopperMessage(AUTH_MESSAGES.codeMissing)).toBe('인증번호를 먼저 요청해주세요.');
    expect(shopperMessage('사용자에 의해 결제가 취소되었습니다. (PAY_PROCESS_CANCELED)')).toBe(
      '사용자에 의해 결제가 취소되었습니다.',
    );
    expect(shopperMessage('[E1] (X_2) 재고가 부족합니다.')).toBe('재고가 부족합니다.');
  });
  it('keeps Korean text with brackets of its own', () => {
    expect(shopperMessage('휴대폰 번호를 확인해주세요. (010으로 시작하는 11자리)')).toBe(
      '휴대폰 번호를 확인해주세요. (010으로 시작하는 11자리)',
    );
  });
  it('turns English details, bare codes and nothing into the fallback', () => {
    expect(shopperMessage('Invalid refresh token')).toBe(SHOPPER_FALLBACK_TEXT);
    expect(shopperMessage('DUPLICATE PHONE')).toBe(SHOPPER_FALLBACK_TEXT);
    expect(shopperMessage('[ERROR101]')).toBe(SHOPPER_FALLBACK_TEXT);
    expect(shopperMessage(undefined, '다시')).toBe('다시');
    expect(shopperMessage('')).toBe(SHOPPER_FALLBACK_TEXT);
  });
});

describe('the payment window', () => {
  it("treats the shopper's own cancel as a cancel, not a failure", () => {
    expect(isPaymentCancel('PAY_PROCESS_CANCELED')).toBe(true);
    expect(isPaymentCancel('USER_CANCEL')).toBe(true);
    expect(isPaymentCancel('REJECT_CARD_COMPANY')).toBe(false);
    expect(isPaymentCancel(null)).toBe(false);
  });
  it('shows a failure message without its code, or a Korean one', () => {
    expect(paymentFailMessage('카드 한도를 초과했습니다. (EXCEED_MAX_CARD_LIMIT)')).toBe(
      '카드 한도를 초과했습니다.',
    );
    expect(paymentFailMessage('Card rejected')).toMatch(/결제가 완료되지 않았어요/);
  });
});
