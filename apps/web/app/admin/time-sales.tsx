/**
 * /admin/time-sales (MD): time sales with their state and units sold; a new sale (checked with the
 * API's TimeSaleInput: a KST window of at most 14 days, products at a price below their sale price
 * in limited quantities); ending one early.
 */
import { TimeSaleInput } from '@codiroom/shared';
import type { Route } from './+types/time-sales';
import styles from './admin.module.css';
import { adminCall } from './api';
import { CreateForm, useAdminAction } from './feedback';
import { kst } from './format';

type Sale = {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  state: 'SCHEDULED' | 'RUNNING' | 'HIDDEN' | 'ENDED';
  items: number;
  sold: number;
};
// HIDDEN: running, but the shop shows another sale (the shop's rule, shownTimeSale in packages/shared).
const STATE = {
  SCHEDULED: '예정',
  RUNNING: '진행 중',
  HIDDEN: '가려짐(다른 타임세일 노출 중)',
  ENDED: '종료',
} as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminCall<{ total: number; page: number; result: Sale[] }>(
    'GET',
    '/api/admin/time-sales',
    undefined,
    {
      signal: request.signal,
    },
  );
}

/** "1234:19900:5" lines: product display, sale price, quantity. */
function parseItems(text: string) {
  return text
    .split(/\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [id, price, limit] = l.split(/[:,\s]+/).map(Number);
      return { product_display_id: id, sale_price: price, stock_limit: limit };
    });
}

export default function AdminTimeSales({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>타임세일</h1>
      <p className={styles.muted}>
        타임세일은 한 번에 하나만 열려요: 기간이 다른 타임세일과 겹치면 만들 수 없어요(끝나는 시각에 다음
        세일을 시작할 수 있어요). 진행 중인 세일이 홈 배너와 /timeSale에 나옵니다.
      </p>
      {feedback}
      <table className={styles.table} aria-label="타임세일 목록">
        <thead>
          <tr>
            <th>타임세일</th>
            <th>기간(KST)</th>
            <th>상태</th>
            <th>상품</th>
            <th>판매</th>
            <th>관리</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.result.map((s) => (
            <tr key={s.id}>
              <td>{s.title}</td>
              <td>
                {kst(s.starts_at)} ~ {kst(s.ends_at)}
              </td>
              <td>{STATE[s.state]}</td>
              <td>{s.items}개</td>
              <td>{s.sold.toLocaleString()}개</td>
              <td>
                {s.state !== 'ENDED' && (
                  <button
                    type="button"
                    className={styles.ghost}
                    onClick={() =>
                      act(
                        () => adminCall('POST', `/api/admin/time-sales/${s.id}/end`),
                        `${s.title}: 끝냈어요.`,
                      )
                    }
                  >
                    지금 끝내기
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <CreateForm
        label="타임세일 만들기"
        onSubmit={(s) => {
          const body = TimeSaleInput.safeParse({
            title: s('title'),
            starts_at: s('starts_at') ? `${s('starts_at')}:00+09:00` : '',
            ends_at: s('ends_at') ? `${s('ends_at')}:00+09:00` : '',
            items: parseItems(s('items')),
          });
          if (!body.success) {
            refuse(body.error.issues, '타임세일');
            return false;
          }
          return act(() => adminCall('POST', '/api/admin/time-sales', body.data), '타임세일을 만들었어요.');
        }}
      >
        <label className={`${styles.field} ${styles.wide}`}>
          제목
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          시작(KST)
          <input className={styles.input} type="datetime-local" name="starts_at" />
        </label>
        <label className={styles.field}>
          종료(KST)
          <input className={styles.input} type="datetime-local" name="ends_at" />
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          상품 (한 줄에 하나: 상품 번호:타임세일가:한정 수량)
          <textarea className={styles.input} name="items" rows={4} />
        </label>
      </CreateForm>
    </>
  );
}
