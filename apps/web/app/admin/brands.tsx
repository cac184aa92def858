/**
 * /admin/brands (MD): brands by name with their products on sale; a new brand (checked with the
 * API's BrandInput: names, slug, story, shipping fee, free-shipping minimum, fast-shipping cut-off);
 * changing a brand's shipping fee.
 */
import { BrandInput, formatWon } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/brands';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, useAdminAction } from './feedback';

type Brand = {
  id: number;
  name: string;
  name_en: string;
  slug: string;
  shipping_fee: number;
  free_shipping_min: number;
  fast_shipping_cutoff: number | null;
  products: number;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/brands', undefined, { signal: request.signal });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The brand list (the back office's one list pattern: DataTable); the fee cell saves in place. */
const columns = (act: Act): ColumnDef<Brand, unknown>[] => [
  {
    id: 'name',
    header: '브랜드',
    accessorFn: (b) => b.name,
    cell: ({ row: { original: b } }) => (
      <>
        <a href={`/brands/${b.id}`} target="_blank" rel="noopener noreferrer">
          {b.name}
        </a>{' '}
        <span className={styles.muted}>{b.name_en}</span>
      </>
    ),
  },
  {
    id: 'products',
    header: '판매 상품',
    accessorFn: (b) => b.products,
    cell: (c) => Number(c.getValue()).toLocaleString(),
  },
  {
    id: 'shipping_fee',
    header: '배송비',
    accessorFn: (b) => b.shipping_fee,
    cell: ({ row: { original: b } }) => (
      <form
        className={styles.toolbar}
        aria-label={`${b.name} 배송비`}
        onSubmit={(e) => {
          e.preventDefault();
          const fee = Number(new FormData(e.currentTarget).get('fee'));
          void act(
            () => adminApi.patch(`/api/admin/brands/${b.id}`, { shipping_fee: fee }),
            `${b.name}: 배송비를 ${formatWon(fee)}으로 바꿨어요.`,
          );
        }}
      >
        <input
          className={styles.input}
          name="fee"
          aria-label="배송비"
          defaultValue={b.shipping_fee}
          size={6}
        />
        <button type="submit" className={styles.ghost}>
          저장
        </button>
      </form>
    ),
  },
  {
    id: 'free_shipping_min',
    header: '무료배송 기준',
    accessorFn: (b) => b.free_shipping_min,
    cell: (c) => formatWon(Number(c.getValue())),
  },
  {
    id: 'fast_shipping_cutoff',
    header: '빠른배송 마감',
    accessorFn: (b) => b.fast_shipping_cutoff,
    cell: (c) => (c.getValue() ? `${c.getValue()}시` : '—'),
  },
];

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>브랜드</h1>
      {feedback}
      <DataTable
        data={loaderData.result}
        columns={columns(act)}
        label="브랜드 목록"
        empty="브랜드가 없어요."
      />
      <CreateForm
        label="브랜드 만들기"
        onSubmit={(s) => {
          const body = BrandInput.safeParse({
            name: s('name'),
            name_en: s('name_en'),
            slug: s('slug'),
            description: s('description'),
            shipping_fee: Number(s('shipping_fee') || 0),
            free_shipping_min: Number(s('free_shipping_min') || 0),
            fast_shipping_cutoff: s('cutoff') ? Number(s('cutoff')) : null,
          });
          if (!body.success) {
            refuse(body.error.issues, '브랜드');
            return false;
          }
          return act(() => adminApi.post('/api/admin/brands', body.data), '브랜드를 만들었어요.');
        }}
      >
        <label className={styles.field}>
          이름
          <input className={styles.input} name="name" maxLength={100} />
        </label>
        <label className={styles.field}>
          영문 이름
          <input className={styles.input} name="name_en" maxLength={100} />
        </label>
        <label className={styles.field}>
          주소 이름 (slug)
          <input className={styles.input} name="slug" maxLength={100} />
        </label>
        <label className={styles.field}>
          빠른배송 마감
          <select className={styles.input} name="cutoff" defaultValue="">
            <option value="">없음</option>
            <option value="11">11시</option>
            <option value="12">12시</option>
          </select>
        </label>
        <label className={styles.field}>
          배송비(원)
          <input className={styles.input} name="shipping_fee" inputMode="numeric" defaultValue={3000} />
        </label>
        <label className={styles.field}>
          무료배송 기준(원)
          <input className={styles.input} name="free_shipping_min" inputMode="numeric" defaultValue={50000} />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          브랜드 소개
          <textarea className={styles.input} name="description" rows={3} maxLength={2000} />
        </label>
      </CreateForm>
    </>
  );
}
