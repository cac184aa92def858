/**
 * Wire schemas and rules of the phone sign-up / sign-in and token calls under /api/users/
 * (API-CATALOGUE.md "Users"): send-sms, verify-sms, check-phone, check-email, sign-up, sign-in,
 * update-password and token/refresh. The API validates and documents with them; the storefront
 * imports the inferred types and the rule constants. Member data lives in user-schemas.ts; the
 * social code exchange (auth/token) in social-schemas.ts.
 *
 * Field-level problems of sign-up (SPEC.md §5) answer 400 with a `detail` and the field key:
 * `{ "detail": "…", "user_name": ["…"] }`.
 */
import { z } from 'zod';
import { MESSAGES } from './constants.ts';

// ───────────────────────────── rules and limits ─────────────────────────────

/** Korean mobile numbers: 010 and eight digits, stored and answered as digits only. */
export const MOBILE_PHONE_RE = /^010\d{8}$/;

/** '010-1234-5678', '010 1234 5678' or '01012345678' → '01012345678'; anything else → null. */
export function normalizeMobilePhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (!/^[0-9\s-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[\s-]/g, '');
  return MOBILE_PHONE_RE.test(digits) ? digits : null;
}

export const SMS_CODE_LENGTH = 6;
/** A code must be entered within 3 minutes of sending. */
export const SMS_CODE_TTL_S = 180;
/** Once verified, the code can complete sign-up or a password reset for 10 more minutes. */
export const SMS_VERIFIED_TTL_S = 600;
/** The 5th wrong answer kills the code. */
export const SMS_MAX_WRONG_ATTEMPTS = 5;
/** One send per phone per 60 s and at most 5 per phone per rolling hour. */
export const SMS_RESEND_COOLDOWN_S = 60;
export const SMS_MAX_PER_HOUR = 5;

/** Passwords: 8–128 characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The problem with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordPolicy;
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return AUTH_MESSAGES.passwordPolicy;
  return null;
}

/** SPEC.md §5: a name of 50 or more characters blocks sign-up. */
export const SIGN_UP_NAME_MAX_CHARS = 49;

/**
 * Sign-in limits (docs/ARCHITECTURE.md "Accounts", Passwords). Delays only, never a lockout of the
 * number's owner: failures count per (number, client address) — from a pair's 5th failure each
 * further attempt from that address waits 1 s, 2 s, 4 s … up to 15 minutes (429 + Retry-After), and
 * a success clears the pair. One address may fail 100 times an hour across all numbers before the
 * same growing delays apply to the address. A number that failed 50 times within an hour from all
 * addresses together leaves every address 1 free failure instead of 5; an address that has not
 * failed is never refused.
 */
export const SIGN_IN_LIMITS = {
  /** Failures of one (number, address) pair before its delays start. */
  pairFreeFailures: 5,
  /** The same while the number is under attack (numberAlertFailures reached). */
  pairFreeUnderAlert: 1,
  /** A pair is forgotten after a day without attempts. */
  pairMemoryS: 86_400,
  /** Failures of one address across all numbers per window before its delays start. */
  addressFreeFailures: 100,
  addressWindowS: 3600,
  /** Failures of one number across all addresses per window that count as an attack on it. */
  numberAlertFailures: 50,
  numberWindowS: 3600,
  /** The first delay; every further failure doubles it, up to maxDelayS. */
  firstDelayS: 1,
  maxDelayS: 900,
} as const;

/** The 429 detail of a sign-in that must wait `seconds` (also sent as Retry-After). */
export function signInRetryDetail(seconds: number): string {
  const wait = seconds < 60 ? `${seconds}초` : `${Math.ceil(seconds / 60)}분`;
  return `로그인 시도가 너무 많아요. ${wait} 후에 다시 시도해주세요.`;
}

/** A withdrawn member's phone cannot sign up again for 30 days ('STOP USER'). */
export const REREGISTER_BLOCK_DAYS = 30;
/**
 * A phone may come back once after a withdrawal. A phone with this many withdrawn accounts
 * (withdrew, signed up again, withdrew again) answers the re-registration history detail, which
 * makes the storefront open its recovery popup (SPEC.md §5).
 */
