/**
 * /mypage/settings/notifications: the member's three alarm flags (SPEC.md §3 "User global status":
 * is_app_alert, is_benefit_alert, is_nighttime_alert), read from and saved to
 * /api/users/notification-permissions one switch at a time. The rules they drive
 * (@codiroom/shared notifications.ts): no push without 앱 알림; coupons, points and other benefit
 * news also need 혜택·마케팅 알림, and between 21:00 and 08:00 they wait for the morning unless
 * 야간 알림 is on. The in-app list (/mypage/notifications) always gets every notification.
 * 혜택·마케팅 알림 is the 광고성 정보 수신 동의 of sign-up: the page shows when it was given.
 */
import { type AlertFlag, formatKst, type NotificationPermissions, withJosa } from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-notification-settings';
import css from './mypage-notification-settings.module.css';

type Flag = AlertFlag;

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('알림 설정');

export function meta(_: Route.MetaArgs) {
  return [{ title: '알림 설정 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/users/notification-permissions', undefined, {
    signal: request.signal,
  });
}

export function HydrateFallback() {
  return (
    <main>
      <LoadingNote />
    </main>
  );
}

const SWITCHES: { flag: Flag; label: string; short: string; text: string }[] = [
  {
    flag: 'is_app_alert',
    label: '앱 알림',
    short: '앱 알림',
    text: '주문·배송, 반품·교환, 문의 답변, 코디 도착 소식을 휴대폰 알림으로 받아요.',
  },
  {
    flag: 'is_benefit_alert',
    label: '혜택·마케팅 알림',
    short: '혜택·마케팅 알림',
    text: '쿠폰 만료, 포인트 적립, 할인·이벤트 소식을 받아요. 앱 알림이 켜져 있어야 해요.',
  },
  {
    flag: 'is_nighttime_alert',
    label: '야간 알림 (21시~08시)',
    short: '야간 알림',
    text: '밤 9시부터 아침 8시 사이에도 혜택·마케팅 알림을 받아요. 끄면 그 시간의 알림은 아침 8시에 보내드려요.',
  },
];

function save(patch: Partial<Record<Flag, boolean>>) {
  return browserApi().request('POST', '/api/users/notification-permissions', {
    body: patch,
  });
}

export default function NotificationSettingsPage({ loaderData }: Route.ComponentProps) {
  const [flags, setFlags] = useState<NotificationPermissions>(loaderData);
  const [saved, setSaved] = useState<string | null>(null);
  const change = useMutation(save, { revalidate: false, onSuccess: (data) => setFlags(data) });

  async function toggle(flag: Flag, on: boolean, label: string) {
    setSaved(null);
    const res = await change.run({ [flag]: on });
    if (res?.ok) setSaved(`${withJosa(label, '을/를')} ${on ? '켰어요' : '껐어요'}.`);
  }

  return (
    <main className={my.padded}>
      <ul className={my.plainList} aria-label="알림 설정">
        {SWITCHES.map((s) => {
          const id = `switch-${s.flag}`;
          const needsApp = s.flag !== 'is_app_alert' && !flags.is_app_alert;
          return (
            <li key={s.flag} className={css.row}>
              <div>
                <label htmlFor={id} className={css.label}>
                  {s.label}
                </label>
                <p className={`${my.note} ${css.text}`} id={`${id}-text`}>
                  {s.text}
                </p>
              </div>
              <input
                id={id}
                type="checkbox"
                role="switch"
                className={css.switch}
                checked={flags[s.flag]}
                aria-checked={flags[s.flag]}
                aria-describedby={`${id}-text`}
                disabled={change.pending}
                data-muted={needsApp || undefined}
                onChange={(e) => void toggle(s.flag, e.currentTarget.checked, s.short)}
              />
            </li>
          );
        })}
      </ul>
      <p className={my.note} data-testid="marketing-consent">
        {flags.is_benefit_alert
          ? `광고성 정보 수신에 ${flags.marketing_agreed_at ? `${formatKst(flags.marketing_agreed_at, 'date')}에 ` : ''}동의했어요. 혜택·마케팅 알림을 끄면 동의가 철회돼요.`
          : '광고성 정보 수신에 동의하지 않았어요. 혜택·마케팅 알림을 켜면 동의한 날짜가 기록돼요.'}
      </p>
      <output className={`${change.error ? page.error : page.muted} ${my.block}`} aria-live="polite">
        {change.error ?? saved ?? ''}
      </output>
      <section className={css.rules} aria-label="알림 안내">
        <p className={my.note}>
          광고성 정보(혜택·마케팅 알림)는 정보통신망법에 따라 동의한 분께만 보내고, 밤 9시부터 아침 8시까지는
          야간 알림에 따로 동의한 경우에만 보내요.
        </p>
        <p className={my.note}>
          주문·배송, 반품·교환, 문의 답변처럼 내 거래에 관한 알림은 시간과 관계없이 보내요. 알림 설정과
          관계없이 모든 알림은 <Link to="/mypage/notifications">알림함</Link>에서 볼 수 있어요.
        </p>
      </section>
    </main>
  );
}
