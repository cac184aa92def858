/**
 * Social sign-in under /api/users/ (API-CATALOGUE.md "Users"): oauth/{provider}/authorize,
 * auth/token, social-sign-in, social-sign-up and revoke-apple; plus, outside production, the dev
 * provider under /api/dev/oauth/. Rules live in service.ts; routes only validate and call.
 */
import {
  AuthErrorBody,
  ErrorBody,
  SocialAuthTokenBody,
  SocialAuthTokenResult,
  SocialNotRegistered,
  SocialProviderParams,
  SocialRevokeResult,
  SocialSession,
  SocialSignInBody,
  SocialSignUpBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guestIdFrom } from '../../../platform/access.ts';
import { requestCampaignCode } from '../../../platform/campaign.ts';
import type { AppContext } from '../../../platform/context.ts';
import { fireSignUpEvent, registrationMethodOf } from '../sign-up-event.ts';
import { devOAuthRoutes } from './dev-provider.ts';
import { socialProvidersFor } from './providers.ts';
import { redirectUriFor } from './redirect.ts';
import {
  authorizeUrl,
  exchangeAuthCode,
  providerFor,
  revokeApple,
  socialSignIn,
  socialSignUp,
} from './service.ts';
import { browserKeyFor, browserKeyOf, setBrowserCookie } from './state.ts';

const tags = ['users: social sign-in'];

export const socialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const providers = socialProvidersFor(ctx);
  if (!ctx.config.isProduction) await app.register(devOAuthRoutes, { ctx, providers });

  app.get(
    '/users/oauth/:provider/authorize',
    {
      schema: {
        tags,
        summary: 'Start Kakao, Naver or Apple sign-in: redirects to the provider with a fresh state',
        description:
          'The provider (or, without its keys outside production, the dev provider) sends the browser back to `/oauth/{provider}/callback?code&state`; the state is good for 10 minutes and one auth/token call from this browser: the answer sets the HttpOnly `oauthBrowser` cookie (Path=/api/users, SameSite=Lax) that auth/token checks.',
        params: SocialProviderParams,
        response: {
          302: z.null().meta({ description: "Redirect to the provider's sign-in page" }),
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const provider = providerFor(providers, req.params.provider);
      const browserKey = browserKeyFor(req);
      const url = await authorizeUrl(ctx, provider, redirectUriFor(ctx, provider.key), req.ip, browserKey);
      setBrowserCookie(req, reply, browserKey);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    '/users/auth/token',
    {
      config: { issuesSession: true },
      schema: {
        tags,
        summary: "Exchange a social provider's authorisation code: SIGNED_IN or SIGN_UP_REQUIRED",
        description:
          'A known social identity answers SIGNED_IN with tokens (the x-guest-user-id guest, when sent, is merged). A new one answers SIGN_UP_REQUIRED with an oauth_token (valid 30 minutes) for social-sign-up. 400: unknown provider, or a state that is missing, unknown, expired, already used, or sent without the `oauthBrowser` cookie of the browser that started the sign-in; 401: the provider refused the code or token (the detail names it); 502: the provider could not be reached; 503: the provider is not configured.',
        body: SocialAuthTokenBody,
        response: {
          200: SocialAuthTokenResult,
          400: ErrorBody,
          401: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    // Public in API-CATALOGUE.md; the guest header is read when present.
    async (req) => exchangeAuthCode(ctx, providers, req.body, browserKeyOf(req), guestIdFrom(req), req.log),
  );

  app.post(
    '/users/social-sign-in',
    {
      config: { access: 'guest', issuesSession: true },
      schema: {
        tags,
        summary: 'Social sign-in with the oauth_token of auth/token; merges the x-guest-user-id guest',
        description:
          '401 when the oauth_token is missing, expired or does not match social_type and social_id; 404 (status SIGN_UP_REQUIRED) when the identity has no account.',
        body: SocialSignInBody,
        response: { 200: SocialSession, 401: ErrorBody, 404: SocialNotRegistered },
      },
    },
    async (req) => socialSignIn(ctx, req.body, req.principal.guestId, req.log),
  );

  app.post(
    '/users/social-sign-up',
    {
      config: { access: 'guest', issuesSession: true },
      schema: {
        tags,
        summary: 'Social sign-up with a phone verified by SMS; merges the x-guest-user-id guest',
        description:
          "400 details (SPEC.md §5): 'DUPLICATE SOCIAL_ID', 'DUPLICATE PHONE' (also when the phone belongs to an existing member: accounts are not linked by phone), 'DUPLICATE EMAIL', 'STOP USER', the re-registration history text, '[ERROR101] …', '[ERROR102] …', and field-keyed `{detail, user_name: […]}` (also phone, email, referral_code). 401: the oauth_token is missing, expired or does not match.",
        body: SocialSignUpBody,
        response: { 201: SocialSession, 400: AuthErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      const session = await socialSignUp(
        ctx,
        req.body,
        req.principal.guestId,
        req.log,
        requestCampaignCode(req.headers),
      );
      fireSignUpEvent(ctx, req, registrationMethodOf(req.body.social_type), req.body.email);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/users/revoke-apple',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary: "Revoke the member's Sign in with Apple token at Apple and unlink the identity",
        description:
          '404 when no Apple identity is linked; 502 when Apple cannot be reached (nothing is unlinked).',
        response: { 200: SocialRevokeResult, 401: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (req) => {
      // The access guard guarantees a member here.
      return revokeApple(ctx, providers, req.principal.userId as number, req.log);
    },
  );
};
