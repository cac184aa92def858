/**
 * Which adapter serves each provider: the real one when its keys are configured; otherwise, outside
 * production, the dev provider; otherwise none (the provider answers 503).
 */
import { SOCIAL_PROVIDER_KEYS, type SocialProviderKey } from '@codiroom/shared';
import type { AppContext } from '../../../platform/context.ts';
import { appleProvider } from './apple.ts';
import { devProvider } from './dev-provider.ts';
import { kakaoProvider } from './kakao.ts';
import { naverProvider } from './naver.ts';
import type { SocialProvider } from './provider.ts';

export type SocialProviders = Partial<Record<SocialProviderKey, SocialProvider>>;

function realProvider(ctx: AppContext, key: SocialProviderKey): SocialProvider | null {
  const c = ctx.config;
  switch (key) {
    case 'kakao':
      return c.KAKAO_CLIENT_ID ? kakaoProvider({ ...c, KAKAO_CLIENT_ID: c.KAKAO_CLIENT_ID }) : null;
    case 'naver':
      return c.NAVER_CLIENT_ID && c.NAVER_CLIENT_SECRET
        ? naverProvider({
            ...c,
            NAVER_CLIENT_ID: c.NAVER_CLIENT_ID,
            NAVER_CLIENT_SECRET: c.NAVER_CLIENT_SECRET,
          })
        : null;
    case 'apple':
      return c.APPLE_CLIENT_ID && c.APPLE_TEAM_ID && c.APPLE_KEY_ID && c.APPLE_PRIVATE_KEY
        ? appleProvider(
            {
              APPLE_BASE_URL: c.APPLE_BASE_URL,
              APPLE_CLIENT_ID: c.APPLE_CLIENT_ID,
              APPLE_TEAM_ID: c.APPLE_TEAM_ID,
              APPLE_KEY_ID: c.APPLE_KEY_ID,
              APPLE_PRIVATE_KEY: c.APPLE_PRIVATE_KEY,
            },
            () => ctx.clock.now(),
          )
        : null;
  }
}

export function createSocialProviders(ctx: AppContext): SocialProviders {
  const out: SocialProviders = {};
  for (const key of SOCIAL_PROVIDER_KEYS) {
    const provider = realProvider(ctx, key) ?? (ctx.config.isProduction ? null : devProvider(key, ctx));
    if (provider) out[key] = provider;
  }
  return out;
}

const cache = new WeakMap<AppContext, SocialProviders>();

/** The adapters of this context, created once (the Apple key import and JWKS cache are kept). */
export function socialProvidersFor(ctx: AppContext): SocialProviders {
  let providers = cache.get(ctx);
  if (!providers) {
    providers = createSocialProviders(ctx);
    cache.set(ctx, providers);
  }
  return providers;
}
