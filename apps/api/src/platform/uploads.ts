/**
 * The image upload pipeline (docs/ARCHITECTURE.md, "Uploads"), shared by every domain that takes
 * photos (reviews, the style quiz, support tickets):
 *
 *   route with `config: { uploads: true }`
 *     → readImageParts: the rate limits and the decode line (429 / 503), then the multipart body,
 *       bounded (files, sizes, fields), each file streamed to a temporary file   413 / 400
 *     → processImage: sniffed by magic bytes, its shape checked from the header, decoded (within
 *       UPLOAD_BUDGET) and re-encoded as WebP                                     415 / 413 / 503 / 400
 *     → ctx.images.put(newImageKey(scope, now), …): the configured ImageStore
 *     → served by GET /api/uploads/{key} (uploads-routes.ts)
 *
 * `storeImage` does the last three steps. A route without `config.uploads` answers 415 to a
 * multipart body before reading it (input-limits.ts).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '@codiroom/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import {
  type ImageSource,
  type ProcessImageOptions,
  processImage,
  UPLOAD_BUDGET,
} from './image-processing.ts';
import { type ImageStore, imageUrl, newImageKey } from './image-store.ts';
import { LocalImageStore } from './image-store-local.ts';
import { S3ImageStore } from './image-store-s3.ts';
import type { KeyValueStore } from './kv.ts';
import { enforceRateLimit, type RateLimit } from './rate-limit.ts';
import { clientOf } from './sign-in-limits.ts';

export {
  DEFAULT_MAX_HEIGHT,
  DEFAULT_MAX_WIDTH,
  heicSupported,
  type ImageKind,
  type ImageSource,
  MAX_INPUT_PIXELS,
  type ProcessedImage,
  type ProcessImageOptions,
  processImage,
  sniffImage,
} from './image-processing.ts';
export {
  contentTypeOfKey,
  type ImageStore,
  imageUrl,
  isImageKey,
  newImageKey,
  type StoredImage,
} from './image-store.ts';
export { LocalImageStore } from './image-store-local.ts';
export { S3ImageStore } from './image-store-s3.ts';

/** The hard bounds of every multipart request (busboy's limits; sizes in bytes). */
export const UPLOAD_LIMITS = {
  /** 10 MB (MiB) per file. */
  fileSize: 10 * 1024 * 1024,
  files: 5,
  /** Text fields beside the files. */
  fields: 20,
  /** Bytes of one text field's value. */
  fieldSize: 16_384,
  /** Bytes of a field's name. */
  fieldNameSize: 100,
  /** Header lines of one part. */
  headerPairs: 20,
} as const;

export const FILE_TOO_LARGE = `사진 한 장의 크기는 ${UPLOAD_LIMITS.fileSize / 1024 / 1024}MB 이하여야 합니다.`;
export const tooManyFiles = (max: number) => `사진은 한 번에 ${max}장까지 올릴 수 있습니다.`;

/**
 * Upload requests a shopper may send (reviews, style-quiz photos, support tickets), per member and
 * per client address (`request.ip`, which honours TRUST_PROXY; several members may share one
 * address, hence the higher bound). Counted before the body is read.
 */
const TOO_OFTEN = '사진을 너무 자주 올렸습니다. 잠시 후 다시 시도해 주세요.';
export const UPLOAD_RATE_LIMITS = {
  member: { name: 'uploads:member', max: 20, windowSeconds: 600, detail: TOO_OFTEN },
  address: { name: 'uploads:ip', max: 60, windowSeconds: 600, detail: TOO_OFTEN },
} as const satisfies Record<string, RateLimit>;

/** The temporary directories of a request's files, removed when its answer is sent or it ends. */
const tempDirs = new WeakMap<object, string[]>();

