/**
 * /admin/interest-free (MD): the card interest-free notice (무이자 할부 안내) the product page and
 * checkout show (SPEC.md §9 "Interest-free card default minimum"): its text, the payable amount
 * it starts from, and on or off.
 */
import { interestFreeLine } from '@codiroom/shared';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/interest-free';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { kst } from './format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/contents/interest-free-notice', undefined, {
    signal: request.signal,
  });
}

export default function InterestFree({ loaderData: n }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shown = interestFreeLine(n, n.min_amount);
  return (
    <>
      <h1>무이자 할부 안내</h1>
      <div className={styles.card} data-testid="interest-free-current">
        지금 고객에게 보이는 문구: <strong>{shown ?? '표시 안 함'}</strong>
        <div className={styles.muted}>
          {n.updated_at ? `마지막 수정 ${kst(n.updated_at)}` : '아직 수정한 적 없어요 (기본 문구).'}
        </div>
      </div>
      <form
        key={n.updated_at ?? 'default'}
        className={`${styles.form} ${styles.card}`}
        aria-label="무이자 할부 안내 고치기"
        onSubmit={async (e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const min = Number(f.get('min_amount'));
          if (!Number.isInteger(min) || min < 0) {
            setDone(null);
            setError('최소 결제 금액은 0 이상의 숫자로 적어주세요.');
            return;
          }
          try {
            await adminApi.put('/api/admin/contents/interest-free-notice', {
              text: String(f.get('text') ?? ''),
              min_amount: min,
              is_active: f.get('is_active') === 'on',
            });
            setError(null);
            setDone('저장했어요. 상품 페이지와 결제 화면에 바로 보여요.');
            await revalidator.revalidate();
          } catch (err) {
            setDone(null);
            setError(errorText(err));
          }
        }}
      >
        <label className={styles.field}>
          안내 문구
          <input className={styles.input} name="text" defaultValue={n.text} required maxLength={300} />
        </label>
        <label className={styles.field}>
          최소 결제 금액 (원)
          <input
            className={styles.input}
            name="min_amount"
            type="number"
            min={0}
            step={1000}
            defaultValue={n.min_amount}
            required
          />
        </label>
        <label className={styles.field}>
          <span>
            <input type="checkbox" name="is_active" defaultChecked={n.is_active} /> 고객에게 보이기
          </span>
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
