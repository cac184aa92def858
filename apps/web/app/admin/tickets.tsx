/**
 * /admin/tickets (CS): the support inbox, waiting longest first, filtered on the server by status,
 * kind (1:1 문의, 전화 상담 call-backs with the number and time to call, 큐레이터 대화) and by
 * assignee (mine, unassigned), 20 a page.
 */
import {
  SUPPORT_KIND_LABEL,
  SUPPORT_KINDS,
  SUPPORT_STATUS_LABEL,
  SUPPORT_STATUSES,
  type TicketSummary,
} from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/tickets';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { PageButtons } from './feedback';
import { kst } from './format';

type Row = TicketSummary & { user_id: number; assignee: string | null; updated_at: string };
const PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ['status', 'kind', 'assignee', 'page']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return adminApi.get(`/api/admin/tickets?${q}`, undefined, { signal: request.signal });
}

const columns: ColumnDef<Row, unknown>[] = [
  {
    accessorKey: 'title',
    header: '문의',
    cell: (c) => <Link to={`/admin/tickets/${c.row.original.id}`}>{c.row.original.title}</Link>,
  },
  {
    id: 'kind',
    header: '구분',
    cell: (c) => {
      const t = c.row.original;
      if (t.kind !== 'CALLBACK') return SUPPORT_KIND_LABEL[t.kind];
      return (
        <span data-testid="callback-flag">
          <span className={styles.tag}>📞 {SUPPORT_KIND_LABEL.CALLBACK}</span> {t.callback_phone}
          {t.callback_time ? ` · ${t.callback_time}` : ''}
        </span>
      );
    },
  },
  {
    id: 'category',
    header: '유형',
    cell: (c) =>
      `${c.row.original.main_category}${c.row.original.sub_category ? ` · ${c.row.original.sub_category}` : ''}`,
  },
  { accessorKey: 'status_label', header: '상태' },
  { accessorKey: 'assignee', header: '담당', cell: (c) => (c.getValue() as string | null) ?? '—' },
  {
    accessorKey: 'user_id',
    header: '회원',
    cell: (c) => <Link to={`/admin/members/${c.getValue()}`}>{String(c.getValue())}</Link>,
  },
  { accessorKey: 'updated_at', header: '마지막 글', cell: (c) => kst(c.getValue() as string) },
];

export default function AdminTickets({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    next.delete('page');
    setParams(next);
  };
  return (
    <>
      <h1>문의함</h1>
      <div className={styles.toolbar}>
        <select
          className={styles.input}
          aria-label="상태"
          value={params.get('status') ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">전체</option>
          {SUPPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {SUPPORT_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        <select
          className={styles.input}
          aria-label="구분"
          value={params.get('kind') ?? ''}
          onChange={(e) => set('kind', e.target.value)}
        >
          <option value="">모든 구분</option>
          {SUPPORT_KINDS.map((k) => (
            <option key={k} value={k}>
              {SUPPORT_KIND_LABEL[k]}
            </option>
          ))}
        </select>
        <select
          className={styles.input}
          aria-label="담당"
          value={params.get('assignee') ?? ''}
          onChange={(e) => set('assignee', e.target.value)}
        >
          <option value="">모든 담당</option>
          <option value="me">내 문의</option>
          <option value="none">담당 없음</option>
        </select>
      </div>
      <p className={styles.muted}>
        {p.total}건 · {p.page}/{pages}쪽
      </p>
      <DataTable data={p.result} columns={columns} label="문의 목록" empty="조건에 맞는 문의가 없어요." />
      <PageButtons
        page={p.page}
        pages={pages}
        onPage={(n) => setParams({ ...Object.fromEntries(params), page: String(n) })}
      />
    </>
  );
}
