/**
 * AWS Signature Version 4 (header form) with node:crypto, for the S3-compatible image store
 * (docs/ARCHITECTURE.md, "Uploads"). Follows AWS's "Create a signed AWS API request": canonical
 * request → string to sign → HMAC-SHA256 with the key derived from the secret, date, region and
 * service. The S3 flavour: the path is URI-encoded once (not normalised), and the payload's
 * SHA-256 is sent as `x-amz-content-sha256`.
 */
import { createHash, createHmac } from 'node:crypto';

export type SigV4Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
};

export type SigV4Request = {
  method: string;
  url: URL;
  /** Headers to sign (and send); `host` comes from the URL, `x-amz-date` from `now`. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (`sha256Hex(body)`; EMPTY_SHA256 without one). */
  payloadHash: string;
  now: Date;
};

export type SigV4Signed = {
  /** The headers to send: the request's, `x-amz-date` and `authorization` (not `host`). */
  headers: Record<string, string>;
  authorization: string;
  signature: string;
  signedHeaders: string;
  canonicalRequest: string;
  stringToSign: string;
};

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');
export const EMPTY_SHA256 = sha256Hex('');

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - . _ ~ (so also ! ' ( ) *). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each path segment encoded once, slashes kept, no `.`/`..` normalisation (S3's rule). */
export function canonicalUri(pathname: string): string {
  return (
    pathname
      .split('/')
      .map((segment) => uriEncode(decoded(segment)))
      .join('/') || '/'
  );
}

function canonicalQuery(search: URLSearchParams): string {
  return [...search]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** `20130524T000000Z` */
export const amzDate = (now: Date): string => now.toISOString().replace(/[-:]|\.\d{3}/g, '');

/** The signing key: HMAC chain of "AWS4" + secret over date, region, service, "aws4_request". */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export function signV4(req: SigV4Request, creds: SigV4Credentials): SigV4Signed {
  const stamp = amzDate(req.now);
  const date = stamp.slice(0, 8);
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(req.headers)) {
    lower.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  lower.set('x-amz-date', stamp);
  if (!lower.has('host')) lower.set('host', req.url.host);
  const names = [...lower.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method.toUpperCase(),
    canonicalUri(req.url.pathname),
    canonicalQuery(req.url.searchParams),
    `${names.map((n) => `${n}:${lower.get(n)}`).join('\n')}\n`,
    signedHeaders,
    req.payloadHash,
  ].join('\n');
  const scope = `${date}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(creds.secretAccessKey, date, creds.region, creds.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  const headers: Record<string, string> = {};
  for (const [name, value] of lower) if (name !== 'host') headers[name] = value;
  headers.authorization = authorization;
  return { headers, authorization, signature, signedHeaders, canonicalRequest, stringToSign };
}
