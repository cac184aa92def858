/**
 * Uploaded photos, checked and re-encoded (docs/ARCHITECTURE.md, "Uploads"). The kind of a file
 * is read from its first bytes only — never from its name or the content type the client
 * declared. Every accepted photo is decoded and written again as WebP by sharp: EXIF orientation
 * applied, scaled down to a bounded size, and nothing of the original's metadata kept (no EXIF,
 * no GPS position, no XMP/IPTC, no ICC profile: the pixels are converted to sRGB).
 *
 * sharp is loaded on first use, so a process that never receives a photo does not pay for it at
 * start.
 */
import { open } from 'node:fs/promises';
import type { Sharp, SharpOptions } from 'sharp';
import { HttpError } from './errors.ts';
import { WorkBudget } from './work-budget.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** Decoded pixels one photo may have (a decompression bomb is refused before it is decoded). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DEFAULT_MAX_WIDTH = 1280;
/** Tall photos are bounded too (WebP itself stops at 16,383 pixels a side). */
export const DEFAULT_MAX_HEIGHT = 4096;
/**
 * The shape of a photo, read from its header before any pixel is decoded: a long side past 16,384
 * pixels (WebP's own bound is 16,383; the 40-megapixel cameras of phones stay under 9,000) or a
 * side more than 20 times the other (a phone panorama is at most about 10:1, and past 20:1 the
 * 1280 × 4096 output is a sliver) is refused. Pixel count alone let a 1 × 39,999,000 PNG of 155 KB
 * through, whose forty million rows took 6.5–10 s to decode.
 */
export const MAX_INPUT_SIDE = 16_384;
export const MAX_ASPECT_RATIO = 20;
/**
 * The estimated decode work: bytes of decoded pixels (pixels × channels × bytes a sample), at most
 * a 40-megapixel RGBA photo of 8 bits a sample: a 16-bit or many-channel image counts double.
 */
export const MAX_DECODED_BYTES = MAX_INPUT_PIXELS * 4;
export const WEBP_QUALITY = 80;

/**
 * Photos decoded at the same time in this process, and how many more may wait (each waits as a
 * file on disk, not in memory): past that an upload is a 503 with Retry-After. The storefront's
 * generated pictures have a budget of their own (`RENDER_BUDGET`), so neither waits on the other.
 */
export const UPLOAD_BUDGET = new WorkBudget({
  concurrency: 2,
  maxWaiting: 16,
  busyDetail: '지금은 사진을 올리는 분이 많습니다. 잠시 후 다시 시도해 주세요.',
  retryAfterSeconds: 5,
});

export const NOT_AN_IMAGE = '이미지 파일이 아닙니다: JPEG, PNG, WebP 사진만 올릴 수 있습니다.';
export const HEIC_UNSUPPORTED =
  'HEIC 사진은 이 서버에서 읽을 수 없습니다: JPEG로 바꾸어 올려 주세요 (iPhone: 설정 > 카메라 > 포맷 > 높은 호환성).';
export const UNREADABLE = '사진을 읽을 수 없습니다: 파일이 손상되었거나 일부가 잘렸습니다.';
export const TOO_MANY_PIXELS = `사진이 너무 큽니다: ${MAX_INPUT_PIXELS / 1_000_000}메가픽셀 이하의 사진만 올릴 수 있습니다.`;
export const BAD_SHAPE = `사진의 크기가 올바르지 않습니다: 한 변이 ${MAX_INPUT_SIDE.toLocaleString('en-US')}픽셀 이하이고 가로세로 비율이 ${MAX_ASPECT_RATIO}:1 이하인 사진만 올릴 수 있습니다.`;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** ISO-BMFF brands of HEVC-coded HEIF (HEIC); AVIF and other HEIF codings are not HEIC. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
/** Generic HEIF brands: HEIC only if a compatible brand says so. */
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);

/**
 * The kind of image the bytes hold, from their magic numbers: JPEG (FF D8 FF), PNG (the 8-byte
 * signature), WebP (RIFF….WEBP) or HEIC (an ISO-BMFF `ftyp` box with an HEVC brand); anything else
 * is null.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    ascii(bytes, 1, 4) === 'PNG' &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'png';
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    // box size (big-endian), major brand, minor version, then compatible brands to the box's end
    const size = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(size >>> 0, bytes.length, 256);
    const major = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(major)) return 'heic';
    if (HEIF_GENERIC_BRANDS.has(major)) {
      for (let i = 16; i + 4 <= end; i += 4) if (HEIC_BRANDS.has(ascii(bytes, i, i + 4))) return 'heic';
    }
  }
  return null;
}

type SharpConstructor = typeof import('sharp').default;
let sharpModule: Promise<SharpConstructor> | undefined;

function loadSharp(): Promise<SharpConstructor> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * Whether this sharp build decodes HEIC. The prebuilt libvips of sharp reads HEIF only with the
 * AV1 codec (AVIF): HEVC is patent-encumbered and left out, so on that build this is false and
 * HEIC photos are refused with HEIC_UNSUPPORTED (415).
 */
export async function heicSupported(): Promise<boolean> {
  const sharp = await loadSharp();
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix ?? [];
  return suffixes.includes('.heic');
}

/** A photo: its bytes, or the temporary file an upload was streamed to (uploads.ts). */
export type ImageSource = Buffer | { path: string };

