import type { Route } from './+types/oauth-callback';
import { FramePage } from './frame';

const PROVIDERS = { kakao: '카카오', apple: 'Apple', naver: '네이버' } as const;

export function loader({ params }: Route.LoaderArgs) {
  if (!(params.provider in PROVIDERS)) throw new Response(null, { status: 404 });
  return { provider: params.provider as keyof typeof PROVIDERS };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '로그인 중 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  return (
    <FramePage
      title="로그인"
      heading={`${PROVIDERS[loaderData.provider]} 로그인 중이에요`}
      text="잠시만 기다려주세요."
      back={false}
    />
  );
}
