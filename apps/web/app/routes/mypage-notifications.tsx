/**
 * /mypage/notifications: the member's in-app notifications, newest first (an order shipped with
 * its tracking number, a return refunded, a claim decided, a curation out, a coupon expiring,
 * review points …), each with its kind's label, unread ones marked; opening the page marks them
 * read, and each opens its order or page. The push settings are /mypage/settings/notifications.
 */
import { formatKst, isNotificationKind, NOTIFICATION_KIND_LABELS } from '@codiroom/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote, pageOf } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-notifications';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('알림');

export function meta(_: Route.MetaArgs) {
  return [{ title: '알림 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/users/notifications', { page: pageOf(request) }, { signal: request.signal });
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

const when = (iso: string) => formatKst(iso, 'md');

export default function NotificationsPage({ loaderData: data }: Route.ComponentProps) {
  const unreadIds = data.result.filter((n) => n.read_at === null).map((n) => n.id);
  const key = unreadIds.join(',');
  useEffect(() => {
    // Seen on this page: read (the marks stay on screen until the next visit).
    if (key)
      void browserApi().request('POST', '/api/users/notifications/read', {
        body: { ids: key.split(',').map(Number) },
      });
  }, [key]);
  return (
    <main>
      {data.result.length === 0 ? (
        <EmptyState
          title="새 알림이 없어요"
          text="주문 배송, 반품·교환 처리, 코디 도착, 쿠폰 만료 소식을 여기서 알려드려요."
        />
      ) : (
        <ul className={page.cardList} aria-label="알림 목록">
          {data.result.map((n) => {
            const content = (
              <>
                <strong>
                  {n.read_at === null && (
                    <>
                      <span className={my.unreadDot} aria-hidden="true" />
                      <span className="visually-hidden">읽지 않음 </span>
                    </>
                  )}
                  <span className={my.kindLabel} data-kind={n.kind}>
                    {NOTIFICATION_KIND_LABELS[isNotificationKind(n.kind) ? n.kind : 'GENERAL']}
                  </span>
                  {n.title}
                </strong>
                <br />
                <span>{n.body}</span>
                <br />
                <small>{when(n.created_at)}</small>
              </>
            );
            return (
              <li key={n.id} className={my.ledgerRow} data-testid="notification">
                {n.link?.startsWith('/') ? <Link to={n.link}>{content}</Link> : <span>{content}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={data.page} totalPage={data.total_page} />
      <p className={`${my.note} ${my.padded}`}>
        휴대폰 알림은 <Link to="/mypage/settings/notifications">알림 설정</Link>에서 켜고 끌 수 있어요.
      </p>
    </main>
  );
}
