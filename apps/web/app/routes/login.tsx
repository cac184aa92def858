import { SIGN_UP_COUPON_TEXT } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import page from '../styles/page.module.css';
import type { Route } from './+types/login';
import styles from './login.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '로그인 | 코디룸' }, { name: 'description', content: '코디룸 로그인 · 회원가입' }];
}

/**
 * Each provider's symbol, inline (no image request, no emoji font), as their brand guidelines draw
 * the login button: Kakao's black speech bubble on #FEE500, Naver's white N on #03C75A, Apple's
 * white logo on black.
 */
const SYMBOL = {
  kakao: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.symbol}>
      <path
        fill="#000"
        d="M12 3.2c-5.3 0-9.6 3.4-9.6 7.6 0 2.7 1.8 5.1 4.5 6.4l-.9 3.4c-.1.3.3.6.6.4l4-2.6c.5.1.9.1 1.4.1 5.3 0 9.6-3.4 9.6-7.7S17.3 3.2 12 3.2z"
      />
    </svg>
  ),
  naver: (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={styles.symbol}>
      <path fill="#fff" d="M16.3 12.8 7.4 0H0v24h7.7V11.2L16.6 24H24V0h-7.7z" />
    </svg>
  ),
  apple: (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.symbol}>
      <path
        fill="#fff"
        d="M16.4 12.6c0-2.5 2.1-3.7 2.2-3.8-1.2-1.7-3-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.2zM13.9 5.2c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z"
      />
    </svg>
  ),
} as const;

const SOCIAL = [
  { key: 'kakao', label: '카카오로 시작하기', className: styles.kakao },
  { key: 'naver', label: '네이버로 시작하기', className: styles.naver },
  { key: 'apple', label: 'Apple로 시작하기', className: styles.apple },
] as const;

export default function Login() {
  return (
    <>
      <PageHeader actions={false} />
      <main className={`${page.form} ${styles.login}`}>
        <h1 className={styles.title}>
          옷 고르는 시간은 줄이고,
          <br />
          스타일은 더 멋지게
        </h1>
        <p className={`${page.muted} ${styles.lead}`}>가입하면 {SIGN_UP_COUPON_TEXT}을 드려요.</p>
        {SOCIAL.map((s) => (
          <a
            key={s.key}
            href={`/api/users/oauth/${s.key}/authorize`}
            className={`${page.button} ${styles.social} ${s.className}`}
          >
            {SYMBOL[s.key]}
            {s.label}
          </a>
        ))}
        <Link to="/login_phone" className={`${page.button} ${page.buttonOutline}`}>
          휴대폰 번호로 로그인
        </Link>
        <p className={`${page.muted} ${styles.signup}`}>
          처음이신가요? <Link to="/signup">휴대폰 번호로 가입하기</Link>
        </p>
      </main>
    </>
  );
}
