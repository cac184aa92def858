/**
 * The second factor for oneself (docs/ARCHITECTURE.md, "Back office"): start (a secret to add to an
 * authenticator app by its key or otpauth link), then confirm with a first 6-digit code. From the
 * next sign-in the code is asked for.
 */
import { useState } from 'react';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';

export function TotpSetup({ enabled }: { enabled: boolean }) {
  const [on, setOn] = useState(enabled);
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (on) return <p className={styles.ok}>2단계 인증이 켜져 있어요.</p>;
  return (
    <section aria-labelledby="totp">
      <h2 id="totp">2단계 인증</h2>
      {!setup ? (
        <>
          <p className={styles.muted}>
            인증 앱(Google Authenticator 등)의 6자리 코드를 로그인할 때 함께 입력해요.
          </p>
          <button
            type="button"
            className={styles.ghost}
            onClick={async () => {
              try {
                setSetup(await adminApi.post('/api/admin/auth/totp/setup'));
                setError(null);
              } catch (err) {
                setError(errorText(err));
              }
            }}
          >
            설정 시작
          </button>
        </>
      ) : (
        <form
          className={styles.form}
          aria-label="2단계 인증 확인"
          onSubmit={async (e) => {
            e.preventDefault();
            const code = String(new FormData(e.currentTarget).get('code') ?? '');
            try {
              await adminApi.post('/api/admin/auth/totp/confirm', { code });
              setOn(true);
            } catch (err) {
              setError(errorText(err));
            }
          }}
        >
          <p className={styles.wide}>
            인증 앱에 이 키를 추가하세요: <code data-testid="totp-secret">{setup.secret}</code> (
            <a href={setup.otpauth_uri}>앱으로 열기</a>)
          </p>
          <label className={styles.field}>
            앱에 나온 6자리 코드
            <input
              className={styles.input}
              name="code"
              inputMode="numeric"
              pattern="\d{6}"
              autoComplete="one-time-code"
              required
            />
          </label>
          <button type="submit" className={styles.button}>
            켜기
          </button>
        </form>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
