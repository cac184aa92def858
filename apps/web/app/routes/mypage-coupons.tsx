/** /mypage/coupons: the coupon box (usable and used/expired tabs) and serial registration. */
import type { OwnedCoupon } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { conditionLabel, discountLabel, untilLabel } from '../benefits/coupon-text';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-coupons';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('쿠폰함');

export function meta(_: Route.MetaArgs) {
  return [{ title: '쿠폰함 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const STATUS_TEXT = { USABLE: '사용 가능', USED: '사용 완료', EXPIRED: '기간 만료' } as const;

function CouponCard({ c }: { c: OwnedCoupon }) {
  const off = c.status !== 'USABLE';
  return (
    <li
      data-testid="owned-coupon"
      data-coupon-policy-id={c.coupon_policy_id}
      className={off ? my.cardOff : my.card}
    >
      <p className={my.discount}>{discountLabel(c)}</p>
      <p className={my.line}>{c.name}</p>
      <p className={my.condition}>
        {conditionLabel(c)} · {off ? STATUS_TEXT[c.status] : untilLabel(c.expires_at)}
      </p>
    </li>
  );
}

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary instead of an empty box. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/benefits/coupon-list', undefined, { signal: request.signal });
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

export default function CouponBoxPage({ loaderData: box }: Route.ComponentProps) {
  const [tab, setTab] = useState<'usable' | 'expired'>('usable');
  const [done, setDone] = useState(false);
  const registerSerial = useMutation((serial: string) =>
    browserApi().request('POST', '/api/benefits/issue-by-serial', { body: { serial } }),
  );

  async function register(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const serial = String(new FormData(form).get('serial') ?? '').trim();
    if (!serial) return;
    setDone(false);
    const res = await registerSerial.run(serial);
    if (!res?.ok) return;
    setDone(true);
    form.reset();
    setTab('usable');
  }

  const message = registerSerial.error
    ? { ok: false, text: registerSerial.error }
    : done
      ? { ok: true, text: '쿠폰이 등록되었어요.' }
      : null;
  const list = box[tab];
  return (
    <main>
      <form onSubmit={register} className={`${page.toolbar} ${my.serialForm}`} aria-label="쿠폰 등록">
        <input
          name="serial"
          placeholder="쿠폰 번호를 입력해주세요"
          aria-label="쿠폰 번호"
          maxLength={50}
          className={my.serialInput}
        />
        <button type="submit" className={page.button} disabled={registerSerial.pending}>
          등록
        </button>
      </form>
      {message && (
        <output className={message.ok ? my.message : `${page.error} ${my.message}`}>{message.text}</output>
      )}
      <p className={`${page.toolbar} ${page.muted}`} data-testid="coupon-events">
        <Link to="/event/random_coupon">오늘의 랜덤 쿠폰 뽑기 ›</Link>
        <Link to="/event/first_benefit">첫 구매 혜택 안내 ›</Link>
      </p>
      <div role="tablist" aria-label="쿠폰 상태" className={my.tabs}>
        {(
          [
            ['usable', `사용 가능 ${box.usable.length}`],
            ['expired', `사용 완료·만료 ${box.expired.length}`],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={my.tab}
          >
            {label}
          </button>
        ))}
      </div>
      {list.length === 0 ? (
        <EmptyState
          title={tab === 'usable' ? '사용 가능한 쿠폰이 없어요' : '사용했거나 만료된 쿠폰이 없어요'}
        />
      ) : (
        <ul className={page.cardList} role="tabpanel">
          {list.map((c) => (
            <CouponCard key={c.coupon_id} c={c} />
          ))}
        </ul>
      )}
    </main>
  );
}
