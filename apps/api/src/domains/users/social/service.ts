/**
 * Social sign-in rules (Kakao, Naver, Apple):
 *
 * - authorize: a fresh single-use state bound to the browser's `oauthBrowser` cookie, with a PKCE
 *   verifier and a nonce (state.ts), and a redirect to the provider — or to the dev provider — with
 *   redirect_uri `${origin}/oauth/{provider}/callback`.
 * - auth/token: the state must be one this server issued for that provider to this browser
 *   (missing, unknown, expired, reused or another browser's → 400 naming the provider); the code is
 *   exchanged with the flow's verifier and the profile read (Apple: the flow's nonce). A
 *   known identity signs in (SIGNED_IN with tokens; the x-guest-user-id guest is merged); a new one
 *   answers SIGN_UP_REQUIRED with an oauth_token (oauth-token.ts) proving the social_id for 30 minutes.
 * - social-sign-in / social-sign-up trust social_type + social_id only with a matching, unexpired
 *   oauth_token (otherwise 401). Sign-up needs a phone verified by SMS for every provider (Apple
 *   gives none); it follows the phone sign-up rules of auth-accounts.ts (code first, then
 *   'DUPLICATE PHONE' / 'STOP USER' / history / 'DUPLICATE EMAIL' / referral, all 400) plus
 *   'DUPLICATE SOCIAL_ID', and the same required agreements (stored the same way; the sign-up
 *   listeners run after the commit). A phone that belongs to an active member answers 'DUPLICATE PHONE':
 *   accounts are never linked by phone number (the member signs in by phone instead).
 * - The identity keeps in oauth_token what revocation needs: Apple's refresh token (renewed on
 *   every Apple sign-in); for Kakao and Naver a SHA-256 of the last access token.
 * - revoke-apple revokes the stored refresh token at Apple and deletes the identity.
 */
import {
  AUTH_MESSAGES,
  isSocialProviderKey,
  SIGN_UP_DETAILS,
  SIGN_UP_NAME_MAX_CHARS,
  SOCIAL_MESSAGES,
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_SIGN_UP_DETAILS,
  type SocialAuthTokenBody,
  type SocialAuthTokenResult,
  type SocialRevokeResult,
  type SocialSession,
  type SocialSignInBody,
  type SocialSignUpBody,
  type SocialType,
} from '@codiroom/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest, HttpError, notFound, tooManyRequests, unauthorized } from '../../../platform/errors.ts';
import { type Conn, isUniqueViolation } from '../../../platform/transactions.ts';
import {
  consentColumns,
  emailTaken,
  phoneStatus,
  requireAgreements,
  requirePhone,
  resolveReferrer,
} from '../auth-accounts.ts';
import { checkCode, consumeCode } from '../auth-verification.ts';
import { mergeGuestIntoMember } from '../guest-merge.ts';
import { tagPushUser } from '../notify.ts';
import { socialIdentities, users } from '../schema.ts';
import { issueSession } from '../sessions.ts';
import { memberSignedUp } from '../sign-up-hooks.ts';
import { readOAuthToken, type SocialProof, signOAuthToken } from './oauth-token.ts';
import type { SocialProvider } from './provider.ts';
import { type SocialProviders, socialProvidersFor } from './providers.ts';
import { consumeState, issueState, type StateRefusal } from './state.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const fieldError = (field: string, detail: string, message = detail) =>
  badRequest(detail, { [field]: [message] });

// ───────────────────────────── providers ─────────────────────────────

/** The adapter of a provider key: 404 for an unknown key, 503 when it is not configured. */
export function providerFor(
  providers: SocialProviders,
  raw: string,
  unknown: (detail: string) => HttpError = notFound,
): SocialProvider {
  const key = raw.toLowerCase();
  if (!isSocialProviderKey(key)) throw unknown(SOCIAL_MESSAGES.unsupported);
  const provider = providers[key];
  if (!provider) throw new HttpError(503, SOCIAL_MESSAGES.unavailable(SOCIAL_PROVIDER_LABELS[key]));
  return provider;
}

