/**
 * The member-data calls of API-CATALOGUE.md "Users" (/api/users/…). Sign-in, sign-up, SMS and
 * tokens are registered by the auth routes. Access per the catalogue: token calls answer 401
 * 'Token Required' without a bearer token; member-scoped ids (addresses) of another member are 404.
 */
import {
  AppPushPermissionBody,
  AppPushPermissionRequest,
  CurationViewStatus,
  ErrorBody,
  GuestIdBody,
  NotificationPermissions,
  NotificationPermissionsRequest,
  OkBody,
  PublicProfile,
  PublicProfileSimple,
  ReferralCodeBody,
  SesSelectedBody,
  SesSelectedRequest,
  SizeInfo,
  SizeInfoRequest,
  StopRequest,
  UpdateProfileRequest,
  UserDetail,
  UserInfo,
  UserPhotoList,
  UserStatus,
  UserStatusMain,
  UserVariants,
  VerifyReferralCodeBody,
  VerifyReferralCodeQuery,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issuedGuestIdOf } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { issueGuestId } from '../../platform/guest-id.ts';
import { IdParams } from '../../platform/params.ts';
import { reportAppPushPermission } from './app-push.ts';
import { memberAddressRoutes } from './member-address-routes.ts';
import {
  getNotificationPermissions,
  getSesSelected,
  getSizeInfo,
  memberPhotos,
  saveSizeInfo,
  setNotificationPermissions,
  setSesSelected,
  userVariants,
} from './member-preferences.ts';
import { memberId } from './member-principal.ts';
import { referralCode, verifyReferralCode, verifyReferralRateLimit } from './member-referrals.ts';
import {
  curationViewStatus,
  publicProfile,
  publicProfileSimple,
  updateProfile,
  userDetail,
  userInfo,
  userMainStatus,
  userStatus,
} from './member-service.ts';
import { withdrawMember } from './member-withdrawal.ts';
import { revokeAppleTokenOnWithdrawal } from './social/service.ts';

const TAGS = ['users'];
const TOKEN = { access: 'token' as const };
const GUEST = { access: 'guest' as const };
const PUBLIC = { access: 'public' as const };
const E401 = { 401: ErrorBody };
const E400_401 = { 400: ErrorBody, 401: ErrorBody };
const _E404 = { 401: ErrorBody, 404: ErrorBody };

