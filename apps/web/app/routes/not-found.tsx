import { data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '페이지를 찾을 수 없어요 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return (
    <main style={{ padding: '96px 24px', textAlign: 'center' }}>
      <p style={{ font: 'var(--font-large-title)', margin: 0 }}>404</p>
      <h1 style={{ font: 'var(--font-title-3)' }}>페이지를 찾을 수 없어요</h1>
      <p style={{ color: 'var(--color-text-2)' }}>주소가 바뀌었거나 삭제된 페이지입니다.</p>
      <a
        href="/"
        style={{
          display: 'inline-block',
          marginTop: 16,
          padding: '12px 20px',
          background: '#111',
          color: '#fff',
          borderRadius: 8,
        }}
      >
        홈으로 가기
      </a>
    </main>
  );
}
