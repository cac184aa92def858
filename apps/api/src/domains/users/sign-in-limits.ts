/**
 * Members' sign-in limits (docs/ARCHITECTURE.md "Accounts", Passwords; numbers in SIGN_IN_LIMITS):
 * the shared mechanism of platform/sign-in-limits.ts, per phone number — delays per (number,
 * client address), a per-address throttle across numbers, and a per-number alert that never
 * refuses an address without failures.
 */
import { SIGN_IN_LIMITS as L } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import { type SignInAttempt, signInLimiter } from '../../platform/sign-in-limits.ts';

export type { SignInAttempt } from '../../platform/sign-in-limits.ts';

const members = signInLimiter('auth:signin', {
  ...L,
  accountAlertFailures: L.numberAlertFailures,
  accountWindowS: L.numberWindowS,
});

/** Lets one attempt of `phone` from `ip` through, or throws 429 with the wait. */
export function admitSignIn(ctx: AppContext, phone: string, ip: string): Promise<SignInAttempt> {
  return members.admit(ctx, phone, ip);
}

/** A wrong password (or unknown number): the attempt stays counted, and the number's count grows. */
export function recordSignInFailure(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  return members.failure(ctx, attempt);
}

/** A success clears the pair and takes the attempt back from the address. */
export function recordSignInSuccess(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  return members.success(ctx, attempt);
}

/** The owner proved the number by SMS from `ip` (update-password): that pair starts over. */
export function clearSignInPair(ctx: AppContext, phone: string, ip: string): Promise<void> {
  return members.clearPair(ctx, phone, ip);
}
