/**
 * The CompleteRegistration ad-conversion event of a sign-up (SPEC.md §3 Ad-conversion event,
 * §4 Social sign-up: "It fires sign-up events"), with fb_registration_method phone, kakao, apple
 * or naver and the hashed e-mail the member signed up with. Sent after the answer; never fails it.
 */
import type { SocialType } from '@codiroom/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { completeRegistrationEvent, fireRequestAdEvents, type RegistrationMethod } from '../ads/index.ts';

export function registrationMethodOf(socialType: SocialType): RegistrationMethod {
  return socialType.toLowerCase() as RegistrationMethod;
}

export function fireSignUpEvent(
  ctx: AppContext,
  req: FastifyRequest,
  method: RegistrationMethod,
  email: string | null | undefined,
): void {
  const now = ctx.clock.now();
  void fireRequestAdEvents(ctx, req, { email: email ?? null }, (info) => [
    completeRegistrationEvent(method, now, info),
  ]);
}
