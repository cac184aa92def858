/**
 * The dev provider: a local stand-in for Kakao, Naver and Apple when their keys are not
 * configured, outside production only (routes.ts does not register these routes in production,
 * and providers.ts never picks this adapter there).
 *
 *   GET  /api/dev/oauth/{provider}/authorize?state&redirect_uri&code_challenge  a small Korean page:
 *        pick a made-up user or type one (name, social id, optional e-mail and phone)
 *   GET  /api/dev/oauth/{provider}/approve?…   issues a code (10 minutes, single use) and redirects
 *        to redirect_uri?code&state, like the real provider
 *   POST /api/dev/oauth/{provider}/token {code, code_verifier}  → { access_token, refresh_token,
 *        token_type }; a code issued with a code_challenge (PKCE S256, as Kakao) needs its verifier
 *   GET  /api/dev/oauth/{provider}/me  (Bearer)  → { id, name, email, phone }
 *   GET  /api/dev/oauth/providers  which providers are stand-ins (the storefront's /oauth/dev page)
 * The adapter itself does not call these over HTTP: it reads the same key-value entries.
 */
import { randomBytes } from 'node:crypto';
import {
  isSocialProviderKey,
  SOCIAL_PROVIDER_KEYS,
  SOCIAL_PROVIDER_LABELS,
  type SocialProviderKey,
  socialCallbackPath,
  socialTypeOf,
  withJosa,
} from '@codiroom/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest, notFound, unauthorized } from '../../../platform/errors.ts';
import type { KeyValueStore } from '../../../platform/kv.ts';
import {
  koreanMobile,
  type ProviderTokens,
  pkceChallenge,
  providerRejected,
  type SocialProfile,
  type SocialProvider,
  tokenHash,
} from './provider.ts';

const CODE_TTL_S = 600;
const TOKEN_TTL_S = 3600;
const codeKey = (p: SocialProviderKey, code: string) => `social:dev:${p}:code:${code}`;
const codeUsedKey = (p: SocialProviderKey, code: string) => `social:dev:${p}:code-used:${code}`;
const tokenKey = (p: SocialProviderKey, token: string) => `social:dev:${p}:token:${token}`;
const revokedKey = (p: SocialProviderKey, token: string) => `social:dev:${p}:revoked:${token}`;
const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

export const devAuthorizePath = (p: SocialProviderKey) => `/api/dev/oauth/${p}/authorize`;

/** Was this (refresh) token revoked through the dev provider? For tests and manual checks. */
export async function devTokenRevoked(kv: KeyValueStore, p: SocialProviderKey, token: string) {
  return (await kv.get(revokedKey(p, token))) !== null;
}

/** A code: the approved profile and the PKCE challenge of the authorize request ('' for none). */
type DevCode = { profile: SocialProfile; code_challenge: string };

async function issueCode(kv: KeyValueStore, p: SocialProviderKey, grant: DevCode): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await kv.set(codeKey(p, code), JSON.stringify(grant), CODE_TTL_S);
  return code;
}

async function exchange(
  kv: KeyValueStore,
  p: SocialProviderKey,
  code: string,
  codeVerifier: string | undefined,
): Promise<ProviderTokens | null> {
  if (!TOKEN_RE.test(code)) return null;
  const raw = await kv.get(codeKey(p, code));
  if (!raw || (await kv.incr(codeUsedKey(p, code), CODE_TTL_S)) !== 1) return null;
  await kv.del(codeKey(p, code));
  const grant = JSON.parse(raw) as DevCode;
  if (grant.code_challenge && (!codeVerifier || pkceChallenge(codeVerifier) !== grant.code_challenge)) {
    return null;
  }
  const access = `dev-at-${randomBytes(18).toString('base64url')}`;
  await kv.set(tokenKey(p, access), JSON.stringify(grant.profile), TOKEN_TTL_S);
  return {
    access_token: access,
    refresh_token: `dev-rt-${randomBytes(18).toString('base64url')}`,
    expires_in: TOKEN_TTL_S,
  };
}

async function profileOf(
  kv: KeyValueStore,
  p: SocialProviderKey,
  token: string,
): Promise<SocialProfile | null> {
  const raw = TOKEN_RE.test(token) ? await kv.get(tokenKey(p, token)) : null;
  return raw ? (JSON.parse(raw) as SocialProfile) : null;
}

