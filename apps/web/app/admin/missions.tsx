/**
 * /admin/missions (MD): missions with their completion counts; a new mission (checked with the
 * API's schema, MissionInput); changing its points or switching it off.
 */
import { MissionInput } from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/missions';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, useAdminAction } from './feedback';

type Mission = {
  id: number;
  code: string;
  title: string;
  point: number;
  is_active: boolean;
  completions: number;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/missions', undefined, {
    signal: request.signal,
  });
}

type Act = ReturnType<typeof useAdminAction>['act'];

/** The mission list (the back office's one list pattern: DataTable); points save in place. */
const columns = (act: Act): ColumnDef<Mission, unknown>[] => [
  { id: 'code', header: '코드', accessorFn: (m) => m.code },
  { id: 'title', header: '미션', accessorFn: (m) => m.title },
  {
    id: 'point',
    header: '포인트',
    accessorFn: (m) => m.point,
    cell: ({ row: { original: m } }) => (
      <form
        className={styles.toolbar}
        aria-label={`${m.title} 포인트`}
        onSubmit={(e) => {
          e.preventDefault();
          const point = Number(new FormData(e.currentTarget).get('point'));
          void act(
            () => adminApi.patch(`/api/admin/missions/${m.id}`, { point }),
            `${m.title}: ${point}P로 바꿨어요.`,
          );
        }}
      >
        <input className={styles.input} name="point" aria-label="포인트" defaultValue={m.point} size={6} />
        <button type="submit" className={styles.ghost}>
          저장
        </button>
      </form>
    ),
  },
  {
    id: 'completions',
    header: '완료',
    accessorFn: (m) => m.completions,
    cell: (c) => `${Number(c.getValue()).toLocaleString()}명`,
  },
  {
    id: 'manage',
    header: '관리',
    enableSorting: false,
    cell: ({ row: { original: m } }) => (
      <OnOffButton path={`/api/admin/missions/${m.id}`} name={m.title} active={m.is_active} act={act} />
    ),
  },
];

export default function AdminMissions({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>미션</h1>
      {feedback}
      <DataTable data={loaderData.result} columns={columns(act)} label="미션 목록" empty="미션이 없어요." />
      <CreateForm
        label="미션 만들기"
        onSubmit={(s) => {
          const body = MissionInput.safeParse({
            code: s('code'),
            title: s('title'),
            point: Number(s('point')),
          });
          if (!body.success) {
            refuse(body.error.issues, '미션');
            return false;
          }
          return act(() => adminApi.post('/api/admin/missions', body.data), '미션을 만들었어요.');
        }}
      >
        <label className={styles.field}>
          코드
          <input className={styles.input} name="code" maxLength={50} />
        </label>
        <label className={styles.field}>
          미션
          <input className={styles.input} name="title" maxLength={200} />
        </label>
        <label className={styles.field}>
          포인트
          <input className={styles.input} name="point" inputMode="numeric" />
        </label>
      </CreateForm>
    </>
  );
}
