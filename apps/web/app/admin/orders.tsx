/**
 * /admin/orders (CS): orders newest first, filtered on the server by status, KST order dates and an
 * order number or phone, 30 a page.
 */
import {
  type AdminOrderRow,
  formatWon,
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  orderNumber,
} from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/orders';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { PageButtons } from './feedback';
import { kst } from './format';

type Row = AdminOrderRow;
const PAGE = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ['status', 'from', 'to', 'q', 'page']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return adminApi.get(`/api/admin/orders?${q}`, undefined, { signal: request.signal });
}

const columns: ColumnDef<Row, unknown>[] = [
  {
    accessorKey: 'order_no',
    header: '주문번호',
    // The number the shopper reads (their order page), then the gateway's order id.
    cell: (c) => (
      <Link to={`/admin/orders/${c.row.original.id}`}>
        {orderNumber(c.row.original)} · {String(c.getValue())}
      </Link>
    ),
  },
  { accessorKey: 'order_name', header: '상품' },
  { accessorKey: 'state_label', header: '상태' },
  { accessorKey: 'amount', header: '결제 금액', cell: (c) => formatWon(c.getValue() as number) },
  { accessorKey: 'recipient', header: '받는 분' },
  { accessorKey: 'phone', header: '연락처' },
  { accessorKey: 'created_at', header: '주문 시각', cell: (c) => kst(c.getValue() as string) },
  { accessorKey: 'paid_at', header: '결제 시각', cell: (c) => kst(c.getValue() as string | null) },
];

export default function AdminOrders({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  return (
    <>
      <h1>주문</h1>
      <Form className={`${styles.form} ${styles.card}`} aria-label="주문 검색">
        <label className={styles.field}>
          주문번호 또는 연락처
          <input className={styles.input} name="q" defaultValue={params.get('q') ?? ''} />
        </label>
        <label className={styles.field}>
          상태
          <select className={styles.input} name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">전체</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          시작일
          <input className={styles.input} type="date" name="from" defaultValue={params.get('from') ?? ''} />
        </label>
        <label className={styles.field}>
          종료일
          <input className={styles.input} type="date" name="to" defaultValue={params.get('to') ?? ''} />
        </label>
        <button type="submit" className={styles.button}>
          검색
        </button>
      </Form>
      <p className={styles.muted}>
        {p.total}건 · {p.page}/{pages}쪽
      </p>
      <DataTable data={p.result} columns={columns} label="주문 목록" empty="조건에 맞는 주문이 없어요." />
      <PageButtons page={p.page} pages={pages} onPage={(n) => go(n)} />
    </>
  );
}
