/**
 * Sign in with Apple (REST):
 *   GET  {base}/auth/authorize?response_type=code&response_mode=query&client_id&redirect_uri&state&nonce
 *        No `scope`: Apple demands response_mode=form_post as soon as name or email is asked
 *        for, and that cross-site POST to the storefront page is refused by React Router's action
 *        origin check — and would arrive without the SameSite=Lax cookie that binds the state to
 *        the browser (docs/ARCHITECTURE.md "Security"). Sign-up collects name and phone itself
 *        (e-mail is optional), so the Apple callback is a plain top-level GET like Kakao's and
 *        Naver's. (An e-mail in the id_token is still read when present.) The `nonce` comes back
 *        in the id_token and must be the flow's.
 *   POST {base}/auth/token   client_id, client_secret, code, grant_type=authorization_code, redirect_uri
 *        → { access_token, refresh_token, id_token }
 *   GET  {base}/auth/keys    the JWKS the id_token is verified against (iss https://appleid.apple.com,
 *                            aud = client id); the id_token's sub is the social id.
 *   POST {base}/auth/revoke  client_id, client_secret, token, token_type_hint=refresh_token
 * client_secret is a JWT signed ES256 with the team's private key (kid = key id, iss = team id,
 * sub = client id, aud = https://appleid.apple.com), valid 5 minutes.
 */
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../../config.ts';
import { joinUrl, postForm, tokensFrom } from './http.ts';
import {
  type ProviderTokens,
  providerRejected,
  providerUnreachable,
  type SocialProfile,
  type SocialProvider,
  text,
} from './provider.ts';

export const APPLE_ISSUER = 'https://appleid.apple.com';
const CLIENT_SECRET_TTL_S = 300;

type AppleConfig = {
  APPLE_CLIENT_ID: string;
  APPLE_TEAM_ID: string;
  APPLE_KEY_ID: string;
  APPLE_PRIVATE_KEY: string;
} & Pick<Config, 'APPLE_BASE_URL'>;

export function appleProvider(config: AppleConfig, now: () => Date): SocialProvider {
  const label = 'Apple';
  const base = config.APPLE_BASE_URL;
  let keyPromise: ReturnType<typeof importPKCS8> | null = null;
  const privateKey = () => {
    keyPromise ??= importPKCS8(config.APPLE_PRIVATE_KEY, 'ES256');
    return keyPromise;
  };
  const jwks = createRemoteJWKSet(new URL(joinUrl(base, '/auth/keys')), { timeoutDuration: 10_000 });

  async function clientSecret(): Promise<string> {
    const iat = Math.floor(now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.APPLE_KEY_ID })
      .setIssuer(config.APPLE_TEAM_ID)
      .setSubject(config.APPLE_CLIENT_ID)
      .setAudience(APPLE_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + CLIENT_SECRET_TTL_S)
      .sign(await privateKey());
  }

  return {
    key: 'apple',
    type: 'APPLE',
    label,
    dev: false,

    authorizeUrl(flow) {
      const q = new URLSearchParams({
        response_type: 'code',
        response_mode: 'query',
        client_id: config.APPLE_CLIENT_ID,
        redirect_uri: flow.redirectUri,
        state: flow.state,
        nonce: flow.nonce,
      });
      return `${joinUrl(base, '/auth/authorize')}?${q}`;
    },

    async exchangeCode(code, flow) {
      const body = await postForm(label, joinUrl(base, '/auth/token'), {
        client_id: config.APPLE_CLIENT_ID,
        client_secret: await clientSecret(),
        code,
        grant_type: 'authorization_code',
        redirect_uri: flow.redirectUri,
      });
      const tokens = tokensFrom(label, body);
      if (!tokens.id_token) throw providerRejected(label, 'no id_token');
      return tokens;
    },

    async fetchProfile(_accessToken, tokens, flow): Promise<SocialProfile> {
      if (!tokens.id_token) throw providerRejected(label, 'no id_token');
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(tokens.id_token, jwks, {
          issuer: APPLE_ISSUER,
          audience: config.APPLE_CLIENT_ID,
          algorithms: ['RS256', 'ES256'],
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        // The keys could not be fetched: Apple is unavailable, not refusing.
        const code = (err as { code?: unknown }).code;
        if (
          code === 'ERR_JWKS_TIMEOUT' ||
          code === 'ERR_JOSE_GENERIC' ||
          !(typeof code === 'string' && code.startsWith('ERR_'))
        ) {
          throw providerUnreachable(label);
        }
        throw providerRejected(label, 'id_token');
      }
      // The id_token answers this flow's authorize request, not one started elsewhere.
      if (payload.nonce !== flow.nonce) throw providerRejected(label, 'nonce');
      const sub = text(payload.sub, 255);
      if (!sub) throw providerRejected(label, 'no user id');
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      const email = verified ? text(payload.email) : undefined;
      return { social_id: sub, ...(email ? { email } : {}) };
    },

    async revoke(token) {
      await postForm(label, joinUrl(base, '/auth/revoke'), {
        client_id: config.APPLE_CLIENT_ID,
        client_secret: await clientSecret(),
        token,
        token_type_hint: 'refresh_token',
      });
    },

    storedToken(tokens: ProviderTokens) {
      return tokens.refresh_token ?? null;
    },
  };
}
