/**
 * /admin/female-landing (MD): the women's landing submissions (SPEC.md §6's admin call,
 * `POST /api/admin/contents/female-landing`), newest first — the first one is in force — and a
 * form to send a new one.
 */
import type { FemaleLandingSubmission } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/female-landing';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { DataTable } from './DataTable';
import { kst } from './format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/contents/female-landing', undefined, {
    signal: request.signal,
  });
}

const columns: ColumnDef<FemaleLandingSubmission, unknown>[] = [
  { accessorKey: 'submitted_at', header: '받은 시각', cell: (c) => kst(c.getValue() as string) },
  { accessorKey: 'title', header: '제목' },
  { accessorKey: 'subtitle', header: '부제' },
  {
    id: 'products',
    header: '상품',
    accessorFn: (r) => (r.product_display_ids.length ? r.product_display_ids.join(', ') : '없음'),
  },
  { id: 'banner', header: '배너', accessorFn: (r) => r.banner_image_url ?? '없음' },
  { id: 'active', header: '노출', accessorFn: (r) => (r.is_active ? '노출' : '숨김') },
  { id: 'operator', header: '보낸 사람', accessorFn: (r) => r.operator_name ?? 'API 키' },
];

/** "12, 34 56" → [12, 34, 56]; null when something is not a product number. */
function parseIds(v: string): number[] | null {
  const parts = v.split(/[\s,]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  return parts.map(Number);
}

export default function FemaleLanding({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <h1>여성 랜딩</h1>
      <p className={styles.muted}>
        여성 랜딩으로 보낸 내용이에요. 맨 위가 지금 적용된 내용이에요. (최근 100건)
      </p>
      <DataTable
        data={loaderData.result}
        columns={columns}
        label="여성 랜딩 제출 내역"
        empty="아직 받은 내용이 없어요."
      />
      <h2>새로 보내기</h2>
      <form
        className={`${styles.form} ${styles.card}`}
        aria-label="여성 랜딩 보내기"
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const f = new FormData(form);
          const ids = parseIds(String(f.get('product_display_ids') ?? ''));
          if (ids === null) {
            setDone(null);
            setError('상품 번호는 숫자로, 쉼표나 띄어쓰기로 나눠 적어주세요.');
            return;
          }
          const banner = String(f.get('banner_image_url') ?? '').trim();
          try {
            await adminApi.post('/api/admin/contents/female-landing', {
              title: String(f.get('title') ?? ''),
              subtitle: String(f.get('subtitle') ?? ''),
              banner_image_url: banner || null,
              product_display_ids: ids,
              is_active: f.get('is_active') === 'on',
            });
            setError(null);
            setDone('보냈어요.');
            form.reset();
            await revalidator.revalidate();
          } catch (err) {
            setDone(null);
            setError(errorText(err));
          }
        }}
      >
        <label className={styles.field}>
          제목
          <input className={styles.input} name="title" required maxLength={200} />
        </label>
        <label className={styles.field}>
          부제
          <input className={styles.input} name="subtitle" maxLength={500} />
        </label>
        <label className={styles.field}>
          배너 이미지 주소 (선택)
          <input className={styles.input} name="banner_image_url" maxLength={500} />
        </label>
        <label className={styles.field}>
          상품 번호 (쉼표로 나눠서, 선택)
          <input className={styles.input} name="product_display_ids" inputMode="numeric" />
        </label>
        <label className={styles.field}>
          <span>
            <input type="checkbox" name="is_active" defaultChecked /> 노출
          </span>
        </label>
        <button type="submit" className={styles.button}>
          보내기
        </button>
      </form>
      {done && <output className={styles.ok}>{done}</output>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
