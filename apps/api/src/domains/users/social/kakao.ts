/**
 * Kakao Login (REST API): authorize and token on kauth.kakao.com, the profile on kapi.kakao.com.
 *   GET  {auth}/oauth/authorize?response_type=code&client_id&redirect_uri&state
 *        &code_challenge&code_challenge_method=S256   (PKCE, which Kakao supports)
 *   POST {auth}/oauth/token   grant_type=authorization_code, client_id, redirect_uri, code,
 *                             code_verifier[, client_secret]
 *   GET  {api}/v2/user/me     Authorization: Bearer → { id, kakao_account: { email, name, phone_number, profile } }
 */
import type { Config } from '../../../config.ts';
import { getWithBearer, joinUrl, postForm, tokensFrom } from './http.ts';
import {
  koreanMobile,
  type ProviderTokens,
  pkceChallenge,
  providerRejected,
  type SocialProfile,
  type SocialProvider,
  text,
  tokenHash,
} from './provider.ts';

type KakaoConfig = Pick<
  Config,
  'KAKAO_CLIENT_ID' | 'KAKAO_CLIENT_SECRET' | 'KAKAO_AUTH_BASE_URL' | 'KAKAO_API_BASE_URL'
>;

export function kakaoProvider(config: KakaoConfig & { KAKAO_CLIENT_ID: string }): SocialProvider {
  const label = '카카오';
  return {
    key: 'kakao',
    type: 'KAKAO',
    label,
    dev: false,

    authorizeUrl(flow) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: config.KAKAO_CLIENT_ID,
        redirect_uri: flow.redirectUri,
        state: flow.state,
        code_challenge: pkceChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
      return `${joinUrl(config.KAKAO_AUTH_BASE_URL, '/oauth/authorize')}?${q}`;
    },

    async exchangeCode(code, flow) {
      const body = await postForm(label, joinUrl(config.KAKAO_AUTH_BASE_URL, '/oauth/token'), {
        grant_type: 'authorization_code',
        client_id: config.KAKAO_CLIENT_ID,
        client_secret: config.KAKAO_CLIENT_SECRET,
        redirect_uri: flow.redirectUri,
        code,
        code_verifier: flow.codeVerifier,
      });
      return tokensFrom(label, body);
    },

    async fetchProfile(accessToken): Promise<SocialProfile> {
      const me = await getWithBearer(label, joinUrl(config.KAKAO_API_BASE_URL, '/v2/user/me'), accessToken);
      const id = me.id;
      if (
        (typeof id !== 'number' || !Number.isSafeInteger(id)) &&
        (typeof id !== 'string' || !/^\d+$/.test(id))
      ) {
        throw providerRejected(label, 'no user id');
      }
      const account = (me.kakao_account ?? {}) as Record<string, unknown>;
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      // Only an address Kakao has checked is worth keeping.
      const emailOk = account.is_email_valid !== false && account.is_email_verified !== false;
      const email = emailOk ? text(account.email) : undefined;
      const name = text(account.name, 100) ?? text(profile.nickname, 100);
      const phone = koreanMobile(account.phone_number);
      return {
        social_id: String(id),
        ...(email ? { email } : {}),
        ...(name ? { name } : {}),
        ...(phone ? { phone } : {}),
      };
    },

    storedToken(tokens: ProviderTokens) {
      return tokenHash(tokens.access_token);
    },
  };
}