/** Authorize redirects one client address may start per minute (each stores a state). */
export const AUTHORIZE_MAX_PER_MINUTE = 120;

/** GET oauth/{provider}/authorize: where to send the browser holding `browserKey`. */
export async function authorizeUrl(
  ctx: AppContext,
  provider: SocialProvider,
  redirectUri: string,
  ip: string,
  browserKey: string,
) {
  if ((await ctx.kv.incr(`social:authorize:ip:${ip}`, 60)) > AUTHORIZE_MAX_PER_MINUTE) {
    throw tooManyRequests(AUTH_MESSAGES.checkLimit);
  }
  return provider.authorizeUrl(await issueState(ctx.kv, provider.key, redirectUri, browserKey));
}

const STATE_REFUSALS: Record<StateRefusal, (label: string) => string> = {
  invalid: SOCIAL_MESSAGES.stateInvalid,
  used: SOCIAL_MESSAGES.stateUsed,
  'other-browser': SOCIAL_MESSAGES.stateOtherBrowser,
};

// ───────────────────────────── identities and sessions ─────────────────────────────

async function findIdentity(db: Conn, type: SocialType, socialId: string) {
  const [row] = await db
    .select({
      identity_id: socialIdentities.id,
      oauth_token: socialIdentities.oauth_token,
      id: users.id,
      uuid: users.uuid,
      name: users.name,
      phone: users.phone,
      is_active: users.is_active,
    })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.user_id))
    .where(and(eq(socialIdentities.social_type, type), eq(socialIdentities.social_id, socialId)))
    .limit(1);
  return row ?? null;
}

type Member = { id: number; uuid: string; name: string; phone: string | null };

async function startSession(ctx: AppContext, user: Member, db: Conn = ctx.db) {
  const tokens = await issueSession(ctx, user.id, db);
  return { ...tokens, user: { id: user.id, uuid: user.uuid, name: user.name, phone: user.phone } };
}

/** After a social sign-in or sign-up: the login's push attributes, then the guest's data merged. */
async function afterSocialLogin(
  ctx: AppContext,
  type: SocialType,
  guestId: string | null,
  userId: number,
  log?: FastifyBaseLogger,
) {
  // SPEC.md §4 "Session": login sets the push attributes (the app sets the external id itself).
  tagPushUser(ctx, userId, type.toLowerCase());
  if (!guestId) return;
  // The member is signed in either way; a failed merge leaves the guest's data where it was.
  try {
    await mergeGuestIntoMember(ctx, guestId, userId);
  } catch (err) {
    log?.error({ err, guestId, userId }, 'guest merge after social sign-in failed');
  }
}

async function signInIdentity(
  ctx: AppContext,
  type: SocialType,
  identity: NonNullable<Awaited<ReturnType<typeof findIdentity>>>,
  storedToken: string | null,
  guestId: string | null,
  log?: FastifyBaseLogger,
) {
  if (!identity.is_active) throw unauthorized(AUTH_MESSAGES.userInactive);
  if (storedToken && storedToken !== identity.oauth_token) {
    await ctx.db
      .update(socialIdentities)
      .set({ oauth_token: storedToken })
      .where(eq(socialIdentities.id, identity.identity_id));
  }
  const session = await startSession(ctx, identity);
  await afterSocialLogin(ctx, type, guestId, identity.id, log);
  return session;
}

async function proofOf(
  ctx: AppContext,
  body: { social_type: SocialType; social_id: string; oauth_token: string },
) {
  const proof = await readOAuthToken(ctx.config, body.oauth_token, ctx.clock.now());
  if (!proof || proof.social_type !== body.social_type || proof.social_id !== body.social_id) {
    throw unauthorized(SOCIAL_MESSAGES.oauthTokenInvalid);
  }
  return proof;
}

// ───────────────────────────── auth/token ─────────────────────────────

