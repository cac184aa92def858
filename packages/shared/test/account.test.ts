import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  allAgreements,
  everyAgreementGiven,
  missingAgreement,
  newPhoneProblem,
  passwordChangeProblems,
  SIGN_UP_AGREEMENTS,
  signUpErrorField,
  signUpFormProblems,
} from '../src/account.ts';
import { AUTH_MESSAGES } from '../src/auth-schemas.ts';
import { MESSAGES, SIGN_UP_COUPON_TEXT } from '../src/constants.ts';

const AGREED = { agree_terms: true, agree_privacy: true, agree_age: true };

describe('sign-up agreements', () => {
  it('needs 이용약관, 개인정보 수집·이용 and 만 14세 이상; marketing is optional', () => {
    expect(missingAgreement({})).toBe(ACCOUNT_MESSAGES.agreeTerms);
    expect(missingAgreement({ agree_terms: true })).toBe(ACCOUNT_MESSAGES.agreePrivacy);
    expect(missingAgreement({ agree_terms: true, agree_privacy: true })).toBe(ACCOUNT_MESSAGES.agreeAge);
    expect(missingAgreement({ ...AGREED, agree_age: false, agree_marketing: true })).toBe(
      ACCOUNT_MESSAGES.agreeAge,
    );
    expect(missingAgreement(AGREED)).toBeNull();
    expect(SIGN_UP_AGREEMENTS.filter((a) => a.required).map((a) => a.key)).toEqual([
      'agree_terms',
      'agree_privacy',
      'agree_age',
    ]);
  });

  it('전체 동의 sets every agreement and shows checked only when all are given', () => {
    expect(missingAgreement(allAgreements(true))).toBeNull();
    expect(everyAgreementGiven(allAgreements(true))).toBe(true);
    expect(everyAgreementGiven(AGREED)).toBe(false);
    expect(everyAgreementGiven(allAgreements(false))).toBe(false);
  });
});

describe('sign-up form problems', () => {
  const ok = {
    user_name: '김코디',
    phoneVerified: true,
    password: 'codiroom123',
    password_confirm: 'codiroom123',
    email: '',
    agreements: AGREED,
  };
  it('a complete form has none', () => {
    expect(signUpFormProblems(ok)).toEqual({});
  });
  it('names each field with its Korean message', () => {
    expect(
      signUpFormProblems({
        user_name: ' ',
        phoneVerified: false,
        password: 'short',
        password_confirm: '',
        email: 'not-an-email',
        agreements: {},
      }),
    ).toEqual({
      user_name: AUTH_MESSAGES.userNameRequired,
      phone: ACCOUNT_MESSAGES.phoneNotVerified,
      password: AUTH_MESSAGES.passwordPolicy,
      email: AUTH_MESSAGES.emailInvalid,
      agreements: ACCOUNT_MESSAGES.agreeTerms,
    });
  });
  it('checks the confirmation only once the password itself is acceptable', () => {
    expect(signUpFormProblems({ ...ok, password_confirm: 'codiroom124' })).toEqual({
      password_confirm: ACCOUNT_MESSAGES.passwordConfirmMismatch,
    });
    expect(signUpFormProblems({ ...ok, password: '', password_confirm: '' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
  });
  it('a name of 50 characters is refused (SPEC.md §5); the social form has no password', () => {
    expect(signUpFormProblems({ ...ok, user_name: '가'.repeat(50) }).user_name).toBe(
      MESSAGES.userNameTooLong,
    );
    expect(signUpFormProblems({ ...ok, user_name: '가'.repeat(49) })).toEqual({});
    expect(signUpFormProblems({ ...ok, password: undefined, password_confirm: undefined })).toEqual({});
  });
});

describe('change-password and change-phone form rules', () => {
  it('needs the current password, a valid new one unlike it, and the same confirmation', () => {
    expect(
      passwordChangeProblems({ current_password: '', new_password: '', new_password_confirm: '' }),
    ).toEqual({
      current_password: ACCOUNT_MESSAGES.passwordRequired,
      new_password: ACCOUNT_MESSAGES.passwordRequired,
    });
    expect(
      passwordChangeProblems({
        current_password: 'old12345',
        new_password: 'old12345',
        new_password_confirm: 'old12345',
      }),
    ).toEqual({ new_password: ACCOUNT_MESSAGES.samePassword });
    expect(
      passwordChangeProblems({
        current_password: 'old12345',
        new_password: 'new12345',
        new_password_confirm: 'new12346',
      }),
    ).toEqual({ new_password_confirm: ACCOUNT_MESSAGES.passwordConfirmMismatch });
    expect(
      passwordChangeProblems({
        current_password: 'old12345',
        new_password: 'new12345',
        new_password_confirm: 'new12345',
      }),
    ).toEqual({});
  });
  it('a new phone is a valid mobile number other than the current one', () => {
    expect(newPhoneProblem('010-1234-5678', '01012345678')).toBe(ACCOUNT_MESSAGES.samePhone);
    expect(newPhoneProblem('0212345678', null)).toBe(AUTH_MESSAGES.phoneInvalid);
    expect(newPhoneProblem('010 9876 5432', '01012345678')).toBeNull();
  });
});

describe('which field a refused sign-up belongs to', () => {
  it.each([
    [{ detail: 'STOP USER', phone: ['x'] }, 'phone'],
    [{ detail: 'DUPLICATE PHONE' }, 'phone'],
    [{ detail: '재가입 이력이 있는 번호입니다. 고객센터에서 기존 계정을 복구해주세요.' }, 'phone'],
    [{ detail: '[ERROR101] 인증번호가 일치하지 않습니다.' }, 'phone'],
    [{ detail: 'DUPLICATE EMAIL' }, 'email'],
    [{ detail: '고객명이 50자 이상이어서 회원가입이 불가능합니다.', user_name: ['x'] }, 'user_name'],
    [{ detail: ACCOUNT_MESSAGES.agreeAge, agreements: [ACCOUNT_MESSAGES.agreeAge] }, 'agreements'],
    [{ detail: '존재하지 않는 추천인 코드입니다.', referral_code: ['x'] }, 'referral_code'],
    [{ detail: 'DUPLICATE SOCIAL_ID' }, null],
    [null, null],
  ])('%j → %s', (body, field) => {
    expect(signUpErrorField(body)).toBe(field);
  });
});

it('the sign-up promise names the first-purchase coupon of SPEC.md §9', () => {
  expect(SIGN_UP_COUPON_TEXT).toBe('첫 구매 7% 할인 쿠폰(최대 10,000원)');
});
