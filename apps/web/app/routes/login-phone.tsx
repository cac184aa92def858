import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import page from '../styles/page.module.css';
import type { Route } from './+types/login-phone';

export function meta(_: Route.MetaArgs) {
  return [{ title: '휴대폰 번호 로그인 | 코디룸' }];
}

export default function LoginPhone() {
  return (
    <>
      <PageHeader title="휴대폰 번호 로그인" actions={false} titleAs="h1" />
      <main>
        <form className={page.form} method="post" action="/login_phone" onSubmit={(e) => e.preventDefault()}>
          <label>
            휴대폰 번호
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="01012345678"
              required
            />
          </label>
          <label>
            비밀번호
            <input
              className={page.input}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </label>
          <button type="submit" className={page.button}>
            로그인
          </button>
          <p className={page.muted} style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Link to="/password">비밀번호 찾기</Link>
            <Link to="/signup">회원가입</Link>
          </p>
        </form>
      </main>
    </>
  );
}
