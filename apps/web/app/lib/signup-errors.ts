/**
 * SPEC.md §5 "Sign-up error handling": the message shown for a failed sign-up, from the backend
 * `detail` first and, when there is none, from the field keys of the error body.
 */
import { MESSAGES, REREGISTRATION_MARKER } from '@codiroom/shared';
import { shopperMessage } from './shopper-text.ts';

export const STOP_USER_MESSAGE = '탈퇴한 회원이에요. 탈퇴 후 30일이 지나면 다시 가입할 수 있어요.';

export type SignUpErrorView = { message: string; recovery: boolean };

export function signUpErrorView(body: unknown): SignUpErrorView {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const detail = typeof b.detail === 'string' ? b.detail : null;
  if (detail) {
    if (detail === 'STOP USER') return { message: STOP_USER_MESSAGE, recovery: false };
    if (detail === 'DUPLICATE PHONE') return { message: MESSAGES.duplicatePhone, recovery: false };
    if (detail === 'DUPLICATE SOCIAL_ID') return { message: MESSAGES.duplicateSocialId, recovery: false };
    if (detail === 'DUPLICATE EMAIL') return { message: MESSAGES.duplicateEmail, recovery: false };
    // The shopper reads the Korean message only, never its code ('[ERROR101] …').
    if (detail.includes(REREGISTRATION_MARKER)) return { message: shopperMessage(detail), recovery: true };
    return { message: shopperMessage(detail, MESSAGES.couponDownloadFallback), recovery: false };
  }
  if ('user_name' in b) return { message: MESSAGES.userNameTooLong, recovery: false };
  if ('phone' in b) return { message: MESSAGES.duplicatePhone, recovery: false };
  if ('email' in b) return { message: MESSAGES.duplicateEmail, recovery: false };
  return { message: MESSAGES.couponDownloadFallback, recovery: false };
}
