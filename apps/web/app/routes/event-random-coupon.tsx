/**
 * /event/random_coupon: the random coupon draws of API-CATALOGUE.md (event-random-coupon and
 * event-random-coupon-weekend). SPEC.md §9: weekday means Mon–Thu and weekend means Fri–Sun (KST);
 * the tab of today's draw is the open one, the other says when it opens. The server decides the
 * day with its clock (GET event-random-coupon-status) and refuses the other draw.
 */
import { FIRST_PURCHASE_COUPON_RATE_PERCENT, type IssueResultBody, MESSAGES } from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { discountLabel, untilLabel } from '../benefits/coupon-text';
import { PageHeader } from '../components/PageHeader';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/event-random-coupon';
import styles from './public.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '오늘의 랜덤 쿠폰 | 코디룸' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/benefits/event-random-coupon-status', undefined, {
    signal: request.signal,
  });
}

export const ErrorBoundary = RouteErrorBoundary;

const DRAWS = {
  WEEKDAY: { label: '평일 쿠폰', days: '월~목', path: '/api/benefits/event-random-coupon' },
  WEEKEND: { label: '주말 쿠폰', days: '금~일', path: '/api/benefits/event-random-coupon-weekend' },
} as const;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="랜덤 쿠폰" />
      <main>
        <LoadingNote />
      </main>
    </>
  );
}

export default function RandomCoupon({ loaderData: s }: Route.ComponentProps) {
  const [won, setWon] = useState<IssueResultBody['coupon'] | null>(null);
  const today = DRAWS[s.week_part];
  const draw = useMutation(() => browserApi().request('POST', today.path), {
    failedText: () => MESSAGES.couponDownloadFallback,
    onSuccess: (r) => setWon(r.coupon),
  });
  return (
    <>
      <PageHeader title="랜덤 쿠폰" />
      <main>
        <section className={page.intro}>
          <h1>오늘의 랜덤 쿠폰</h1>
          <p>
            평일(월~목)과 주말(금~일)에 각각 다른 쿠폰을 뽑을 수 있어요. 어떤 쿠폰이 나올지는 뽑아 봐야
            알아요!
          </p>
        </section>
        <ul className={`${page.tabs} ${styles.drawDays}`} aria-label="쿠폰 요일">
          {(['WEEKDAY', 'WEEKEND'] as const).map((k) => (
            <li
              key={k}
              aria-current={k === s.week_part ? 'date' : undefined}
              className={k === s.week_part ? `${page.tab} ${page.tabActive}` : page.tab}
              data-testid={`draw-tab-${k.toLowerCase()}`}
            >
              {DRAWS[k].label} ({DRAWS[k].days}){k === s.week_part ? ' · 오늘' : ''}
            </li>
          ))}
        </ul>
        <section className={page.section} data-testid="random-coupon" data-week-part={s.week_part}>
          <p className={styles.description}>
            오늘은 <strong>{today.label}</strong>을 뽑을 수 있어요. (
            {s.week_part === 'WEEKDAY'
              ? '주말 쿠폰은 금요일 0시에 열려요'
              : '평일 쿠폰은 월요일 0시에 열려요'}
            )
          </p>
          {won ? (
            <div data-testid="random-coupon-won">
              <p>
                <strong>{discountLabel(won)}</strong> <span data-testid="random-coupon-name">{won.name}</span>
              </p>
              <p className={page.muted}>{untilLabel(won.expires_at)} · 쿠폰함에 넣어 두었어요.</p>
              <Link to="/mypage/coupons" className={page.button}>
                쿠폰함 보기
              </Link>
            </div>
          ) : s.can_draw ? (
            <button
              type="button"
              className={page.button}
              disabled={draw.pending}
              onClick={() => void draw.run()}
            >
              {today.label} 뽑기
            </button>
          ) : (
            <p className={page.muted} data-testid="random-coupon-none">
              오늘 받을 수 있는 {today.label}을 모두 받았어요.
            </p>
          )}
          {draw.error && (
            <p className={page.error} role="alert">
              {draw.error}
            </p>
          )}
        </section>
        <p className={`${page.section} ${page.muted}`}>
          <Link to="/event/first_benefit">
            첫 구매 {FIRST_PURCHASE_COUPON_RATE_PERCENT}% 할인 쿠폰 안내 ›
          </Link>
        </p>
      </main>
    </>
  );
}
