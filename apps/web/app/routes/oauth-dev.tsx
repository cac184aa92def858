/**
 * /oauth/dev — development only: which social providers are local stand-ins (the dev provider of
 * /api/dev/oauth/…) and the latest code the dev SMS outbox "sent" to a number, so social sign-up
 * can be finished without Kakao, Naver, Apple or SMS keys. Production answers 404 (the API has
 * no /api/dev routes there). Under /oauth/ so the login gate lets signed-out visitors in.
 */
import { ApiError, withJosa } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { serverApi } from '../lib/api';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/oauth-dev';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return await serverApi(context).get('/api/dev/oauth/providers');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Response(null, { status: 404 });
    throw err;
  }
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '개발용 소셜 로그인 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const MODE_TEXT = { dev: '개발용 대역', real: '실제 연동', off: '사용 안 함' } as const;

export default function OAuthDev({ loaderData }: Route.ComponentProps) {
  const [code, setCode] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function lookUp(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const phone = String(new FormData(e.currentTarget).get('phone') ?? '');
    const res = await browserApi().request('GET', '/api/dev/sms-outbox', {
      query: { phone },
    });
    setCode(res.ok ? res.data.code : null);
    setMessage(res.ok ? null : res.detail);
  }

  return (
    <>
      <PageHeader title="개발용 소셜 로그인" actions={false} titleAs="h1" />
      <main>
        <section className={page.intro}>
          <p>
            키가 없는 소셜 로그인은 개발용 대역이 대신해요. 가짜 사용자를 골라 로그인하고, 가입할 때 필요한
            인증번호는 아래에서 확인하세요.
          </p>
        </section>
        <div className={page.form}>
          {loaderData.providers.map((p) =>
            p.mode === 'off' ? (
              <p key={p.provider} className={page.muted}>
                {p.label} · {MODE_TEXT.off}
              </p>
            ) : (
              <a key={p.provider} href={p.authorize} className={`${page.button} ${page.buttonOutline}`}>
                {withJosa(p.label, '으로/로')} 시작하기 · {MODE_TEXT[p.mode]}
              </a>
            ),
          )}
        </div>
        <form className={page.form} onSubmit={lookUp}>
          <label>
            개발용 문자함: 휴대폰 번호
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              placeholder="01012345678"
              required
            />
          </label>
          <button type="submit" className={`${page.button} ${page.buttonOutline}`}>
            최근 인증번호 보기
          </button>
          {code && <output>인증번호: {code}</output>}
          {message && (
            <p className={page.error} role="alert">
              {message}
            </p>
          )}
        </form>
      </main>
    </>
  );
}