export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // ───────────── detail, info, status ─────────────
  app.get(
    '/users/user-detail',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'User detail (SPEC.md §3) with the masked phone, e-mail and point balance',
        response: { 200: UserDetail, ...E401 },
      },
    },
    async (req) => userDetail(ctx, memberId(req)),
  );

  app.get(
    '/users/info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Storefront user info: user, default address, point balance, e-mail',
        response: { 200: UserInfo, ...E401 },
      },
    },
    async (req) => userInfo(ctx, memberId(req)),
  );

  app.get(
    '/users/status',
    {
      config: GUEST,
      schema: {
        tags: TAGS,
        summary: 'User status (SPEC.md §3) from style quizzes, curations and cart coupons',
        description:
          'Guests: none_style_quiz_user only. Members: exactly one of none_style_quiz_user, ' +
          'style_quiz_but_none_curation (quiz, no DONE curation) and curationed (a DONE curation); ' +
          'waiting_list when has_reservation is set or a curation waits for a drafting slot (curators at ' +
          'their daily capacity). user_id is the uuid.',
        response: { 200: UserStatus, ...E400_401 },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return userStatus(ctx, req.principal);
    },
  );

  app.get(
    '/users/status-main',
    {
      config: GUEST,
      schema: {
        tags: TAGS,
        summary: 'Main-page status: NONE_STYLE_QUIZ, NONE_CURATIONED, CURATIONED or WAITING_LIST',
        description: 'Guests: NONE_STYLE_QUIZ. Order: no quiz, waiting list, curated, not curated.',
        response: { 200: UserStatusMain, ...E400_401 },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: await userMainStatus(ctx, req.principal) };
    },
  );

  app.get(
    '/users/curation-status',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Curation view status: viewed flag of the latest DONE curation, AI curations left',
        description:
          'current_curation_viewed: null without a DONE curation, false while the latest is unviewed, ' +
          'true once viewed. next_ai_curation_left: 3 minus the curations delivered this KST month.',
        response: { 200: CurationViewStatus, ...E401 },
      },
    },
    async (req) => curationViewStatus(ctx, memberId(req)),
  );

  // ───────────── public profiles ─────────────
  app.get(
    '/users/profile/:id',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'Public reviewer profile: masked name, review counts, published body size, reviews',
        description:
          "Never phone or e-mail. Only members with a public (not hidden) review have one: 404 'Profile not found' " +
          'for anyone else. 30 look-ups (with profile-simple) per client address and minute, then 429.',
        params: IdParams,
        response: { 200: PublicProfile, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => publicProfile(ctx, req.params.id, req.ip),
  );

  app.get(
    '/users/profile-simple/:id',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'Public profile card: masked name and review count',
        description: 'As profile/{id}: reviewers only (else 404), throttled per client address (429).',
        params: IdParams,
        response: { 200: PublicProfileSimple, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => publicProfileSimple(ctx, req.params.id, req.ip),
  );

  // ───────────── profile, size info, photos ─────────────
  app.put(
    '/users/update-profile',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Update name, age, gender, height, weight or e-mail; answers the user detail',
        description: "409 'DUPLICATE EMAIL' when another active member uses the e-mail.",
        body: UpdateProfileRequest,
        response: { 200: UserDetail, ...E400_401, 409: ErrorBody },
      },
    },
    async (req) => updateProfile(ctx, memberId(req), req.body),
  );

  app.get(
    '/users/user-size-info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Height, weight and usual sizes per product type',
        response: { 200: SizeInfo, ...E401 },
      },
    },
    async (req) => getSizeInfo(ctx, memberId(req)),
  );

  app.post(
    '/users/user-size-info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Save height, weight and sizes (sizes merge; a null size removes the key)',
        body: SizeInfoRequest,
        response: { 200: SizeInfo, ...E400_401 },
      },
    },
    async (req) => saveSizeInfo(ctx, memberId(req), req.body),
  );

  app.get(
    '/users/photos',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: "The member's own and style-quiz photos (FACE, BODY), newest first",
        response: { 200: UserPhotoList, ...E401 },
      },
    },
    async (req) => ({ result: await memberPhotos(ctx, memberId(req)) }),
  );

  // ───────────── shipping addresses (member-address-routes.ts) ─────────────
  memberAddressRoutes(app, ctx);

  // ───────────── notification flags ─────────────
  for (const path of ['/users/notification-permissions', '/users/app-alarm']) {
    app.get(
      path,
      {
        config: TOKEN,
        schema: {
          tags: TAGS,
          summary: 'Alarm flags: is_app_alert, is_benefit_alert, is_nighttime_alert',
          response: { 200: NotificationPermissions, ...E401 },
        },
      },
      async (req) => getNotificationPermissions(ctx, memberId(req)),
    );
  }

  app.post(
    '/users/notification-permissions',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Set any of the three alarm flags; answers all three',
        body: NotificationPermissionsRequest,
        response: { 200: NotificationPermissions, ...E400_401 },
      },
    },
    async (req) => setNotificationPermissions(ctx, memberId(req), req.body),
  );

  app.post(
    '/users/app-push-permission',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary:
          "The app's push permission, checked with the push service [addition, not in API-CATALOGUE.md]",
        description:
          'granted with the subscription id the app shell got from the push service: verified against the ' +
          "service (this member's, an enabled app push), then recorded and is_app_alert turned on; 400 when it " +
          'cannot be verified. granted false clears the record. Only a verified permission completes the ' +
          'push-consent mission.',
        body: AppPushPermissionRequest,
        response: { 200: AppPushPermissionBody, ...E400_401, 503: ErrorBody },
      },
    },
    async (req) => reportAppPushPermission(ctx, memberId(req), req.body),
  );

  // ───────────── referral codes ─────────────
  app.get(
    '/users/referral-code',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: "The member's referral code (created on first use: 8 unambiguous characters)",
        response: { 200: ReferralCodeBody, ...E401 },
      },
    },
    async (req) => ({ referral_code: await referralCode(ctx, memberId(req)) }),
  );

  app.get(
    '/users/verify-referral-code',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'Whether a referral code belongs to an active member (never whose)',
        description: '30 checks per client address and minute, then 429.',
        querystring: VerifyReferralCodeQuery,
        response: { 200: VerifyReferralCodeBody, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => {
      if (!(await verifyReferralRateLimit(ctx, req.ip))) {
        throw tooManyRequests('Too many referral code checks, please wait a minute');
      }
      return { valid: await verifyReferralCode(ctx, req.query.referral_code) };
    },
  );

  // ───────────── SES selection, variants ─────────────
  app.get(
    '/users/ses-selected',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'The stored SES selection (any JSON, null when none)',
        response: { 200: SesSelectedBody, ...E401 },
      },
    },
    async (req) => ({ ses_selected: await getSesSelected(ctx, memberId(req)) }),
  );

  app.post(
    '/users/ses-selected',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Store the SES selection: body {ses_selected: <JSON, at most 8192 characters>}',
        body: SesSelectedRequest,
        response: { 200: SesSelectedBody, ...E400_401 },
      },
    },
    async (req) => ({ ses_selected: await setSesSelected(ctx, memberId(req), req.body.ses_selected) }),
  );

  app.get(
    '/users/user-variants',
    {
      config: GUEST,
      schema: {
        tags: TAGS,
        summary: 'A/B groups (SPEC.md §4): abType A/B and subAbType A–D',
        description:
          'Members: digit count of the uuid (even → A; modulo 4 → A–D). Guests: the same rule over the guest id.',
        response: { 200: UserVariants, ...E400_401 },
      },
    },
    async (req) => userVariants(ctx, req.principal),
  );

  // ───────────── guest id (an addition) ─────────────
  app.post(
    '/users/guest-id',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        summary: 'A server-signed guest id for x-guest-user-id and the guestID cookie (addition)',
        description:
          'SPEC.md §6: guests use a cart and likes through x-guest-user-id. Only ids issued here are accepted ' +
          '(guest calls answer 400 to any other value). A request carrying a valid id gets it back unchanged; ' +
          'one without, or with an id this server did not issue, gets a new one.',
        response: { 200: GuestIdBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { guest_id: issuedGuestIdOf(req) ?? issueGuestId(ctx.config) };
    },
  );

  // ───────────── withdrawal ─────────────
  app.post(
    '/users/stop',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Withdraw: deactivate, revoke refresh tokens, anonymise and delete personal data',
        description: "Orders are kept. Afterwards the old access token answers 401 'User is inactive'.",
        body: StopRequest.nullish(),
        response: { 200: OkBody, ...E400_401 },
      },
    },
    async (req) => {
      // Apple requires revoking its token when the account is deleted (best effort, before the identity goes).
      await revokeAppleTokenOnWithdrawal(ctx, memberId(req), req.log);
      await withdrawMember(ctx, memberId(req), req.body?.reason);
      return { result: 'ok' as const };
    },
  );
};
