/** Tiny cookie helpers usable on the server (header strings) and in the browser (document.cookie). */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (!k) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure = false): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The browser's cookies as read once for the current task's synchronous run: reading
 * `document.cookie` can cost a millisecond or more on a busy phone, and one API request reads it
 * twice (the access token, the guest id). Cleared at the next microtask and by every write here,
 * so a cookie the server set meanwhile is never missed.
 */
let jar: Record<string, string> | null = null;

function browserCookies(): Record<string, string> {
  if (!jar) {
    jar = parseCookies(document.cookie);
    queueMicrotask(() => {
      jar = null;
    });
  }
  return jar;
}

export function readBrowserCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return browserCookies()[name] ?? null;
}

export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  jar = null;
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what SPEC.md stores
  document.cookie = serializeCookie(name, value, maxAgeSeconds, location.protocol === 'https:');
}

export function deleteBrowserCookie(name: string): void {
  jar = null;
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what SPEC.md stores
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}
