/**
 * /mypage/missions: the member's missions (GET /api/curations/mission) with their state, a
 * "포인트 받기" button for completed missions whose points are still waiting, and the point
 * balance, refetched after every receive. The push-consent mission can be finished right here.
 */
import { formatWon, type Mission, type MissionListBody } from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-missions';
import my from './mypage.module.css';
import css from './mypage-missions.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '미션 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

type Message = { ok: boolean; text: string };

function MissionAction({
  m,
  busy,
  onReceive,
  onPushOn,
}: {
  m: Mission;
  busy: boolean;
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
  return browserApi().get<MissionListBody>('/api/curations/mission', undefined, { signal: request.signal });
}

export const ErrorBoundary = RouteErrorBoundary;

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
    <>
      <PageHeader title="미션" actions={false} titleAs="h1" />
      <main>
        <Intro data={null} />
        <LoadingNote />
      </main>
    </>
  );
}

type Change = { kind: 'receive'; mission: number } | { kind: 'push-on' };

function send(change: Change) {
  return change.kind === 'receive'
    ? browserApi().request<{ point: number; balance: number }>(
        'POST',
        '/api/benefits/receive-mission-point',
        {
          body: { mission: change.mission },
        },
      )
    : browserApi().request<{ point: number; balance: number }>(
        'POST',
        '/api/users/notification-permissions',
        {
          body: { is_app_alert: true },
        },
      );
}

export default function MissionsPage({ loaderData: data }: Route.ComponentProps) {
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation(send);
  const busy = change.pending;
  const message: Message | null = change.error
    ? { ok: false, text: change.error }
    : done
      ? { ok: true, text: done }
      : null;

  async function receive(m: Mission) {
    setDone(null);
    const res = await change.run({ kind: 'receive', mission: m.id });
    if (res?.ok) setDone(`포인트 ${formatWon(res.data.point)}이 적립되었어요.`);
  }

  async function pushOn() {
    setDone(null);
    const res = await change.run({ kind: 'push-on' });
    if (res?.ok) setDone('앱 푸시 알림을 켰어요. 포인트를 받아보세요.');
  }

  return (
    <>
      <PageHeader title="미션" actions={false} titleAs="h1" />
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
                <MissionAction m={m} busy={busy} onReceive={receive} onPushOn={pushOn} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
