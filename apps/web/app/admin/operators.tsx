/**
 * /admin/operators (ADMIN): operator accounts — create with roles (validated by the API's own
 * schema before sending), change roles, switch off, turn a lost second factor off.
 */
import {
  CreateOperatorRequest,
  OPERATOR_ROLE_LABEL,
  OPERATOR_ROLES,
  type OperatorRole,
  type OperatorView,
} from '@codiroom/shared';
import type { ColumnDef } from '@tanstack/react-table';
import type { Route } from './+types/operators';
import styles from './admin.module.css';
import { adminApi } from './api';
import { DataTable } from './DataTable';
import { CreateForm, OnOffButton, type OnOffWords, useAdminAction } from './feedback';
import { kst } from './format';

/** An account is switched off (it can no longer sign in), not deleted: the audit log still names it. */
const ACCOUNT: OnOffWords = {
  turnOff: '사용 중 · 끄기',
  turnOn: '꺼짐 · 켜기',
  turnedOff: '계정을 껐어요.',
  turnedOn: '계정을 켰어요.',
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/operators', undefined, {
    signal: request.signal,
  });
}

export default function Operators({ loaderData }: Route.ComponentProps) {
  const { act, refuse, feedback } = useAdminAction();
  const columns: ColumnDef<OperatorView, unknown>[] = [
    { accessorKey: 'id', header: '번호' },
    { accessorKey: 'name', header: '이름' },
    { accessorKey: 'email', header: '이메일' },
    {
      accessorKey: 'roles',
      header: '역할',
      enableSorting: false,
      cell: (c) => {
        const o = c.row.original;
        return (
          <fieldset className={styles.toolbar} aria-label={`${o.name} 역할`}>
            {OPERATOR_ROLES.map((r) => (
              <label key={r}>
                <input
                  type="checkbox"
                  checked={o.roles.includes(r)}
                  onChange={(e) => {
                    const roles: OperatorRole[] = e.target.checked
                      ? [...o.roles, r]
                      : o.roles.filter((x) => x !== r);
                    if (roles.length > 0)
                      void act(
                        () => adminApi.patch(`/api/admin/operators/${o.id}`, { roles }),
                        `${o.name}님의 역할을 바꿨어요.`,
                      );
                  }}
                />{' '}
                {OPERATOR_ROLE_LABEL[r]}
              </label>
            ))}
          </fieldset>
        );
      },
    },
    { accessorKey: 'totp_enabled', header: '2단계', cell: (c) => (c.getValue() ? '켜짐' : '—') },
    {
      accessorKey: 'last_login_at',
      header: '마지막 로그인',
      cell: (c) => kst(c.getValue() as string | null),
    },
    {
      accessorKey: 'is_active',
      header: '상태',
      cell: (c) => {
        const o = c.row.original;
        return (
          <OnOffButton
            path={`/api/admin/operators/${o.id}`}
            name={`${o.name}님`}
            active={o.is_active}
            act={act}
            words={ACCOUNT}
          />
        );
      },
    },
  ];
  return (
    <>
      <h1>운영자 계정</h1>
      {feedback}
      <CreateForm
        label="새 운영자"
        submit="추가"
        onSubmit={(s, f) => {
          const parsed = CreateOperatorRequest.safeParse({
            email: s('email'),
            name: s('name'),
            password: f.get('password'),
            roles: f.getAll('roles'),
          });
          if (!parsed.success) {
            refuse(parsed.error.issues, '운영자');
            return false;
          }
          return act(
            () => adminApi.post('/api/admin/operators', parsed.data),
            `${parsed.data.name}님을 추가했어요.`,
          );
        }}
      >
        <label className={styles.field}>
          이름
          <input className={styles.input} name="name" required maxLength={50} />
        </label>
        <label className={styles.field}>
          이메일
          <input className={styles.input} name="email" type="email" required />
        </label>
        <label className={styles.field}>
          처음 비밀번호 (10자 이상, 영문과 숫자)
          <input
            className={styles.input}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
        </label>
        <fieldset className={`${styles.toolbar} ${styles.wide}`} aria-label="역할">
          {OPERATOR_ROLES.map((r) => (
            <label key={r}>
              <input type="checkbox" name="roles" value={r} /> {OPERATOR_ROLE_LABEL[r]}
            </label>
          ))}
        </fieldset>
      </CreateForm>
      <DataTable data={loaderData.result} columns={columns} label="운영자 목록" />
    </>
  );
}