/** `browserKey`: the caller's `oauthBrowser` cookie (state.ts), null without one. */
export async function exchangeAuthCode(
  ctx: AppContext,
  providers: SocialProviders,
  body: SocialAuthTokenBody,
  browserKey: string | null,
  guestId: string | null,
  log?: FastifyBaseLogger,
): Promise<SocialAuthTokenResult> {
  const provider = providerFor(providers, body.provider, badRequest);
  const checked = await consumeState(ctx.kv, provider.key, body.state, browserKey);
  if ('refused' in checked) throw badRequest(STATE_REFUSALS[checked.refused](provider.label));

  const tokens = await provider.exchangeCode(body.code, checked.flow);
  const profile = await provider.fetchProfile(tokens.access_token, tokens, checked.flow);
  const storedToken = provider.storedToken(tokens);

  const identity = await findIdentity(ctx.db, provider.type, profile.social_id);
  if (identity) {
    const session = await signInIdentity(ctx, provider.type, identity, storedToken, guestId, log);
    return { status: 'SIGNED_IN', ...session };
  }
  const proof: SocialProof = {
    social_type: provider.type,
    social_id: profile.social_id,
    stored_token: storedToken,
  };
  return {
    status: 'SIGN_UP_REQUIRED',
    social_type: provider.type,
    social_id: profile.social_id,
    oauth_token: await signOAuthToken(ctx.config, proof, ctx.clock.now()),
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.name ? { name: profile.name } : {}),
    ...(profile.phone ? { phone: profile.phone } : {}),
  };
}

// ───────────────────────────── social-sign-in ─────────────────────────────

/**
 * SPEC.md §3 payload. `phone` (Kakao, Naver) is accepted for compatibility but is not used:
 * the oauth_token alone proves who signs in.
 */
export async function socialSignIn(
  ctx: AppContext,
  body: SocialSignInBody,
  guestId: string | null,
  log?: FastifyBaseLogger,
): Promise<SocialSession> {
  const proof = await proofOf(ctx, body);
  const identity = await findIdentity(ctx.db, proof.social_type, proof.social_id);
  if (!identity) throw new HttpError(404, SOCIAL_MESSAGES.notRegistered, { status: 'SIGN_UP_REQUIRED' });
  // An oauth_token may be up to 30 minutes old: it fills an empty slot but never replaces the
  // token of a later exchange.
  const stored = identity.oauth_token ? null : proof.stored_token;
  const session = await signInIdentity(ctx, proof.social_type, identity, stored, guestId, log);
  return { status: 'SIGNED_IN', ...session };
}

// ───────────────────────────── social-sign-up ─────────────────────────────

function requireUserName(input: string): string {
  const name = input.trim();
  if (!name) throw fieldError('user_name', AUTH_MESSAGES.userNameRequired);
  if (Array.from(name).length > SIGN_UP_NAME_MAX_CHARS)
    throw fieldError('user_name', AUTH_MESSAGES.userNameTooLong);
  return name;
}

function optionalEmail(input: string | null | undefined): string | null {
  const email = (input ?? '').trim().toLowerCase();
  if (!email) return null;
  if (email.length > 254 || !EMAIL_RE.test(email)) throw fieldError('email', AUTH_MESSAGES.emailInvalid);
  return email;
}

const duplicateSocialId = () => badRequest(SOCIAL_SIGN_UP_DETAILS.duplicateSocialId);
const duplicatePhone = () =>
  fieldError('phone', SIGN_UP_DETAILS.duplicatePhone, AUTH_MESSAGES.duplicatePhone);
const duplicateEmail = () =>
  fieldError('email', SIGN_UP_DETAILS.duplicateEmail, AUTH_MESSAGES.duplicateEmail);

