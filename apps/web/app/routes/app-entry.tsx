import { redirect } from 'react-router';
import type { Route } from './+types/app-entry';

/** SPEC.md §2: the app entry registers a generic page route /_app; it opens the home in webview mode. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get('to');
  const target = to?.startsWith('/') && !to.startsWith('//') ? to : '/';
  return redirect(`${target}${target.includes('?') ? '&' : '?'}webview=true`);
}
