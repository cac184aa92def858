import { data } from 'react-router';
import { NotFoundView } from '../shell/screens';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: '페이지를 찾을 수 없어요 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return <NotFoundView />;
}
