/** /mypage/coupons: the coupon box (usable and used/expired tabs) and serial registration. */
import type { CouponBox, OwnedCoupon } from '@codiroom/shared';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { conditionLabel, discountLabel, untilLabel } from '../benefits/coupon-text';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-coupons';

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
      style={{
        padding: 14,
        border: '1px solid var(--color-line)',
        borderRadius: 10,
        opacity: off ? 0.55 : 1,
      }}
    >
      <p style={{ margin: 0, fontWeight: 700, fontSize: 18 }}>{discountLabel(c)}</p>
      <p style={{ margin: '4px 0' }}>{c.name}</p>
      <p style={{ margin: 0, fontSize: 13, color: 'var(--color-sub, #666)' }}>
        {conditionLabel(c)} · {off ? STATUS_TEXT[c.status] : untilLabel(c.expires_at)}
      </p>
    </li>
  );
}

export default function CouponBoxPage() {
  const [box, setBox] = useState<CouponBox | null>(null);
  const [tab, setTab] = useState<'usable' | 'expired'>('usable');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async () => {
    setBox(
      await browserApi().getOr<CouponBox>('/api/benefits/coupon-list', {
        usable: [],
        expired: [],
        usable_count: 0,
      }),
    );
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function register(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const serial = String(new FormData(form).get('serial') ?? '').trim();
    if (!serial) return;
    const res = await browserApi().request('POST', '/api/benefits/issue-by-serial', { body: { serial } });
    if (!res.ok) {
      setMessage({ ok: false, text: res.detail });
      return;
    }
    setMessage({ ok: true, text: '쿠폰이 등록되었어요.' });
    form.reset();
    setTab('usable');
    await load();
  }

  const list = box ? box[tab] : [];
  return (
    <>
      <PageHeader title="쿠폰함" actions={false} titleAs="h1" />
      <main>
        <form
          onSubmit={register}
          className={page.toolbar}
          style={{ display: 'flex', gap: 8 }}
          aria-label="쿠폰 등록"
        >
          <input
            name="serial"
            placeholder="쿠폰 번호를 입력해주세요"
            aria-label="쿠폰 번호"
            maxLength={50}
            style={{ flex: 1, padding: '10px 12px', border: '1px solid var(--color-line)', borderRadius: 8 }}
          />
          <button type="submit" className={page.button}>
            등록
          </button>
        </form>
        {message && (
          <output
            className={message.ok ? undefined : page.error}
            style={{ display: 'block', padding: '0 16px' }}
          >
            {message.text}
          </output>
        )}
        <div
          role="tablist"
          aria-label="쿠폰 상태"
          style={{ display: 'flex', borderBottom: '1px solid var(--color-line)' }}
        >
          {(
            [
              ['usable', `사용 가능 ${box?.usable.length ?? 0}`],
              ['expired', `사용 완료·만료 ${box?.expired.length ?? 0}`],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              onClick={() => setTab(key)}
              style={{
                flex: 1,
                padding: 12,
                background: 'none',
                border: 'none',
                borderBottom: tab === key ? '2px solid currentColor' : '2px solid transparent',
                fontWeight: tab === key ? 700 : 400,
              }}
            >
              {label}
            </button>
          ))}
        </div>
        {box === null ? (
          <p className={page.toolbar} aria-busy="true">
            불러오는 중…
          </p>
        ) : list.length === 0 ? (
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
    </>
  );
}
