/**
 * The image upload pipeline (docs/ARCHITECTURE.md, "Uploads"), shared by every domain that takes
 * photos (reviews, the style quiz, support tickets):
 *
 *   route with `config: { uploads: true }`
 *     → readImageParts: the multipart body, bounded (files, sizes, fields)   413 / 400
 *     → processImage: sniffed by magic bytes, decoded and re-encoded as WebP  415 / 413 / 400
 *     → ctx.images.put(newImageKey(scope, now), …): the configured ImageStore
 *     → served by GET /api/uploads/{key} (uploads-routes.ts)
 *
 * `storeImage` does the last three steps. A route without `config.uploads` answers 415 to a
 * multipart body before reading it (input-limits.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { type ProcessImageOptions, processImage } from './image-processing.ts';
import { type ImageStore, imageUrl, newImageKey } from './image-store.ts';
import { LocalImageStore } from './image-store-local.ts';
import { S3ImageStore } from './image-store-s3.ts';

export {
  DEFAULT_MAX_HEIGHT,
  DEFAULT_MAX_WIDTH,
  heicSupported,
  type ImageKind,
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
 * Registers @fastify/multipart in `scope` with UPLOAD_LIMITS. Register it in a scope of its own
 * holding only the upload routes: the plugin adds two hooks to every request of the scope it is
 * registered in. Only routes that declare `config: { uploads: true }` are let through with a
 * multipart body (input-limits.ts), wherever the plugin is.
 */
export async function registerUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { ...UPLOAD_LIMITS, parts: UPLOAD_LIMITS.files + UPLOAD_LIMITS.fields },
  });
}

export type UploadedFile = {
  /** The form field the file came in. */
  field: string;
  /** Its bytes, at most UPLOAD_LIMITS.fileSize. Its name and declared type are not kept: see sniffImage. */
  bytes: Buffer;
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
 * Reads the multipart body of an upload route: every file into memory (each at most 10 MB, at
 * most `maxFiles`), every text field (at most `maxFields`, 16 KiB each). Throws 415 when the body
 * is not multipart, 413 for a file too large, 400 for too many files or fields or a malformed
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
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = Object.create(null);
  try {
    // busboy counts 0 as "none allowed" and stops at the limit: one more file or field is an error.
    for await (const part of request.parts({
      limits: { files: maxFiles, fields: maxFields, parts: maxFiles + maxFields },
    })) {
      if (part.type === 'file') {
        files.push({ field: part.fieldname, bytes: await part.toBuffer() });
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
 * Throws processImage's 4xx for a file that is not an accepted photo.
 */
export async function storeImage(
  store: ImageStore,
  bytes: Buffer,
  opts: ProcessImageOptions & { scope: string; now: Date },
): Promise<StoredUpload> {
  const image = await processImage(bytes, opts);
  const key = newImageKey(opts.scope, opts.now);
  await store.put(key, image.bytes, image.contentType);
  return { key, url: imageUrl(key), width: image.width, height: image.height };
}
