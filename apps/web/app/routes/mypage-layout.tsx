/**
 * The layout of the member screens, /mypage and /mypage/* (SPEC.md §2 routes): one header for all
 * of them, titled by the screen's `handle` (lib/member-header.ts), and one error screen, which
 * replaces the header and the screen together as each screen's own boundary did. The login gate
 * stays the root loader's: it covers every gated path, not only these.
 */
import { Outlet, useMatches } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { memberHeaderProps } from '../lib/member-header';
import { RouteErrorBoundary } from '../lib/route-data';

export const ErrorBoundary = RouteErrorBoundary;

export default function MypageLayout() {
  const header = memberHeaderProps(useMatches());
  return (
    <>
      {header && <PageHeader {...header} />}
      <Outlet />
    </>
  );
}
