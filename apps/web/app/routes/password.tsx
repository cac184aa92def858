import { PageHeader } from '../components/PageHeader';
import page from '../styles/page.module.css';
import type { Route } from './+types/password';

export function meta(_: Route.MetaArgs) {
  return [{ title: '비밀번호 재설정 | 코디룸' }];
}

export default function Password() {
  return (
    <>
      <PageHeader title="비밀번호 재설정" actions={false} titleAs="h1" />
      <main>
        <form className={page.form} onSubmit={(e) => e.preventDefault()}>
          <p className={page.muted}>가입한 휴대폰 번호로 인증하고 새 비밀번호를 설정하세요.</p>
          <label>
            휴대폰 번호
            <input className={page.input} name="phone" type="tel" inputMode="numeric" required />
          </label>
          <label>
            인증번호
            <input className={page.input} name="code" inputMode="numeric" maxLength={6} />
          </label>
          <label>
            새 비밀번호
            <input
              className={page.input}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
            />
          </label>
          <button type="submit" className={page.button}>
            비밀번호 변경
          </button>
        </form>
      </main>
    </>
  );
}
