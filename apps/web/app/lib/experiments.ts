/**
 * Experiment groups (SPEC.md §4 "Session": stable per user; a guest's is kept until login, then
 * re-keyed to the member; §3 "Stored on the device": abType, subAbType, expData in local storage).
 *
 * - A guest asks GET /api/users/user-variants once (the server derives the group from the guest
 *   id) and keeps the answer until login.
 * - Login re-keys it to the member's uuid (abGroups, the rule the server uses: storeSession).
 * - Logout clears the three keys (lib/session.ts), so the next page asks again as a guest.
 * `currentAbGroup()` is what analytics events carry ('AC' = abType A, subAbType C).
 */
import { type AbGroup, abGroups, type SubAbGroup } from '@codiroom/shared';
import { browserApi } from './browser-api';

/** What expData holds: whose group it is (a member's is keyed by the uuid it came from). */
export type ExpData = { basis: 'guest' | 'user'; uuid?: string };

const AB = /^[AB]$/;
const SUB = /^[ABCD]$/;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(abType: AbGroup, subAbType: SubAbGroup, exp: ExpData): void {
  try {
    window.localStorage.setItem('abType', abType);
    window.localStorage.setItem('subAbType', subAbType);
    window.localStorage.setItem('expData', JSON.stringify(exp));
  } catch {}
}

function storedExpData(): ExpData | null {
  try {
    const v = JSON.parse(read('expData') ?? 'null') as ExpData | null;
    return v && (v.basis === 'guest' || v.basis === 'user') ? v : null;
  } catch {
    return null;
  }
}

import { currentAbGroup } from './ab-group';

export { currentAbGroup };

/** Login: the group re-keyed to the member's uuid. */
export function storeMemberAbGroup(uuid: string): void {
  const { abType, subAbType } = abGroups(uuid);
  write(abType, subAbType, { basis: 'user', uuid });
}

let asking: Promise<void> | null = null;

/**
 * Makes sure the device holds the visitor's group: a guest keeps the one it has (or asks the
 * server once); a member's is re-keyed when it is not the member's own (a guest's group left from
 * before login, another member's). Never throws.
 */
export function ensureAbGroup(isLoggedIn: boolean): Promise<void> {
  const exp = storedExpData();
  const has = currentAbGroup() !== null;
  if (isLoggedIn) {
    const uuid = read('userID');
    if (uuid && uuid !== 'undefined') {
      if (!has || exp?.basis !== 'user' || exp.uuid !== uuid) storeMemberAbGroup(uuid);
      return Promise.resolve();
    }
    if (has && exp?.basis === 'user') return Promise.resolve();
  } else if (has && exp?.basis === 'guest') {
    return Promise.resolve();
  }
  asking ??= browserApi()
    .getOr('/api/users/user-variants', null)
    .then((v) => {
      if (v && AB.test(v.abType) && SUB.test(v.subAbType)) write(v.abType, v.subAbType, { basis: v.basis });
    })
    .catch(() => {})
    .finally(() => {
      asking = null;
    });
  return asking;
}
