/**
 * /admin/posts (MD): magazine posts; a new post (checked with the API's PostInput: markdown body,
 * category, author, the products it shows); ending one (no longer readable) and its cover.
 */
import { type AdminPost, POST_CATEGORIES, PostInput } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/posts';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, PictureUpload, useAdminAction } from './feedback';
import { kst } from './format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/posts', undefined, {
    signal: request.signal,
  });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The post list (the back office's one list pattern: DataTable); ending, re-publishing, the cover. */
const columns = (act: Act): ColumnDef<AdminPost, unknown>[] => [
  {
    id: 'cover',
    header: '표지',
    enableSorting: false,
    cell: ({ row: { original: p } }) => (
      <img src={p.cover_image_url} alt="" width={64} height={40} loading="lazy" />
    ),
  },
  {
    id: 'title',
    header: '제목',
    accessorFn: (p) => p.title,
    cell: ({ row: { original: p } }) => (
      <>
        <a href={`/post/${p.id}`} target="_blank" rel="noopener noreferrer">
          {p.title}
        </a>
        <div className={styles.muted}>{p.author}</div>
      </>
    ),
  },
  { accessorKey: 'category', header: '분류' },
  { accessorKey: 'published_at', header: '발행', cell: (c) => kst(c.getValue() as string) },
  { accessorKey: 'view_count', header: '조회', cell: (c) => Number(c.getValue()).toLocaleString() },
  { id: 'status', header: '상태', accessorFn: (p) => (p.status === 'RUNNING' ? '게시 중' : '종료') },
  {
    id: 'actions',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: p } }) => (
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.ghost}
          onClick={() =>
            act(
              () =>
                adminApi.patch(`/api/admin/posts/${p.id}`, {
                  status: p.status === 'RUNNING' ? 'ENDED' : 'RUNNING',
                }),
              p.status === 'RUNNING' ? `${p.title}: 게시를 끝냈어요.` : `${p.title}: 다시 게시해요.`,
            )
          }
        >
          {p.status === 'RUNNING' ? '게시 종료' : '다시 게시'}
        </button>
        <PictureUpload
          label="표지 바꾸기"
          onFile={(form) =>
            void act(
              () => adminApi.post(`/api/admin/posts/${p.id}/cover`, form),
              `${p.title}: 표지를 바꿨어요.`,
            )
          }
        />
      </div>
    ),
  },
];

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>매거진</h1>
      {feedback}
      <DataTable
        data={loaderData.result}
        columns={columns(act)}
        label="매거진 글 목록"
        empty="매거진 글이 없어요."
      />
      <CreateForm
        label="매거진 글 쓰기"
        submit="게시"
        onSubmit={(s) => {
          const body = PostInput.safeParse({
            title: s('title'),
            subtitle: s('subtitle'),
            body: s('body'),
            category: s('category'),
            author: s('author'),
            product_display_ids: s('products')
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
              .map(Number),
          });
          if (!body.success) {
            refuse(body.error.issues, '글');
            return false;
          }
          return act(() => adminApi.post('/api/admin/posts', body.data), '글을 게시했어요.');
        }}
      >
        <label className={`${styles.field} ${styles.wide}`}>
          제목
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          부제
          <input className={styles.input} name="subtitle" maxLength={300} />
        </label>
        <label className={styles.field}>
          분류
          <select className={styles.input} name="category">
            {POST_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          글쓴이
          <input className={styles.input} name="author" maxLength={50} defaultValue="코디룸 에디터" />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          본문 (마크다운: ## 소제목, 빈 줄로 문단)
          <textarea className={styles.input} name="body" rows={12} maxLength={50000} />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          소개할 상품 번호 (쉼표로)
          <input className={styles.input} name="products" />
        </label>
      </CreateForm>
    </>
  );
}