/** Reads ctx.kv at call time (tests may swap the store). */
export function devProvider(key: SocialProviderKey, ctx: Pick<AppContext, 'kv'>): SocialProvider {
  const label = SOCIAL_PROVIDER_LABELS[key];
  return {
    key,
    type: socialTypeOf(key),
    label,
    dev: true,
    authorizeUrl(flow) {
      const q = new URLSearchParams({
        state: flow.state,
        redirect_uri: flow.redirectUri,
        code_challenge: pkceChallenge(flow.codeVerifier),
      });
      return `${devAuthorizePath(key)}?${q}`;
    },
    async exchangeCode(code, flow) {
      const tokens = await exchange(ctx.kv, key, code, flow.codeVerifier);
      if (!tokens) throw providerRejected(label, 'invalid_grant');
      return tokens;
    },
    async fetchProfile(accessToken) {
      const profile = await profileOf(ctx.kv, key, accessToken);
      if (!profile) throw providerRejected(label, 'invalid_token');
      return profile;
    },
    async revoke(token) {
      await ctx.kv.set(revokedKey(key, token), '1', 24 * 3600);
    },
    storedToken(tokens) {
      return key === 'apple' ? (tokens.refresh_token ?? null) : tokenHash(tokens.access_token);
    },
  };
}

// ───────────────────────────── the page ─────────────────────────────

const COLORS: Record<SocialProviderKey, { bg: string; fg: string }> = {
  kakao: { bg: '#FEE500', fg: '#191600' },
  naver: { bg: '#03C75A', fg: '#ffffff' },
  apple: { bg: '#000000', fg: '#ffffff' },
};

const PRESETS = [
  { n: '1001', name: '김코디', email: 'codi1001@example.com', phone: '01012341001' },
  { n: '1002', name: '이정장', email: '', phone: '01012341002' },
  { n: '1003', name: '박셔츠', email: 'shirt1003@example.com', phone: '' },
] as const;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
}

type PageRequest = { state: string; redirect_uri: string; code_challenge: string };

