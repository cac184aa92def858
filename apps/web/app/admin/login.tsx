import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import styles from './admin.module.css';
import { AdminApiError, adminApi, errorText, rememberSession } from './api';

export function meta() {
  return [{ title: '로그인 | 코디룸 백오피스' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [needTotp, setNeedTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <div className={styles.login}>
      <form
        aria-label="운영자 로그인"
        onSubmit={async (e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          setPending(true);
          setError(null);
          try {
            const totp = String(f.get('totp') ?? '');
            const s = await adminApi.post('/api/admin/auth/login', {
              email: String(f.get('email') ?? ''),
              password: String(f.get('password') ?? ''),
              ...(totp ? { totp } : {}),
            });
            rememberSession(s);
            const next = params.get('next');
            void navigate(next?.startsWith('/admin') ? next : '/admin');
          } catch (err) {
            if (
              err instanceof AdminApiError &&
              (err.body as { totp_required?: unknown } | null)?.totp_required === true
            )
              setNeedTotp(true);
            setError(errorText(err));
          } finally {
            setPending(false);
          }
        }}
      >
        <h1>코디룸 백오피스</h1>
        <label className={styles.field}>
          이메일
          <input className={styles.input} name="email" type="email" autoComplete="username" required />
        </label>
        <label className={styles.field}>
          비밀번호
          <input
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </label>
        {needTotp && (
          <label className={styles.field}>
            인증 앱 코드
            <input
              className={styles.input}
              name="totp"
              inputMode="numeric"
              pattern="\d{6}"
              autoComplete="one-time-code"
              required
            />
          </label>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.button} disabled={pending}>
          {pending ? '확인 중…' : '로그인'}
        </button>
      </form>
    </div>
  );
}