async function removeTempFiles(request: FastifyRequest): Promise<void> {
  const dirs = tempDirs.get(request.raw);
  if (!dirs) return;
  tempDirs.delete(request.raw);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

const TEMP_PREFIX = 'codiroom-upload-';

/**
 * Removes the temporary upload folders a process ended with kill -9 (or a crash) left behind: those
 * older than `olderThanMs` (default an hour, far past REQUEST_TIMEOUT_MS, so no live request's
 * folder, this process's or another's sharing the directory, is touched). Run at start; returns how
 * many it removed.
 */
export async function sweepStaleUploadFiles(
  opts: { dir?: string; olderThanMs?: number; nowMs?: number } = {},
): Promise<number> {
  const dir = opts.dir ?? tmpdir();
  const cutoff = (opts.nowMs ?? Date.now()) - (opts.olderThanMs ?? 3_600_000);
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory() || info.mtimeMs > cutoff) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Registers @fastify/multipart in `scope` with UPLOAD_LIMITS, and the hooks that remove a
 * request's temporary files (as the answer is sent, or when the client goes away). Register it in a
 * scope of its own holding only the upload routes: the plugin adds two hooks to every request of
 * the scope it is registered in. Only routes that declare `config: { uploads: true }` are let
 * through with a multipart body (input-limits.ts), wherever the plugin is.
 */
export async function registerUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { ...UPLOAD_LIMITS, parts: UPLOAD_LIMITS.files + UPLOAD_LIMITS.fields },
  });
  // Before the answer leaves (so a client never outruns the cleanup), and when the client goes away.
  scope.addHook('onSend', async (request, _reply, payload) => {
    await removeTempFiles(request);
    return payload;
  });
  scope.addHook('onResponse', removeTempFiles);
  scope.addHook('onRequestAbort', removeTempFiles);
}

export type UploadedFile = {
  /** The form field the file came in. */
  field: string;
  /**
   * The temporary file its bytes were streamed to (at most UPLOAD_LIMITS.fileSize), removed once
   * the request is answered. Its name and declared type are not kept: see sniffImage.
   */
  path: string;
  /** Its size in bytes. */
  size: number;
};

export type UploadParts = {
  files: UploadedFile[];
  /** The text fields (each name once; no prototype). */
  fields: Record<string, string>;
};

export type ReadImagePartsOptions = {
  /** Files the route takes (1 to UPLOAD_LIMITS.files; default UPLOAD_LIMITS.files). */
  maxFiles?: number;
  /** Text fields the route takes (0 to UPLOAD_LIMITS.fields; default UPLOAD_LIMITS.fields). */
  maxFields?: number;
  /** A shopper's upload: counted against UPLOAD_RATE_LIMITS for the member and the address. */
  member?: { id: number; kv: KeyValueStore; clock: Clock };
};

const invalid = (why: string) => new HttpError(400, `Invalid multipart body: ${why}`);

/** @fastify/multipart's and busboy's errors as the API's 4xx answers. */
function uploadError(err: unknown, maxFiles: number, maxFields: number): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, FILE_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, tooManyFiles(maxFiles));
    case 'FST_FIELDS_LIMIT':
      return invalid(`more than ${maxFields} text fields`);
    case 'FST_PARTS_LIMIT':
      return invalid(`more than ${maxFiles + maxFields} parts`);
    case 'FST_PROTO_VIOLATION':
      return invalid('a forbidden field name');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('a field declared as JSON is not valid JSON');
    case 'FST_MP_PREMATURE_CLOSE':
      return invalid('the request ended before the form did');
    default:
      // busboy: no boundary, malformed part headers, the form cut short …
      return invalid(String(e.message ?? 'unreadable').slice(0, 200));
  }
}

/**
 * Reads the multipart body of an upload route: every file streamed to a temporary file (each at
 * most 10 MB, at most `maxFiles`; removed once the request is answered, on every path), every text
 * field (at most `maxFields`, 16 KiB each). Before the body is read: 429 past UPLOAD_RATE_LIMITS
 * (with `member`), 503 with Retry-After while UPLOAD_BUDGET's line is full. Throws 415 when the
 * body is not multipart, 413 for a file too large, 400 for too many files or fields or a malformed
 * form. The files are not checked here: pass each to processImage (or storeImage).
 */
