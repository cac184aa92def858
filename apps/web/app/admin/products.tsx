/**
 * /admin/products (MD): colourways newest first, searched on the server by name or id and sale
 * state, 30 a page, each with its total stock; a new product starts at /admin/products/new.
 */
import { type AdminProductRow, formatWon } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/products';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { PageButtons } from './feedback';
import { kst } from './format';

const PAGE = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ['q', 'active', 'page']) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return adminApi.get(`/api/admin/products?${q}`, undefined, { signal: request.signal });
}

const columns: ColumnDef<AdminProductRow, unknown>[] = [
  {
    accessorKey: 'image_url',
    header: '사진',
    enableSorting: false,
    cell: (c) => <img src={String(c.getValue())} alt="" width={40} height={52} loading="lazy" />,
  },
  {
    accessorKey: 'name',
    header: '상품',
    cell: (c) => (
      <Link to={`/admin/products/${c.row.original.product_id}`}>
        {c.row.original.name} · {c.row.original.color_name}
      </Link>
    ),
  },
  { accessorKey: 'brand_name', header: '브랜드' },
  { accessorKey: 'category_name', header: '카테고리' },
  { accessorKey: 'price', header: '정가', cell: (c) => formatWon(c.getValue() as number) },
  { accessorKey: 'price_discount', header: '판매가', cell: (c) => formatWon(c.getValue() as number) },
  { accessorKey: 'stock', header: '재고' },
  { accessorKey: 'is_active', header: '판매', cell: (c) => (c.getValue() ? '판매중' : '중지') },
  {
    accessorKey: 'display_id',
    header: '상품 페이지',
    cell: (c) => (
      <a href={`/product/${c.getValue()}`} target="_blank" rel="noopener noreferrer">
        {String(c.getValue())}
      </a>
    ),
  },
  { accessorKey: 'created_at', header: '등록', cell: (c) => kst(c.getValue() as string) },
];

export default function AdminProducts({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  return (
    <>
      <h1>상품</h1>
      <div className={styles.toolbar}>
        <Link className={styles.button} to="/admin/products/new">
          상품 등록
        </Link>
      </div>
      <Form className={`${styles.form} ${styles.card}`} aria-label="상품 검색">
        <label className={styles.field}>
          상품명 또는 번호
          <input className={styles.input} name="q" defaultValue={params.get('q') ?? ''} />
        </label>
        <label className={styles.field}>
          판매
          <select className={styles.input} name="active" defaultValue={params.get('active') ?? ''}>
            <option value="">전체</option>
            <option value="true">판매중</option>
            <option value="false">중지</option>
          </select>
        </label>
        <button type="submit" className={styles.button}>
          검색
        </button>
      </Form>
      <p className={styles.muted}>
        {p.total}건 · {p.page}/{pages}쪽
      </p>
      <DataTable data={p.result} columns={columns} label="상품 목록" empty="조건에 맞는 상품이 없어요." />
      <PageButtons page={p.page} pages={pages} onPage={(n) => go(n)} />
    </>
  );
}
