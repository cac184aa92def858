/**
 * The image upload pipeline (docs/ARCHITECTURE.md, "Uploads"): multipart bounds, sniffing by
 * magic bytes, re-encoding to WebP without metadata, the stores (local disk, S3 with Signature
 * Version 4) and the serving route. The app is the real one (buildApp) with one test-only upload
 * route beside the /api scope, since no domain takes photos yet.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '@codiroom/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tallPng } from '../../../bench/tall-png.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { AppContext } from '../src/platform/context.ts';
import { closeContext, createContext } from '../src/platform/create-context.ts';
import {
  BAD_SHAPE,
  checkImageShape,
  TOO_MANY_PIXELS,
  UPLOAD_BUDGET,
} from '../src/platform/image-processing.ts';
import { MemoryStore } from '../src/platform/kv.ts';
import { EMPTY_SHA256, sha256Hex, signV4 } from '../src/platform/sigv4.ts';
import {
  heicSupported,
  isImageKey,
  LocalImageStore,
  newImageKey,
  openImageStore,
  processImage,
  readImageParts,
  registerUploads,
  S3ImageStore,
  sniffImage,
  storeImage,
  sweepStaleUploadFiles,
  UPLOAD_LIMITS,
} from '../src/platform/uploads.ts';
import { fillBudget } from './budget-fixtures.ts';
import { guestHeader, openTestDatabase, testEnv } from './helpers.ts';

// ───────────── fixtures ─────────────

/** A 40×20 JPEG whose EXIF says "rotate 90° clockwise" and carries a GPS position and a camera make. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
        GPSMapDatum: 'WGS-84-SEOUL',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5a7' } })
    .jpeg()
    .toBuffer();

/** The temporary upload directories now in the OS temp dir. */
const tempUploads = () => new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('codiroom-upload-')));

/** Whether `ok()` holds within 5 s (temporary files are removed just after the answer). */
async function until(ok: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  return ok();
}

/** The app on a local port (once per file; closed with the app). */
async function listening(): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** The start of an HEIC file: an ISO-BMFF `ftyp` box with the HEVC brand. */
const HEIC_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64, 1),
]);

type Part = { name: string; bytes?: Uint8Array; filename?: string; type?: string; value?: string };

/** A multipart/form-data body built by the platform's FormData, as a browser would send it. */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.bytes) {
      form.append(
        p.name,
        new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }),
        p.filename ?? 'photo.jpg',
      );
    } else form.append(p.name, p.value ?? '');
  }
  const req = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

// ───────────── the app with a test upload route ─────────────

