/**
 * Account rules both sides need (docs/ARCHITECTURE.md "Accounts"): the sign-up agreements Korean
 * law asks for, the checks of the sign-up, change-password and change-phone forms, and which
 * field a server error belongs to (SPEC.md §5 sign-up messages shown next to their field).
 * Pure functions; the API enforces the same rules (apps/api users/auth-accounts.ts, account.ts).
 */
import {
  AUTH_MESSAGES,
  normalizeMobilePhone,
  passwordProblem,
  SIGN_UP_DETAILS,
  SIGN_UP_NAME_MAX_CHARS,
} from './auth-schemas.ts';
import { MESSAGES } from './constants.ts';

/** Text the server puts in `detail` for a number with a re-registration history. */
export const REREGISTRATION_MARKER = '재가입';

// ───────────────────────────── agreements ─────────────────────────────

/** The version of 이용약관 and 개인정보 수집·이용 a sign-up agrees to (stored with the member). */
export const TERMS_VERSION = '2026-01';

export type AgreementKey = 'agree_terms' | 'agree_privacy' | 'agree_age' | 'agree_marketing';

/** The sign-up agreements in the order shown; the first three are required. */
export const SIGN_UP_AGREEMENTS: readonly { key: AgreementKey; label: string; required: boolean }[] = [
  { key: 'agree_terms', label: '[필수] 이용약관 동의', required: true },
  { key: 'agree_privacy', label: '[필수] 개인정보 수집·이용 동의', required: true },
  { key: 'agree_age', label: '[필수] 만 14세 이상입니다', required: true },
  { key: 'agree_marketing', label: '[선택] 광고성 정보(혜택·마케팅) 수신 동의', required: false },
];

export const ACCOUNT_MESSAGES = {
  agreeTerms: '이용약관에 동의해주세요.',
  agreePrivacy: '개인정보 수집·이용에 동의해주세요.',
  agreeAge: '만 14세 이상만 가입할 수 있어요.',
  phoneNotVerified: '휴대폰 번호 인증을 먼저 해주세요.',
  passwordConfirmMismatch: '비밀번호가 일치하지 않아요.',
  passwordRequired: '비밀번호를 입력해주세요.',
  currentPasswordWrong: '현재 비밀번호가 일치하지 않아요.',
  samePassword: '지금 쓰는 비밀번호와 다른 비밀번호를 입력해주세요.',
  passwordChanged: '비밀번호를 변경했어요. 다른 기기에서는 다시 로그인해야 해요.',
  noPassword: '비밀번호 없이 가입한 계정이에요. 비밀번호 찾기에서 휴대폰 인증으로 비밀번호를 만들어주세요.',
  samePhone: '지금 쓰는 번호와 같은 번호예요.',
  phoneChanged: '휴대폰 번호를 변경했어요.',
  withdrawConfirm: '탈퇴 안내를 확인하고 동의해주세요.',
} as const;

export type Agreements = Partial<Record<AgreementKey, boolean | undefined>>;

/** The first missing required agreement's message, or null when all three are given. */
export function missingAgreement(a: Agreements): string | null {
  if (a.agree_terms !== true) return ACCOUNT_MESSAGES.agreeTerms;
  if (a.agree_privacy !== true) return ACCOUNT_MESSAGES.agreePrivacy;
  if (a.agree_age !== true) return ACCOUNT_MESSAGES.agreeAge;
  return null;
}

/** 전체 동의: every agreement set to `on`. */
export function allAgreements(on: boolean): Record<AgreementKey, boolean> {
  return { agree_terms: on, agree_privacy: on, agree_age: on, agree_marketing: on };
}

/** Whether 전체 동의 shows checked: every agreement, the optional one included, is given. */
export const everyAgreementGiven = (a: Agreements) => SIGN_UP_AGREEMENTS.every((x) => a[x.key] === true);

// ───────────────────────────── form checks ─────────────────────────────

export type SignUpFormField =
  | 'user_name'
  | 'phone'
  | 'password'
  | 'password_confirm'
  | 'email'
  | 'agreements';

