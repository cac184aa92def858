/**
 * The OAuth `state`: issued by GET /api/users/oauth/{provider}/authorize, kept in the key-value
 * store for 10 minutes with the provider and the redirect_uri it was issued for, and accepted by
 * auth/token once. It ties the callback to an authorize step this server started (login CSRF)
 * and gives the exchange the exact redirect_uri the provider saw.
 */
import { randomBytes } from 'node:crypto';
import { SOCIAL_STATE_TTL_S, type SocialProviderKey } from '@codiroom/shared';
import type { KeyValueStore } from '../../../platform/kv.ts';

const STATE_RE = /^[A-Za-z0-9_-]{20,128}$/;
const stateKey = (state: string) => `social:state:${state}`;
const usedKey = (state: string) => `social:state-used:${state}`;

type Stored = { provider: SocialProviderKey; redirect_uri: string };

export async function issueState(
  kv: KeyValueStore,
  provider: SocialProviderKey,
  redirectUri: string,
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const value: Stored = { provider, redirect_uri: redirectUri };
  await kv.set(stateKey(state), JSON.stringify(value), SOCIAL_STATE_TTL_S);
  return state;
}

/**
 * The redirect_uri the state was issued for, or null when the state is missing, unknown, expired,
 * already used, or issued for another provider. Single use even under concurrent callbacks: the
 * first caller to bump the "used" counter wins.
 */
export async function consumeState(
  kv: KeyValueStore,
  provider: SocialProviderKey,
  state: string | undefined,
): Promise<string | null> {
  if (!state || !STATE_RE.test(state)) return null;
  const raw = await kv.get(stateKey(state));
  if (!raw) return null;
  if ((await kv.incr(usedKey(state), SOCIAL_STATE_TTL_S)) !== 1) return null;
  await kv.del(stateKey(state));
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    return null;
  }
  return stored.provider === provider && typeof stored.redirect_uri === 'string' ? stored.redirect_uri : null;
}
