/** The redirect_uri of the OAuth flow: `${origin}/oauth/{provider}/callback`. */
import { type SocialProviderKey, socialCallbackPath } from '@codiroom/shared';
import type { AppContext } from '../../../platform/context.ts';

/**
 * OAUTH_REDIRECT_ORIGIN (what the provider consoles register; default PUBLIC_ORIGIN), never the
 * request's Host (docs/ARCHITECTURE.md "Security").
 */
export function redirectUriFor(ctx: AppContext, provider: SocialProviderKey): string {
  return `${ctx.config.OAUTH_REDIRECT_ORIGIN}${socialCallbackPath(provider)}`;
}
