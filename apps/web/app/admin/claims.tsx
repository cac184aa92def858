/**
 * /admin/claims (CS): return and exchange requests, newest first, filtered on the server by kind
 * and status, 30 a page, with the shop's 주문번호 and the reason in Korean; an open return moves
 * 반품 접수 → 회수 완료 → 검수 완료 → 환불 (after a confirmation with the refund, points and
 * coupon) and an exchange is completed, or either is rejected with a reason, right in its row.
 */
import { type AdminClaimRow, COUPON_CLAWBACK_LABEL, formatWon } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/claims';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { PageButtons } from './feedback';
import { kst } from './format';
import { ItemActions } from './ItemActions';

type Row = AdminClaimRow;
const PAGE = 30;
const STATUS_LABEL: Record<string, string> = { REQUESTED: '요청', COMPLETED: '완료', REJECTED: '거절' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams({
    kind: url.searchParams.get('kind') === 'exchange' ? 'exchange' : 'refund',
  });
  q.set('status', url.searchParams.get('status') ?? 'REQUESTED');
  const page = url.searchParams.get('page');
  if (page) q.set('page', page);
  return adminApi.get(`/api/admin/claims?${q}`, undefined, { signal: request.signal });
}

export default function AdminClaims({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const kind = params.get('kind') === 'exchange' ? 'exchange' : 'refund';
  const status = params.get('status') ?? 'REQUESTED';
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'created_at', header: '요청 시각', cell: (c) => kst(c.getValue() as string) },
    {
      accessorKey: 'order_number',
      header: '주문번호',
      cell: (c) => <Link to={`/admin/orders/${c.row.original.order_id}`}>{String(c.getValue())}</Link>,
    },
    {
      accessorKey: 'name',
      header: '상품',
      cell: (c) => {
        const r = c.row.original;
        return `${r.name} (${r.color_name} · ${r.size_name}${r.exchange_to ? ` → ${r.exchange_to}` : ''})`;
      },
    },
    { accessorKey: 'reason_label', header: '사유' },
    { accessorKey: 'paid_amount', header: '결제액', cell: (c) => formatWon(c.getValue() as number) },
    { accessorKey: 'return_cost', header: '반품 배송비', cell: (c) => formatWon(c.getValue() as number) },
    ...(kind === 'refund'
      ? [
          {
            accessorKey: 'coupon_clawback',
            header: COUPON_CLAWBACK_LABEL,
            cell: (c) => formatWon(c.getValue() as number),
          } as ColumnDef<Row, unknown>,
          {
            accessorKey: 'amount',
            header: '환불액',
            cell: (c) => formatWon(c.getValue() as number),
          } as ColumnDef<Row, unknown>,
        ]
      : []),
    {
      accessorKey: 'status',
      header: '상태',
      cell: (c) => {
        const r = c.row.original;
        return `${r.step_label ?? STATUS_LABEL[r.status] ?? r.status}${r.decision_note ? ` · ${r.decision_note}` : ''}`;
      },
    },
    {
      id: 'actions',
      header: '처리',
      enableSorting: false,
      cell: (c) =>
        c.row.original.status === 'REQUESTED' ? (
          <ItemActions
            itemId={c.row.original.order_item_id}
            name={c.row.original.name}
            status={c.row.original.item_status}
            onDone={async (m) => {
              setMessage(m);
              await revalidator.revalidate();
            }}
          />
        ) : null,
    },
  ];
  return (
    <>
      <h1>반품·교환</h1>
      <fieldset className={styles.toolbar} aria-label="요청 종류">
        {(['refund', 'exchange'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={styles.ghost}
            aria-pressed={kind === k}
            onClick={() => set({ kind: k, page: null })}
          >
            {k === 'refund' ? '반품' : '교환'}
          </button>
        ))}
        <select
          className={styles.input}
          aria-label="처리 상태"
          value={status}
          onChange={(e) => set({ status: e.target.value, page: null })}
        >
          {Object.entries(STATUS_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </fieldset>
      {message && <output className={styles.ok}>{message}</output>}
      <p className={styles.muted}>
        {p.total}건 · {p.page}/{pages}쪽
      </p>
      <DataTable
        data={p.result}
        columns={columns}
        label={kind === 'refund' ? '반품 요청' : '교환 요청'}
        empty="처리할 요청이 없어요."
      />
      <PageButtons page={p.page} pages={pages} onPage={(n) => set({ page: String(n) })} />
    </>
  );
}
