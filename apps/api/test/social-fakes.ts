/**
 * Test doubles for social sign-in: one local HTTP server (node:http on 127.0.0.1:0) speaking the
 * documented APIs of Kakao, Naver and Apple under separate base paths, and small helpers.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '@codiroom/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  type CryptoKey,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { expect } from 'vitest';

export const HOST = 'shop.test';
/** The shop's configured origin in these tests: redirect_uris are built from it, never the Host. */
export const SHOP_ENV = { PUBLIC_ORIGIN: `http://${HOST}` };

/** A clock tests move forward. */
export function movableClock(start = '2026-11-20T03:00:00Z') {
  let t = new Date(start).getTime();
  const clock: Clock & { advance(seconds: number): void } = {
    now: () => new Date(t),
    advance: (seconds) => {
      t += seconds * 1000;
    },
  };
  return clock;
}

let phoneSeq = 0;
/** A fresh valid mobile number per call, unique within the test process. */
export function freshMobile(): string {
  phoneSeq += 1;
  return `0106${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** POST send-sms, then the code from the dev outbox. */
export async function smsCode(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/users/send-sms', payload: { phone } });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  expect(outbox.statusCode, outbox.body).toBe(200);
  return (outbox.json() as { code: string }).code;
}

/**
 * One browser's cookies: what the app's answers set (Set-Cookie; Max-Age=0 deletes), sent back
 * with its next calls. Paths and expiry are not modelled: only /api/users calls use it.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  keep(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
      const [pair = '', ...attributes] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(i + 1).trim());
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
}

/** The browser of tests that follow one visitor's sign-ins. */
export const shopBrowser = new Browser();

/** GET oauth/{provider}/authorize as a browser on HOST; the provider URL it redirects to. */
export async function startAuthorize(
  app: FastifyInstance,
  provider: string,
  browser: Browser = shopBrowser,
): Promise<URL> {
  const res = await app.inject({
    url: `/api/users/oauth/${provider}/authorize`,
    headers: { host: HOST, ...browser.header() },
  });
  expect(res.statusCode, res.body).toBe(302);
  browser.keep(res);
  return new URL(String(res.headers.location), `http://${HOST}`);
}

/** POST auth/token from `browser` (with its cookies), as the callback page does. */
export async function authToken(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  browser: Browser = shopBrowser,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/auth/token',
    payload: body,
    headers: { host: HOST, ...browser.header(), ...headers },
  });
  browser.keep(res);
  return res;
}

export type Recorded = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
};

type KakaoUser = Record<string, unknown>;
type NaverUser = Record<string, unknown>;
/** `nonce`: the one of the authorize request the code answers (approve() copies it). */
type AppleUser = { sub: string; email?: string; nonce?: string };

