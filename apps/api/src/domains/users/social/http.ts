/**
 * The few HTTP calls adapters make to providers: form POSTs and bearer GETs with a timeout.
 * A 4xx answer is the provider refusing (401 naming it); no answer, a 5xx or a body that is not
 * JSON is the provider being unavailable (502 naming it).
 */
import { providerRejected, providerUnreachable } from './provider.ts';

const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

function reasonOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Json;
  for (const k of ['error', 'error_code', 'resultcode', 'msg']) {
    const v = b[k];
    if ((typeof v === 'string' && /^[\w.:-]{1,64}$/.test(v)) || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Sends the request; answers the parsed JSON object of a 2xx, or throws the HttpError above. */
export async function providerCall(label: string, url: string, init: RequestInit): Promise<Json> {
  let res: Response;
  let raw: string;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    raw = await res.text();
  } catch {
    throw providerUnreachable(label);
  }
  let body: unknown = null;
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
  }
  if (res.status >= 400 && res.status < 500) throw providerRejected(label, reasonOf(body));
  if (res.status < 200 || res.status >= 300) throw providerUnreachable(label);
  if (raw === '') return {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw providerUnreachable(label);
  return body as Json;
}

export function postForm(
  label: string,
  url: string,
  form: Record<string, string | undefined>,
  headers: Record<string, string> = {},
): Promise<Json> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) params.set(k, v);
  return providerCall(label, url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
      accept: 'application/json',
      ...headers,
    },
    body: params.toString(),
  });
}

export function getWithBearer(label: string, url: string, accessToken: string): Promise<Json> {
  return providerCall(label, url, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** The token fields every OAuth answer shares; a missing access_token is a broken answer. */
export function tokensFrom(label: string, body: Json) {
  const access = body.access_token;
  if (typeof access !== 'string' || access === '') {
    // Naver answers 200 with {error, error_description} for a bad code.
    if (typeof body.error === 'string') throw providerRejected(label, reasonOf(body));
    throw providerUnreachable(label);
  }
  return {
    access_token: access,
    ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
    ...(typeof body.id_token === 'string' ? { id_token: body.id_token } : {}),
    ...(typeof body.expires_in === 'number'
      ? { expires_in: body.expires_in }
      : typeof body.expires_in === 'string' && /^\d+$/.test(body.expires_in)
        ? { expires_in: Number(body.expires_in) }
        : {}),
  };
}
