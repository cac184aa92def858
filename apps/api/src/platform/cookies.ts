import type { Config } from '../config.ts';

/**
 * `; Secure` when the shop's PUBLIC_ORIGIN is https (docs/ARCHITECTURE.md "Security"), for every
 * cookie the server sets: what the server's own socket sees says nothing behind a TLS proxy.
 */
export function secureAttribute(config: Pick<Config, 'secureCookies'>): string {
  return config.secureCookies ? '; Secure' : '';
}

/**
 * One cookie of a request's Cookie header, URL-decoded (the raw value when it is not valid
 * percent-encoding), or null when absent or empty. The cookies this server sets are written where
 * they belong (refresh-cookie.ts, operator-sessions.ts, users/social/state.ts), each with its own
 * attributes; `appendSetCookie` adds one to an answer without dropping the others.
 */
export function requestCookie(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null {
  const raw = headers.cookie;
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (!header) return null;
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** Adds a Set-Cookie header to the reply, keeping those already set. */
export function appendSetCookie(
  reply: { getHeader(name: string): unknown; header(name: string, value: unknown): unknown },
  cookie: string,
): void {
  const current = reply.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current.map(String) : [String(current)];
  reply.header('set-cookie', [...list, cookie]);
}
