/**
 * /mypage/profile/phone: change the phone number. The new number gets an SMS code
 * (PhoneVerification: send-sms, verify-sms), then POST /api/users/change-phone; a number another
 * member has ('DUPLICATE PHONE') shows next to the field.
 */
import type { ChangePhoneResult } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PhoneVerification } from '../components/PhoneVerification';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { signUpErrorView } from '../lib/signup-errors';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-phone';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('휴대폰 번호 변경');

export function meta(_: Route.MetaArgs) {
  return [{ title: '휴대폰 번호 변경 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function ChangePhonePage() {
  const [verified, setVerified] = useState<{ phone: string; code: string } | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [done, setDone] = useState<ChangePhoneResult | null>(null);
  // Not revalidated: a success shows the done view.
  const change = useMutation(
    (body: { phone: string; code: string }) =>
      browserApi().request('POST', '/api/users/change-phone', { body }),
    {
      revalidate: false,
      onSuccess: setDone,
      // Every refusal is about the new number (taken, the own one, the code): shown under it.
      refusedText: (res) => {
        setPhoneError(signUpErrorView(res.data).message);
        return null;
      },
    },
  );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    change.reset();
    if (!verified) {
      setPhoneError('새 휴대폰 번호 인증을 먼저 해주세요.');
      return;
    }
    setPhoneError(null);
    await change.run(verified);
  }

  return (
    <main>
      {done ? (
        <div className={page.form}>
          <output>
            {done.detail} ({done.phone})
          </output>
          <Link to="/mypage/profile" className={page.button}>
            회원 정보로 돌아가기
          </Link>
        </div>
      ) : (
        <form className={page.form} onSubmit={submit} noValidate aria-label="휴대폰 번호 변경">
          <p className={page.muted}>
            새 번호로 받은 인증번호를 확인하면 번호가 바뀌어요. 로그인도 새 번호로 해요.
          </p>
          <PhoneVerification
            label="새 휴대폰 번호"
            onVerified={(v) => {
              setVerified(v);
              if (v) setPhoneError(null);
            }}
            onCodeSent={() => setPhoneError(null)}
            error={phoneError}
          />
          {change.error && (
            <p className={page.error} role="alert">
              {change.error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={change.pending}>
            번호 변경하기
          </button>
        </form>
      )}
    </main>
  );
}
