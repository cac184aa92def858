/**
 * /admin/shop-status (ADMIN): the maintenance or overload screen shoppers see (SPEC.md, "Web
 * status"), switched on and off with an optional KST window. Configuration (WEB_STATUS) still
 * overrides it.
 */
import { WebStatusVariant } from '@codiroom/shared';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/shop-status';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { kst, kstInstant } from './format';

const VARIANT_LABEL: Record<string, string> = {
  maintenance: '점검',
  overload: '접속 지연',
  error4: '오류 안내',
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/web-status', undefined, { signal: request.signal });
}

/** A datetime-local value (KST) as an ISO time with the +09:00 offset, or null. */
const kstIso = (v: FormDataEntryValue | null) => kstInstant(typeof v === 'string' ? v : null);

export default function ShopStatus({ loaderData: s }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <h1>쇼핑몰 상태</h1>
      <div className={styles.card} data-testid="shop-status">
        지금:{' '}
        <strong>{s.result ? `${VARIANT_LABEL[s.variant] ?? s.variant} 화면 표시 중` : '정상 영업'}</strong>
        {s.start_at && ` · ${kst(s.start_at)} ~ ${kst(s.end_at)}`}
      </div>
      <form
        className={`${styles.form} ${styles.card}`}
        aria-label="쇼핑몰 상태 바꾸기"
        onSubmit={async (e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          try {
            await adminApi.put('/api/admin/web-status', {
              result: f.get('result') === 'on',
              variant: String(f.get('variant')),
              start_at: kstIso(f.get('start_at')),
              end_at: kstIso(f.get('end_at')),
            });
            setError(null);
            setDone('바꿨어요. 고객 화면에는 5분 안에 반영돼요.');
            await revalidator.revalidate();
          } catch (err) {
            setError(errorText(err));
          }
        }}
      >
        <label className={styles.field}>
          <span>
            <input type="checkbox" name="result" defaultChecked={s.result} /> 안내 화면 켜기
          </span>
        </label>
        <label className={styles.field}>
          종류
          <select className={styles.input} name="variant" defaultValue={s.variant}>
            {WebStatusVariant.options.map((v) => (
              <option key={v} value={v}>
                {VARIANT_LABEL[v] ?? v}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          시작 (KST, 선택)
          <input className={styles.input} type="datetime-local" name="start_at" />
        </label>
        <label className={styles.field}>
          끝 (KST, 선택)
          <input className={styles.input} type="datetime-local" name="end_at" />
        </label>
        <button type="submit" className={styles.button}>
          저장
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
