/**
 * /admin/posts (MD): magazine posts; a new post (checked with the API's PostInput: markdown body,
 * category, author, the products it shows); ending one (no longer readable) and its cover.
 */
import { POST_CATEGORIES, PostInput } from '@codiroom/shared';
import type { Route } from './+types/posts';
import styles from './admin.module.css';
import { adminCall, adminUpload } from './api';
import { CreateForm, PictureUpload, useAdminAction } from './feedback';
import { kst } from './format';

type Post = {
  id: number;
  title: string;
  category: string;
  author: string;
  status: string;
  cover_image_url: string;
  view_count: number;
  published_at: string;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminCall<{ total: number; page: number; result: Post[] }>('GET', '/api/admin/posts', undefined, {
    signal: request.signal,
  });
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>매거진</h1>
      {feedback}
      <table className={styles.table} aria-label="매거진 글 목록">
        <thead>
          <tr>
            <th>표지</th>
            <th>제목</th>
            <th>분류</th>
            <th>발행</th>
            <th>조회</th>
            <th>상태</th>
            <th>관리</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.result.map((p) => (
            <tr key={p.id}>
              <td>
                <img src={p.cover_image_url} alt="" width={64} height={40} loading="lazy" />
              </td>
              <td>
                <a href={`/post/${p.id}`} target="_blank" rel="noopener noreferrer">
                  {p.title}
                </a>
                <div className={styles.muted}>{p.author}</div>
              </td>
              <td>{p.category}</td>
              <td>{kst(p.published_at)}</td>
              <td>{p.view_count.toLocaleString()}</td>
              <td>{p.status === 'RUNNING' ? '게시 중' : '종료'}</td>
              <td>
                <div className={styles.toolbar}>
                  <button
                    type="button"
                    className={styles.ghost}
                    onClick={() =>
                      act(
                        () =>
                          adminCall('PATCH', `/api/admin/posts/${p.id}`, {
                            status: p.status === 'RUNNING' ? 'ENDED' : 'RUNNING',
                          }),
                        p.status === 'RUNNING'
                          ? `${p.title}: 게시를 끝냈어요.`
                          : `${p.title}: 다시 게시해요.`,
                      )
                    }
                  >
                    {p.status === 'RUNNING' ? '게시 종료' : '다시 게시'}
                  </button>
                  <PictureUpload
                    label="표지 바꾸기"
                    onFile={(form) =>
                      void act(
                        () => adminUpload(`/api/admin/posts/${p.id}/cover`, form),
                        `${p.title}: 표지를 바꿨어요.`,
                      )
                    }
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
          return act(() => adminCall('POST', '/api/admin/posts', body.data), '글을 게시했어요.');
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
