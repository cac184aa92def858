/**
 * Phone sign-up / sign-in and tokens under /api/users/ (API-CATALOGUE.md "Users"):
 * send-sms, verify-sms, check-phone, check-email, sign-up, sign-in, update-password and
 * token/refresh. Rules live in auth-accounts.ts, auth-verification.ts and sessions.ts; routes only
 * validate and call. POST /users/auth/token (provider code exchange) belongs to social/routes.ts.
 */
import {
  AUTH_MESSAGES,
  AuthErrorBody,
  AuthResultBody,
  AuthSession,
  CheckEmailQuery,
  CheckPhoneQuery,
  ErrorBody,
  RefreshBody,
  SendSmsBody,
  SignInBody,
  SignUpBody,
  TokenPair,
  UpdatePasswordBody,
  VerifySmsQuery,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, guestIdFrom } from '../../platform/access.ts';
import { requestCampaignCode } from '../../platform/campaign.ts';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { checkEmail, checkPhone, requirePhone, signIn, signUp, updatePassword } from './auth-accounts.ts';
import { checkCode, sendVerificationCode } from './auth-verification.ts';
import { clearRefreshCookie, refreshFromCookie } from './refresh-cookie.ts';
import { rotateRefresh, signOut } from './sessions.ts';
import { fireSignUpEvent } from './sign-up-event.ts';
import { smsSenderFor } from './sms.ts';

const tags = ['users: auth'];

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Chooses the SMS provider now: production without Solapi keys fails at start, not at first send.
  smsSenderFor(ctx);

  app.post(
    '/users/send-sms',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit verification code by SMS (same answer for every valid number)',
        description:
          'One send per number per 60 s and 5 per hour (429). The code lives 3 minutes; a new send replaces it.',
        body: SendSmsBody,
        response: { 200: AuthResultBody, 400: AuthErrorBody, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (req) => {
      await sendVerificationCode(ctx, requirePhone(req.body.phone), req.ip, req.log);
      return { result: true, detail: AUTH_MESSAGES.smsSent };
    },
  );

  app.get(
    '/users/verify-sms',
    {
      schema: {
        tags,
        summary: 'Check a verification code',
        description:
          "'[ERROR101] …' for a wrong code (the 5th wrong answer kills it), '[ERROR102] …' when no live code exists. A verified code stays usable by sign-up / update-password for 10 minutes.",
        querystring: VerifySmsQuery,
        response: { 200: AuthResultBody, 400: AuthErrorBody },
      },
    },
    async (req) => {
      await checkCode(ctx, requirePhone(req.query.phone), req.query.code);
      return { result: true, detail: AUTH_MESSAGES.smsVerified };
    },
  );

  app.get(
    '/users/check-phone',
    {
      schema: {
        tags,
        summary: 'Whether a number can sign up',
        description:
          "400 with the sign-up details: 'DUPLICATE PHONE', 'STOP USER' (withdrawn < 30 days ago) or the re-registration history text.",
        querystring: CheckPhoneQuery,
        response: { 200: AuthResultBody, 400: AuthErrorBody, 429: ErrorBody },
      },
    },
    async (req) => checkPhone(ctx, req.query.phone, req.ip),
  );

  app.get(
    '/users/check-email',
    {
      schema: {
        tags,
        summary: 'Whether an e-mail can sign up',
        description: "400 'DUPLICATE EMAIL' when an active member has it.",
        querystring: CheckEmailQuery,
        response: { 200: AuthResultBody, 400: AuthErrorBody, 429: ErrorBody },
      },
    },
    async (req) => checkEmail(ctx, req.query.email, req.ip),
  );

  app.post(
    '/users/sign-up',
    {
      config: { access: 'guest', issuesSession: true },
      schema: {
        tags,
        summary: "Phone sign-up; merges the x-guest-user-id guest's likes and cart",
        description:
          "400 details (SPEC.md §5): 'DUPLICATE PHONE', 'DUPLICATE EMAIL', 'STOP USER', the re-registration history text, '[ERROR101] …', '[ERROR102] …', and field-keyed `{detail, user_name: […]}` for a name of 50+ characters (also phone, password, email, referral_code).",
        body: SignUpBody,
        response: { 201: AuthSession, 400: AuthErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      const session = await signUp(
        ctx,
        req.body,
        req.principal.guestId,
        req.log,
        requestCampaignCode(req.headers),
      );
      fireSignUpEvent(ctx, req, 'phone', req.body.email);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/users/sign-in',
    {
      config: { issuesSession: true },
      schema: {
        tags,
        summary: 'Phone sign-in; merges the x-guest-user-id guest (optional header)',
        description:
          'One 401 detail for an unknown number and a wrong password. From the 5th failure of a number from one client address, that address waits 1 s, 2 s, 4 s … up to 15 minutes before its next attempt (429 with Retry-After); a success clears it. 100 failures per address and hour slow the address the same way. Other addresses are never slowed by them.',
        body: SignInBody,
        response: { 200: AuthSession, 400: AuthErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    // Public in API-CATALOGUE.md; the guest header is read when present.
    async (req) => signIn(ctx, req.body, guestIdFrom(req), req.ip, req.log),
  );

  app.post(
    '/users/update-password',
    {
      schema: {
        tags,
        summary: 'Reset the password with an SMS code; signs out every session',
        body: UpdatePasswordBody,
        response: { 200: AuthResultBody, 400: AuthErrorBody },
      },
    },
    async (req) => updatePassword(ctx, req.body, req.ip),
  );

  app.post(
    '/users/token/refresh',
    {
      config: { issuesSession: true },
      schema: {
        tags,
        summary: 'Rotate a refresh token (body `refresh`, or the HttpOnly refreshToken cookie)',
        description:
          "Answers a new pair; the presented token is spent. Reusing a spent token revokes its whole family (401 'Refresh token reused'). A withdrawn member gets 401 'User is inactive'. The web storefront sends no body: its refresh token is the HttpOnly cookie.",
        body: RefreshBody.optional(),
        response: { 200: TokenPair, 401: ErrorBody },
      },
    },
    async (req) => {
      const token = req.body?.refresh ?? refreshFromCookie(req);
      if (!token) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
      return rotateRefresh(ctx, token);
    },
  );

  app.post(
    '/users/sign-out',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the refresh token family and clears the HttpOnly cookie (addition)',
        description:
          "Ends the session of the refresh token (body `refresh` or the cookie) and of the bearer access token: the session's access tokens answer 401 'Token revoked' from then on.",
        body: RefreshBody.optional(),
        response: { 200: AuthResultBody },
      },
    },
    async (req, reply) => {
      const token = req.body?.refresh ?? refreshFromCookie(req);
      await signOut(ctx, token ?? null, bearerToken(req));
      clearRefreshCookie(req, reply);
      return { result: true, detail: '로그아웃했어요.' };
    },
  );
};