export async function socialSignUp(
  ctx: AppContext,
  body: SocialSignUpBody,
  guestId: string | null,
  log?: FastifyBaseLogger,
  campaignCode: number | null = null,
): Promise<SocialSession> {
  const proof = await proofOf(ctx, body);
  if (await findIdentity(ctx.db, proof.social_type, proof.social_id)) throw duplicateSocialId();
  const phone = requirePhone(body.phone);
  const name = requireUserName(body.user_name);
  const email = optionalEmail(body.email);
  requireAgreements(body);
  const referralCode = (body.referral_code ?? '').trim().toUpperCase() || null;

  // The code first, so only the number's owner learns the account rules (as phone sign-up).
  const verificationId = await checkCode(ctx, phone, body.code);

  const status = await phoneStatus(ctx, phone);
  if (status === 'registered') throw duplicatePhone();
  if (status === 'stopped') throw fieldError('phone', SIGN_UP_DETAILS.stopUser, AUTH_MESSAGES.stopUser);
  if (status === 'history') throw fieldError('phone', AUTH_MESSAGES.reregisterHistory);
  if (email && (await emailTaken(ctx, email))) throw duplicateEmail();
  const referredBy = await resolveReferrer(ctx, referralCode);

  const now = ctx.clock.now();
  let session: Awaited<ReturnType<typeof startSession>>;
  try {
    session = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          phone,
          email,
          name,
          referred_by: referredBy,
          campaign_code: campaignCode,
          ...consentColumns(body, now),
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(socialIdentities).values({
        user_id: user.id,
        social_type: proof.social_type,
        social_id: proof.social_id,
        oauth_token: proof.stored_token,
        created_at: now,
      });
      await consumeCode(tx, verificationId, now);
      return startSession(ctx, user, tx);
    });
  } catch (err) {
    // Lost a race with a concurrent sign-up of the same identity, number or e-mail.
    if (isUniqueViolation(err, 'social_identities_uq')) throw duplicateSocialId();
    if (isUniqueViolation(err, 'users_phone_active_uq')) throw duplicatePhone();
    if (isUniqueViolation(err, 'users_email_active_uq')) throw duplicateEmail();
    throw err;
  }
  const method = proof.social_type.toLowerCase() as 'kakao' | 'naver' | 'apple';
  await memberSignedUp(ctx, { userId: session.user.id, method }, log);
  await afterSocialLogin(ctx, proof.social_type, guestId, session.user.id, log);
  return { status: 'SIGNED_UP', ...session };
}

// ───────────────────────────── revoke-apple ─────────────────────────────

/**
 * For withdrawal (member-withdrawal.ts may call it before deleting the member's identities):
 * revokes the member's Apple refresh token at Apple, as Apple requires when an account is deleted.
 * Best effort: never throws; the identity row is left to the caller.
 */
export async function revokeAppleTokenOnWithdrawal(ctx: AppContext, userId: number, log?: FastifyBaseLogger) {
  try {
    const [identity] = await ctx.db
      .select({ oauth_token: socialIdentities.oauth_token })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.user_id, userId), eq(socialIdentities.social_type, 'APPLE')))
      .limit(1);
    const apple = socialProvidersFor(ctx).apple;
    if (identity?.oauth_token && apple?.revoke) await apple.revoke(identity.oauth_token);
  } catch (err) {
    log?.warn({ err, userId }, 'Apple token revoke on withdrawal failed');
  }
}

export async function revokeApple(
  ctx: AppContext,
  providers: SocialProviders,
  userId: number,
  log?: FastifyBaseLogger,
): Promise<SocialRevokeResult> {
  const [identity] = await ctx.db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.user_id, userId), eq(socialIdentities.social_type, 'APPLE')))
    .limit(1);
  if (!identity) throw notFound(SOCIAL_MESSAGES.appleNotLinked);
  const apple = providers.apple;
  if (identity.oauth_token && apple?.revoke) {
    try {
      await apple.revoke(identity.oauth_token);
    } catch (err) {
      // Apple refusing the token (already revoked or expired) leaves nothing to revoke.
      if (!(err instanceof HttpError && err.statusCode === 401)) throw err;
      log?.warn({ userId }, 'Apple refused the stored refresh token on revoke; unlinking anyway');
    }
  } else {
    log?.warn({ userId, configured: !!apple }, 'Apple identity unlinked without a revoke call');
  }
  await ctx.db.delete(socialIdentities).where(eq(socialIdentities.id, identity.id));
  return { result: 'ok', detail: SOCIAL_MESSAGES.appleRevoked };
}
