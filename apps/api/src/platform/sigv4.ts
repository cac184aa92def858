/**
 * AWS Signature Version 4 (header form) for the S3-compatible image store (docs/ARCHITECTURE.md,
 * "Uploads"), computed by the maintained `aws4fetch` signer (Web Crypto). What this module adds:
 * every header given is signed (aws4fetch leaves out `range` and `content-type` unless asked, and
 * the stand-in and S3 policies want `content-type` signed), the clock is the caller's, and the
 * payload hash is the caller's (`x-amz-content-sha256` for S3), never `UNSIGNED-PAYLOAD`.
 * S3's path rule (each segment encoded once, no `.`/`..` normalisation) is aws4fetch's for s3.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';

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

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - . _ ~ (so also ! ' ( ) *). */
export function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** `20130524T000000Z` */
export const amzDate = (now: Date): string => now.toISOString().replace(/[-:]|\.\d{3}/g, '');

/** aws4fetch's signer with the payload hash the caller computed (the body is never read). */
class Signer extends AwsV4Signer {
  private readonly payloadHash: string;
  constructor(init: ConstructorParameters<typeof AwsV4Signer>[0], payloadHash: string) {
    super(init);
    this.payloadHash = payloadHash;
  }
  override hexBodyHash(): Promise<string> {
    return Promise.resolve(this.payloadHash);
  }
}

export async function signV4(req: SigV4Request, creds: SigV4Credentials): Promise<SigV4Signed> {
  const headers = new Headers(req.headers);
  // S3 wants the hash in a header; aws4fetch would otherwise sign `UNSIGNED-PAYLOAD` there.
  if (creds.service === 's3' && !headers.has('x-amz-content-sha256')) {
    headers.set('x-amz-content-sha256', req.payloadHash);
  }
  const signer = new Signer(
    {
      method: req.method.toUpperCase(),
      url: req.url.toString(),
      headers,
      accessKeyId: creds.accessKeyId,
      secretAccessKey: creds.secretAccessKey,
      region: creds.region,
      service: creds.service,
      datetime: amzDate(req.now),
      allHeaders: true,
    },
    req.payloadHash,
  );
  const [signature, canonicalRequest, stringToSign, authorization] = await Promise.all([
    signer.signature(),
    signer.canonicalString(),
    signer.stringToSign(),
    signer.authHeader(),
  ]);
  const sent: Record<string, string> = {};
  for (const [name, value] of signer.headers) if (name !== 'host') sent[name] = value;
  sent.authorization = authorization;
  return {
    headers: sent,
    authorization,
    signature,
    signedHeaders: signer.signedHeaders,
    canonicalRequest,
    stringToSign,
  };
}
