/**
 * What a shopper reads of a refusal: the Korean message only. The API's details keep their codes
 * (SPEC.md §5 '[ERROR101] …', the payment window's `code` such as PAY_PROCESS_CANCELED) because
 * callers switch on them; the storefront shows them through these helpers, never raw.
 */

/** The generic text when a detail has nothing a shopper can read (English, a bare code, empty). */
export const SHOPPER_FALLBACK_TEXT = '잠시 후 다시 시도해주세요.';

const LEADING_CODE = /^\s*[[(]\s*[A-Z][A-Z0-9_.-]*\s*[\])]\s*[:-]?\s*/;
const TRAILING_CODE = /\s*[[(]\s*[A-Z][A-Z0-9_.-]*\s*[\])]\s*$/;
const HANGUL = /[가-힣]/;

/**
 * '[ERROR101] 인증번호가 일치하지 않습니다.' → '인증번호가 일치하지 않습니다.'; '… (PAY_PROCESS_CANCELED)'
 * loses the code; a detail with no Korean in it ('Invalid refresh token', 'DUPLICATE PHONE', a
 * stack trace) becomes `fallback`.
 */
export function shopperMessage(detail: string | null | undefined, fallback = SHOPPER_FALLBACK_TEXT): string {
  if (typeof detail !== 'string') return fallback;
  let text = detail.trim();
  for (let i = 0; i < 3 && (LEADING_CODE.test(text) || TRAILING_CODE.test(text)); i++) {
    text = text.replace(LEADING_CODE, '').replace(TRAILING_CODE, '').trim();
  }
  return HANGUL.test(text) ? text.slice(0, 300) : fallback;
}

/**
 * Codes with which a payment window (Toss's, the sandbox's) reports that the shopper closed it or
 * pressed cancel: not a failure, the shopper's own choice.
 */
export const PAYMENT_CANCEL_CODES = ['PAY_PROCESS_CANCELED', 'USER_CANCEL'] as const;

export function isPaymentCancel(code: string | null | undefined): boolean {
  return !!code && (PAYMENT_CANCEL_CODES as readonly string[]).includes(code);
}

export const PAYMENT_CANCEL_TEXT = {
  title: '결제를 취소했어요',
  text: '주문은 결제 전에 멈췄어요. 장바구니나 주문서에서 다시 결제할 수 있어요.',
} as const;

/** The fail page's message: the window's own Korean message without its code, else a generic one. */
export function paymentFailMessage(message: string | null | undefined): string {
  return shopperMessage(message, '결제가 완료되지 않았어요. 다른 결제 수단으로 다시 시도해주세요.');
}
