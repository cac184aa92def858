import type { Clock } from '@codiroom/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { guestIdOf } from './helpers.ts';

/** A clock tests move forward. */
export function mutableClock(start = '2026-11-20T03:00:00Z') {
  let t = new Date(start).getTime();
  const clock: Clock & { advance(seconds: number): void } = {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
  };
  return clock;
}

let seq = 0;
/** A fresh, valid mobile number per call (010 + 8 digits), unique within a test process. */
export function freshPhone(): string {
  seq += 1;
  return `0105${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
}

/** POST send-sms, then read the code from the dev outbox. */
export async function sendCode(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/users/send-sms', payload: { phone } });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  expect(outbox.statusCode, outbox.body).toBe(200);
  const { code } = outbox.json() as { code: string };
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** A code different from `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const GUEST_HEADER = 'x-guest-user-id';

/** The required sign-up agreements (이용약관, 개인정보 수집·이용, 만 14세 이상), all given. */
export const AGREED = { agree_terms: true, agree_privacy: true, agree_age: true } as const;

/** Signs up through the API and returns the session answer. */
export async function signUpViaApi(
  app: FastifyInstance,
  opts: { phone?: string; password?: string; name?: string; email?: string; guestId?: string } = {},
) {
  const phone = opts.phone ?? freshPhone();
  const code = await sendCode(app, phone);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/sign-up',
    headers: { [GUEST_HEADER]: opts.guestId ?? guestIdOf(app.ctx, `guest-${phone}`) },
    payload: {
      phone,
      code,
      password: opts.password ?? 'codiroom123',
      user_name: opts.name ?? '김코디',
      ...AGREED,
      ...(opts.email ? { email: opts.email } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    phone,
    body: res.json() as {
      access: string;
      refresh: string;
      user: { id: number; uuid: string; name: string; phone: string };
    },
  };
}