export const REREGISTER_HISTORY_WITHDRAWALS = 2;

/** Refresh tokens live 30 days (SPEC.md §9 refresh cookie); each rotation starts a new 30 days. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;

/** SPEC.md §5 sign-up details the storefront switches on. */
export const SIGN_UP_DETAILS = {
  duplicatePhone: 'DUPLICATE PHONE',
  duplicateEmail: 'DUPLICATE EMAIL',
  stopUser: 'STOP USER',
} as const;

/** The text a sign-up detail contains when the phone has a re-registration history. */
export const REREGISTER_HISTORY_TEXT = '재가입 이력이 있는 번호입니다';

/** Every user-facing detail of these calls. */
export const AUTH_MESSAGES = {
  codeMismatch: '[ERROR101] 인증번호가 일치하지 않습니다.',
  codeMissing: '[ERROR102] 인증번호를 먼저 요청해주세요.',
  smsSent: '인증번호를 보냈어요. 3분 안에 입력해주세요.',
  smsVerified: '인증되었어요.',
  smsCooldown: '인증번호는 60초 후에 다시 요청할 수 있어요.',
  smsHourly: '인증번호 요청이 너무 많아요. 1시간 후에 다시 시도해주세요.',
  smsClientLimit: '인증번호 요청이 너무 많아요. 잠시 후 다시 시도해주세요.',
  smsDeliveryFailed: '문자를 보내지 못했어요. 잠시 후 다시 시도해주세요.',
  phoneInvalid: '휴대폰 번호를 확인해주세요. (010으로 시작하는 11자리)',
  phoneAvailable: '가입할 수 있는 번호입니다.',
  emailInvalid: '이메일 주소를 확인해주세요.',
  emailAvailable: '사용할 수 있는 이메일입니다.',
  userNameRequired: '이름을 입력해주세요.',
  userNameTooLong: MESSAGES.userNameTooLong,
  passwordPolicy: '비밀번호는 영문과 숫자를 포함해 8자 이상 128자 이하로 입력해주세요.',
  referralInvalid: '존재하지 않는 추천인 코드입니다.',
  duplicatePhone: MESSAGES.duplicatePhone,
  duplicateEmail: MESSAGES.duplicateEmail,
  stopUser: `탈퇴한 회원은 ${REREGISTER_BLOCK_DAYS}일이 지난 뒤 다시 가입할 수 있어요.`,
  reregisterHistory: `${REREGISTER_HISTORY_TEXT}. 고객센터에서 기존 계정을 복구해주세요.`,
  signInFailed: '휴대폰 번호 또는 비밀번호가 일치하지 않습니다.',
  checkLimit: '요청이 너무 많아요. 잠시 후 다시 시도해주세요.',
  notRegistered: '가입되지 않은 번호입니다.',
  passwordUpdated: '비밀번호를 변경했어요. 새 비밀번호로 로그인해주세요.',
  refreshInvalid: 'Invalid refresh token',
  refreshExpired: 'Refresh token expired',
  refreshReused: 'Refresh token reused',
  refreshRevoked: 'Refresh token revoked',
  userInactive: 'User is inactive',
  userNotFound: 'User not found',
} as const;

// ───────────────────────────── wire schemas ─────────────────────────────

const PhoneField = z.string().max(32).meta({
  description: 'Korean mobile number 010XXXXXXXX; hyphens and spaces are ignored',
  example: '010-1234-5678',
});
const CodeField = z.string().max(16).meta({ description: 'The 6-digit code sent by SMS', example: '123456' });
const PasswordField = z
  .string()
  .max(1024)
  .meta({ description: '8–128 characters with at least one letter and one digit' });

/** 400 of these calls: a detail, plus the offending field's messages (SPEC.md §5 field keys). */
export const AuthErrorBody = z
  .object({
    detail: z.string(),
    phone: z.array(z.string()).optional(),
    code: z.array(z.string()).optional(),
    password: z.array(z.string()).optional(),
    user_name: z.array(z.string()).optional(),
    email: z.array(z.string()).optional(),
    referral_code: z.array(z.string()).optional(),
    agreements: z.array(z.string()).optional(),
    current_password: z.array(z.string()).optional(),
    new_password: z.array(z.string()).optional(),
  })
  .meta({ id: 'AuthError' });
