/**
 * /admin/codis (MD): outfits (코디) with their style, curator and products; a new outfit (checked
 * with the API's CodiInput: two to six products); switching one off or on.
 */
import { type AdminCodi, CodiInput } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/codis';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, useAdminAction } from './feedback';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/codis', undefined, { signal: request.signal });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The outfit list (the back office's one list pattern: DataTable); on/off in its row. */
const columns = (act: Act): ColumnDef<AdminCodi, unknown>[] => [
  {
    id: 'image',
    header: '사진',
    enableSorting: false,
    cell: ({ row: { original: c } }) => (
      <img src={c.image_url} alt="" width={40} height={52} loading="lazy" />
    ),
  },
  {
    id: 'title',
    header: '코디',
    accessorFn: (c) => c.title,
    cell: ({ row: { original: c } }) => (
      <>
        <a href={`/codybook/${c.id}`} target="_blank" rel="noopener noreferrer">
          {c.title}
        </a>
        {c.curator_name && <div className={styles.muted}>{c.curator_name}</div>}
      </>
    ),
  },
  { id: 'style', header: '스타일', accessorFn: (c) => c.style_name ?? '—' },
  { accessorKey: 'products', header: '상품', cell: (c) => `${c.getValue()}개` },
  { accessorKey: 'like_count', header: '좋아요', cell: (c) => Number(c.getValue()).toLocaleString() },
  {
    id: 'actions',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: c } }) => (
      <OnOffButton path={`/api/admin/codis/${c.id}`} name={c.title} active={c.is_active} act={act} />
    ),
  },
];

export default function AdminCodis({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>코디</h1>
      {feedback}
      <DataTable data={loaderData.result} columns={columns(act)} label="코디 목록" empty="코디가 없어요." />
      <CreateForm
        label="코디 만들기"
        onSubmit={(s) => {
          const body = CodiInput.safeParse({
            style_id: s('style_id') ? Number(s('style_id')) : null,
            title: s('title'),
            description: s('description'),
            curator_name: s('curator_name') || null,
            product_display_ids: s('products')
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
              .map(Number),
          });
          if (!body.success) {
            refuse(body.error.issues, '코디');
            return false;
          }
          return act(() => adminApi.post('/api/admin/codis', body.data), '코디를 만들었어요.');
        }}
      >
        <label className={styles.field}>
          이름
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          스타일
          <select className={styles.input} name="style_id" defaultValue="">
            <option value="">없음</option>
            {loaderData.styles.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          큐레이터
          <input className={styles.input} name="curator_name" maxLength={50} />
        </label>
        <label className={styles.field}>
          상품 번호 (쉼표로, 2~6개)
          <input className={styles.input} name="products" />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          설명
          <textarea className={styles.input} name="description" rows={3} maxLength={2000} />
        </label>
      </CreateForm>
    </>
  );
}
