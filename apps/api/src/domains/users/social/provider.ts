/**
 * The one interface every social sign-in provider implements (Kakao, Naver, Apple and the local
 * dev stand-in), and the errors an adapter raises. Adapters speak only HTTP to the provider; the
 * sign-in rules (state, identities, sessions) live in service.ts.
 */
import { createHash } from 'node:crypto';
import { SOCIAL_MESSAGES, type SocialProviderKey, type SocialType } from '@codiroom/shared';
import { HttpError } from '../../../platform/errors.ts';

/** Tokens of a code exchange (the provider's own field names). */
export type ProviderTokens = {
  access_token: string;
  refresh_token?: string;
  /** Apple: the signed identity token that carries the profile. */
  id_token?: string;
  expires_in?: number;
};

/**
 * One sign-in attempt, issued by authorize and kept server-side with its state (state.ts): the
 * redirect_uri the provider saw, the PKCE verifier whose S256 challenge went to the provider, and
 * the OpenID `nonce` an id_token must carry. Adapters use what their provider supports.
 */
export type SocialFlow = {
  state: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
};

/** PKCE S256 (RFC 7636): base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** What sign-in needs to know about the provider's user. */
export type SocialProfile = {
  social_id: string;
  email?: string;
  name?: string;
  /** Korean mobile number as digits (010XXXXXXXX), when the provider reports one. */
  phone?: string;
};

export interface SocialProvider {
  readonly key: SocialProviderKey;
  readonly type: SocialType;
  /** Korean label used in messages (카카오, 네이버, Apple). */
  readonly label: string;
  /** True for the local stand-in of development and tests. */
  readonly dev: boolean;
  /** Where the browser goes to sign in; the provider comes back to redirectUri?code&state. */
  authorizeUrl(flow: SocialFlow): string;
  /** The code of the callback, exchanged with the flow that authorize started (its verifier). */
  exchangeCode(code: string, flow: SocialFlow): Promise<ProviderTokens>;
  /**
   * The profile behind the access token. Apple has no profile endpoint: its adapter verifies the
   * id_token of `tokens` instead (so the exchange's tokens are passed along, and the flow for its
   * nonce).
   */
  fetchProfile(accessToken: string, tokens: ProviderTokens, flow: SocialFlow): Promise<SocialProfile>;
  /** Revokes a token stored at sign-up (Apple: the refresh token). */
  revoke?(token: string): Promise<void>;
  /** What social_identities.oauth_token keeps for this provider, from a code exchange. */
  storedToken(tokens: ProviderTokens): string | null;
}

/** The provider refused (bad code, bad token, bad signature): 401 naming the provider. */
export function providerRejected(label: string, reason?: string): HttpError {
  return new HttpError(401, SOCIAL_MESSAGES.rejected(label, reason));
}

/** The provider could not be reached or answered nonsense: 502 naming the provider. */
export function providerUnreachable(label: string): HttpError {
  return new HttpError(502, SOCIAL_MESSAGES.unreachable(label));
}

/** '+82 10-1234-5678', '010-1234-5678' → '01012345678'; anything else → undefined. */
export function koreanMobile(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let digits = raw.replace(/[\s\-()]/g, '');
  if (digits.startsWith('+82')) digits = `0${digits.slice(3).replace(/^0/, '')}`;
  return /^010\d{8}$/.test(digits) ? digits : undefined;
}

/** A trimmed non-empty string, or undefined. */
export function text(raw: unknown, max = 254): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const v = raw.trim();
  return v && v.length <= max ? v : undefined;
}

/** SHA-256 (hex) of a provider access token: what Kakao and Naver identities keep. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
