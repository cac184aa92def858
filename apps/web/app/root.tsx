import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { designTokensCss } from './lib/tokens';
import './styles/global.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: static tokens generated from shared constants */}
        <style dangerouslySetInnerHTML={{ __html: designTokensCss() }} />
        <Meta />
        <Links />
      </head>
      <body>
        <div className="app-frame">{children}</div>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main style={{ padding: '64px 24px', textAlign: 'center' }}>
      <h1 style={{ font: 'var(--font-title-2)' }}>
        {notFound ? '페이지를 찾을 수 없어요' : '일시적인 오류가 발생했어요'}
      </h1>
      <p style={{ color: 'var(--color-text-2)' }}>
        새로고침 버튼을 눌러주세요. 계속 같은 화면이 나타나면 팀에 오류 알리기 버튼을 눌러주세요.
      </p>
      <p style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
        <a href="/" style={{ padding: '10px 16px', border: '1px solid #ddd', borderRadius: 8 }}>
          홈으로
        </a>
        <a href="." style={{ padding: '10px 16px', background: '#111', color: '#fff', borderRadius: 8 }}>
          새로고침
        </a>
      </p>
    </main>
  );
}
