/**
 * The S3-compatible ImageStore (docs/ARCHITECTURE.md, "Uploads"): PUT, GET and DELETE of one
 * object over plain fetch, signed with AWS Signature Version 4 (sigv4.ts, over aws4fetch), path-style URLs
 * (`{S3_ENDPOINT}/{S3_BUCKET}/{key}`), so it works with AWS S3, Cloudflare R2, MinIO, NCP Object
 * Storage and the like. A missing object is a 404 of the service; the credentials therefore need
 * the right to list the bucket (S3 answers 403 instead of 404 without it).
 */
import { HttpError } from './errors.ts';
import { contentTypeOfKey, type ImageStore, type StoredImage } from './image-store.ts';
import { EMPTY_SHA256, sha256Hex, signV4, uriEncode } from './sigv4.ts';

export type S3StoreOptions = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per call, in ms. */
  timeoutMs?: number;
  /** Tests pass their own clock to sign with. */
  now?: () => Date;
};

const storeFailed = (what: string, detail: string) =>
  new HttpError(502, `The image store could not ${what} the image (${detail})`);

export class S3ImageStore implements ImageStore {
  readonly kind = 's3' as const;
  private readonly base: string;

  constructor(private readonly opts: S3StoreOptions) {
    const endpoint = new URL(opts.endpoint);
    this.base = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${uriEncode(opts.bucket)}`;
  }

  /** The object's URL (path style); the key is checked first. */
  urlOf(key: string): URL {
    contentTypeOfKey(key);
    return new URL(`${this.base}/${key.split('/').map(uriEncode).join('/')}`);
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = this.urlOf(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash };
    if (contentType) headers['content-type'] = contentType;
    const signed = await signV4(
      { method, url, headers, payloadHash, now: this.opts.now?.() ?? new Date() },
      {
        accessKeyId: this.opts.accessKeyId,
        secretAccessKey: this.opts.secretAccessKey,
        region: this.opts.region,
        service: 's3',
      },
    );
    return fetch(url, {
      method,
      headers: signed.headers,
      ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
    });
  }

  private async call(
    what: string,
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    type?: string,
  ) {
    try {
      return await this.send(method, key, body, type);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw storeFailed(what, (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (contentType !== contentTypeOfKey(key)) {
      throw new Error(`Content type ${contentType} does not match the key ${key}`);
    }
    const res = await this.call('store', 'PUT', key, bytes, contentType);
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw storeFailed('store', `S3 ${res.status}`);
  }

  async get(key: string): Promise<StoredImage | null> {
    const res = await this.call('read', 'GET', key);
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      throw storeFailed('read', `S3 ${res.status}`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch {
      throw storeFailed('read', 'the answer was cut short');
    }
    return { bytes, contentType: contentTypeOfKey(key) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.call('delete', 'DELETE', key);
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok && res.status !== 404) throw storeFailed('delete', `S3 ${res.status}`);
  }
}
