import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PhoneVerification } from '../components/PhoneVerification';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/password';

export function meta(_: Route.MetaArgs) {
  return [{ title: '비밀번호 재설정 | 코디룸' }];
}

export default function Password() {
  const [verified, setVerified] = useState<{ phone: string; code: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  // Not revalidated: the page has no loader; a success shows the done view.
  const updatePassword = useMutation(
    (body: { phone: string; code: string; password: string }) =>
      browserApi().request('POST', '/api/users/update-password', { body }),
    { revalidate: false },
  );
  const error = invalid ?? updatePassword.error;
  const done = updatePassword.done;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!verified) {
      updatePassword.reset();
      setInvalid('휴대폰 번호 인증을 먼저 해주세요.');
      return;
    }
    setInvalid(null);
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    await updatePassword.run({ ...verified, password });
  }

  return (
    <>
      <PageHeader title="비밀번호 재설정" actions={false} titleAs="h1" />
      <main>
        {done ? (
          <div className={page.form}>
            <p>비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.</p>
            <Link to="/login_phone" className={page.button}>
              로그인하기
            </Link>
          </div>
        ) : (
          <form className={page.form} onSubmit={submit}>
            <p className={page.muted}>가입한 휴대폰 번호로 인증하고 새 비밀번호를 설정하세요.</p>
            <PhoneVerification onVerified={setVerified} />
            <label>
              새 비밀번호 (영문, 숫자 포함 8자 이상)
              <input
                className={page.input}
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={8}
                required
              />
            </label>
            {error && (
              <p className={page.error} role="alert">
                {error}
              </p>
            )}
            <button type="submit" className={page.button}>
              비밀번호 변경
            </button>
          </form>
        )}
      </main>
    </>
  );
}
