/**
 * /mypage/withdraw: 회원 탈퇴 (POST /api/users/stop with the reason). What happens is stated
 * first (docs/ARCHITECTURE.md "Accounts", Withdrawal); the member picks a reason and confirms
 * with a checkbox before the button works. Afterwards local data and cookies are cleared and the
 * visitor goes to /login (SPEC.md §4 "Session").
 */
import { ACCOUNT_MESSAGES, REREGISTER_BLOCK_DAYS } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { FieldError, fieldProps } from '../components/FieldError';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { logoutLocally } from '../lib/session';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-withdraw';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('회원 탈퇴');

export function meta(_: Route.MetaArgs) {
  return [{ title: '회원 탈퇴 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const REASONS = [
  '원하는 상품이 없어요',
  '가격이나 혜택이 아쉬워요',
  '배송이나 교환·반품이 불편했어요',
  '자주 이용하지 않아요',
  '개인정보가 걱정돼요',
  '기타',
];

export default function WithdrawPage() {
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // Not revalidated: the member leaves (logoutLocally loads /login).
  const stop = useMutation(
    (reason: string) => browserApi().request('POST', '/api/users/stop', { body: { reason } }),
    { revalidate: false, onSuccess: () => logoutLocally() },
  );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    stop.reset();
    const form = new FormData(e.currentTarget);
    if (form.get('confirm') !== 'on') {
      setConfirmError(ACCOUNT_MESSAGES.withdrawConfirm);
      return;
    }
    setConfirmError(null);
    const reason = [String(form.get('reason') ?? ''), String(form.get('reason_text') ?? '').trim()]
      .filter(Boolean)
      .join(' - ')
      .slice(0, 500);
    await stop.run(reason);
  }

  return (
    <main>
      <form className={page.form} onSubmit={submit} noValidate aria-label="회원 탈퇴">
        <section aria-label="탈퇴 안내">
          <ul className={my.note}>
            <li>보유한 쿠폰과 포인트는 모두 사라지고 되돌릴 수 없어요.</li>
            <li>주문·결제 기록은 전자상거래법에 따라 5년 동안 보관해요.</li>
            <li>작성한 후기는 남아 있고 이름은 탈퇴회원으로 표시돼요.</li>
            <li>같은 번호로는 {REREGISTER_BLOCK_DAYS}일이 지난 뒤 다시 가입할 수 있어요.</li>
          </ul>
        </section>
        <label>
          탈퇴 사유
          <select className={page.input} name="reason" defaultValue={REASONS[0]}>
            {REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          자세한 사유 (선택)
          <textarea className={page.input} name="reason_text" rows={3} maxLength={300} />
        </label>
        <label className={my.checkRow}>
          <input
            type="checkbox"
            name="confirm"
            onChange={() => setConfirmError(null)}
            {...fieldProps('confirm-error', confirmError)}
          />
          안내를 모두 확인했고 탈퇴에 동의해요.
        </label>
        <FieldError id="confirm-error" message={confirmError} />
        {stop.error && (
          <p className={page.error} role="alert">
            {stop.error}
          </p>
        )}
        <button type="submit" className={page.button} disabled={stop.pending || stop.done}>
          탈퇴하기
        </button>
      </form>
    </main>
  );
}
