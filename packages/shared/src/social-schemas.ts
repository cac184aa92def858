/**
 * Wire schemas and rules of social sign-in (Kakao, Naver, Apple) under /api/users/
 * (API-CATALOGUE.md "Users": oauth/{provider}/authorize, auth/token, social-sign-in,
 * social-sign-up, revoke-apple). The API validates and documents with them; the storefront's
 * OAuth callback page imports the types.
 *
 * The flow: GET /api/users/oauth/{provider}/authorize redirects to the provider with a fresh
 * single-use `state`, bound to the browser by an HttpOnly cookie; the provider sends the browser to
 * /oauth/{provider}/callback?code&state;
 * the page POSTs them to auth/token, which answers SIGNED_IN (a known social identity: tokens)
 * or SIGN_UP_REQUIRED with an `oauth_token` — a short-lived token signed by this server that
 * proves the social_id. social-sign-in and social-sign-up accept a social_id only together with
 * that oauth_token.
 */
import { z } from 'zod';
import { AgreementFields, AuthUser } from './auth-schemas.ts';
import { SOCIAL_TYPES, type SocialType } from './constants.ts';

// ───────────────────────────── rules and limits ─────────────────────────────

/** Provider keys of the URL paths (/oauth/{provider}/…), in the order the login page shows them. */
export const SOCIAL_PROVIDER_KEYS = ['kakao', 'naver', 'apple'] as const;
export type SocialProviderKey = (typeof SOCIAL_PROVIDER_KEYS)[number];

export const SOCIAL_PROVIDER_LABELS: Record<SocialProviderKey, string> = {
  kakao: '카카오',
  naver: '네이버',
  apple: 'Apple',
};

export function isSocialProviderKey(v: string): v is SocialProviderKey {
  return (SOCIAL_PROVIDER_KEYS as readonly string[]).includes(v);
}

/** 'kakao' → 'KAKAO' (SPEC.md §3 social_type). */
export function socialTypeOf(provider: SocialProviderKey): SocialType {
  return provider.toUpperCase() as SocialType;
}

/** 'KAKAO' → 'kakao'. */
export function socialProviderOf(type: SocialType): SocialProviderKey {
  return type.toLowerCase() as SocialProviderKey;
}

/** An authorize `state` is good for 10 minutes and one callback. */
export const SOCIAL_STATE_TTL_S = 600;
/** The oauth_token of SIGN_UP_REQUIRED proves the social_id for 30 minutes. */
export const SOCIAL_OAUTH_TOKEN_TTL_S = 1800;

/** The storefront page a provider sends the browser back to. */
export function socialCallbackPath(provider: SocialProviderKey): string {
  return `/oauth/${provider}/callback`;
}

/** SPEC.md §5 details of social sign-up the storefront switches on (signup-errors.ts). */
export const SOCIAL_SIGN_UP_DETAILS = {
  duplicateSocialId: 'DUPLICATE SOCIAL_ID',
  duplicatePhone: 'DUPLICATE PHONE',
  duplicateEmail: 'DUPLICATE EMAIL',
  stopUser: 'STOP USER',
} as const;

/** User-facing details. Each names the provider, so the client does not report them (SPEC.md §8). */
export const SOCIAL_MESSAGES = {
  unsupported: 'Unsupported provider',
  unavailable: (label: string) => `${label} 로그인은 지금 사용할 수 없어요.`,
  rejected: (label: string, reason?: string) =>
    `${label} 인증에 실패했어요${reason ? ` (${reason})` : ''}. 다시 로그인해주세요.`,
  unreachable: (label: string) => `${label} 서버와 연결하지 못했어요. 잠시 후 다시 시도해주세요.`,
  stateInvalid: (label: string) =>
    `${label} 로그인 요청이 만료되었거나 올바르지 않아요. 다시 로그인해주세요.`,
  stateUsed: (label: string) => `이미 처리된 ${label} 로그인 요청이에요. 다시 로그인해주세요.`,
  stateOtherBrowser: (label: string) =>
    `${label} 로그인을 시작한 브라우저에서만 이어서 진행할 수 있어요. 이 화면에서 다시 로그인해주세요.`,
  oauthTokenInvalid: '소셜 로그인 인증(oauth_token)이 만료되었거나 올바르지 않아요. 다시 로그인해주세요.',
  notRegistered: '가입되지 않은 소셜 계정이에요. 회원가입을 진행해주세요.',
  appleNotLinked: 'Apple 계정이 연결되어 있지 않아요.',
  appleRevoked: 'Apple 계정 연결을 해제했어요.',
} as const;

