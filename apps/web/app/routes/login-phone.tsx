import { ApiError } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { afterSignInTarget, normalisePhone, storeSession } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { FAILURE_TEXT, useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/login-phone';
import styles from './public.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '휴대폰 번호 로그인 | 코디룸' }];
}

export default function LoginPhone() {
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState<string | null>(null);
  // Not revalidated: a signed-in visitor leaves the page (a full load of the next one).
  const signIn = useMutation(
    (phone: string, password: string) =>
      browserApi().request('POST', '/api/users/sign-in', { body: { phone, password } }),
    {
      revalidate: false,
      onSuccess: async (session) => {
        await storeSession(session, 'phone');
        window.location.assign(afterSignInTarget());
      },
      // SPEC.md §8: a 401 from sign-in comes back as is (no refresh); it is thrown as an ApiError.
      failedText: (err) => (err instanceof ApiError && err.status !== 0 ? err.detail : FAILURE_TEXT.network),
    },
  );
  const error = invalid ?? signIn.error;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const phone = normalisePhone(String(form.get('phone') ?? ''));
    if (!phone) {
      signIn.reset();
      setInvalid('휴대폰 번호를 정확히 입력해주세요.');
      return;
    }
    setInvalid(null);
    await signIn.run(phone, String(form.get('password') ?? ''));
  }

  return (
    <>
      <PageHeader title="휴대폰 번호 로그인" actions={false} titleAs="h1" />
      <main>
        <form className={page.form} onSubmit={submit}>
          <label>
            휴대폰 번호
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="01012345678"
              required
            />
          </label>
          <label>
            비밀번호
            <input
              className={page.input}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </label>
          {error && (
            <p className={page.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={signIn.pending || signIn.done}>
            로그인
          </button>
          <p className={`${page.muted} ${styles.loginLinks}`}>
            <Link to="/password">비밀번호 찾기</Link>
            <button
              type="button"
              className={`${page.muted} ${styles.textButton}`}
              onClick={() => navigate('/signup')}
            >
              회원가입
            </button>
          </p>
        </form>
      </main>
    </>
  );
}
