import {
  type Agreements,
  type FieldProblems,
  SIGN_UP_COUPON_TEXT,
  type SignUpErrorField,
  type SignUpFormField,
  signUpErrorField,
  signUpFormProblems,
} from '@codiroom/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FieldError, fieldProps, focusFirstError } from '../components/FieldError';
import { PageHeader } from '../components/PageHeader';
import { PhoneVerification } from '../components/PhoneVerification';
import { SignUpAgreements } from '../components/SignUpAgreements';
import { afterSignUpTarget, storeSession } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { sendLog } from '../lib/log';
import { adEvent, trackPixel } from '../lib/pixel';
import { signUpErrorView } from '../lib/signup-errors';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import { markSignUpWelcome } from '../shell/SignUpWelcome';
import page from '../styles/page.module.css';
import type { Route } from './+types/signup';

export function meta(_: Route.MetaArgs) {
  return [{ title: '회원가입 | 코디룸' }];
}

type Problems = FieldProblems<SignUpFormField | SignUpErrorField>;

/**
 * /signup: name, phone verified by SMS, password and its confirmation, optional e-mail and
 * referral code, and the agreements (SignUpAgreements). The form is noValidate: its checks
 * (signUpFormProblems) and the server's refusals (SPEC.md §5 messages, signUpErrorField) show next
 * to their field, and focus moves to the first one.
 */
export default function Signup() {
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [verified, setVerified] = useState<{ phone: string; code: string } | null>(null);
  const [agreements, setAgreements] = useState<Agreements>({});
  const [problems, setProblems] = useState<Problems>({});
  // A refusal about the number (taken, withdrawn, a spent code) starts its verification over.
  const [phoneRound, setPhoneRound] = useState(0);
  const popups = usePopups();
  // Not revalidated: a new member leaves the page (a full load of the next one).
  const signUp = useMutation(
    async (body: Record<string, unknown>) => {
      // CompleteRegistration: the server's event and the pixel's share one id.
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/users/sign-up', {
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
        markSignUpWelcome();
        window.location.assign(afterSignUpTarget());
      },
      refusedText: (res) => {
        const view = signUpErrorView(res.data);
        // SPEC.md §5: a re-registration history opens the recovery popup.
        if (view.recovery) popups.open({ kind: 'accountRecovery', message: view.message });
        const field = signUpErrorField(res.data);
        if (!field) return view.recovery ? null : view.message;
        // A wrong or expired code belongs to the number's verification: verify again.
        if (field === 'phone' || field === 'code') {
          setVerified(null);
          setPhoneRound((n) => n + 1);
        }
        setProblems({ [field === 'code' ? 'phone' : field]: view.message });
        return null;
      },
    },
  );

  useEffect(() => {
    if (Object.keys(problems).length > 0) focusFirstError(formRef.current);
  }, [problems]);

  function clear(field: keyof Problems) {
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    signUp.reset();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? '');
    const found = signUpFormProblems({
      user_name: text('user_name'),
      phoneVerified: verified !== null,
      password: text('password'),
      password_confirm: text('password_confirm'),
      email: text('email'),
      agreements,
    });
    setProblems(found);
    if (Object.keys(found).length > 0 || !verified) return;
    await signUp.run({
      phone: verified.phone,
      code: verified.code,
      user_name: text('user_name').trim(),
      password: text('password'),
      email: text('email').trim() || undefined,
      referral_code: text('referral_code').trim() || undefined,
      agree_terms: agreements.agree_terms === true,
      agree_privacy: agreements.agree_privacy === true,
      agree_age: agreements.agree_age === true,
      agree_marketing: agreements.agree_marketing === true,
    });
  }

  return (
    <>
      <PageHeader title="회원가입" actions={false} titleAs="h1" />
      <main>
        <form ref={formRef} className={page.form} onSubmit={submit} noValidate aria-label="회원가입">
          <p className={page.muted}>가입하면 {SIGN_UP_COUPON_TEXT}을 바로 드려요.</p>
          <label>
            이름
            <input
              className={page.input}
              name="user_name"
              autoComplete="name"
              onInput={() => clear('user_name')}
              {...fieldProps('user_name-error', problems.user_name)}
            />
          </label>
          <FieldError id="user_name-error" message={problems.user_name} />
          <PhoneVerification
            key={phoneRound}
            onVerified={(v) => {
              setVerified(v);
              if (v) clear('phone');
            }}
            onCodeSent={() => setProblems((p) => ({ ...p, phone: undefined, code: undefined }))}
            error={problems.phone ?? problems.code}
          />
          <label>
            비밀번호 (영문, 숫자 포함 8자 이상)
            <input
              className={page.input}
              name="password"
              type="password"
              autoComplete="new-password"
              onInput={() => clear('password')}
              {...fieldProps('password-error', problems.password)}
            />
          </label>
          <FieldError id="password-error" message={problems.password} />
          <label>
            비밀번호 확인
            <input
              className={page.input}
              name="password_confirm"
              type="password"
              autoComplete="new-password"
              onInput={() => clear('password_confirm')}
              {...fieldProps('password_confirm-error', problems.password_confirm)}
            />
          </label>
          <FieldError id="password_confirm-error" message={problems.password_confirm} />
          <label>
            이메일 (선택)
            <input
              className={page.input}
              name="email"
              type="email"
              autoComplete="email"
              onInput={() => clear('email')}
              {...fieldProps('email-error', problems.email)}
            />
          </label>
          <FieldError id="email-error" message={problems.email} />
          <label>
            추천인 코드 (선택)
            <input
              className={page.input}
              name="referral_code"
              defaultValue={params.get('referral_code') ?? ''}
              onInput={() => clear('referral_code')}
              {...fieldProps('referral_code-error', problems.referral_code)}
            />
          </label>
          <FieldError id="referral_code-error" message={problems.referral_code} />
          <SignUpAgreements
            value={agreements}
            onChange={(next) => {
              setAgreements(next);
              clear('agreements');
            }}
            error={problems.agreements}
          />
          {signUp.error && (
            <p className={page.error} role="alert">
              {signUp.error}
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