/** The first bytes of the photo, enough for sniffImage. */
async function headOf(source: ImageSource): Promise<Uint8Array> {
  if (Buffer.isBuffer(source)) return source;
  const file = await open(source.path, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Refuses (413) a photo whose header says it is too costly to decode: more than MAX_INPUT_PIXELS,
 * a side past MAX_INPUT_SIDE, an aspect ratio past MAX_ASPECT_RATIO or more than MAX_DECODED_BYTES
 * of decoded pixels.
 */
export function checkImageShape(meta: {
  width?: number;
  height?: number;
  channels?: number;
  depth?: string;
}): void {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new HttpError(413, TOO_MANY_PIXELS);
  const long = Math.max(width, height);
  const short = Math.max(1, Math.min(width, height));
  if (long > MAX_INPUT_SIDE || long / short > MAX_ASPECT_RATIO) throw new HttpError(413, BAD_SHAPE);
  const decoded = width * height * (meta.channels ?? 4) * (BYTES_PER_SAMPLE[meta.depth ?? 'uchar'] ?? 1);
  if (decoded > MAX_DECODED_BYTES) throw new HttpError(413, TOO_MANY_PIXELS);
}

export type ProcessImageOptions = {
  /** Widest output, in pixels (smaller photos are not enlarged). */
  maxWidth?: number;
  /** Tallest output, in pixels. */
  maxHeight?: number;
};

export type ProcessedImage = {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** What the upload was, by its bytes. */
  source: ImageKind;
};

/**
 * Checks the photo (bytes, or a file) and re-encodes it: oriented by EXIF (`rotate()`), scaled to
 * fit `maxWidth` × `maxHeight`, WebP at quality 80, no metadata. Refusals are 4xx HttpErrors: 415
 * for anything that is not a JPEG, PNG, WebP (or a HEIC this build can read), 413 for a shape too
 * costly to decode (checkImageShape, from the header, before the photo waits for UPLOAD_BUDGET),
 * 503 when UPLOAD_BUDGET's line is full, 400 for a file that cannot be decoded (damaged, truncated).
 */
export async function processImage(
  image: ImageSource,
  opts: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const maxWidth = opts.maxWidth ?? DEFAULT_MAX_WIDTH;
  const maxHeight = opts.maxHeight ?? DEFAULT_MAX_HEIGHT;
  // A temporary file gone (its request ended) reads as an unreadable photo, never a 500.
  const head = await headOf(image).catch(() => {
    throw new HttpError(400, UNREADABLE);
  });
  const source = sniffImage(head);
  if (source === null) throw new HttpError(415, NOT_AN_IMAGE);
  if (source === 'heic' && !(await heicSupported())) throw new HttpError(415, HEIC_UNSUPPORTED);
  const sharp = await loadSharp();
  const file = Buffer.isBuffer(image) ? image : image.path;
  // 'error': damaged or truncated data is refused; the warnings cameras often cause are not.
  // sequentialRead: the decoder streams the rows through the pipeline instead of holding them all.
  const input: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true };
  const refused = (err: unknown): HttpError => {
    if (err instanceof HttpError) return err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) return new HttpError(413, TOO_MANY_PIXELS);
    return new HttpError(400, UNREADABLE);
  };
  try {
    // The header alone gives the shape: a bomb is refused before any pixel is decoded.
    checkImageShape(await sharp(file, input).metadata());
  } catch (err) {
    throw refused(err);
  }
  return UPLOAD_BUDGET.run(async () => {
    try {
      const pipeline: Sharp = sharp(file, input)
        .rotate()
        .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY });
      // No withMetadata/keepExif/keepIccProfile: sharp writes no metadata and converts to sRGB.
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height, source };
    } catch (err) {
      throw refused(err);
    }
  });
}

/**
 * The storefront's generated pictures rasterised at once, and how many more may wait: their own
 * budget, apart from UPLOAD_BUDGET, so a line of uploads never delays a product picture. Past the
 * line a render is a 503 with Retry-After.
 */
export const RENDER_BUDGET = new WorkBudget({
  concurrency: 2,
  maxWaiting: 64,
  busyDetail: '이미지를 만드는 중입니다. 잠시 후 다시 시도해 주세요.',
  retryAfterSeconds: 1,
});

/**
 * Generated illustrations rasterised and kept (image URLs are immutable): the most recent ones of
 * each kind (the key's first segment: product, review, style, banner), so the pictures of one kind
 * never push out those of another.
 */
const RASTER_CACHE_MAX = 2_000;
const rasterCaches = new Map<string, Map<string, Promise<Buffer>>>();

/**
 * An SVG we drew ourselves (apps/api/art/svg.ts) as WebP at its own size, for `.webp` image URLs: a phone
 * decodes a WebP off its main thread, where every SVG image is a document of its own built on it
 * (docs/ARCHITECTURE.md "Storefront speed"). Kept by `key` (`{kind}/…`, the URL's parameters),
 * least recently used out first; encoded within RENDER_BUDGET.
 */
export function rasterizeSvg(key: string, svg: string): Promise<Buffer> {
  const kind = key.split('/', 1)[0] ?? key;
  const cache = rasterCaches.get(kind) ?? new Map<string, Promise<Buffer>>();
  rasterCaches.set(kind, cache);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = RENDER_BUDGET.run(async () => {
    const sharp = await loadSharp();
    return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
  });
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  if (cache.size > RASTER_CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return made;
}