function page(p: SocialProviderKey, request: PageRequest, error?: string): string {
  const label = SOCIAL_PROVIDER_LABELS[p];
  const { bg, fg } = COLORS[p];
  const action = `/api/dev/oauth/${p}/approve`;
  const base = request;
  const presets = PRESETS.map((u) => {
    const fields = { ...base, social_id: `dev-${p}-${u.n}`, name: u.name, email: u.email, phone: u.phone };
    const sub = [`dev-${p}-${u.n}`, u.email, u.phone].filter(Boolean).join(' · ');
    return `<form method="get" action="${action}">${hidden(fields)}<button class="user" type="submit"><b>${esc(u.name)}</b><span>${esc(sub)}</span></button></form>`;
  }).join('');
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(label)} 로그인 (개발용) | 코디룸</title>
<style>
*{box-sizing:border-box}
body{margin:0;background:#f4f4f5;color:#111;font:15px/1.5 -apple-system,BlinkMacSystemFont,'Apple SD Gothic Neo','Noto Sans KR',sans-serif}
main{max-width:420px;margin:0 auto;padding:24px 16px 40px}
header{background:${bg};color:${fg};border-radius:14px;padding:18px 18px 16px;margin-bottom:16px}
header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;font-size:13px;opacity:.85}
.badge{display:inline-block;font-size:11px;font-weight:700;padding:2px 8px;border-radius:10px;background:rgba(0,0,0,.12);margin-bottom:8px}
section{background:#fff;border-radius:14px;padding:16px;margin-bottom:12px}
h2{font-size:15px;margin:0 0 10px}
.user{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:12px 14px;margin:0 0 8px;background:#fafafa;border:1px solid #e4e4e7;border-radius:10px;font:inherit;text-align:left;cursor:pointer}
.user:hover{border-color:#111}
.user span{font-size:12px;color:#71717a}
label{display:block;font-size:13px;color:#52525b;margin:0 0 10px}
input{display:block;width:100%;margin-top:4px;padding:10px 12px;font:inherit;border:1px solid #d4d4d8;border-radius:8px}
.go{width:100%;padding:12px;margin-top:4px;border:0;border-radius:10px;background:${bg};color:${fg};font:inherit;font-weight:700;cursor:pointer}
.error{background:#fef2f2;color:#b91c1c;border-radius:10px;padding:10px 12px;margin-bottom:12px;font-size:13px}
.note{font-size:12px;color:#71717a;text-align:center}
</style>
</head>
<body>
<main>
<header><span class="badge">개발용</span><h1>${esc(label)} 로그인</h1><p>실제 ${esc(label)} 계정 없이 로그인 흐름을 시험하는 화면이에요.</p></header>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<section><h2>테스트 사용자 고르기</h2>${presets}</section>
<section><h2>직접 입력하기</h2>
<form method="get" action="${action}">${hidden(base)}
<label>이름<input name="name" maxlength="49" required placeholder="홍길동"></label>
<label>소셜 ID<input name="social_id" maxlength="64" required pattern="[A-Za-z0-9._\\-]+" placeholder="dev-${p}-2001"></label>
<label>이메일 (선택)<input name="email" type="email" maxlength="254" placeholder="me@example.com"></label>
<label>휴대폰 번호 (선택)<input name="phone" inputmode="numeric" maxlength="13" placeholder="01012345678"></label>
<button class="go" type="submit">${esc(withJosa(label, '으로/로'))} 계속하기</button>
</form></section>
<p class="note">운영 환경에서는 제공되지 않는 화면이에요.</p>
</main>
</body>
</html>`;
}

// ───────────────────────────── routes ─────────────────────────────

const AuthorizeQuery = z.object({
  state: z.string().max(256),
  redirect_uri: z.string().max(2048),
  code_challenge: z.string().max(128).default(''),
});
const ApproveQuery = AuthorizeQuery.extend({
  social_id: z.string().max(200).default(''),
  name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  phone: z.string().max(32).default(''),
});
const ProviderParams = z.object({ provider: z.string().max(32) });

function providerParam(raw: string): SocialProviderKey {
  if (!isSocialProviderKey(raw)) throw notFound('Unsupported provider');
  return raw;
}

/** The redirect_uri must be this site's callback page of the provider (no open redirect). */
function checkRedirect(ctx: AppContext, p: SocialProviderKey, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('redirect_uri must be an absolute URL');
  }
  if (
    url.origin !== ctx.config.OAUTH_REDIRECT_ORIGIN ||
    url.pathname !== socialCallbackPath(p) ||
    url.search ||
    url.hash
  ) {
    throw badRequest(`redirect_uri must be ${socialCallbackPath(p)} of this site`);
  }
  return url.toString();
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'")
    .header('x-frame-options', 'DENY')
    .send(body);
}

export const devOAuthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  providers: Partial<Record<SocialProviderKey, SocialProvider>>;
}> = async (app, { ctx, providers }) => {
  const hide = { hide: true, params: ProviderParams };

  // For the storefront's /oauth/dev page: which providers are stand-ins here.
  app.get('/dev/oauth/providers', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      providers: SOCIAL_PROVIDER_KEYS.map((key) => ({
        provider: key,
        label: SOCIAL_PROVIDER_LABELS[key],
        mode: !providers[key] ? 'off' : providers[key].dev ? 'dev' : 'real',
        authorize: `/api/users/oauth/${key}/authorize`,
      })),
    };
  });

  app.get(
    '/dev/oauth/:provider/authorize',
    { schema: { ...hide, querystring: AuthorizeQuery } },
    async (req, reply) => {
      const p = providerParam(req.params.provider);
      const { state, code_challenge } = req.query;
      const redirectUri = checkRedirect(ctx, p, req.query.redirect_uri);
      return html(reply, 200, page(p, { state, redirect_uri: redirectUri, code_challenge }));
    },
  );

  app.get(
    '/dev/oauth/:provider/approve',
    { schema: { ...hide, querystring: ApproveQuery } },
    async (req, reply) => {
      const p = providerParam(req.params.provider);
      const q = req.query;
      const redirectUri = checkRedirect(ctx, p, q.redirect_uri);
      const socialId = q.social_id.trim();
      const name = q.name.trim();
      const email = q.email.trim();
      const phone = q.phone.trim() ? koreanMobile(q.phone) : undefined;
      const problem = !/^[A-Za-z0-9._-]{1,64}$/.test(socialId)
        ? '소셜 ID는 영문, 숫자, . _ - 로 64자까지 입력해주세요.'
        : !name || Array.from(name).length > 49
          ? '이름을 49자 이내로 입력해주세요.'
          : email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
            ? '이메일 주소를 확인해주세요.'
            : q.phone.trim() && !phone
              ? '휴대폰 번호는 010으로 시작하는 11자리로 입력해주세요.'
              : null;
      const request = { state: q.state, redirect_uri: redirectUri, code_challenge: q.code_challenge };
      if (problem) return html(reply, 400, page(p, request, problem));
      const profile: SocialProfile = {
        social_id: socialId,
        name,
        ...(email ? { email } : {}),
        ...(phone && p !== 'apple' ? { phone } : {}),
      };
      const code = await issueCode(ctx.kv, p, { profile, code_challenge: q.code_challenge });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.state);
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
    },
  );

  app.post(
    '/dev/oauth/:provider/token',
    {
      schema: {
        ...hide,
        body: z.object({ code: z.string().max(256), code_verifier: z.string().max(128).optional() }),
      },
    },
    async (req) => {
      const p = providerParam(req.params.provider);
      const tokens = await exchange(ctx.kv, p, req.body.code, req.body.code_verifier);
      if (!tokens) throw badRequest('invalid_grant');
      return { ...tokens, token_type: 'bearer' };
    },
  );

  app.get('/dev/oauth/:provider/me', { schema: hide }, async (req) => {
    const p = providerParam(req.params.provider);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const profile = await profileOf(ctx.kv, p, token);
    if (!profile) throw unauthorized('invalid_token');
    return {
      id: profile.social_id,
      name: profile.name ?? null,
      email: profile.email ?? null,
      phone: profile.phone ?? null,
    };
  });
};