const send = (res: ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

/**
 * The fake providers. Tests register codes (what the provider would hand the browser) with the
 * user behind them, then drive the app; every request the app makes is recorded.
 */
export class FakeProviders {
  server!: Server;
  base = '';
  requests: Recorded[] = [];
  /** Answer every request with this status (provider down). */
  failWith: number | null = null;

  readonly kakaoCodes = new Map<string, KakaoUser>();
  readonly naverCodes = new Map<string, NaverUser>();
  readonly appleCodes = new Map<string, AppleUser>();
  /** Kakao codes issued for an authorize request with a PKCE challenge: code → challenge. */
  readonly kakaoChallenges = new Map<string, string>();
  readonly revoked: string[] = [];
  private readonly tokens = new Map<string, { provider: string; user: unknown }>();
  private seq = 0;

  readonly apple = {
    clientId: 'kr.codiroom.signin',
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    /** The team's key: the app signs client secrets with the private half. */
    teamPrivatePem: '',
    teamPublic: null as CryptoKey | null,
    /** Apple's id_token signing key, published at /auth/keys. */
    signingPrivate: null as CryptoKey | null,
    signingJwk: null as Record<string, unknown> | null,
  };

  constructor(private readonly clock: Clock) {}

  async start(): Promise<this> {
    const team = await generateKeyPair('ES256', { extractable: true });
    this.apple.teamPrivatePem = await exportPKCS8(team.privateKey);
    this.apple.teamPublic = team.publicKey;
    const signing = await generateKeyPair('ES256', { extractable: true });
    this.apple.signingPrivate = signing.privateKey;
    this.apple.signingJwk = {
      ...(await exportJWK(signing.publicKey)),
      kid: 'apple-key-1',
      alg: 'ES256',
      use: 'sig',
    };

    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form });
        this.handle(req, url, form, res).catch((err) => send(res, 500, { error: String(err) }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Environment pointing every provider's base URLs at this server. */
  env(): Record<string, string> {
    return {
      ...SHOP_ENV,
      KAKAO_CLIENT_ID: 'kakao-rest-key',
      KAKAO_CLIENT_SECRET: 'kakao-secret',
      KAKAO_AUTH_BASE_URL: `${this.base}/kakao-auth`,
      KAKAO_API_BASE_URL: `${this.base}/kakao-api`,
      NAVER_CLIENT_ID: 'naver-client',
      NAVER_CLIENT_SECRET: 'naver-secret',
      NAVER_AUTH_BASE_URL: `${this.base}/naver-auth`,
      NAVER_API_BASE_URL: `${this.base}/naver-api`,
      APPLE_CLIENT_ID: this.apple.clientId,
      APPLE_TEAM_ID: this.apple.teamId,
      APPLE_KEY_ID: this.apple.keyId,
      // As operators often pass it: one line with \n escapes.
      APPLE_PRIVATE_KEY: this.apple.teamPrivatePem.replaceAll('\n', '\\n'),
      APPLE_BASE_URL: `${this.base}/apple`,
    };
  }

  /**
   * The visitor approved the authorize request at `authorizeUrl` as `user`: the provider hands
   * out `code`, tied to that request as the real one ties it (Kakao: the PKCE challenge; Apple:
   * the nonce its id_token will carry).
   */
  approve(authorizeUrl: URL, code: string, user: Record<string, unknown>): void {
    const q = authorizeUrl.searchParams;
    const path = authorizeUrl.pathname;
    if (path.startsWith('/kakao-auth/')) {
      this.kakaoCodes.set(code, user);
      const challenge = q.get('code_challenge');
      if (challenge && q.get('code_challenge_method') === 'S256') this.kakaoChallenges.set(code, challenge);
    } else if (path.startsWith('/naver-auth/')) {
      this.naverCodes.set(code, user);
    } else if (path.startsWith('/apple/')) {
      const nonce = q.get('nonce');
      this.appleCodes.set(code, { ...(user as AppleUser), ...(nonce ? { nonce } : {}) });
    } else {
      throw new Error(`not a fake provider: ${authorizeUrl}`);
    }
  }

  requestsTo(path: string): Recorded[] {
    return this.requests.filter((r) => r.path === path);
  }

  private token(provider: string, user: unknown) {
    this.seq += 1;
    const access = `${provider}-at-${this.seq}`;
    this.tokens.set(access, { provider, user });
    return { access, refresh: `${provider}-rt-${this.seq}` };
  }

  private bearer(req: IncomingMessage, provider: string) {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const t = m ? this.tokens.get(m[1] as string) : undefined;
    return t && t.provider === provider ? t.user : null;
  }

  /** Signs an id_token as Apple would (or with another key, to forge one). */
  async appleIdToken(
    user: AppleUser,
    opts: { key?: CryptoKey; aud?: string; iss?: string; noExp?: boolean } = {},
  ) {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: JWTPayload = {
      ...(user.email ? { email: user.email, email_verified: 'true', is_private_email: 'false' } : {}),
      ...(user.nonce ? { nonce: user.nonce, nonce_supported: true } : {}),
      auth_time: iat,
    };
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'apple-key-1' })
      .setIssuer(opts.iss ?? 'https://appleid.apple.com')
      .setAudience(opts.aud ?? this.apple.clientId)
      .setSubject(user.sub)
      .setIssuedAt(iat);
    if (!opts.noExp) jwt.setExpirationTime(iat + 600);
    return jwt.sign(opts.key ?? (this.apple.signingPrivate as CryptoKey));
  }

  /** Checks an Apple client_secret the way Apple does; null when valid, else the reason. */
  async appleClientSecretProblem(secret: string | null): Promise<string | null> {
    if (!secret) return 'missing';
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, this.apple.teamPublic as CryptoKey, {
        algorithms: ['ES256'],
        issuer: this.apple.teamId,
        audience: 'https://appleid.apple.com',
        subject: this.apple.clientId,
        currentDate: this.clock.now(),
      });
      if (protectedHeader.kid !== this.apple.keyId) return 'kid';
      if (!payload.exp || !payload.iat) return 'times';
      return null;
    } catch (err) {
      return String((err as Error).message);
    }
  }

  /** Overridable: the id_token Apple answers for a code (tests swap it to forge one). */
  appleIdTokenFor: (user: AppleUser) => Promise<string> = (user) => this.appleIdToken(user);

  private async handle(req: IncomingMessage, url: URL, form: URLSearchParams, res: ServerResponse) {
    if (this.failWith) return send(res, this.failWith, { error: 'server_error' });
    const path = url.pathname;

    // ── Kakao ──
    if (req.method === 'POST' && path === '/kakao-auth/oauth/token') {
      const user = this.kakaoCodes.get(form.get('code') ?? '');
      if (form.get('client_id') !== 'kakao-rest-key' || form.get('client_secret') !== 'kakao-secret') {
        return send(res, 401, { error: 'invalid_client', error_code: 'KOE010' });
      }
      if (!user || form.get('grant_type') !== 'authorization_code') {
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'authorization code not found',
          error_code: 'KOE320',
        });
      }
      // PKCE: a code issued with a challenge needs the verifier behind it.
      const challenge = this.kakaoChallenges.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (challenge && createHash('sha256').update(verifier).digest('base64url') !== challenge) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'code_verifier mismatch' });
      }
      this.kakaoCodes.delete(form.get('code') ?? '');
      const t = this.token('kakao', user);
      return send(res, 200, {
        token_type: 'bearer',
        access_token: t.access,
        refresh_token: t.refresh,
        expires_in: 21599,
      });
    }
    if (req.method === 'GET' && path === '/kakao-api/v2/user/me') {
      const user = this.bearer(req, 'kakao');
      if (!user) return send(res, 401, { msg: 'this access token does not exist', code: -401 });
      return send(res, 200, user);
    }

    // ── Naver ──
    if (path === '/naver-auth/oauth2.0/token') {
      const code = form.get('code') ?? url.searchParams.get('code') ?? '';
      const user = this.naverCodes.get(code);
      // Naver answers 200 with an error body.
      if (!user || !form.get('state') || form.get('client_secret') !== 'naver-secret') {
        return send(res, 200, { error: 'invalid_request', error_description: 'no valid data in session' });
      }
      this.naverCodes.delete(code);
      const t = this.token('naver', user);
      return send(res, 200, {
        access_token: t.access,
        refresh_token: t.refresh,
        token_type: 'bearer',
        expires_in: '3600',
      });
    }
    if (req.method === 'GET' && path === '/naver-api/v1/nid/me') {
      const user = this.bearer(req, 'naver');
      if (!user) return send(res, 401, { resultcode: '024', message: 'Authentication failed' });
      return send(res, 200, { resultcode: '00', message: 'success', response: user });
    }

    // ── Apple ──
    if (req.method === 'GET' && path === '/apple/auth/keys') {
      return send(res, 200, { keys: [this.apple.signingJwk] });
    }
    if (req.method === 'POST' && path === '/apple/auth/token') {
      const problem = await this.appleClientSecretProblem(form.get('client_secret'));
      if (problem || form.get('client_id') !== this.apple.clientId)
        return send(res, 400, { error: 'invalid_client' });
      const user = this.appleCodes.get(form.get('code') ?? '');
      if (!user || form.get('grant_type') !== 'authorization_code')
        return send(res, 400, { error: 'invalid_grant' });
      this.appleCodes.delete(form.get('code') ?? '');
      const t = this.token('apple', user);
      return send(res, 200, {
        access_token: t.access,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: t.refresh,
        id_token: await this.appleIdTokenFor(user),
      });
    }
    if (req.method === 'POST' && path === '/apple/auth/revoke') {
      const problem = await this.appleClientSecretProblem(form.get('client_secret'));
      if (problem || form.get('client_id') !== this.apple.clientId)
        return send(res, 400, { error: 'invalid_client' });
      this.revoked.push(form.get('token') ?? '');
      return send(res, 200);
    }
    return send(res, 404, { error: 'not_found' });
  }
}
