import { SIGN_UP_COUPON_TEXT } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import page from '../styles/page.module.css';
import type { Route } from './+types/login';
import styles from './login.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '로그인 | 코디룸' }, { name: 'description', content: '코디룸 로그인 · 회원가입' }];
}

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
            className={`${page.button} ${s.className}`}
          >
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
