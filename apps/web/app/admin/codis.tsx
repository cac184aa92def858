/**
 * /admin/codis (MD): outfits (코디) with their style, curator and products; a new outfit (checked
 * with the API's CodiInput: two to six products); switching one off or on.
 */
import { CodiInput } from '@codiroom/shared';
import type { Route } from './+types/codis';
import styles from './admin.module.css';
import { adminCall } from './api';
import { CreateForm, OnOffButton, useAdminAction } from './feedback';

type Codi = {
  id: number;
  title: string;
  style_name: string | null;
  curator_name: string | null;
  image_url: string;
  is_active: boolean;
  like_count: number;
  products: number;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminCall<{ styles: { id: number; name: string }[]; result: Codi[] }>(
    'GET',
    '/api/admin/codis',
    undefined,
    { signal: request.signal },
  );
}

export default function AdminCodis({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>코디</h1>
      {feedback}
      <table className={styles.table} aria-label="코디 목록">
        <thead>
          <tr>
            <th>사진</th>
            <th>코디</th>
            <th>스타일</th>
            <th>상품</th>
            <th>좋아요</th>
            <th>관리</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.result.map((c) => (
            <tr key={c.id}>
              <td>
                <img src={c.image_url} alt="" width={40} height={52} loading="lazy" />
              </td>
              <td>
                <a href={`/codybook/${c.id}`} target="_blank" rel="noopener noreferrer">
                  {c.title}
                </a>
                {c.curator_name && <div className={styles.muted}>{c.curator_name}</div>}
              </td>
              <td>{c.style_name ?? '—'}</td>
              <td>{c.products}개</td>
              <td>{c.like_count.toLocaleString()}</td>
              <td>
                <OnOffButton
                  path={`/api/admin/codis/${c.id}`}
                  name={c.title}
                  active={c.is_active}
                  act={act}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
          return act(() => adminCall('POST', '/api/admin/codis', body.data), '코디를 만들었어요.');
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
