/**
 * /mypage/missions: the member's missions (GET /api/curations/mission) with their state, a
 * "포인트 받기" button for completed missions whose points are still waiting, and the point
 * balance, refetched after every receive. The push-consent mission is finished in the app: 알림
 * 켜기 asks the app for the system's permission, and only a permission the push service confirms
 * completes it (docs/ARCHITECTURE.md, "Notifications"); on the web it says so.
 */
import { formatWon, type Mission, type MissionListBody } from '@codiroom/shared';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { useRootData } from '../lib/root-data';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import { askAppForPushPermission } from '../shell/app-status';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-missions';
import css from './mypage-missions.module.css';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('미션');

export function meta(_: Route.MetaArgs) {
  return [{ title: '미션 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

type Message = { ok: boolean; text: string };

function MissionAction({
  m,
  busy,
  inApp,
  onReceive,
  onPushOn,
}: {
  m: Mission;
  busy: boolean;
  inApp: boolean;
  onReceive: (m: Mission) => void;
  onPushOn: () => void;
}) {
  if (m.is_received) return <span className={css.badge}>받기 완료</span>;
  if (m.is_completed) {
    return (
      <button type="button" className={css.action} disabled={busy} onClick={() => onReceive(m)}>
        포인트 받기
      </button>
    );
  }
  if (m.code === 'APP_PUSH_CONSENT' && !inApp) {
    return <span className={css.badge}>앱에서 할 수 있어요</span>;
  }
  if (m.code === 'APP_PUSH_CONSENT') {
    return (
      <button
        type="button"
        className={`${css.action} ${css['action-outline']}`}
        disabled={busy}
        onClick={onPushOn}
      >
        알림 켜기
      </button>
    );
  }
  if (m.action_path) {
    return (
      <Link to={m.action_path} className={`${css.action} ${css['action-outline']}`}>
        하러 가기
      </Link>
    );
  }
  return <span className={css.badge}>진행 중</span>;
}

/** Member data, loaded in the browser; a 5xx reaches the ErrorBoundary instead of "no mission". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return browserApi().get('/api/curations/mission', undefined, { signal: request.signal });
}

function Intro({ data }: { data: MissionListBody | null }) {
  return (
    <section className={page.intro}>
      <p>사용 가능한 포인트</p>
      <h2 data-testid="mission-point-balance">{data ? formatWon(data.balance) : '…'}</h2>
      <p className={my.note}>
        {data && data.receivable_point > 0
          ? `받을 수 있는 포인트 ${formatWon(data.receivable_point)}`
          : '미션을 완료하고 포인트를 받아보세요.'}{' '}
        <Link to="/mypage/points">포인트 내역</Link>
      </p>
    </section>
  );
}

export function HydrateFallback() {
  return (
    <main>
      <Intro data={null} />
      <LoadingNote />
    </main>
  );
}

function send(mission: number) {
  return browserApi().request('POST', '/api/benefits/receive-mission-point', {
    body: { mission },
  });
}

export default function MissionsPage({ loaderData: data }: Route.ComponentProps) {
  const [done, setDone] = useState<string | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const change = useMutation(send);
  const revalidator = useRevalidator();
  const inApp = useRootData()?.isWebview ?? false;
  const busy = change.pending || asking;
  const error = change.error ?? pushError;
  const message: Message | null = error ? { ok: false, text: error } : done ? { ok: true, text: done } : null;

  async function receive(m: Mission) {
    setDone(null);
    setPushError(null);
    const res = await change.run(m.id);
    if (res?.ok) setDone(`포인트 ${formatWon(res.data.point)}이 적립되었어요.`);
  }

  async function pushOn() {
    setDone(null);
    setPushError(null);
    setAsking(true);
    const result = await askAppForPushPermission();
    setAsking(false);
    if (result.verified) {
      setDone('앱 푸시 알림을 켰어요. 포인트를 받아보세요.');
      await revalidator.revalidate();
    } else {
      setPushError(result.detail ?? '휴대폰 설정에서 코디룸 알림을 허용해주세요.');
    }
  }

  return (
    <main>
      <Intro data={data} />
      {message && (
        <output className={message.ok ? my.missionMessage : `${page.error} ${my.missionMessage}`}>
          {message.text}
        </output>
      )}
      {data.result.length === 0 ? (
        <EmptyState title="진행 중인 미션이 없어요" />
      ) : (
        <ul className={css.list}>
          {data.result.map((m) => (
            <li
              key={m.id}
              className={css.card}
              data-testid="mission"
              data-mission-code={m.code}
              data-state={m.is_received ? 'received' : m.is_completed ? 'completed' : 'todo'}
            >
              <div className={css.body}>
                <p className={css.title}>{m.title}</p>
                <p className={css.description}>{m.description}</p>
                <p className={css.point}>+{formatWon(m.point)}</p>
              </div>
              <MissionAction m={m} busy={busy} inApp={inApp} onReceive={receive} onPushOn={pushOn} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
