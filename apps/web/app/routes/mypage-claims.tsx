/**
 * /mypage/claims (취소·반품·교환 내역): the member's orders with a cancelled, returned or exchanged
 * item, newest first, each with those items and their status (GET /api/orders/claim-list).
 */
import { formatWon } from '@codiroom/shared';
import { Link } from 'react-router';
import { memberHeader } from '../lib/member-header';
import { OrderListFallback, OrderListPage, orderDate, orderListLoader } from '../orders/OrderListPage';
import styles from '../orders/orders.module.css';
import my from '../styles/mypage.module.css';
import type { Route } from './+types/mypage-claims';

const TITLE = '취소·반품·교환 내역';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader(TITLE);

export function meta(_: Route.MetaArgs) {
  return [{ title: `${TITLE} | 코디룸` }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = orderListLoader('/api/orders/claim-list');
export const HydrateFallback = () => <OrderListFallback />;

export default function MyClaims({ loaderData }: Route.ComponentProps) {
  return (
    <OrderListPage
      empty="취소·반품·교환 내역이 없어요"
      {...loaderData}
      row={(o) => (
        <li key={o.id} className={styles.card} data-testid="claim-row">
          <p className={my.spread}>
            <span>{orderDate(o.created_at)} 주문</span>
            <Link to={`/mypage/orders/${o.id}`}>주문 상세</Link>
          </p>
          <ul className={my.plainList}>
            {o.items.map((i) => (
              <li key={i.id} className={my.spread}>
                <span>
                  {i.brand_name} {i.name} · {i.color_name} {i.size_name} · {i.quantity}개
                </span>
                <strong>{i.status_label}</strong>
              </li>
            ))}
          </ul>
          <p className={my.spread}>
            <span>결제 금액</span>
            <span>{formatWon(o.amount)}</span>
          </p>
        </li>
      )}
    />
  );
}
