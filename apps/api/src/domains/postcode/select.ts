/**
 * Which postcode provider a context uses: the juso adapter with JUSO_API_KEY, the local stand-in
 * outside production otherwise, and in production without a key a disabled one (503: the form
 * takes a typed address). Tests swap it with setPostcodeProvider().
 */
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { JusoPostcodeProvider } from './juso.ts';
import { LocalPostcodeProvider } from './local.ts';
import type { PostcodePage, PostcodeProvider } from './provider.ts';

class DisabledPostcodeProvider implements PostcodeProvider {
  readonly name = 'disabled';
  search(): Promise<PostcodePage> {
    throw new HttpError(503, '주소 검색을 사용할 수 없어요. 우편번호와 주소를 직접 입력해주세요.');
  }
}

const providers = new WeakMap<AppContext, PostcodeProvider>();

export function postcodeProviderOf(ctx: AppContext): PostcodeProvider {
  let p = providers.get(ctx);
  if (!p) {
    const c = ctx.config;
    p = c.JUSO_API_KEY
      ? new JusoPostcodeProvider(c.JUSO_API_KEY, c.JUSO_API_BASE)
      : c.isProduction
        ? new DisabledPostcodeProvider()
        : new LocalPostcodeProvider();
    providers.set(ctx, p);
  }
  return p;
}

/** Tests: use this provider for the context. */
export function setPostcodeProvider(ctx: AppContext, provider: PostcodeProvider): void {
  providers.set(ctx, provider);
}
