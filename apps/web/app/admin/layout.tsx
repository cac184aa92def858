/**
 * /admin: the back office (docs/ARCHITECTURE.md, "Back office"), desktop-first, in Korean. Its own
 * route tree, loaded only here: the storefront never downloads it. Rendered in the browser (the
 * operator's cookie goes only to /api/admin); without a session it sends the operator to
 * /admin/login. The menu shows what the operator's roles allow.
 */
import {
  OPERATOR_ROLE_LABEL,
  type OperatorRole,
  type OperatorSessionBody,
  roleAllows,
} from '@codiroom/shared';
import { Link, Navigate, NavLink, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/layout';
import styles from './admin.module.css';
import { AdminApiError, adminApi, currentOperator, errorText } from './api';

export function meta() {
  return [{ title: '코디룸 백오피스' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<OperatorSessionBody> {
  const session = await currentOperator(request.signal);
  if (!session) throw redirect(`/admin/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  return session;
}

export function HydrateFallback() {
  return <p className={styles.login}>불러오는 중…</p>;
}

/** The menu: each entry with the roles (besides ADMIN) that use it. */
export const MENU: { to: string; label: string; roles: OperatorRole[] }[] = [
  { to: '/admin', label: '홈', roles: ['MD', 'CS', 'CURATOR'] },
  { to: '/admin/dashboard', label: '대시보드', roles: ['MD', 'CS'] },
  { to: '/admin/products', label: '상품', roles: ['MD'] },
  { to: '/admin/catalog-csv', label: '재고·가격 CSV', roles: ['MD'] },
  { to: '/admin/coupons', label: '쿠폰', roles: ['MD'] },
  { to: '/admin/time-sales', label: '타임세일', roles: ['MD'] },
  { to: '/admin/banners', label: '배너', roles: ['MD'] },
  { to: '/admin/brands', label: '브랜드', roles: ['MD'] },
  { to: '/admin/posts', label: '매거진', roles: ['MD'] },
  { to: '/admin/promotions', label: '기획전', roles: ['MD'] },
  { to: '/admin/codis', label: '코디', roles: ['MD'] },
  { to: '/admin/missions', label: '미션', roles: ['MD'] },
  { to: '/admin/interest-free', label: '무이자 할부 안내', roles: ['MD'] },
  { to: '/admin/female-landing', label: '여성 랜딩', roles: ['MD'] },
  { to: '/admin/orders', label: '주문', roles: ['CS'] },
  { to: '/admin/ship-csv', label: '송장 일괄 등록', roles: ['CS'] },
  { to: '/admin/claims', label: '반품·교환', roles: ['CS'] },
  { to: '/admin/reviews', label: '후기 관리', roles: ['CS'] },
  { to: '/admin/tickets', label: '1:1 문의', roles: ['CS'] },
  { to: '/admin/members', label: '회원 조회', roles: ['CS'] },
  { to: '/admin/curations', label: '큐레이션 큐', roles: ['CURATOR'] },
  { to: '/admin/shop-status', label: '쇼핑몰 상태', roles: [] },
  { to: '/admin/operators', label: '운영자 계정', roles: [] },
  { to: '/admin/audit', label: '감사 로그', roles: [] },
];

export default function AdminLayout({ loaderData: session }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { operator } = session;
  return (
    <div className={styles.frame}>
      <nav className={styles.nav} aria-label="백오피스 메뉴">
        <div className={styles.brand}>코디룸 백오피스</div>
        {MENU.filter((m) => roleAllows(operator.roles, m.roles)).map((m) => (
          <NavLink key={m.to} to={m.to} end={m.to === '/admin'}>
            {m.label}
          </NavLink>
        ))}
        <div className={styles.who}>
          <div data-testid="operator-name">{operator.name}</div>
          <div>{operator.roles.map((r) => OPERATOR_ROLE_LABEL[r]).join(' · ')}</div>
          <button
            type="button"
            className={styles.ghost}
            onClick={async () => {
              await adminApi.post('/api/admin/auth/logout').catch(() => null);
              void navigate('/admin/login');
            }}
          >
            로그아웃
          </button>
        </div>
      </nav>
      <main className={styles.main}>
        <Outlet context={session} />
      </main>
    </div>
  );
}

/**
 * Errors of any back-office screen: an ended session (401) goes to the sign-in and back; a screen
 * the roles do not allow (403), a missing record (404) or a failure is said inside the back office.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (error instanceof AdminApiError && error.status === 401) {
    return <Navigate to={`/admin/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  }
  const text =
    error instanceof AdminApiError && error.status === 403
      ? '이 화면을 볼 권한이 없어요.'
      : error instanceof AdminApiError && error.status === 404
        ? '찾는 항목이 없어요.'
        : errorText(error);
  return (
    <div className={styles.login}>
      <div className={styles.card} role="alert">
        <p>{text}</p>
        <Link to="/admin">백오피스 홈으로</Link>
      </div>
    </div>
  );
}