let app: FastifyInstance;
let ctx: AppContext;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'codiroom-uploads-'));
  database = await openTestDatabase();
  const config = loadConfig(testEnv({ BACKGROUND_JOBS: 'off', DATA_DIR: dataDir }));
  ctx = createContext(config, database, { clock: fixedClock('2026-11-20T03:00:00Z'), kv: new MemoryStore() });
  app = await buildApp(ctx);
  // What a domain's photo route will look like (e.g. review photos).
  await app.register(async (scope) => {
    await registerUploads(scope);
    scope.post('/api/test/photos', { config: { uploads: true }, schema: { hide: true } }, async (request) => {
      const { files, fields } = await readImageParts(request, { maxFiles: 5, maxFields: 3 });
      const stored = [];
      for (const f of files) {
        stored.push(await storeImage(ctx.images, f, { scope: 'test', now: ctx.clock.now() }));
      }
      return { stored, fields };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (ctx) await closeContext(ctx);
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const upload = async (parts: Part[]) =>
  app.inject({ method: 'POST', url: '/api/test/photos', ...(await multipart(parts)) });

function expectDetail(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const detail = (res.json() as { detail?: unknown }).detail;
  expect(typeof detail).toBe('string');
  return detail as string;
}

// ───────────── sniffing and keys ─────────────

describe('sniffImage reads the magic bytes only', () => {
  it('knows JPEG, PNG, WebP and HEIC, and nothing else', async () => {
    expect(sniffImage(await jpeg(4, 4))).toBe('jpeg');
    expect(
      sniffImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('png');
    expect(
      sniffImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImage(HEIC_HEAD)).toBe('heic');
    // generic HEIF major brand with an HEVC compatible brand
    const mif1 = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypmif1'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
    ]);
    expect(sniffImage(mif1)).toBe('heic');
    // AVIF is HEIF too, but not HEIC
    const avif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypavif'),
      Buffer.alloc(4),
      Buffer.from('mif1avif'),
    ]);
    expect(sniffImage(avif)).toBeNull();
    expect(sniffImage(Buffer.from('hello, I am a text file named photo.jpg'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('image keys', () => {
  it('are made by the server: scope, UTC year and month, a random name', () => {
    const key = newImageKey('reviews', new Date('2026-11-20T03:00:00Z'));
    expect(key).toMatch(/^reviews\/2026\/11\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(isImageKey(key)).toBe(true);
    expect(newImageKey('reviews', new Date(0))).not.toBe(newImageKey('reviews', new Date(0)));
    expect(() => newImageKey('../etc', new Date())).toThrow();
    expect(() => newImageKey('Reviews', new Date())).toThrow();
  });

  it('refuse traversal, absolute paths, odd characters and unknown extensions', () => {
    for (const bad of [
      '../../etc/passwd',
      'reviews/../../../etc/passwd.webp',
      'reviews/2026/11/../../../aaaaaaaaaaaaaaaaaaaa.webp',
      '/etc/aaaaaaaaaaaaaaaaaaaaaa.webp',
      'reviews\\2026\\aaaaaaaaaaaaaaaaaaaaaa.webp',
      'reviews/2026/11/aaaaaaaaaaaaaaaaaaaaaa.webp/',
      'reviews//2026/aaaaaaaaaaaaaaaaaaaaaa.webp',
      'reviews/2026/11/aaaaaaaaaaaaaaaaaaaaaa.svg',
      'reviews/2026/11/aaaaaaaaaaaaaaaaaaaaaa.webp\u0000.png',
      'reviews/2026/11/short.webp',
      'aaaaaaaaaaaaaaaaaaaaaa.webp',
      `${'a/'.repeat(120)}aaaaaaaaaaaaaaaaaaaaaa.webp`,
      '',
    ]) {
      expect(isImageKey(bad), bad).toBe(false);
    }
  });

  it('the local store never leaves DATA_DIR/uploads, whatever key it is given', async () => {
    const store = new LocalImageStore(dataDir);
    for (const bad of ['../outside/aaaaaaaaaaaaaaaaaaaaaa.webp', '../../aaaaaaaaaaaaaaaaaaaaaa.webp']) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.get(bad)).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.delete(bad)).rejects.toMatchObject({ statusCode: 400 });
    }
    const key = newImageKey('test', new Date());
    expect(store.pathOf(key).startsWith(join(dataDir, 'uploads'))).toBe(true);
    await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
    await store.put(key, Buffer.from('RIFFxxxxWEBP'), 'image/webp');
    expect((await store.get(key))?.bytes.toString()).toBe('RIFFxxxxWEBP');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });
});

// ───────────── processing ─────────────

describe('processImage', () => {
  it('re-encodes a JPEG with GPS as WebP: orientation applied, no EXIF, GPS, XMP or ICC left', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('WGS-84-SEOUL');
    const out = await processImage(input);
    expect(out).toMatchObject({ contentType: 'image/webp', source: 'jpeg', width: 20, height: 40 });
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('webp');
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.bytes.includes('WGS-84-SEOUL')).toBe(false);
    expect(out.bytes.includes('SecretPhoneMaker')).toBe(false);
  });

  it('scales large photos down to 1280 wide and never enlarges small ones', async () => {
    const big = await processImage(await jpeg(3000, 2000));
    expect([big.width, big.height]).toEqual([1280, 853]);
    const narrow = await processImage(await jpeg(3000, 2000), { maxWidth: 640 });
    expect(narrow.width).toBe(640);
    const small = await processImage(await jpeg(300, 200));
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('refuses what is not a photo (415), a damaged one (400) and a decompression bomb (413)', async () => {
    await expect(processImage(Buffer.from('just text'))).rejects.toMatchObject({ statusCode: 415 });
    const whole = await jpeg(1200, 900);
    await expect(processImage(whole.subarray(0, whole.length >> 1))).rejects.toMatchObject({
      statusCode: 400,
    });
    // 48 megapixels of one colour: 150 KB on the wire, 144 MB decoded
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#777' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.fileSize);
    await expect(processImage(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses shapes too costly to decode, from the header: a side past 16,384 px, past 20:1, too many decoded bytes', () => {
    const refusal = (meta: Parameters<typeof checkImageShape>[0]) => {
      try {
        checkImageShape(meta);
        return null;
      } catch (err) {
        return err;
      }
    };
    for (const [width, height] of [
      [1, 39_999_000],
      [17_000, 1_000],
      [2_100, 100],
      [100, 2_100],
    ])
      expect(refusal({ width, height, channels: 3 }), `${width}×${height}`).toMatchObject({
        statusCode: 413,
        detail: BAD_SHAPE,
      });
    // 24 megapixels of 16-bit RGBA: 192 MB decoded, past a 40-megapixel 8-bit RGBA photo's 160 MB.
    expect(refusal({ width: 6_000, height: 4_000, channels: 4, depth: 'ushort' })).toMatchObject({
      statusCode: 413,
      detail: TOO_MANY_PIXELS,
    });
    // What phones take passes: 20:1 exactly, 16,384 on a side, 40 megapixels, a 16-bit 12-megapixel PNG.
    for (const meta of [
      { width: 2_000, height: 100, channels: 3 },
      { width: 16_384, height: 2_000, channels: 3 },
      { width: 8_000, height: 5_000, channels: 3, depth: 'uchar' },
      { width: 4_000, height: 3_000, channels: 4, depth: 'ushort' },
    ])
      expect(refusal(meta), JSON.stringify(meta)).toBeNull();
  });

  it('a 155 KB PNG of 1 × 39,999,000 px is a 413 read from its header, not seconds of decoding', async () => {
    const png = tallPng(39_999_000);
    expect(png.length).toBeLessThan(200_000);
    const t0 = performance.now();
    await expect(processImage(png)).rejects.toMatchObject({ statusCode: 413, detail: BAD_SHAPE });
    // A header read: milliseconds (its decode took 6.5–10 s); generous for a busy machine.
    expect(performance.now() - t0).toBeLessThan(2_000);
  });

  it('HEIC: refused with a 415 that says so when this sharp build cannot decode it', async () => {
    const supported = await heicSupported();
    const err = await processImage(HEIC_HEAD).catch((e: unknown) => e);
    if (supported) expect(err).toMatchObject({ statusCode: 400 });
    else expect(err).toMatchObject({ statusCode: 415, detail: expect.stringMatching(/HEIC/) });
  });
});

// ───────────── over HTTP ─────────────

describe('uploads over HTTP', () => {
  it('a photo with GPS comes back as WebP without metadata, served with long cache headers', async () => {
    const res = await upload([
      { name: 'photo', bytes: await jpegWithGps() },
      { name: 'content', value: '핏이 좋아요' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      stored: { key: string; url: string; width: number }[];
      fields: Record<string, string>;
    };
    expect(body.fields).toEqual({ content: '핏이 좋아요' });
    const [stored] = body.stored;
    expect(stored?.key).toMatch(/^test\/2026\/11\/[A-Za-z0-9_-]{22}\.webp$/);
    expect(stored?.url).toBe(`/api/uploads/${stored?.key}`);

    const served = await app.inject({ method: 'GET', url: stored?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
  });

  it('five photos in one request are stored; a sixth is a 400', async () => {
    const photo = await jpeg(30, 30);
    const five = await upload(Array.from({ length: 5 }, (_, i) => ({ name: `photo${i}`, bytes: photo })));
    expect(five.statusCode, five.body).toBe(200);
    expect((five.json() as { stored: unknown[] }).stored).toHaveLength(5);
    const six = await upload(Array.from({ length: 6 }, (_, i) => ({ name: `photo${i}`, bytes: photo })));
    expect(expectDetail(six, 400)).toMatch(/5장/);
  });

  it('a text file named .jpg and declared image/jpeg is a 415', async () => {
    const res = await upload([
      { name: 'photo', bytes: Buffer.from('not an image at all'), filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
    expect(expectDetail(res, 415)).toMatch(/이미지 파일이 아닙니다/);
  });

  it('a file over 10 MB is a 413', async () => {
    const big = Buffer.alloc(UPLOAD_LIMITS.fileSize + 1, 0x41);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const res = await upload([{ name: 'photo', bytes: big }]);
    expect(expectDetail(res, 413)).toMatch(/10MB/);
  });

  it('files are streamed to temporary files, removed once answered: stored, refused, too large', async () => {
    const before = tempUploads();
    const none = () => [...tempUploads()].every((d) => before.has(d));
    expect((await upload([{ name: 'photo', bytes: await jpeg(64, 48) }])).statusCode).toBe(200);
    expect(await until(none)).toBe(true);
    expectDetail(await upload([{ name: 'photo', bytes: Buffer.from('not a photo at all') }]), 415);
    expect(await until(none)).toBe(true);
    const big = Buffer.alloc(UPLOAD_LIMITS.fileSize + 1, 0x41);
    big.set([0xff, 0xd8, 0xff]);
    expectDetail(
      await upload([
        { name: 'photo', bytes: await jpeg(64, 48) },
        { name: 'photo', bytes: big },
      ]),
      413,
    );
    expect(await until(none)).toBe(true);
  });

  it('a client that goes away in the middle of a file leaves no temporary file behind', async () => {
    const port = await listening();
    {
      const before = tempUploads();
      const newDirs = () => [...tempUploads()].filter((d) => !before.has(d));
      const boundary = 'codiroom-abort-test';
      const req = httpRequest(`http://127.0.0.1:${port}/api/test/photos`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('error', () => {});
      req.write(
        `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
          'content-type: image/jpeg\r\n\r\n',
      );
      req.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1 << 20, 7)]));
      expect(await until(() => newDirs().length === 1)).toBe(true);
      req.destroy();
      expect(await until(() => newDirs().length === 0)).toBe(true);
    }
  });

  it('while the decode line is full an upload is a 503 with Retry-After, and nothing is read', async () => {
    const full = fillBudget(UPLOAD_BUDGET);
    try {
      const res = await upload([{ name: 'photo', bytes: await jpeg(64, 48) }]);
      expect(expectDetail(res, 503)).toMatch(/잠시 후/);
      expect(res.headers['retry-after']).toBe(String(UPLOAD_BUDGET.opts.retryAfterSeconds));
    } finally {
      await full.release();
    }
    expect((await upload([{ name: 'photo', bytes: await jpeg(64, 48) }])).statusCode).toBe(200);
  });

  it('a truncated JPEG is a 400, not a 500', async () => {
    const whole = await jpeg(800, 600);
    const res = await upload([{ name: 'photo', bytes: whole.subarray(0, whole.length - 200) }]);
    expect(expectDetail(res, 400)).toMatch(/읽을 수 없습니다/);
  });

  it('HEIC is refused with a clear 415 where it cannot be decoded', async () => {
    const res = await upload([
      { name: 'photo', bytes: HEIC_HEAD, filename: 'IMG_0001.HEIC', type: 'image/heic' },
    ]);
    if (await heicSupported()) expect(res.statusCode).toBe(400);
    else expect(expectDetail(res, 415)).toMatch(/HEIC/);
  });

  it('text fields are bounded: count, size, repeats', async () => {
    const many = await upload(Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    expect(expectDetail(many, 400)).toMatch(/more than 3 text fields/);
    const long = await upload([{ name: 'content', value: 'x'.repeat(UPLOAD_LIMITS.fieldSize + 1) }]);
    expect(expectDetail(long, 400)).toMatch(/longer than 16384 bytes/);
    const twice = await upload([
      { name: 'a', value: '1' },
      { name: 'a', value: '2' },
    ]);
    expect(expectDetail(twice, 400)).toMatch(/more than once/);
    const proto = await upload([{ name: '__proto__', value: '1' }]);
    expectDetail(proto, 400);
  });

  it('malformed multipart bodies are 400s', async () => {
    for (const [type, payload] of [
      ['multipart/form-data', '--x\r\n'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
      ],
      ['multipart/form-data; boundary=xyz', 'garbage'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/photos',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${type} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectDetail(res, res.statusCode);
    }
  });

  it('an upload route refuses a JSON body with 415; other routes refuse multipart with 415', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/test/photos', payload: { a: 1 } });
    expect(expectDetail(json, 415)).toMatch(/multipart\/form-data/);
    const form = await multipart([{ name: 'name', value: 'home' }]);
    const log = await app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      payload: form.payload,
      headers: { ...form.headers, ...guestHeader(ctx, 'guest-uploads-0001') },
    });
    expect(expectDetail(log, 415)).toMatch(/does not take multipart\/form-data/);
    // Still a normal JSON logger afterwards.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      payload: { name: 'home' },
      headers: guestHeader(ctx, 'guest-uploads-0001'),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('GET /api/uploads: 404 JSON for a missing key, 400 for a malformed or traversing one', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: `/api/uploads/${newImageKey('reviews', new Date())}`,
    });
    expect(expectDetail(missing, 404)).toMatch(/이미지/);
    // Over a socket, so that the paths reach the server as written (inject would resolve `..`).
    const port = await listening();
    const rawGet = (path: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/api/uploads/../../../../etc/passwd',
      '/api/uploads/reviews/2026/11/../../../../../etc/passwd',
      '/api/uploads/..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/reviews/2026/11/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/%2e%2e/%2e%2e/aaaaaaaaaaaaaaaaaaaaaa.webp',
      '/api/uploads/%2Fetc%2Faaaaaaaaaaaaaaaaaaaaaa.webp',
      '/api/uploads/reviews%5C..%5C..%5Caaaaaaaaaaaaaaaaaaaaaa.webp',
      '/api/uploads/reviews/2026/11/aaaaaaaaaaaaaaaaaaaaaa.svg',
      '/api/uploads/reviews/2026/11/aaaaaaaaaaaaaaaaaaaaaa.webp%00.png',
      `/api/uploads/${'a/'.repeat(150)}aaaaaaaaaaaaaaaaaaaaaa.webp`,
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(400);
      expect(res.type, path).toContain('application/json');
      expect(JSON.parse(res.body).detail, path).toBe('Invalid image key');
    }
  });
});

// ───────────── configuration and S3 ─────────────

describe('configuration', () => {
  it('UPLOAD_STORE=s3 needs the five S3_* settings together', () => {
    expect(loadConfig(testEnv()).UPLOAD_STORE).toBe('local');
    expect(() => loadConfig(testEnv({ UPLOAD_STORE: 's3', S3_BUCKET: 'photos' }))).toThrow(
      /UPLOAD_STORE=s3 needs .*missing S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig(testEnv({ UPLOAD_STORE: 'gcs' }))).toThrow(/UPLOAD_STORE/);
    expect(() => loadConfig(testEnv({ S3_BUCKET: 'Bad_Bucket' }))).toThrow(/S3_BUCKET/);
    const config = loadConfig(
      testEnv({
        UPLOAD_STORE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'photos',
        S3_REGION: 'ap-northeast-2',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(openImageStore(config)).toBeInstanceOf(S3ImageStore);
    expect(openImageStore(loadConfig(testEnv({ DATA_DIR: dataDir })))).toBeInstanceOf(LocalImageStore);
  });
});

describe('Signature Version 4', () => {
  it("reproduces AWS's documented S3 examples (GET Object with Range, PUT Object)", async () => {
    const creds = {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
    };
    const now = new Date('2013-05-24T00:00:00Z');
    const get = await signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_SHA256 },
        payloadHash: EMPTY_SHA256,
        now,
      },
      creds,
    );
    expect(get.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    const body = 'Welcome to Amazon S3.';
    const put = await signV4(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': sha256Hex(body),
        },
        payloadHash: sha256Hex(body),
        now,
      },
      creds,
    );
    expect(put.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(put.signedHeaders).toBe('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(put.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it("reproduces the AWS test suite's get-vanilla", async () => {
    const signed = await signV4(
      {
        method: 'GET',
        url: new URL('https://example.amazonaws.com/'),
        headers: {},
        payloadHash: EMPTY_SHA256,
        now: new Date('2015-08-30T12:36:00Z'),
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
    );
    expect(signed.signature).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });
});

describe('the S3 store against a local S3 stand-in', () => {
  const SECRET = 'test-secret-0123456789';
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const seen: { method: string; path: string; authorization: string; status: number }[] = [];
  let server: Server;
  let endpoint: string;

  const AUTH =
    /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/ap-northeast-2\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

  /** 403 unless the request is signed by AKIDTEST with SECRET, as S3 would check it. */
  async function verify(req: IncomingMessage, body: Buffer): Promise<string | null> {
    const auth = String(req.headers.authorization ?? '');
    const m = AUTH.exec(auth);
    if (!m) return 'authorization header shape';
    const [, date, signedList, signature] = m as unknown as [string, string, string, string];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) return 'x-amz-date';
    const signed = signedList.split(';');
    for (const h of ['host', 'x-amz-content-sha256', 'x-amz-date'])
      if (!signed.includes(h)) return `unsigned ${h}`;
    if (req.method === 'PUT' && !signed.includes('content-type')) return 'unsigned content-type';
    if (req.headers['x-amz-content-sha256'] !== sha256Hex(body)) return 'payload hash';
    const headers: Record<string, string> = {};
    for (const h of signed) if (h !== 'x-amz-date') headers[h] = String(req.headers[h] ?? '');
    const expected = await signV4(
      {
        method: req.method as string,
        url: new URL(`http://${req.headers.host}${req.url}`),
        headers,
        payloadHash: sha256Hex(body),
        now: new Date(
          amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
        ),
      },
      { accessKeyId: 'AKIDTEST', secretAccessKey: SECRET, region: 'ap-northeast-2', service: 's3' },
    );
    return expected.signature === signature ? null : 'signature';
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        const path = decodeURIComponent(req.url ?? '');
        const problem = await verify(req, body);
        const answer = (status: number, bytes: Buffer | string = '', type = 'application/xml') => {
          seen.push({
            method: req.method as string,
            path,
            authorization: String(req.headers.authorization),
            status,
          });
          res.writeHead(status, { 'content-type': type }).end(bytes);
        };
        if (problem)
          return answer(
            403,
            `<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`,
          );
        if (!path.startsWith('/photos/')) return answer(404, '<Error><Code>NoSuchBucket</Code></Error>');
        if (req.method === 'PUT') {
          objects.set(path, { bytes: body, type: String(req.headers['content-type']) });
          return answer(200);
        }
        const object = objects.get(path);
        if (req.method === 'GET') {
          return object
            ? answer(200, object.bytes, object.type)
            : answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        }
        if (req.method === 'DELETE') {
          objects.delete(path);
          return answer(204);
        }
        return answer(405);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const storeWith = (secret: string) =>
    new S3ImageStore({
      endpoint,
      bucket: 'photos',
      region: 'ap-northeast-2',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: secret,
    });

  it('puts, gets and deletes objects with signed path-style requests', async () => {
    const store = storeWith(SECRET);
    const image = await processImage(await jpeg(64, 48));
    const key = newImageKey('reviews', new Date('2026-11-20T03:00:00Z'));
    await store.put(key, image.bytes, 'image/webp');
    expect(objects.get(`/photos/${key}`)?.type).toBe('image/webp');
    const got = await store.get(key);
    expect(got?.contentType).toBe('image/webp');
    expect(got?.bytes.equals(image.bytes)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    expect(seen.map((s) => `${s.method} ${s.status}`)).toEqual([
      'PUT 200',
      'GET 200',
      'DELETE 204',
      'GET 404',
      'DELETE 204',
    ]);
    expect(seen.every((s) => s.path === `/photos/${key}`)).toBe(true);
  });

  it('a request the service refuses (a wrong secret) is a 502 with a detail, never silently stored', async () => {
    const store = storeWith('not-the-secret');
    const key = newImageKey('reviews', new Date());
    await expect(store.put(key, Buffer.from('RIFF....WEBP'), 'image/webp')).rejects.toMatchObject({
      statusCode: 502,
      detail: expect.stringMatching(/S3 403/),
    });
    expect(objects.has(`/photos/${key}`)).toBe(false);
    await expect(store.get('../../etc/aaaaaaaaaaaaaaaaaaaaaa.webp')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('an unreachable service is a 502', async () => {
    const store = new S3ImageStore({
      endpoint: 'http://127.0.0.1:1',
      bucket: 'photos',
      region: 'ap-northeast-2',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: SECRET,
    });
    await expect(store.get(newImageKey('reviews', new Date()))).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('temporary upload folders left by a killed process', () => {
  it('are removed at start once older than an hour; fresh ones and other folders stay', async () => {
    const base = mkdtempSync(join(tmpdir(), 'sweep-test-'));
    try {
      const now = Date.now();
      const old = (s: number) => new Date(now - s * 1000);
      for (const [name, ageS] of [
        ['codiroom-upload-stale', 7_200],
        ['codiroom-upload-live', 60],
        ['someone-else-old', 7_200],
      ] as const) {
        mkdirSync(join(base, name));
        utimesSync(join(base, name), old(ageS), old(ageS));
      }
      expect(await sweepStaleUploadFiles({ dir: base, nowMs: now })).toBe(1);
      expect(readdirSync(base).sort()).toEqual(['codiroom-upload-live', 'someone-else-old']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
