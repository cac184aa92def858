/**
 * /admin/coupons (MD): coupon policies with their issued, used and serial counts; a new policy
 * (checked with the API's own schema, CouponPolicyInput); switching one off or on; a batch of
 * one-time serial codes and its CSV.
 */
import {
  type AdminCouponPolicy,
  COUPON_SCOPES,
  COUPON_TYPES,
  CouponPolicyInput,
  DISCOUNT_KINDS,
  formatWon,
  SERIAL_BATCH_MAX,
} from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/coupons';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, type OnOffWords, PageButtons, useAdminAction } from './feedback';
import { kst, kstInstant } from './format';

type Policy = AdminCouponPolicy;
const PAGE = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  const page = url.searchParams.get('page');
  if (page) q.set('page', page);
  return adminApi.get(`/api/admin/coupon-policies?${q}`, undefined, { signal: request.signal });
}

/** A number field: null when left empty. */
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
/** 중지 / 재개: a policy switched off issues nothing, and what it issued shows as expired until resumed. */
const ISSUING: OnOffWords = {
  turnOff: '중지',
  turnOn: '재개',
  turnedOff: '발급을 멈췄어요.',
  turnedOn: '다시 발급해요.',
};

export default function AdminCoupons({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const { act, refuse, feedback } = useAdminAction();
  const columns: ColumnDef<Policy, unknown>[] = [
    { accessorKey: 'id', header: '번호' },
    { accessorKey: 'name', header: '쿠폰' },
    { accessorKey: 'coupon_type', header: '종류' },
    {
      id: 'discount',
      header: '할인',
      cell: (c) => {
        const r = c.row.original;
        return r.discount_kind === 'PERCENT'
          ? `${r.discount_value}%${r.max_discount ? ` (최대 ${formatWon(r.max_discount)})` : ''}`
          : formatWon(r.discount_value);
      },
    },
    { accessorKey: 'min_order_amount', header: '최소 주문', cell: (c) => formatWon(c.getValue() as number) },
    { accessorKey: 'issued_count', header: '발급' },
    { accessorKey: 'used_count', header: '사용' },
    {
      id: 'serials',
      header: '쿠폰 번호',
      cell: (c) => {
        const r = c.row.original;
        return (
          <>
            {r.serial_code && <div>공용 {r.serial_code}</div>}
            {r.serial_count > 0 && (
              <a href={`/api/admin/coupon-policies/${r.id}/serials.csv`} download>
                일회용 {r.serial_redeemed}/{r.serial_count} CSV
              </a>
            )}
          </>
        );
      },
    },
    { accessorKey: 'ends_at', header: '종료', cell: (c) => kst(c.getValue() as string | null) },
    {
      id: 'actions',
      header: '관리',
      enableSorting: false,
      cell: (c) => {
        const r = c.row.original;
        return (
          <div className={styles.toolbar}>
            <OnOffButton
              path={`/api/admin/coupon-policies/${r.id}`}
              name={r.name}
              active={r.is_active}
              act={act}
              words={ISSUING}
            />
            <form
              className={styles.toolbar}
              aria-label={`${r.name} 쿠폰 번호 만들기`}
              onSubmit={(e) => {
                e.preventDefault();
                const count = Number(new FormData(e.currentTarget).get('count'));
                void act(
                  () => adminApi.post(`/api/admin/coupon-policies/${r.id}/serials`, { count }),
                  `${r.name}: 쿠폰 번호 ${count.toLocaleString()}개를 만들었어요.`,
                );
              }}
            >
              <input
                className={styles.input}
                name="count"
                aria-label="만들 개수"
                inputMode="numeric"
                defaultValue={100}
                size={5}
                max={SERIAL_BATCH_MAX}
              />
              <button type="submit" className={styles.ghost}>
                번호 만들기
              </button>
            </form>
          </div>
        );
      },
    },
  ];

  /** The new policy from the form, checked with the API's schema (CreateForm sends and clears it). */
  const create = (s: (name: string) => string, f: FormData) => {
    const body = {
      name: s('name'),
      coupon_type: s('coupon_type'),
      discount_kind: s('discount_kind'),
      discount_value: Number(s('discount_value')),
      max_discount: numOrNull(s('max_discount')),
      min_order_amount: Number(s('min_order_amount') || 0),
      scope: s('scope'),
      scope_ids: s('scope_ids')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number),
      is_cart_coupon: f.get('is_cart_coupon') === 'on',
      stackable: f.get('stackable') === 'on',
      allow_time_sale: f.get('allow_time_sale') === 'on',
      starts_at: kstInstant(s('starts_at')),
      ends_at: kstInstant(s('ends_at')),
      valid_days: numOrNull(s('valid_days')),
      per_user_limit: Number(s('per_user_limit') || 1),
      total_limit: numOrNull(s('total_limit')),
      serial_code: s('serial_code') || null,
      is_downloadable: f.get('is_downloadable') === 'on',
      is_active: true,
    };
    const checked = CouponPolicyInput.safeParse(body);
    if (!checked.success) {
      refuse(checked.error.issues, '쿠폰');
      return false;
    }
    return act(() => adminApi.post('/api/admin/coupon-policies', checked.data), '쿠폰 정책을 만들었어요.');
  };

  return (
    <>
      <h1>쿠폰</h1>
      {feedback}
      <DataTable data={p.result} columns={columns} label="쿠폰 정책" empty="쿠폰 정책이 없어요." />
      <PageButtons
        page={p.page}
        pages={pages}
        onPage={(n) => setParams({ ...Object.fromEntries(params), page: String(n) })}
      />
      <CreateForm label="쿠폰 정책 만들기" onSubmit={create}>
        <label className={`${styles.field} ${styles.wide}`}>
          쿠폰 이름
          <input className={styles.input} name="name" maxLength={200} />
        </label>
        <label className={styles.field}>
          종류
          <select className={styles.input} name="coupon_type" defaultValue="EVENT">
            {COUPON_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          할인 방식
          <select className={styles.input} name="discount_kind" defaultValue="FIXED">
            {DISCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {k === 'FIXED' ? '정액(원)' : '정률(%)'}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          할인 값
          <input className={styles.input} name="discount_value" inputMode="numeric" />
        </label>
        <label className={styles.field}>
          최대 할인(원, 정률만)
          <input className={styles.input} name="max_discount" inputMode="numeric" />
        </label>
        <label className={styles.field}>
          최소 주문(원)
          <input className={styles.input} name="min_order_amount" inputMode="numeric" defaultValue={0} />
        </label>
        <label className={styles.field}>
          적용 대상
          <select className={styles.input} name="scope" defaultValue="ORDER">
            {COUPON_SCOPES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          대상 번호(쉼표로)
          <input className={styles.input} name="scope_ids" />
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
          발급 후 사용 기한(일)
          <input className={styles.input} name="valid_days" inputMode="numeric" defaultValue={14} />
        </label>
        <label className={styles.field}>
          1인 발급 한도
          <input className={styles.input} name="per_user_limit" inputMode="numeric" defaultValue={1} />
        </label>
        <label className={styles.field}>
          전체 발급 한도
          <input className={styles.input} name="total_limit" inputMode="numeric" />
        </label>
        <label className={styles.field}>
          공용 쿠폰 번호
          <input className={styles.input} name="serial_code" maxLength={30} />
        </label>
        <fieldset className={`${styles.toolbar} ${styles.wide}`}>
          <legend>옵션</legend>
          <label>
            <input type="checkbox" name="is_cart_coupon" defaultChecked /> 주문 전체 쿠폰
          </label>
          <label>
            <input type="checkbox" name="stackable" /> 중복 사용 가능
          </label>
          <label>
            <input type="checkbox" name="allow_time_sale" /> 타임세일 상품에도
          </label>
          <label>
            <input type="checkbox" name="is_downloadable" defaultChecked /> 다운로드 가능
          </label>
        </fieldset>
      </CreateForm>
    </>
  );
}
