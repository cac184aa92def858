/**
 * /admin/members (CS): members newest first, found on the server by name, phone, e-mail or member
 * number, 30 a page, their personal data masked.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/members';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { PageButtons } from './feedback';
import { kst } from './format';

type Row = {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  is_active: boolean;
  created_at: string;
};
const PAGE = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ['q', 'page']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return adminApi.get(`/api/admin/members?${q}`, undefined, { signal: request.signal });
}

const columns: ColumnDef<Row, unknown>[] = [
  {
    accessorKey: 'id',
    header: '회원번호',
    cell: (c) => <Link to={`/admin/members/${c.getValue()}`}>{String(c.getValue())}</Link>,
  },
  { accessorKey: 'name', header: '이름' },
  { accessorKey: 'phone', header: '휴대폰' },
  { accessorKey: 'email', header: '이메일' },
  { accessorKey: 'is_active', header: '상태', cell: (c) => (c.getValue() ? '회원' : '탈퇴') },
  { accessorKey: 'created_at', header: '가입', cell: (c) => kst(c.getValue() as string) },
];

export default function AdminMembers({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  return (
    <>
      <h1>회원 조회</h1>
      <Form className={`${styles.form} ${styles.card}`} aria-label="회원 검색">
        <label className={styles.field}>
          이름, 휴대폰, 이메일 또는 회원번호
          <input className={styles.input} name="q" defaultValue={params.get('q') ?? ''} />
        </label>
        <button type="submit" className={styles.button}>
          검색
        </button>
      </Form>
      <p className={styles.muted}>
        {p.total}명 · {p.page}/{pages}쪽 · 개인정보는 가려서 보여요. 회원 화면에서 열람하면 감사 로그에
        남아요.
      </p>
      <DataTable data={p.result} columns={columns} label="회원 목록" empty="조건에 맞는 회원이 없어요." />
      <PageButtons page={p.page} pages={pages} onPage={(n) => go(n)} />
    </>
  );
}
