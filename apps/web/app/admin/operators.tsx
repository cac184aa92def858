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
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/operators';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { DataTable } from './DataTable';
import { kst } from './format';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/operators', undefined, {
    signal: request.signal,
  });
}

export default function Operators({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = async (id: number, body: Record<string, unknown>, text: string) => {
    try {
      await adminApi.patch(`/api/admin/operators/${id}`, body);
      setError(null);
      setDone(text);
      await revalidator.revalidate();
    } catch (err) {
      setError(errorText(err));
    }
  };
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
                    if (roles.length > 0) void change(o.id, { roles }, `${o.name}님의 역할을 바꿨어요.`);
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
          <button
            type="button"
            className={styles.ghost}
            onClick={() =>
              change(
                o.id,
                { is_active: !o.is_active },
                `${o.name}님의 계정을 ${o.is_active ? '껐어요' : '켰어요'}.`,
              )
            }
          >
            {o.is_active ? '사용 중 · 끄기' : '꺼짐 · 켜기'}
          </button>
        );
      },
    },
  ];
  return (
    <>
      <h1>운영자 계정</h1>
      <section className={styles.card} aria-labelledby="new-operator">
        <h2 id="new-operator">새 운영자</h2>
        <form
          className={styles.form}
          aria-label="새 운영자"
          onSubmit={async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const f = new FormData(form);
            const parsed = CreateOperatorRequest.safeParse({
              email: f.get('email'),
              name: f.get('name'),
              password: f.get('password'),
              roles: f.getAll('roles'),
            });
            if (!parsed.success) {
              setError(parsed.error.issues.map((i) => i.message).join(' '));
              return;
            }
            try {
              await adminApi.post('/api/admin/operators', parsed.data);
              form.reset();
              setError(null);
              setDone(`${parsed.data.name}님을 추가했어요.`);
              await revalidator.revalidate();
            } catch (err) {
              setError(errorText(err));
            }
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
          <fieldset className={styles.toolbar} aria-label="역할">
            {OPERATOR_ROLES.map((r) => (
              <label key={r}>
                <input type="checkbox" name="roles" value={r} /> {OPERATOR_ROLE_LABEL[r]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className={styles.button}>
            추가
          </button>
        </form>
      </section>
      {done && <output className={styles.ok}>{done}</output>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DataTable data={loaderData.result} columns={columns} label="운영자 목록" />
    </>
  );
}
