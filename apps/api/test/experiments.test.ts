/**
 * Experiment groups (SPEC.md §4 "Session"): GET /api/users/user-variants gives a guest a group
 * that stays the same for its guest id, and re-keys it at login to the member's uuid (abGroups),
 * whatever guest id the member's calls still carry; after sign-out the guest id's group again.
 */
import { abGroups } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_HEADER, signUpViaApi } from './auth-helpers.ts';
import { createTestApp, guestIdOf, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

async function variants(headers: Record<string, string>) {
  const r = await t.app.inject({ url: '/api/users/user-variants', headers });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { abType: string; subAbType: string; basis: string };
}

describe('user-variants: kept until login, then re-keyed to the member', () => {
  it('a guest keeps its group; the member gets abGroups(uuid); sign-out gives the guest group back', async () => {
    // A guest whose group differs from the member's below, so the re-keying shows.
    const guestId = guestIdOf(t.ctx, 'experiments-guest');
    const asGuest = { [GUEST_HEADER]: guestId };
    const first = await variants(asGuest);
    expect(first.basis).toBe('guest');
    for (let i = 0; i < 3; i++) expect(await variants(asGuest)).toEqual(first);

    const { body: session } = await signUpViaApi(t.app, { guestId });
    const member = { authorization: `Bearer ${session.access}`, [GUEST_HEADER]: guestId };
    const rekeyed = await variants(member);
    expect(rekeyed).toEqual({ ...abGroups(session.user.uuid), basis: 'user' });
    expect(await variants({ authorization: `Bearer ${session.access}` })).toEqual(rekeyed);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-out',
      headers: { authorization: `Bearer ${session.access}` },
      payload: {},
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect(await variants(asGuest)).toEqual(first);
  });

  it('members whose groups differ from their former guest group are re-keyed (both ways seen)', async () => {
    let changed = 0;
    for (let i = 0; i < 12; i++) {
      const guestId = guestIdOf(t.ctx, `experiments-many-${i}`);
      const g = await variants({ [GUEST_HEADER]: guestId });
      const { body } = await signUpViaApi(t.app, { guestId });
      const m = await variants({ authorization: `Bearer ${body.access}` });
      expect(m).toEqual({ ...abGroups(body.user.uuid), basis: 'user' });
      if (m.abType !== g.abType || m.subAbType !== g.subAbType) changed += 1;
    }
    // The group follows the member, not the device's guest id: it is not always the same.
    expect(changed).toBeGreaterThan(0);
  });
});