export type AuthErrorBody = z.infer<typeof AuthErrorBody>;

/** `{result, detail}` answers of the check and SMS calls. */
export const AuthResultBody = z
  .object({ result: z.boolean(), detail: z.string() })
  .meta({ id: 'AuthResult' });
export type AuthResultBody = z.infer<typeof AuthResultBody>;

export const SendSmsBody = z.object({ phone: PhoneField });
export type SendSmsBody = z.infer<typeof SendSmsBody>;

export const VerifySmsQuery = z.object({ phone: PhoneField, code: CodeField });
export type VerifySmsQuery = z.infer<typeof VerifySmsQuery>;

export const CheckPhoneQuery = z.object({ phone: PhoneField });
export type CheckPhoneQuery = z.infer<typeof CheckPhoneQuery>;

export const CheckEmailQuery = z.object({ email: z.string().max(320) });
export type CheckEmailQuery = z.infer<typeof CheckEmailQuery>;

/**
 * Sign-up agreements (an addition to API-CATALOGUE.md's sign-up payloads; rules in account.ts):
 * the three required ones must be true or sign-up answers 400 with the field key `agreements`.
 */
export const AgreementFields = {
  agree_terms: z.boolean().optional().meta({ description: '[필수] 이용약관 동의 (TERMS_VERSION)' }),
  agree_privacy: z.boolean().optional().meta({ description: '[필수] 개인정보 수집·이용 동의' }),
  agree_age: z.boolean().optional().meta({ description: '[필수] 만 14세 이상' }),
  agree_marketing: z
    .boolean()
    .optional()
    .meta({ description: '[선택] 광고성 정보 수신 동의 (혜택·마케팅 알림), stored with its date' }),
};

export const SignUpBody = z.object({
  phone: PhoneField,
  code: CodeField,
  password: PasswordField,
  user_name: z.string().max(1000).meta({ description: 'Fewer than 50 characters (SPEC.md §5)' }),
  email: z.string().max(320).nullish().meta({ description: 'Optional; empty means none' }),
  referral_code: z
    .string()
    .max(64)
    .nullish()
    .meta({ description: "Optional: another member's referral code" }),
  ...AgreementFields,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.object({ phone: PhoneField, password: PasswordField });
export type SignInBody = z.infer<typeof SignInBody>;

export const UpdatePasswordBody = z.object({ phone: PhoneField, code: CodeField, password: PasswordField });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** POST /api/users/change-password (an addition): the current password and the new one. */
export const ChangePasswordBody = z.object({ current_password: PasswordField, new_password: PasswordField });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /api/users/change-phone (an addition): the new number and the SMS code sent to it. */
export const ChangePhoneBody = z.object({ phone: PhoneField, code: CodeField });
export type ChangePhoneBody = z.infer<typeof ChangePhoneBody>;

export const ChangePhoneResult = z.object({ result: z.boolean(), detail: z.string(), phone: z.string() });
export type ChangePhoneResult = z.infer<typeof ChangePhoneResult>;

/** SPEC.md §3 Tokens. `access` lives 15 minutes, `refresh` 30 days and rotates on every use. */
export const TokenPair = z.object({ access: z.string(), refresh: z.string() }).meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof TokenPair>;

export const AuthUser = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** Answer of sign-in and sign-up. */
export const AuthSession = TokenPair.extend({ user: AuthUser });
export type AuthSession = z.infer<typeof AuthSession>;

/** Answer of change-password: this device's new tokens (every earlier session ended). */
export const ChangePasswordResult = TokenPair.extend({ detail: z.string() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;

/** `refresh` may be omitted by the web storefront, whose refresh token is an HttpOnly cookie. */
export const RefreshBody = z.object({ refresh: z.string().max(4096).optional() });
export type RefreshBody = z.infer<typeof RefreshBody>;

/** The latest message of the development SMS outbox (GET /api/dev/sms-outbox, not in production). */
export const SmsOutboxMessage = z.object({
  phone: z.string(),
  code: z.string().nullable(),
  text: z.string(),
  sent_at: z.iso.datetime(),
});
export type SmsOutboxMessage = z.infer<typeof SmsOutboxMessage>;
