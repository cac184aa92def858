/** The redirect_uri of the OAuth flow: `${origin}/oauth/{provider}/callback`. */
import { type SocialProviderKey, socialCallbackPath } from '@codiroom/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';

/** The origin the browser used (X-Forwarded-* honoured only with TRUST_PROXY). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** OAUTH_REDIRECT_ORIGIN when configured (what the provider consoles register), else the request's. */
export function redirectUriFor(ctx: AppContext, req: FastifyRequest, provider: SocialProviderKey): string {
  return `${ctx.config.OAUTH_REDIRECT_ORIGIN ?? requestOrigin(req)}${socialCallbackPath(provider)}`;
}