export type FieldProblems<F extends string> = Partial<Record<F, string>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-up form's problems before it is sent, field by field (empty when it may be sent).
 * `password` is undefined for the social sign-up, which has none.
 */
export function signUpFormProblems(input: {
  user_name: string;
  phoneVerified: boolean;
  password?: string | undefined;
  password_confirm?: string | undefined;
  email: string;
  agreements: Agreements;
}): FieldProblems<SignUpFormField> {
  const out: FieldProblems<SignUpFormField> = {};
  const name = input.user_name.trim();
  if (!name) out.user_name = AUTH_MESSAGES.userNameRequired;
  else if (Array.from(name).length > SIGN_UP_NAME_MAX_CHARS) out.user_name = MESSAGES.userNameTooLong;
  if (!input.phoneVerified) out.phone = ACCOUNT_MESSAGES.phoneNotVerified;
  if (input.password !== undefined) {
    const problem = input.password ? passwordProblem(input.password) : ACCOUNT_MESSAGES.passwordRequired;
    if (problem) out.password = problem;
    else if (input.password !== input.password_confirm)
      out.password_confirm = ACCOUNT_MESSAGES.passwordConfirmMismatch;
  }
  const email = input.email.trim();
  if (email && (email.length > 254 || !EMAIL_RE.test(email))) out.email = AUTH_MESSAGES.emailInvalid;
  const agreement = missingAgreement(input.agreements);
  if (agreement) out.agreements = agreement;
  return out;
}

export type PasswordChangeField = 'current_password' | 'new_password' | 'new_password_confirm';

/** The change-password form's problems (current, new, confirmation). */
export function passwordChangeProblems(input: {
  current_password: string;
  new_password: string;
  new_password_confirm: string;
}): FieldProblems<PasswordChangeField> {
  const out: FieldProblems<PasswordChangeField> = {};
  if (!input.current_password) out.current_password = ACCOUNT_MESSAGES.passwordRequired;
  const problem = input.new_password
    ? passwordProblem(input.new_password)
    : ACCOUNT_MESSAGES.passwordRequired;
  if (problem) out.new_password = problem;
  else if (input.new_password === input.current_password) out.new_password = ACCOUNT_MESSAGES.samePassword;
  else if (input.new_password !== input.new_password_confirm)
    out.new_password_confirm = ACCOUNT_MESSAGES.passwordConfirmMismatch;
  return out;
}

/** The change-phone rule on the new number: a valid mobile number other than the current one. */
export function newPhoneProblem(input: string, current: string | null): string | null {
  const phone = normalizeMobilePhone(input);
  if (!phone) return AUTH_MESSAGES.phoneInvalid;
  if (current && phone === current) return ACCOUNT_MESSAGES.samePhone;
  return null;
}

// ───────────────────────────── server errors by field ─────────────────────────────

const FIELD_KEYS = [
  'user_name',
  'phone',
  'code',
  'password',
  'email',
  'referral_code',
  'agreements',
] as const;
export type SignUpErrorField = (typeof FIELD_KEYS)[number];

/**
 * Which form field a refused sign-up belongs to, so its message (signUpErrorView) shows next to
 * it: the SPEC.md §5 details first ('STOP USER', 'DUPLICATE PHONE', the re-registration text →
 * phone; 'DUPLICATE EMAIL' → email; the SMS code errors → phone), then the body's field keys.
 * Null for a form-level error ('DUPLICATE SOCIAL_ID', an expired oauth_token …).
 */
export function signUpErrorField(body: unknown): SignUpErrorField | null {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const detail = typeof b.detail === 'string' ? b.detail : '';
  if (detail === SIGN_UP_DETAILS.stopUser || detail === SIGN_UP_DETAILS.duplicatePhone) return 'phone';
  if (detail.includes(REREGISTRATION_MARKER)) return 'phone';
  if (detail === SIGN_UP_DETAILS.duplicateEmail) return 'email';
  if (detail.startsWith('[ERROR101]') || detail.startsWith('[ERROR102]')) return 'phone';
  return FIELD_KEYS.find((k) => Array.isArray(b[k])) ?? null;
}