// ───────────────────────────── wire schemas ─────────────────────────────

export const SocialProviderParams = z.object({
  provider: z.string().max(32).meta({ description: 'kakao, naver or apple' }),
});

export const SocialTypeField = z.enum(SOCIAL_TYPES).meta({ description: 'KAKAO, APPLE or NAVER' });

const SocialIdField = z.string().min(1).max(255).meta({ description: "The provider's user id" });
const OAuthTokenField = z
  .string()
  .min(1)
  .max(8192)
  .meta({ description: 'The oauth_token answered by auth/token (valid 30 minutes)' });
const SocialPhoneField = z.string().max(32).meta({
  description: 'Korean mobile number 010XXXXXXXX; hyphens and spaces are ignored',
  example: '010-1234-5678',
});

/** POST /api/users/auth/token */
export const SocialAuthTokenBody = z.object({
  provider: z.string().max(32).meta({ description: 'kakao, naver or apple' }),
  code: z.string().min(1).max(4096).meta({ description: 'The authorisation code of the callback' }),
  state: z.string().max(256).optional().meta({
    description:
      'The state of the callback (issued by oauth/{provider}/authorize to this browser, single use)',
  }),
});
export type SocialAuthTokenBody = z.infer<typeof SocialAuthTokenBody>;

/**
 * Response schemas carry no OpenAPI component id: components are emitted as JSON Schema 2020-12
 * (const, type arrays), which an OpenAPI 3.0 document cannot hold; inline they are converted.
 */

/** A known social identity: the member is signed in. */
export const SocialSignedIn = z.object({
  status: z.literal('SIGNED_IN'),
  access: z.string(),
  refresh: z.string(),
  user: AuthUser,
});
export type SocialSignedIn = z.infer<typeof SocialSignedIn>;

/** A new social identity: sign up with social-sign-up, passing social_id and oauth_token back. */
export const SocialSignUpRequired = z.object({
  status: z.literal('SIGN_UP_REQUIRED'),
  social_type: SocialTypeField,
  social_id: z.string(),
  oauth_token: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  phone: z.string().optional().meta({ description: 'Mobile number the provider reported (Kakao, Naver)' }),
});
export type SocialSignUpRequired = z.infer<typeof SocialSignUpRequired>;

export const SocialAuthTokenResult = z.discriminatedUnion('status', [SocialSignedIn, SocialSignUpRequired]);
export type SocialAuthTokenResult = z.infer<typeof SocialAuthTokenResult>;

/** POST /api/users/social-sign-in (SPEC.md §3 social sign-in payload). */
export const SocialSignInBody = z.object({
  social_type: SocialTypeField,
  social_id: SocialIdField,
  oauth_token: OAuthTokenField,
  phone: SocialPhoneField.nullish().meta({
    description: 'Sent by Kakao and Naver clients; accepted but not used to find or link accounts',
  }),
});
export type SocialSignInBody = z.infer<typeof SocialSignInBody>;

/** POST /api/users/social-sign-up: every provider signs up with a phone verified by SMS. */
export const SocialSignUpBody = z.object({
  social_type: SocialTypeField,
  social_id: SocialIdField,
  oauth_token: OAuthTokenField,
  phone: SocialPhoneField,
  code: z.string().max(16).meta({ description: 'The 6-digit code sent by POST /api/users/send-sms' }),
  user_name: z.string().max(1000).meta({ description: 'Fewer than 50 characters (SPEC.md §5)' }),
  email: z.string().max(320).nullish().meta({ description: 'Optional; empty means none' }),
  referral_code: z
    .string()
    .max(64)
    .nullish()
    .meta({ description: "Optional: another member's referral code" }),
  ...AgreementFields,
});
export type SocialSignUpBody = z.infer<typeof SocialSignUpBody>;

/** Answer of social-sign-in (SIGNED_IN) and social-sign-up (SIGNED_UP). */
export const SocialSession = z.object({
  status: z.enum(['SIGNED_IN', 'SIGNED_UP']),
  access: z.string(),
  refresh: z.string(),
  user: AuthUser,
});
export type SocialSession = z.infer<typeof SocialSession>;

/** 404 of social-sign-in for an identity that has no account yet. */
export const SocialNotRegistered = z.object({ detail: z.string(), status: z.literal('SIGN_UP_REQUIRED') });
export type SocialNotRegistered = z.infer<typeof SocialNotRegistered>;

/** Answer of revoke-apple. */
export const SocialRevokeResult = z.object({ result: z.literal('ok'), detail: z.string() });
export type SocialRevokeResult = z.infer<typeof SocialRevokeResult>;
