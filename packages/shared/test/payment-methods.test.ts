import { describe, expect, it } from 'vitest';
import {
  methodsOfGroup,
  PAYMENT_METHODS,
  parsePaymentMethodList,
  paymentMethodLabel,
  paymentMethodOfTossAnswer,
  tossAnswerOf,
  tossRequestMethod,
} from '../src/payment-methods.ts';

describe('payment methods', () => {
  it("asks Toss's window for the chosen method (SDK v2 requestPayment fields)", () => {
    expect(tossRequestMethod('CARD')).toEqual({ method: 'CARD' });
    expect(tossRequestMethod('TRANSFER')).toEqual({ method: 'TRANSFER' });
    expect(tossRequestMethod('TOSSPAY')).toEqual({
      method: 'CARD',
      card: { flowMode: 'DIRECT', easyPay: 'TOSSPAY' },
    });
    expect(tossRequestMethod('KAKAOPAY')).toEqual({
      method: 'CARD',
      card: { flowMode: 'DIRECT', easyPay: 'KAKAOPAY' },
    });
    expect(tossRequestMethod('NAVERPAY')).toEqual({
      method: 'CARD',
      card: { flowMode: 'DIRECT', easyPay: 'NAVERPAY' },
    });
  });

  it("names each as Toss's Payment object does, and reads that answer back", () => {
    expect(tossAnswerOf('CARD')).toEqual({ method: '카드', easyPayProvider: null });
    expect(tossAnswerOf('NAVERPAY')).toEqual({ method: '간편결제', easyPayProvider: '네이버페이' });
    expect(tossAnswerOf('TRANSFER')).toEqual({ method: '계좌이체', easyPayProvider: null });
    for (const m of PAYMENT_METHODS) {
      const a = tossAnswerOf(m);
      expect(paymentMethodOfTossAnswer(a.method, a.easyPayProvider)).toBe(m);
    }
    expect(paymentMethodOfTossAnswer('가상계좌', null)).toBeNull();
    expect(paymentMethodOfTossAnswer('간편결제', '페이코')).toBeNull();
  });

  it('labels and groups them for the form', () => {
    expect(paymentMethodLabel('CARD')).toBe('카드');
    expect(paymentMethodLabel('TOSSPAY')).toBe('간편결제 · 토스페이');
    expect(methodsOfGroup('EASY_PAY', PAYMENT_METHODS)).toEqual(['TOSSPAY', 'KAKAOPAY', 'NAVERPAY']);
    expect(methodsOfGroup('EASY_PAY', ['CARD', 'NAVERPAY'])).toEqual(['NAVERPAY']);
    expect(methodsOfGroup('TRANSFER', ['CARD'])).toEqual([]);
  });

  it('reads a configured list, refusing an unknown or empty one', () => {
    expect(parsePaymentMethodList('kakaopay, CARD')).toEqual(['CARD', 'KAKAOPAY']);
    expect(parsePaymentMethodList('CARD,PAYCO')).toBeNull();
    expect(parsePaymentMethodList(' , ')).toBeNull();
  });
});
