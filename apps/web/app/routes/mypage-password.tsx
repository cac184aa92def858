/**
 * /mypage/profile/password: change the password with the current one (POST
 * /api/users/change-password). The other devices' sessions end; this one continues with the new
 * tokens of the answer (the refresh cookie is set by the server, the access cookie here).
 */
import {
  COOKIE_MAX_AGE,
  type FieldProblems,
  type PasswordChangeField,
  passwordChangeProblems,
} from '@codiroom/shared';
import { type FormEvent, Fragment, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FieldError, fieldProps, focusFirstError } from '../components/FieldError';
import { browserApi } from '../lib/browser-api';
import { writeBrowserCookie } from '../lib/cookies';
import { memberHeader } from '../lib/member-header';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-password';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('비밀번호 변경');

export function meta(_: Route.MetaArgs) {
  return [{ title: '비밀번호 변경 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string }[] = [
  { name: 'current_password', label: '현재 비밀번호', autoComplete: 'current-password' },
  { name: 'new_password', label: '새 비밀번호 (영문, 숫자 포함 8자 이상)', autoComplete: 'new-password' },
  { name: 'new_password_confirm', label: '새 비밀번호 확인', autoComplete: 'new-password' },
];

export default function ChangePasswordPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblems<PasswordChangeField>>({});
  const [done, setDone] = useState<string | null>(null);
  // Not revalidated: the page has no loader; a success shows the done view.
  const change = useMutation(
    (body: { current_password: string; new_password: string }) =>
      browserApi().request('POST', '/api/users/change-password', { body }),
    {
      revalidate: false,
      onSuccess: (r) => {
        writeBrowserCookie('accessToken', r.access, COOKIE_MAX_AGE.accessToken);
        setDone(r.detail);
      },
      // The server's refusal next to its field (current_password or new_password).
      refusedText: (res) => {
        const body = (res.data ?? {}) as Record<string, unknown>;
        const field = FIELDS.find((f) => Array.isArray(body[f.name]))?.name;
        if (!field) return res.detail;
        setProblems({ [field]: res.detail });
        return null;
      },
    },
  );

  useEffect(() => {
    if (Object.keys(problems).length > 0) focusFirstError(formRef.current);
  }, [problems]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    change.reset();
    const form = new FormData(e.currentTarget);
    const input = {
      current_password: String(form.get('current_password') ?? ''),
      new_password: String(form.get('new_password') ?? ''),
      new_password_confirm: String(form.get('new_password_confirm') ?? ''),
    };
    const found = passwordChangeProblems(input);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await change.run({ current_password: input.current_password, new_password: input.new_password });
  }

  return (
    <main>
      {done ? (
        <div className={page.form}>
          <output>{done}</output>
          <Link to="/mypage/profile" className={page.button}>
            회원 정보로 돌아가기
          </Link>
        </div>
      ) : (
        <form ref={formRef} className={page.form} onSubmit={submit} noValidate aria-label="비밀번호 변경">
          {FIELDS.map((f) => (
            <Fragment key={f.name}>
              <label>
                {f.label}
                <input
                  className={page.input}
                  name={f.name}
                  type="password"
                  autoComplete={f.autoComplete}
                  onInput={() => problems[f.name] && setProblems((p) => ({ ...p, [f.name]: undefined }))}
                  {...fieldProps(`${f.name}-error`, problems[f.name])}
                />
              </label>
              <FieldError id={`${f.name}-error`} message={problems[f.name]} />
            </Fragment>
          ))}
          <p className={page.muted}>변경하면 다른 기기에서는 로그아웃돼요.</p>
          {change.error && (
            <p className={page.error} role="alert">
              {change.error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={change.pending}>
            비밀번호 변경하기
          </button>
        </form>
      )}
    </main>
  );
}
