import { useEffect, useState } from 'react';
import { normalisePhone } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { shopperMessage } from '../lib/shopper-text';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import { FieldError, fieldProps } from './FieldError';
import styles from './PhoneVerification.module.css';

/**
 * Phone + SMS code fields: sends the code (POST /api/users/send-sms), checks it
 * (GET /api/users/verify-sms) and reports the verified phone and code to the form. `error`: the
 * form's message for the number (not verified yet, or the server's sign-up detail), shown under it;
 * the form clears it in `onCodeSent` (a sent code answers it). What went well (code sent,
 * verified) is said in the accent colour, what went wrong in red — never both at once.
 */
export function PhoneVerification({
  onVerified,
  onCodeSent,
  error,
  label = '휴대폰 번호',
}: {
  onVerified: (v: { phone: string; code: string } | null) => void;
  onCodeSent?: () => void;
  error?: string | null | undefined;
  label?: string;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [verified, setVerified] = useState(false);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [left, setLeft] = useState(0);
  // Not revalidated: sending a code changes no page data.
  const sendSms = useMutation(
    (to: string) => browserApi().request('POST', '/api/users/send-sms', { body: { phone: to } }),
    {
      revalidate: false,
      onSuccess: () => {
        setSentAt(Date.now());
        setVerified(false);
        onVerified(null);
        onCodeSent?.();
        setNote({ text: '인증번호를 보냈어요. 3분 안에 입력해주세요.', ok: true });
      },
    },
  );
  const message = sendSms.error ? { text: sendSms.error, ok: false } : note;
  function setMessage(text: string, ok = false) {
    sendSms.reset();
    setNote({ text, ok });
  }

  useEffect(() => {
    if (sentAt === null) return;
    const tick = () => setLeft(Math.max(0, 180 - Math.floor((Date.now() - sentAt) / 1000)));
    tick();
    const t = window.setInterval(tick, 1000);
    return () => window.clearInterval(t);
  }, [sentAt]);

  async function send() {
    const normalised = normalisePhone(phone);
    if (!normalised) {
      setMessage('휴대폰 번호를 정확히 입력해주세요.');
      return;
    }
    setNote(null);
    await sendSms.run(normalised);
  }

  async function verify() {
    const normalised = normalisePhone(phone);
    if (!normalised) return;
    // A check (GET), not a change: the answer only decides what this form shows.
    const res = await browserApi().request('GET', '/api/users/verify-sms', {
      query: { phone: normalised, code },
    });
    if (!res.ok) {
      setMessage(shopperMessage(res.detail));
      return;
    }
    setVerified(true);
    setMessage('인증되었어요.', true);
    onVerified({ phone: normalised, code });
  }

  return (
    <>
      <label>
        {label}
        <span className={styles.field}>
          <input
            className={page.input}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="01012345678"
            value={phone}
            disabled={verified}
            onChange={(e) => setPhone(e.target.value)}
            {...fieldProps('phone-error', error)}
          />
          <button
            type="button"
            className={`${page.button} ${page.buttonOutline} ${styles.action}`}
            onClick={send}
            disabled={verified}
          >
            {sentAt ? '다시 받기' : '인증번호 받기'}
          </button>
        </span>
      </label>
      <FieldError id="phone-error" message={error} />
      {sentAt !== null && !verified && (
        <label>
          인증번호{left > 0 ? ` (${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')})` : ''}
          <span className={styles.field}>
            <input
              className={page.input}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <button
              type="button"
              className={`${page.button} ${page.buttonOutline} ${styles.action}`}
              onClick={verify}
              disabled={code.length !== 6}
            >
              확인
            </button>
          </span>
        </label>
      )}
      {message && (
        <output
          className={`${message.ok ? styles.ok : page.error} ${styles.message}`}
          data-tone={message.ok ? 'ok' : 'error'}
        >
          {message.text}
        </output>
      )}
    </>
  );
}
