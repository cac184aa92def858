/**
 * Style-quiz photos (docs/ARCHITECTURE.md, "Style quiz" and "Uploads"): FACE and BODY photos go
 * through the upload pipeline (sniffed, re-encoded as WebP without EXIF or GPS) into the private
 * `style-quiz` scope; they are reached only through signed URLs that expire; a new photo of a type
 * replaces the old one (its file goes); another member's photo cannot be deleted; the member's
 * quiz, photo list and the curator's view carry fresh signed URLs.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curations } from '../src/db/schema.ts';
import { UPLOAD_RATE_LIMITS } from '../src/platform/uploads.ts';
import { mutableClock } from './auth-helpers.ts';
import { createMember, createTestApp, refreshedHeaders, type TestApp } from './helpers.ts';

const clock = mutableClock('2026-11-20T03:00:00Z');
let t: TestApp;
const ADMIN_KEY = 'curation-admin-key-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => t?.close());

const jpegWithGps = () =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 90, g: 70, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 41/1',
      },
    })
    .toBuffer();

async function form(fields: Record<string, string>, file?: { bytes: Uint8Array; type?: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file)
    f.append('photo', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), 'p.jpg');
  const req = new Request('http://local/', { method: 'POST', body: f });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') as string };
}

async function upload(userId: number, photoType: string, bytes?: Uint8Array) {
  const body = await form({ photo_type: photoType }, bytes ? { bytes } : undefined);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/curations/style-quiz-photo',
    headers: { ...(await refreshedHeaders(t.ctx, userId)), 'content-type': body.type },
    payload: body.payload,
  });
  return {
    status: r.statusCode,
    body: r.json() as { id: number; image_url: string; photo_type: string; detail?: string },
  };
}
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

describe('style-quiz photos', () => {
  it('private: re-encoded, signed, expiring; replaced per type; deletable by the owner only', async () => {
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const face = await upload(m.user.id, 'FACE', await jpegWithGps());
    expect(face.status, JSON.stringify(face.body)).toBe(200);
    expect(face.body.photo_type).toBe('FACE');
    expect(face.body.image_url).toMatch(/^\/api\/uploads\/style-quiz\/.+\.webp\?exp=\d+&sig=[\w-]{32}$/);
    const served = await fetchImage(face.body.image_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(String(served.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);

    // The bare key, a tampered signature, another key's signature: the same 404 as a missing image.
    const bare = face.body.image_url.split('?')[0] as string;
    expect((await fetchImage(bare)).statusCode).toBe(404);
    // A changed first character (never the same one: a signature may start with A).
    const tampered = face.body.image_url.replace(
      /sig=(.)/,
      (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(face.body.image_url);
    expect((await fetchImage(tampered)).statusCode).toBe(404);
    const body = await upload(m.user.id, 'BODY', await jpegWithGps());
    const [, bodySig] = body.body.image_url.split('?');
    expect((await fetchImage(`${bare}?${bodySig}`)).statusCode).toBe(404);

    // The member's photo list and quiz carry fresh signed URLs that work.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users/photos',
      headers: await refreshedHeaders(t.ctx, m.user.id),
    });
    const photos = (list.json() as { result: { image_url: string; source: string }[] }).result;
    expect(photos.filter((p) => p.source === 'STYLE_QUIZ')).toHaveLength(2);
    for (const p of photos) expect((await fetchImage(p.image_url)).statusCode).toBe(200);
    // A curator sees them beside the member's draft.
    const [draft] = await t.ctx.db
      .insert(curations)
      .values({ user_id: m.user.id, status: 'DRAFT', created_at: clock.now() })
      .returning({ id: curations.id });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/admin/curations/${draft?.id}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    const seen = (view.json() as { photos: { image_url: string }[] }).photos;
    expect(seen).toHaveLength(2);
    for (const p of seen) expect((await fetchImage(p.image_url)).statusCode).toBe(200);

    // Expired after the hour (and its step): 404.
    clock.advance(2 * 3600);
    expect((await fetchImage(face.body.image_url)).statusCode).toBe(404);

    // A second FACE replaces the first; the old file is gone even with a fresh signature.
    const again = await upload(m.user.id, 'FACE', await jpegWithGps());
    expect(again.status).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/users/photos',
      headers: await refreshedHeaders(t.ctx, m.user.id),
    });
    const now = (listed.json() as { result: { id: number; photo_type: string }[] }).result;
    expect(now.map((p) => p.photo_type).sort()).toEqual(['BODY', 'FACE']);
    expect(now.map((p) => p.id)).not.toContain(face.body.id);
    const oldKey = bare.replace('/api/uploads/', '');
    expect(await t.ctx.images.get(oldKey)).toBeNull();

    // Refusals: a file that is not an image, no file, a wrong type.
    expect((await upload(m.user.id, 'FACE', Buffer.from('%PDF-1.7 not an image'))).status).toBe(415);
    expect((await upload(m.user.id, 'FACE')).status).toBe(400);
    expect((await upload(m.user.id, 'SELFIE', await jpegWithGps())).status).toBe(400);

    // Delete: another member's id is a 404; one's own goes with its file.
    const del = async (userId: number, id: number | string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/curations/style-quiz-photo/${id}`,
        headers: await refreshedHeaders(t.ctx, userId),
      });
    expect((await del(other.user.id, again.body.id)).statusCode).toBe(404);
    expect((await del(m.user.id, 'x')).statusCode).toBe(404);
    const gone = await del(m.user.id, again.body.id);
    expect(gone.statusCode).toBe(200);
    expect(
      await t.ctx.images.get(again.body.image_url.split('?')[0]?.replace('/api/uploads/', '') as string),
    ).toBeNull();
    expect((await del(m.user.id, again.body.id)).statusCode).toBe(404);
  });

  it('uploads are rate-limited per member and per address, counted before the body is read', async () => {
    // A window of its own: the limits count per 10 minutes of the app's clock.
    clock.advance(3600);
    const { member, address } = UPLOAD_RATE_LIMITS;
    const a = await createMember(t.ctx);
    const d = await createMember(t.ctx);
    // An upload without its photo still counts (the request is counted as it arrives).
    for (let i = 0; i < member.max; i++) expect((await upload(a.user.id, 'FACE')).status).toBe(400);
    const limited = await upload(a.user.id, 'FACE', await jpegWithGps());
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(member.detail);
    // Other members from the same address, each within its own limit, up to the address's limit.
    for (let sent = member.max; sent < address.max; ) {
      const m = await createMember(t.ctx);
      for (let i = 0; i < member.max && sent < address.max; i++, sent++)
        expect((await upload(m.user.id, 'FACE')).status).toBe(400);
    }
    const shared = await upload(d.user.id, 'FACE', await jpegWithGps());
    expect(shared.status).toBe(429);
    expect(shared.body.detail).toBe(address.detail);
    // The next window lets them upload again.
    clock.advance(member.windowSeconds);
    expect((await upload(d.user.id, 'FACE', await jpegWithGps())).status).toBe(200);
  });
});
