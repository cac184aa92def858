/**
 * /admin/missions (MD): missions with their completion counts; a new mission (checked with the
 * API's schema, MissionInput); changing its points or switching it off.
 */
import { MissionInput } from '@codiroom/shared';
import type { Route } from './+types/missions';
import styles from './admin.module.css';
import { adminCall } from './api';
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
  return adminCall<{ result: Mission[] }>('GET', '/api/admin/missions', undefined, {
    signal: request.signal,
  });
}

export default function AdminMissions({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  return (
    <>
      <h1>미션</h1>
      {feedback}
      <table className={styles.table} aria-label="미션 목록">
        <thead>
          <tr>
            <th>코드</th>
            <th>미션</th>
            <th>포인트</th>
            <th>완료</th>
            <th>관리</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.result.map((m) => (
            <tr key={m.id}>
              <td>{m.code}</td>
              <td>{m.title}</td>
              <td>
                <form
                  className={styles.toolbar}
                  aria-label={`${m.title} 포인트`}
                  onSubmit={(e) => {
                    e.preventDefault();
                    const point = Number(new FormData(e.currentTarget).get('point'));
                    void act(
                      () => adminCall('PATCH', `/api/admin/missions/${m.id}`, { point }),
                      `${m.title}: ${point}P로 바꿨어요.`,
                    );
                  }}
                >
                  <input
                    className={styles.input}
                    name="point"
                    aria-label="포인트"
                    defaultValue={m.point}
                    size={6}
                  />
                  <button type="submit" className={styles.ghost}>
                    저장
                  </button>
                </form>
              </td>
              <td>{m.completions.toLocaleString()}명</td>
              <td>
                <OnOffButton
                  path={`/api/admin/missions/${m.id}`}
                  name={m.title}
                  active={m.is_active}
                  act={act}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
          return act(() => adminCall('POST', '/api/admin/missions', body.data), '미션을 만들었어요.');
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
