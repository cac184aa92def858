/**
 * Server-issued, signed guest ids (docs/ARCHITECTURE.md "Accounts"; SPEC.md §6 x-guest-user-id):
 * POST /api/users/guest-id hands them out; guessed, forged or altered ids — a plain UUID, the
 * right shape with a wrong signature, someone else's id with one character changed — are refused
 * and can neither read nor change another guest's cart or likes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { GUEST_ID_INVALID, GUEST_ID_LENGTH, GUEST_ID_RE } from '@codiroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, likes, productDisplays, productItems } from '../src/db/schema.ts';
import { seed } from '../src/demo/seed.ts';
import { isIssuedGuestId, issueGuestId, signGuestId } from '../src/platform/guest-id.ts';
import { signUpViaApi } from './auth-helpers.ts';
import { createTestApp, guestIdOf, type TestApp } from './helpers.ts';

let t: TestApp;
let displayId: number;
let itemId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.ctx.db, { products: 10 });
  const [d] = await t.ctx.db
    .select({ id: productDisplays.id })
    .from(productDisplays)
    .where(eq(productDisplays.is_active, true))
    .orderBy(asc(productDisplays.id))
    .limit(1);
  if (!d) throw new Error('seed has no display');
  displayId = d.id;
  const [i] = await t.ctx.db
    .select({ id: productItems.id })
    .from(productItems)
    .where(eq(productItems.product_display_id, d.id))
    .limit(1);
  if (!i) throw new Error('seed has no item');
  itemId = i.id;
  await t.ctx.db.update(productItems).set({ stock: 50, is_active: true }).where(eq(productItems.id, itemId));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const r = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  return { status: r.statusCode, body: r.json(), headers: r.headers };
}
const as = (id: string) => ({ 'x-guest-user-id': id });
const issue = (headers: Record<string, string> = {}) => call('POST', '/api/users/guest-id', headers);

/** The ways to get hold of another guest's cart without their id. */
function forgeriesOf(victim: string): [string, string][] {
  const [uuid, sig] = victim.split('.') as [string, string];
  const flip = (c: string) => (c === 'a' ? 'b' : 'a');
  const flipB64 = (c: string) => (c === 'A' ? 'B' : 'A');
  // base64url's last character of 16 bytes carries 2 bits: a neighbour decodes to the same bytes.
  const last = sig.at(-1) as string;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const sameBytes = alphabet[alphabet.indexOf(last) ^ 1] as string;
  return [
    ['the plain UUID', uuid],
    ['a client-made UUID', randomUUID()],
    ['the old client-chosen format', 'guest-0123456789'],
    ['the right shape, a wrong signature', `${randomUUID()}.${'A'.repeat(22)}`],
    ['the victim UUID with a made-up signature', `${uuid}.${'x'.repeat(22)}`],
    ['one UUID character changed', `${flip(uuid[0] as string)}${uuid.slice(1)}.${sig}`],
    ['one signature character changed', `${uuid}.${flipB64(sig[0] as string)}${sig.slice(1)}`],
    ['the last signature character, same decoded bytes', `${uuid}.${sig.slice(0, -1)}${sameBytes}`],
    ['the UUID in capitals', `${uuid.toUpperCase()}.${sig}`],
    ['signed with another secret', signGuestId({ jwtSecret: 'another-secret-another-secret-000' }, uuid)],
    ['the victim id with a suffix', `${victim}x`],
  ];
}

describe('the signature', () => {
  it('is HMAC-SHA256 of the UUID under the key derived from JWT_SECRET, first 16 bytes', () => {
    const config = { jwtSecret: 'guest-id-test-secret-guest-id-test-00' };
    const uuid = randomUUID();
    const key = createHmac('sha256', config.jwtSecret).update('codiroom:guest-id:v1').digest();
    const sig = createHmac('sha256', key).update(uuid).digest().subarray(0, 16).toString('base64url');
    expect(signGuestId(config, uuid)).toBe(`${uuid}.${sig}`);
    expect(isIssuedGuestId(config, `${uuid}.${sig}`)).toBe(true);
    // The same config object again (its key is made once), and another config with the same secret.
    expect(isIssuedGuestId(config, `${uuid}.${sig}`)).toBe(true);
    expect(isIssuedGuestId({ ...config }, `${uuid}.${sig}`)).toBe(true);
    expect(isIssuedGuestId({ jwtSecret: `${config.jwtSecret}x` }, `${uuid}.${sig}`)).toBe(false);
  });
});

