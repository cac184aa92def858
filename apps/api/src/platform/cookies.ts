/**
 * One cookie of a request's Cookie header, URL-decoded (the raw value when it is not valid
 * percent-encoding), or null when absent or empty. For reads only: the cookies this server sets are
 * written where they belong (refresh-cookie.ts, operator-sessions.ts).
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
