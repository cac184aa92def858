/**
 * /admin/curations: the curators' queue (docs/ARCHITECTURE.md, "Curations"): drafts by publish time
 * (the most urgent first), the waiting list, or published curations, with the workload per curator.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/curations';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { kst } from './format';

type QueueRow = {
  id: number;
  user_id: number;
  member_name: string;
  status: string;
  source: string;
  created_at: string;
  publish_at: string | null;
  curator_name: string | null;
  curator_touched_at: string | null;
};

const STATUSES = [
  ['DRAFT', '검토 대기'],
  ['REQUESTED', '대기열'],
  ['DONE', '게시됨'],
] as const;
const PAGE = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get('status') ?? 'DRAFT';
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
  return adminApi.get(`/api/admin/curations?status=${status}&page=${page}`, undefined, {
    signal: request.signal,
  });
}

const columns: ColumnDef<QueueRow, unknown>[] = [
  {
    accessorKey: 'id',
    header: '번호',
    cell: (c) => <Link to={`/admin/curations/${c.getValue()}`}>#{String(c.getValue())}</Link>,
  },
  { accessorKey: 'member_name', header: '회원' },
  {
    accessorKey: 'source',
    header: '종류',
    cell: (c) => (c.getValue() === 'REQUEST' ? '추가 요청' : '첫 퀴즈'),
  },
  { accessorKey: 'created_at', header: '요청', cell: (c) => kst(c.getValue() as string) },
  { accessorKey: 'publish_at', header: '게시 예정', cell: (c) => kst(c.getValue() as string | null) },
  { accessorKey: 'curator_name', header: '큐레이터', cell: (c) => (c.getValue() as string | null) ?? '—' },
  { accessorKey: 'curator_touched_at', header: '손본 시각', cell: (c) => kst(c.getValue() as string | null) },
];

export default function CurationQueue({ loaderData: q }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'DRAFT';
  const pages = Math.max(1, Math.ceil(q.total / PAGE));
  return (
    <>
      <h1>큐레이션 큐</h1>
      <fieldset className={styles.toolbar} aria-label="상태">
        {STATUSES.map(([s, label]) => (
          <button
            key={s}
            type="button"
            className={styles.ghost}
            aria-pressed={status === s}
            onClick={() => setParams({ status: s })}
          >
            {label}
          </button>
        ))}
        <span className={styles.muted}>
          {q.total}건 · {q.page}/{pages}쪽
        </span>
      </fieldset>
      <DataTable
        data={q.result}
        columns={columns}
        label="큐레이션 목록"
        empty="이 상태의 큐레이션이 없어요."
      />
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.ghost}
          disabled={q.page <= 1}
          onClick={() => setParams({ status, page: String(q.page - 1) })}
        >
          이전
        </button>
        <button
          type="button"
          className={styles.ghost}
          disabled={q.page >= pages}
          onClick={() => setParams({ status, page: String(q.page + 1) })}
        >
          다음
        </button>
      </div>
      <div className={styles.card} data-testid="workload">
        <h2>큐레이터별 작업량 (최근 7일)</h2>
        {q.workload.length === 0 ? (
          <p className={styles.muted}>최근 7일 동안 손본 큐레이션이 없어요.</p>
        ) : (
          q.workload.map((w) => (
            <span key={w.curator_name} className={styles.tag}>
              {w.curator_name} {w.touched_7d}건
            </span>
          ))
        )}
      </div>
    </>
  );
}
