import { Form, Link, useNavigation } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-profile';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('회원 정보 수정');

export function meta(_: Route.MetaArgs) {
  return [{ title: '회원 정보 수정 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : Number(v));

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/users/user-detail', undefined, { signal: request.signal });
}

/** PUT /api/users/update-profile; a refused update (4xx) shows the server's detail inline. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const f = await request.formData();
  const body = {
    name: String(f.get('name') ?? '').trim(),
    age: num(f.get('age')),
    gender: (f.get('gender') as string) || null,
    height: num(f.get('height')),
    weight: num(f.get('weight')),
    email: String(f.get('email') ?? '').trim() || null,
  };
  const res = await browserApi().request('PUT', '/api/users/update-profile', { body });
  return res.ok ? { ok: true, text: '저장했어요.' } : { ok: false, text: res.detail };
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

export default function ProfilePage({ loaderData: me, actionData: message }: Route.ComponentProps) {
  const saving = useNavigation().state === 'submitting';
  return (
    <main>
      <Form method="post" className={page.form}>
        <label>
          이름
          <input className={page.input} name="name" defaultValue={me.name} required maxLength={49} />
        </label>
        <label>
          나이
          <input
            className={page.input}
            name="age"
            type="number"
            inputMode="numeric"
            defaultValue={me.age ?? ''}
            min={14}
            max={99}
          />
        </label>
        <label>
          성별
          <select className={page.input} name="gender" defaultValue={me.gender ?? ''}>
            <option value="">선택 안 함</option>
            <option value="M">남성</option>
            <option value="F">여성</option>
          </select>
        </label>
        <label>
          키 (cm)
          <input
            className={page.input}
            name="height"
            type="number"
            inputMode="numeric"
            defaultValue={me.height ?? ''}
            min={140}
            max={210}
          />
        </label>
        <label>
          몸무게 (kg)
          <input
            className={page.input}
            name="weight"
            type="number"
            inputMode="numeric"
            defaultValue={me.weight ?? ''}
            min={40}
            max={150}
          />
        </label>
        <label>
          이메일
          <input className={page.input} name="email" type="email" defaultValue={me.email ?? ''} />
        </label>
        {message && (
          <output className={`${message.ok ? page.muted : page.error} ${my.block}`}>{message.text}</output>
        )}
        <button type="submit" className={page.button} disabled={saving}>
          저장하기
        </button>
      </Form>
      <nav aria-label="계정 관리" className={my.accountLinks}>
        <Link to="/mypage/profile/password" className={`${page.button} ${page.buttonOutline}`}>
          비밀번호 변경
        </Link>
        <Link to="/mypage/profile/phone" className={`${page.button} ${page.buttonOutline}`}>
          휴대폰 번호 변경{me.phone ? ` (${me.phone})` : ''}
        </Link>
        <Link to="/mypage/withdraw" className={`${page.muted} ${my.block}`}>
          회원 탈퇴
        </Link>
      </nav>
    </main>
  );
}
