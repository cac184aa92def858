/**
 * /mypage/inquiries: the member's 1:1 문의 — with their call-back requests (전화 상담) and curator
 * chats (큐레이터 대화) — newest first, with their status; a new one from here.
 */

import { formatKst, SUPPORT_HOURS_SHORT, supportCategoryLabel } from '@codiroom/shared';
import { Link } from 'react-router';
import { Pager } from '../components/Pager';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote, pageOf } from '../lib/route-data';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import { CallbackForm } from '../support/ContactForms';
import type { Route } from './+types/mypage-inquiries';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('1:1 문의');

export function meta(_: Route.MetaArgs) {
  return [{ title: '1:1 문의 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get(
    '/api/customer_experiences/tickets',
    { page: pageOf(request) },
    { signal: request.signal },
  );
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

export default function InquiriesPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <main>
      <div className={my.padded}>
        <Link to="/mypage/inquiries/new" className={page.button}>
          1:1 문의하기
        </Link>
      </div>
      <CallbackForm />
      {data.result.length === 0 ? (
        <EmptyState
          title="남긴 문의가 없어요"
          text={`주문, 배송, 사이즈 무엇이든 물어보세요. ${SUPPORT_HOURS_SHORT}에 답해드려요.`}
        />
      ) : (
        <ul className={page.cardList} aria-label="문의 목록">
          {data.result.map((t) => (
            <li key={t.id} className={my.ledgerRow}>
              <Link to={`/mypage/inquiries/${t.id}`}>
                <strong>{t.title}</strong>
                <br />
                <small>
                  {supportCategoryLabel(t)} · {formatKst(t.created_at, 'date')}
                </small>
              </Link>
              <span data-testid="inquiry-status">{t.status_label}</span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} totalPage={data.total_page} />
    </main>
  );
}
