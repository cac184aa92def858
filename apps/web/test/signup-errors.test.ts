import { MESSAGES } from '@codiroom/shared';
import { describe, expect, it } from 'vitest';
import { STOP_USER_MESSAGE, signUpErrorView } from '../app/lib/signup-errors.ts';

describe('sign-up error mapping (SPEC.md §5)', () => {
  it.each([
    [{ detail: 'STOP USER' }, STOP_USER_MESSAGE],
    [{ detail: 'DUPLICATE PHONE' }, '이미 가입된 번호입니다.'],
    [{ detail: 'DUPLICATE SOCIAL_ID' }, '중복된 소셜 아이디입니다.'],
    [{ detail: 'DUPLICATE EMAIL' }, '이미 가입된 이메일입니다.'],
    [{ user_name: ['too long'] }, '고객명이 50자 이상이어서 회원가입이 불가능합니다.'],
    [{ phone: ['exists'] }, '이미 가입된 번호입니다.'],
    [{ email: ['exists'] }, '이미 가입된 이메일입니다.'],
    [{ detail: '[ERROR101] 인증번호가 일치하지 않습니다.' }, '인증번호가 일치하지 않습니다.'],
    [{ detail: '[ERROR102] 인증번호를 먼저 요청해주세요.' }, '인증번호를 먼저 요청해주세요.'],
    [{ detail: 'Invalid refresh token' }, MESSAGES.couponDownloadFallback],
  ])('%j → %s', (body, message) => {
    expect(signUpErrorView(body)).toEqual({ message, recovery: false });
  });
  it('a detail with the re-registration history text opens the recovery popup', () => {
    expect(signUpErrorView({ detail: '재가입 이력이 있는 번호입니다.' }).recovery).toBe(true);
  });
  it('detail wins over field keys', () => {
    expect(signUpErrorView({ detail: 'DUPLICATE EMAIL', phone: ['x'] }).message).toBe(
      '이미 가입된 이메일입니다.',
    );
  });
  it('falls back to a generic message', () => {
    expect(signUpErrorView(null).message).toMatch(/다시 시도/);
  });
});
