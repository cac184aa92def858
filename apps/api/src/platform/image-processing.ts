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
import type { Sharp, SharpOptions } from 'sharp';
import { HttpError } from './errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** Decoded pixels one photo may have (a decompression bomb is refused before it is decoded). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DEFAULT_MAX_WIDTH = 1280;
/** Tall photos are bounded too (WebP itself stops at 16,383 pixels a side). */
export const DEFAULT_MAX_HEIGHT = 4096;
export const WEBP_QUALITY = 80;
/** Photos decoded at the same time in this process; the others wait (memory stays bounded). */
const MAX_CONCURRENT = 2;

export const NOT_AN_IMAGE = '이미지 파일이 아닙니다: JPEG, PNG, WebP 사진만 올릴 수 있습니다.';
export const HEIC_UNSUPPORTED =
  'HEIC 사진은 이 서버에서 읽을 수 없습니다: JPEG로 바꾸어 올려 주세요 (iPhone: 설정 > 카메라 > 포맷 > 높은 호환성).';
export const UNREADABLE = '사진을 읽을 수 없습니다: 파일이 손상되었거나 일부가 잘렸습니다.';
export const TOO_MANY_PIXELS = `사진이 너무 큽니다: ${MAX_INPUT_PIXELS / 1_000_000}메가픽셀 이하의 사진만 올릴 수 있습니다.`;

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

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
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
 * Checks the bytes are a photo and re-encodes them: oriented by EXIF (`rotate()`), scaled to fit
 * `maxWidth` × `maxHeight`, WebP at quality 80, no metadata. Refusals are 4xx HttpErrors: 415
 * for anything that is not a JPEG, PNG, WebP (or a HEIC this build can read), 413 past
 * MAX_INPUT_PIXELS, 400 for a file that cannot be decoded (damaged, truncated).
 */
export async function processImage(bytes: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const maxWidth = opts.maxWidth ?? DEFAULT_MAX_WIDTH;
  const maxHeight = opts.maxHeight ?? DEFAULT_MAX_HEIGHT;
  const source = sniffImage(bytes);
  if (source === null) throw new HttpError(415, NOT_AN_IMAGE);
  if (source === 'heic' && !(await heicSupported())) throw new HttpError(415, HEIC_UNSUPPORTED);
  const sharp = await loadSharp();
  // 'error': damaged or truncated data is refused; the warnings cameras often cause are not.
  const input: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };
  return withSlot(async () => {
    try {
      // The header alone gives the size: a bomb is refused before any pixel is decoded.
      const meta = await sharp(bytes, input).metadata();
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
        throw new HttpError(413, TOO_MANY_PIXELS);
      const pipeline: Sharp = sharp(bytes, input)
        .rotate()
        .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY });
      // No withMetadata/keepExif/keepIccProfile: sharp writes no metadata and converts to sRGB.
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height, source };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      if (/pixel limit/i.test(message)) throw new HttpError(413, TOO_MANY_PIXELS);
      throw new HttpError(400, UNREADABLE);
    }
  });
}

/** Generated illustrations rasterised and kept (image URLs are immutable): the most recent ones. */
const RASTER_CACHE_MAX = 2_000;
const rasterCache = new Map<string, Promise<Buffer>>();

/**
 * An SVG we drew ourselves (images/svg.ts) as WebP at its own size, for `.webp` image URLs: a phone
 * decodes a WebP off its main thread, where every SVG image is a document of its own built on it
 * (docs/ARCHITECTURE.md "Storefront speed"). Kept by `key` (the URL's parameters), least recently
 * used out first; at most MAX_CONCURRENT encodes at a time with the uploads.
 */
export function rasterizeSvg(key: string, svg: string): Promise<Buffer> {
  const hit = rasterCache.get(key);
  if (hit) {
    rasterCache.delete(key);
    rasterCache.set(key, hit);
    return hit;
  }
  const made = withSlot(async () => {
    const sharp = await loadSharp();
    return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
  });
  rasterCache.set(key, made);
  made.catch(() => rasterCache.delete(key));
  if (rasterCache.size > RASTER_CACHE_MAX) {
    const oldest = rasterCache.keys().next().value;
    if (oldest !== undefined) rasterCache.delete(oldest);
  }
  return made;
}
