import { PageHeader } from '../components/PageHeader';
import page from '../styles/page.module.css';
import type { Route } from './+types/signup';

export function meta(_: Route.MetaArgs) {
  return [{ title: '회원가입 | 코디룸' }];
}

export default function Signup() {
  return (
    <>
      <PageHeader title="회원가입" actions={false} titleAs="h1" />
      <main>
        <form className={page.form} onSubmit={(e) => e.preventDefault()}>
          <label>
            이름
            <input className={page.input} name="user_name" autoComplete="name" maxLength={49} required />
          </label>
          <label>
            휴대폰 번호
            <input
              className={page.input}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              required
            />
          </label>
          <label>
            인증번호
            <input
              className={page.input}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </label>
          <label>
            비밀번호
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
            <input className={page.input} name="referral_code" />
          </label>
          <button type="submit" className={page.button}>
            가입하기
          </button>
        </form>
      </main>
    </>
  );
}
