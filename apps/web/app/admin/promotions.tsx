/**
 * /admin/promotions (MD): promotions (기획전) with their window and products; a new one (checked
 * with the API's PromotionInput); switching one off or on.
 */
import { PROMOTION_TYPES, PromotionInput } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/promotions';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, useAdminAction } from './feedback';
import { kst, kstInstant } from './format';

type Promotion = {
  id: number;
  title: string;
  promotion_type: string;
  benefit_label: string | null;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  running: boolean;
  products: number;
};
const ids = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(Number);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/promotions', undefined, {
    signal: request.signal,
  });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The promotion list (the back office's one list pattern: DataTable); on/off in its cell. */
const columns = (act: Act): ColumnDef<Promotion, unknown>[] => [
  {
    id: 'title',
    header: '기획전',
    accessorFn: (p) => p.title,
    cell: ({ row: { original: p } }) => (
      <>
        <a href={`/promotion/${p.id}`} target="_blank" rel="noopener noreferrer">
          {p.title}
        </a>
        {p.benefit_label && <div className={styles.muted}>{p.benefit_label}</div>}
      </>
    ),
  },
  { id: 'promotion_type', header: '종류', accessorFn: (p) => p.promotion_type },
  {
    id: 'window',
    header: '기간(KST)',
    accessorFn: (p) => p.starts_at,
    cell: ({ row: { original: p } }) => `${kst(p.starts_at)} ~ ${kst(p.ends_at)}`,
  },
  { id: 'products', header: '상품', accessorFn: (p) => p.products, cell: (c) => `${c.getValue()}개` },
  {
    id: 'state',
    header: '상태',
    accessorFn: (p) => (!p.is_active ? '꺼짐' : p.running ? '진행 중' : '기간 외'),
  },
  {
    id: 'manage',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: p } }) => (
      <OnOffButton path={`/api/admin/promotions/${p.id}`} name={p.title} active={p.is_active} act={act} />
    ),
  },
];

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>기획전</h1>
      {feedback}
      <DataTable
        data={loaderData.result}
        columns={columns(act)}
        label="기획전 목록"
        empty="기획전이 없어요."
      />
      <CreateForm
        label="기획전 만들기"
        onSubmit={(s) => {
          const body = PromotionInput.safeParse({
            title: s('title'),
            subtitle: s('subtitle'),
            description: s('description'),
            promotion_type: s('promotion_type'),
            benefit_label: s('benefit_label') || null,
            coupon_policy_id: s('coupon') ? Number(s('coupon')) : null,
            starts_at: kstInstant(s('starts_at')) ?? '',
            ends_at: kstInstant(s('ends_at')) ?? '',
            product_display_ids: ids(s('products')),
          });
          if (!body.success) {
            refuse(body.error.issues, '기획전');
            return false;
          }
          return act(() => adminApi.post('/api/admin/promotions', body.data), '기획전을 만들었어요.');
        }}
      >
        <label className={styles.field}>
          제목
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          부제
          <input className={styles.input} name="subtitle" maxLength={300} />
        </label>
        <label className={styles.field}>
          종류
          <select className={styles.input} name="promotion_type">
            {PROMOTION_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          혜택 문구
          <input className={styles.input} name="benefit_label" maxLength={100} />
        </label>
        <label className={styles.field}>
          시작(KST)
          <input className={styles.input} type="datetime-local" name="starts_at" />
        </label>
        <label className={styles.field}>
          종료(KST)
          <input className={styles.input} type="datetime-local" name="ends_at" />
        </label>
        <label className={styles.field}>
          쿠폰 정책 번호 (선택)
          <input className={styles.input} name="coupon" inputMode="numeric" />
        </label>
        <label className={styles.field}>
          상품 번호 (쉼표로)
          <input className={styles.input} name="products" />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          설명
          <textarea className={styles.input} name="description" rows={3} maxLength={5000} />
        </label>
      </CreateForm>
    </>
  );
}
