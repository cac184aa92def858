/** Pieces shared by the checkout and order pages: money breakdown, item line, status timeline. */
import {
  formatDiscount,
  formatWon,
  type OrderItemBody,
  type OrderItemStatus,
  type OrderMoney,
  orderItemTimeline,
} from '@codiroom/shared';
import styles from './orders.module.css';

export function MoneyBreakdown({ money, label = '최종 결제 금액' }: { money: OrderMoney; label?: string }) {
  return (
    <dl className={styles.money} data-testid="money">
      <dt>상품 금액</dt>
      <dd>{formatWon(money.total_price)}</dd>
      <dt>상품 할인</dt>
      <dd>{formatDiscount(money.product_discount)}</dd>
      <dt>쿠폰 할인</dt>
      <dd>{formatDiscount(money.coupon_discount)}</dd>
      <dt>포인트 사용</dt>
      <dd>{formatDiscount(money.point_used)}</dd>
      <dt>배송비</dt>
      <dd>{money.shipping_fee === 0 ? '무료' : formatWon(money.shipping_fee)}</dd>
      <dt className={styles.total}>{label}</dt>
      <dd className={styles.total} data-testid="order-amount">
        {formatWon(money.amount)}
      </dd>
    </dl>
  );
}

export function ItemLine(props: {
  name: string;
  brand_name: string;
  image_url: string;
  size_name: string;
  color_name: string;
  quantity: number;
  amount: number;
  children?: React.ReactNode;
}) {
  return (
    <div className={styles.line}>
      <img src={props.image_url} alt="" width={64} height={80} loading="lazy" />
      <div className={styles.lineBody}>
        <span>{props.brand_name}</span>
        <strong>{props.name}</strong>
        <span>
          {props.color_name} / {props.size_name} · {props.quantity}개
        </span>
        <span>{formatWon(props.amount)}</span>
        {props.children}
      </div>
    </div>
  );
}

export function StatusTimeline({ status }: { status: OrderItemStatus }) {
  return (
    <ol className={styles.timeline} aria-label="주문 상태">
      {orderItemTimeline(status).map((s) => (
        <li
          key={s.status}
          className={[s.done ? styles.done : '', s.current ? styles.current : ''].join(' ')}
          aria-current={s.current ? 'step' : undefined}
        >
          {s.label}
        </li>
      ))}
    </ol>
  );
}

export function itemAmount(i: OrderItemBody): number {
  return i.paid_amount;
}
