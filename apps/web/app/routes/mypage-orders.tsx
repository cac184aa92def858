/** /mypage/orders: the member's paid orders, newest first (GET /api/orders/order-list-simple). */
import { formatWon } from '@codiroom/shared';
import { Link } from 'react-router';
import { memberHeader } from '../lib/member-header';
import { OrderListFallback, OrderListPage, orderDate, orderListLoader } from '../orders/OrderListPage';
import styles from '../orders/orders.module.css';
import my from '../styles/mypage.module.css';
import type { Route } from './+types/mypage-orders';

const TITLE = '주문 내역';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader(TITLE);

export function meta(_: Route.MetaArgs) {
  return [{ title: `${TITLE} | 코디룸` }, { name: 'robots', content: 'noindex' }];
}

export const clientLoader = orderListLoader('/api/orders/order-list-simple');
export const HydrateFallback = () => <OrderListFallback />;

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  return (
    <OrderListPage
      empty="주문 내역이 없어요"
      {...loaderData}
      row={(o) => (
        <li key={o.id} className={styles.card} data-testid="order-row">
          <p className={my.spread}>
            <span>{orderDate(o.created_at)}</span>
            <strong data-testid="order-state">{o.state_label}</strong>
          </p>
          <p className={my.orderName}>{o.order_name}</p>
          <p className={my.spread}>
            <span>{formatWon(o.amount)}</span>
            <Link to={`/mypage/orders/${o.id}`}>주문 상세</Link>
          </p>
        </li>
      )}
    />
  );
}
