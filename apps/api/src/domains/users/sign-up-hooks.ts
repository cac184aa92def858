/**
 * What other domains do when a member signs up, without users depending on them (the dependency
 * rule, docs/ARCHITECTURE.md: benefits → users, so users may not call benefits). A domain that
 * uses users registers a listener per context — app.ts wires the benefits domain's sign-up coupon —
 * and phone and social sign-up run the listeners after the account is committed and before they
 * answer, so what a listener gives (a coupon) is there when the new member's first page loads.
 * A listener's failure is logged and never fails the sign-up: the member exists either way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

export type MemberSignedUp = {
  userId: number;
  method: 'phone' | 'kakao' | 'naver' | 'apple';
};

export type SignUpListener = (ctx: AppContext, event: MemberSignedUp) => Promise<unknown>;

const listeners = new WeakMap<AppContext, Set<SignUpListener>>();

/** Registers `listener` for sign-ups in `ctx` (the same function once, however often registered). */
export function onMemberSignedUp(ctx: AppContext, listener: SignUpListener): void {
  const set = listeners.get(ctx) ?? new Set<SignUpListener>();
  set.add(listener);
  listeners.set(ctx, set);
}

/** Runs the listeners one after another; failures are logged, never thrown. */
export async function memberSignedUp(
  ctx: AppContext,
  event: MemberSignedUp,
  log?: FastifyBaseLogger,
): Promise<void> {
  for (const listener of listeners.get(ctx) ?? []) {
    try {
      await listener(ctx, event);
    } catch (err) {
      log?.error({ err, userId: event.userId }, 'sign-up listener failed');
    }
  }
}