export async function readImageParts(
  request: FastifyRequest,
  opts: ReadImagePartsOptions = {},
): Promise<UploadParts> {
  if (request.routeOptions.config.uploads !== true) {
    throw new Error(`${request.routeOptions.url} reads uploads without declaring config: { uploads: true }`);
  }
  const maxFiles = opts.maxFiles ?? UPLOAD_LIMITS.files;
  const maxFields = opts.maxFields ?? UPLOAD_LIMITS.fields;
  if (
    !(maxFiles >= 1 && maxFiles <= UPLOAD_LIMITS.files && maxFields >= 0 && maxFields <= UPLOAD_LIMITS.fields)
  ) {
    throw new Error(`readImageParts: maxFiles 1–${UPLOAD_LIMITS.files}, maxFields 0–${UPLOAD_LIMITS.fields}`);
  }
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Unsupported Media Type: expected a multipart/form-data body (file uploads)');
  }
  if (opts.member) {
    await enforceRateLimit(opts.member, UPLOAD_RATE_LIMITS.member, opts.member.id);
    await enforceRateLimit(opts.member, UPLOAD_RATE_LIMITS.address, clientOf(request.ip));
  }
  UPLOAD_BUDGET.assertRoom();
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = Object.create(null);
  let dir: string | undefined;
  try {
    // busboy counts 0 as "none allowed" and stops at the limit: one more file or field is an error.
    for await (const part of request.parts({
      limits: { files: maxFiles, fields: maxFields, parts: maxFiles + maxFields },
    })) {
      if (part.type === 'file') {
        if (dir === undefined) {
          dir = await mkdtemp(join(tmpdir(), TEMP_PREFIX));
          tempDirs.set(request.raw, [...(tempDirs.get(request.raw) ?? []), dir]);
        }
        const path = join(dir, String(files.length));
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw new HttpError(413, FILE_TOO_LARGE);
        files.push({ field: part.fieldname, path, size: part.file.bytesRead });
        continue;
      }
      if (part.fieldnameTruncated)
        throw invalid(`a field name longer than ${UPLOAD_LIMITS.fieldNameSize} bytes`);
      if (part.valueTruncated) {
        throw invalid(`field ${part.fieldname} is longer than ${UPLOAD_LIMITS.fieldSize} bytes`);
      }
      if (typeof part.value !== 'string') throw invalid(`field ${part.fieldname} must be text`);
      if (Object.hasOwn(fields, part.fieldname))
        throw invalid(`field ${part.fieldname} is given more than once`);
      fields[part.fieldname] = part.value;
    }
  } catch (err) {
    await removeTempFiles(request);
    throw uploadError(err, maxFiles, maxFields);
  }
  return { files, fields };
}

/** The ImageStore UPLOAD_STORE names (its S3_* settings were checked as a set by loadConfig). */
export function openImageStore(config: Config): ImageStore {
  if (config.UPLOAD_STORE === 's3') {
    return new S3ImageStore({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION as string,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
    });
  }
  return new LocalImageStore(config.DATA_DIR);
}

export type StoredUpload = { key: string; url: string; width: number; height: number };

/**
 * processImage, then store the WebP under a new key of `scope` (`reviews`, `style-quiz` …).
 * Throws processImage's 4xx (and its 503) for a file that is not an accepted photo.
 */
export async function storeImage(
  store: ImageStore,
  source: ImageSource,
  opts: ProcessImageOptions & { scope: string; now: Date },
): Promise<StoredUpload> {
  const image = await processImage(source, opts);
  const key = newImageKey(opts.scope, opts.now);
  await store.put(key, image.bytes, image.contentType);
  return { key, url: imageUrl(key), width: image.width, height: image.height };
}
