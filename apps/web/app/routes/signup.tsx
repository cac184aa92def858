import { signUpErrorView } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PhoneVerification } from '../components/PhoneVerification';
import { type AuthSession, afterSignUpTarget, storeSession } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { sendLog } from '../lib/log';
import { adEvent, trackPixel } from '../lib/pixel';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import page from '../styles/page.module.css';
import type { Route } from './+types/signup';

export function meta(_: Route.MetaArgs) {
  return [{ title: '회원가입 | 코디룸' }];
}

export default function Signup() {
  const [params] = useSearchParams();
  const [verified, setVerified] = useState<{ phone: string; code: string } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const popups = usePopups();
  // Not revalidated: a new member leaves the page (a full load of the next one).
  const signUp = useMutation(
    async (body: Record<string, unknown>) => {
      // CompleteRegistration: the server's event and the pixel's share one id.
      const ad = adEvent();
      const r = await browserApi().request<AuthSession>('POST', '/api/users/sign-up', {
        body,
        headers: ad.headers,
      });
      if (r.ok) trackPixel('CompleteRegistration', { fb_registration_method: 'phone' }, ad.eventId);
      return r;
    },
    {
      revalidate: false,
      onSuccess: async (session) => {
        sendLog('section-log', { section: 'sign_up', label: 'complete_registration', method: 'phone' });
        try {
          window.localStorage.removeItem('pickSizeTutorial');
        } catch {}
        await storeSession(session, 'phone');
        window.location.assign(afterSignUpTarget());
      },
      refusedText: (res) => {
        const view = signUpErrorView(res.data);
        // SPEC.md §5: a re-registration history opens the recovery popup.
        if (!view.recovery) return view.message;
        popups.open({ kind: 'accountRecovery', message: view.message });
        return null;
      },
    },
  );
  const error = invalid ?? signUp.error;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!verified) {
      signUp.reset();
      setInvalid('휴대폰 번호 인증을 먼저 해주세요.');
      return;
    }
    const form = new FormData(e.currentTarget);
    setInvalid(null);
    await signUp.run({
      phone: verified.phone,
      code: verified.code,
      user_name: String(form.get('user_name') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      email: String(form.get('email') ?? '').trim() || undefined,
      referral_code: String(form.get('referral_code') ?? '').trim() || undefined,
    });
  }

  return (
    <>
      <PageHeader title="회원가입" actions={false} titleAs="h1" />
      <main>
        <form className={page.form} onSubmit={submit}>
          <label>
            이름
            <input className={page.input} name="user_name" autoComplete="name" required />
          </label>
          <PhoneVerification onVerified={setVerified} />
          <label>
            비밀번호 (영문, 숫자 포함 8자 이상)
            <input
              className={page.input}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
            />
          </label>
          <label>
            이메일 (선택)
            <input className={page.input} name="email" type="email" autoComplete="email" />
          </label>
          <label>
            추천인 코드 (선택)
            <input
              className={page.input}
              name="referral_code"
              defaultValue={params.get('referral_code') ?? ''}
            />
          </label>
          {error && (
            <p className={page.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={signUp.pending || signUp.done}>
            가입하기
          </button>
        </form>
      </main>
    </>
  );
}
