/**
 * /admin/time-sales (MD): time sales with their state and units sold; a new sale (checked with the
 * API's TimeSaleInput: a KST window of at most 14 days, products at a price below their sale price
 * in limited quantities); ending one early.
 */
import { type AdminTimeSale, TimeSaleInput } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/time-sales';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, useAdminAction } from './feedback';
import { kst, kstInstant } from './format';

// HIDDEN: running, but the shop shows another sale (the shop's rule, shownTimeSale in packages/shared).
const STATE = {
  SCHEDULED: '예정',
  RUNNING: '진행 중',
  HIDDEN: '가려짐(다른 타임세일 노출 중)',
  ENDED: '종료',
} as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/time-sales', undefined, {
    signal: request.signal,
  });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The time-sale list (the back office's one list pattern: DataTable); ending one in its row. */
const columns = (act: Act): ColumnDef<AdminTimeSale, unknown>[] => [
  { accessorKey: 'title', header: '타임세일' },
  {
    id: 'window',
    header: '기간(KST)',
    accessorFn: (s) => s.starts_at,
    cell: ({ row: { original: s } }) => (
      <>
        {kst(s.starts_at)} ~ {kst(s.ends_at)}
      </>
    ),
  },
  { id: 'state', header: '상태', accessorFn: (s) => STATE[s.state] },
  { accessorKey: 'items', header: '상품', cell: (c) => `${c.getValue()}개` },
  { accessorKey: 'sold', header: '판매', cell: (c) => `${Number(c.getValue()).toLocaleString()}개` },
  {
    id: 'actions',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: s } }) =>
      s.state !== 'ENDED' && (
        <button
          type="button"
          className={styles.ghost}
          onClick={() =>
            act(() => adminApi.post(`/api/admin/time-sales/${s.id}/end`), `${s.title}: 끝냈어요.`)
          }
        >
          지금 끝내기
        </button>
      ),
  },
];

/** "1234:19900:5" lines: product display, sale price, quantity. */
function parseItems(text: string) {
  return text
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [id, price, limit] = l.split(/[:,\s]+/).map(Number);
      return { product_display_id: id, sale_price: price, stock_limit: limit };
    });
}

export default function AdminTimeSales({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>타임세일</h1>
      <p className={styles.muted}>
        타임세일은 한 번에 하나만 열려요: 기간이 다른 타임세일과 겹치면 만들 수 없어요(끝나는 시각에 다음
        세일을 시작할 수 있어요). 진행 중인 세일이 홈 배너와 /timeSale에 나옵니다.
      </p>
      {feedback}
      <DataTable
        data={loaderData.result}
        columns={columns(act)}
        label="타임세일 목록"
        empty="타임세일이 없어요."
      />
      <CreateForm
        label="타임세일 만들기"
        onSubmit={(s) => {
          const body = TimeSaleInput.safeParse({
            title: s('title'),
            starts_at: kstInstant(s('starts_at')) ?? '',
            ends_at: kstInstant(s('ends_at')) ?? '',
            items: parseItems(s('items')),
          });
          if (!body.success) {
            refuse(body.error.issues, '타임세일');
            return false;
          }
          return act(() => adminApi.post('/api/admin/time-sales', body.data), '타임세일을 만들었어요.');
        }}
      >
        <label className={`${styles.field} ${styles.wide}`}>
          제목
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          시작(KST)
          <input className={styles.input} type="datetime-local" name="starts_at" />
        </label>
        <label className={styles.field}>
          종료(KST)
          <input className={styles.input} type="datetime-local" name="ends_at" />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          상품 (한 줄에 하나: 상품 번호:타임세일가:한정 수량)
          <textarea className={styles.input} name="items" rows={4} />
        </label>
      </CreateForm>
    </>
  );
}
