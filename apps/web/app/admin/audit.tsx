/** /admin/audit (ADMIN): the audit log, newest first: who changed what, before and after, when. */
import type { AuditLogEntry } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/audit';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { kst } from './format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const before = new URL(request.url).searchParams.get('before');
  return adminApi.get(
    '/api/admin/audit-logs',
    { before: before ? Number(before) : undefined },
    { signal: request.signal },
  );
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v).slice(0, 300));

const columns: ColumnDef<AuditLogEntry, unknown>[] = [
  { accessorKey: 'created_at', header: '시각', cell: (c) => kst(c.getValue() as string) },
  { accessorKey: 'actor', header: '누가' },
  { accessorKey: 'action', header: '무엇을' },
  {
    id: 'target',
    header: '대상',
    accessorFn: (r) => (r.target_type || r.target_id ? `${r.target_type ?? ''} ${r.target_id ?? ''}` : ''),
  },
  { accessorKey: 'status_code', header: '결과' },
  { id: 'before', header: '이전', accessorFn: (r) => json(r.before) },
  { id: 'after', header: '이후', accessorFn: (r) => json(r.after) },
  { accessorKey: 'ip', header: 'IP' },
];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <>
      <h1>감사 로그</h1>
      <DataTable data={loaderData.result} columns={columns} label="감사 로그" empty="기록이 없어요." />
      <div className={styles.toolbar}>
        <button type="button" className={styles.ghost} onClick={() => setParams({})}>
          처음으로
        </button>
        <button
          type="button"
          className={styles.ghost}
          disabled={loaderData.next_before === null}
          onClick={() => setParams({ before: String(loaderData.next_before) })}
        >
          더 이전 기록
        </button>
      </div>
    </>
  );
}