describe('POST /api/users/guest-id', () => {
  it('answers a new signed id: UUID v4, a dot, 22 characters of signature (59 in all)', async () => {
    const a = await issue();
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.body.guest_id).toMatch(GUEST_ID_RE);
    expect(a.body.guest_id).toHaveLength(GUEST_ID_LENGTH);
    expect(isIssuedGuestId(t.ctx.config, a.body.guest_id)).toBe(true);
    const b = await issue();
    expect(b.body.guest_id).not.toBe(a.body.guest_id);
  });

  it('answers a valid id unchanged, and replaces one it did not issue', async () => {
    const mine = issueGuestId(t.ctx.config);
    expect((await issue(as(mine))).body).toEqual({ guest_id: mine });
    for (const [why, forged] of forgeriesOf(mine)) {
      const r = await issue(as(forged));
      expect(r.status, why).toBe(200);
      expect(r.body.guest_id, why).not.toBe(forged);
      expect(isIssuedGuestId(t.ctx.config, r.body.guest_id), why).toBe(true);
    }
  });

  it('is in the OpenAPI document: public, with its response schema', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/users/guest-id']?.post;
    expect(op).toBeDefined();
    expect(op.security).toBeUndefined();
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(['guest_id']);
    expect(schema.properties.guest_id.type).toBe('string');
  });
});

describe('forged and guessed guest ids', () => {
  it("are refused with 400 and can neither read nor change another guest's cart and likes", async () => {
    const victim = (await issue()).body.guest_id as string;
    expect(
      (await call('POST', '/api/carts', as(victim), { product_item_id: itemId, quantity: 2 })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/likes/post-like', as(victim), { like_type: 'PRODUCT', like_id: displayId }))
        .status,
    ).toBe(200);
    const snapshot = async () => ({
      cart: await t.ctx.db.select().from(carts).where(eq(carts.guest_id, victim)),
      likes: await t.ctx.db.select().from(likes).where(eq(likes.guest_id, victim)),
    });
    const before = await snapshot();
    expect(before.cart).toHaveLength(1);
    expect(before.likes).toHaveLength(1);

    for (const [why, forged] of forgeriesOf(victim)) {
      const attempts = [
        await call('GET', '/api/carts', as(forged)),
        await call('GET', '/api/carts/product-count', as(forged)),
        await call('POST', '/api/carts', as(forged), { product_item_id: itemId, quantity: 1 }),
        await call('GET', '/api/likes/product-like-list?page=1', as(forged)),
        await call('GET', `/api/likes/get-like?like_type=PRODUCT&like_id=${displayId}`, as(forged)),
        await call('DELETE', '/api/likes', as(forged), { like_type: 'PRODUCT', id: displayId }),
        await call('POST', '/api/likes/post-like', as(forged), { like_type: 'BRAND', like_id: 1 }),
      ];
      for (const r of attempts) {
        expect(r.status, why).toBe(400);
        expect(r.body, why).toEqual({ detail: GUEST_ID_INVALID });
      }
    }
    expect(await snapshot()).toEqual(before);
    // The owner still has both.
    expect((await call('GET', '/api/carts/product-count', as(victim))).body).toMatchObject({ count: 1 });
    const liked = await call('GET', `/api/likes/get-like?like_type=PRODUCT&like_id=${displayId}`, as(victim));
    expect(liked.body.liked).toBe(true);
  });

  it("a forged id on sign-up is refused and merges nothing of the victim's", async () => {
    const victim = guestIdOf(t.ctx);
    await t.ctx.db.insert(likes).values({ guest_id: victim, like_type: 'STYLE', like_id: 1 });
    const [uuid, sig] = victim.split('.') as [string, string];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-up',
      headers: as(`${uuid}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      payload: { phone: '01099990000', code: '000000', password: 'codiroom123', user_name: '김코디' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: GUEST_ID_INVALID });
    // With its own valid id the sign-up goes through and takes only that guest's things.
    const { body } = await signUpViaApi(t.app);
    const rows = await t.ctx.db.select().from(likes).where(eq(likes.guest_id, victim));
    expect(rows).toHaveLength(1);
    expect(
      await t.ctx.db
        .select()
        .from(likes)
        .where(and(eq(likes.user_id, body.user.id))),
    ).toEqual([]);
  });

  it('made-up ids are not counted as live viewers of a product (the address is)', async () => {
    const url = `/api/products/current-view-count?product_display_id=${displayId}`;
    const count = async () => (await call('GET', url, {})).body.count as number;
    const view = (headers: Record<string, string>) =>
      t.app.inject({ url: `/api/products/detail/${displayId}`, headers, remoteAddress: '10.7.7.7' });
    const settle = () => new Promise((r) => setTimeout(r, 30));
    const start = await count();
    for (let i = 0; i < 3; i++) await view(as(`guest-made-up-${i}-${randomUUID()}`));
    await settle();
    expect(await count()).toBe(start + 1);
    await view(as(guestIdOf(t.ctx)));
    await view(as(guestIdOf(t.ctx)));
    await settle();
    expect(await count()).toBe(start + 3);
  });
});
