/**
 * Naver Login: authorize and token on nid.naver.com, the profile on openapi.naver.com.
 *   GET  {auth}/oauth2.0/authorize?response_type=code&client_id&redirect_uri&state
 *   POST {auth}/oauth2.0/token  grant_type=authorization_code, client_id, client_secret, code, state
 *        (a bad code answers 200 with { error, error_description })
 *   GET  {api}/v1/nid/me        Authorization: Bearer → { resultcode: '00', response: { id, email, name, mobile } }
 * The state is checked by the service before the exchange (issued by authorize, single use, bound
 * to the browser) and forwarded to Naver, which requires it. Naver documents no PKCE, so none is
 * sent: the browser binding of the state is what ties the code to the visitor.
 */
import type { Config } from '../../../config.ts';
import { getWithBearer, joinUrl, postForm, tokensFrom } from './http.ts';
import {
  koreanMobile,
  type ProviderTokens,
  providerRejected,
  type SocialProfile,
  type SocialProvider,
  text,
  tokenHash,
} from './provider.ts';

type NaverConfig = Pick<
  Config,
  'NAVER_CLIENT_ID' | 'NAVER_CLIENT_SECRET' | 'NAVER_AUTH_BASE_URL' | 'NAVER_API_BASE_URL'
>;

export function naverProvider(
  config: NaverConfig & { NAVER_CLIENT_ID: string; NAVER_CLIENT_SECRET: string },
): SocialProvider {
  const label = '네이버';
  return {
    key: 'naver',
    type: 'NAVER',
    label,
    dev: false,

    authorizeUrl(flow) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: config.NAVER_CLIENT_ID,
        redirect_uri: flow.redirectUri,
        state: flow.state,
      });
      return `${joinUrl(config.NAVER_AUTH_BASE_URL, '/oauth2.0/authorize')}?${q}`;
    },

    async exchangeCode(code, flow) {
      const body = await postForm(label, joinUrl(config.NAVER_AUTH_BASE_URL, '/oauth2.0/token'), {
        grant_type: 'authorization_code',
        client_id: config.NAVER_CLIENT_ID,
        client_secret: config.NAVER_CLIENT_SECRET,
        redirect_uri: flow.redirectUri,
        code,
        state: flow.state,
      });
      return tokensFrom(label, body);
    },

    async fetchProfile(accessToken): Promise<SocialProfile> {
      const me = await getWithBearer(label, joinUrl(config.NAVER_API_BASE_URL, '/v1/nid/me'), accessToken);
      if (me.resultcode !== undefined && me.resultcode !== '00') {
        throw providerRejected(label, typeof me.resultcode === 'string' ? me.resultcode : undefined);
      }
      const r = (me.response ?? {}) as Record<string, unknown>;
      const id = text(r.id, 255);
      if (!id) throw providerRejected(label, 'no user id');
      const email = text(r.email);
      const name = text(r.name, 100) ?? text(r.nickname, 100);
      const phone = koreanMobile(r.mobile);
      return {
        social_id: id,
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
