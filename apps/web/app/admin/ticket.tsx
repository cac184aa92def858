/**
 * /admin/tickets/{id} (CS): one ticket — the question, its photos (signed URLs), the order or
 * product it is about, the thread — taking it, answering (from a template or not: the member is
 * notified) and closing it.
 */
import { SUPPORT_KIND_LABEL, supportCategoryLabel } from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/ticket';
import styles from './admin.module.css';
import { adminApi } from './api';
import { useAdminAction } from './feedback';
import { kst } from './format';

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const [ticket, templates] = await Promise.all([
    adminApi.get(`/api/admin/tickets/${params.id}`, undefined, { signal: request.signal }),
    adminApi.get('/api/admin/tickets/templates', undefined, {
      signal: request.signal,
    }),
  ]);
  return { ticket, templates: templates.result };
}

export default function AdminTicket({ loaderData }: Route.ComponentProps) {
  const { ticket: t, templates } = loaderData;
  const { act, feedback } = useAdminAction();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <p>
        <Link to="/admin/tickets">← 1:1 문의</Link>
      </p>
      <h1>
        {t.title} <span className={styles.tag}>{t.status_label}</span>
      </h1>
      <p className={styles.muted}>
        {supportCategoryLabel(t)} · {kst(t.created_at)} ·{' '}
        <Link to={`/admin/members/${t.user_id}`}>회원 {t.user_id}</Link>
        {t.target_type === 'ORDER' && t.target_id && (
          <>
            {' '}
            · <Link to={`/admin/orders/${t.target_id}`}>주문 {t.target_id}</Link>
          </>
        )}
        {t.target_type === 'PRODUCT' && t.target_id && <> · 상품 {t.target_id}</>}
      </p>
      {t.kind !== 'TICKET' && (
        <p data-testid="ticket-kind">
          <span className={styles.tag}>{SUPPORT_KIND_LABEL[t.kind]}</span>
          {t.kind === 'CALLBACK' && (
            <>
              {' '}
              연락처 <a href={`tel:${t.callback_phone}`}>{t.callback_phone}</a>
              {t.callback_time ? ` · 희망 시간 ${t.callback_time}` : ' · 희망 시간 없음'}
            </>
          )}
          {t.kind === 'CURATOR_CHAT' && t.target_type === 'POST' && t.target_id && (
            <>
              {' '}
              · <Link to={`/post/${t.target_id}`}>매거진 {t.target_id}</Link>
            </>
          )}
        </p>
      )}
      {feedback}
      <section className={styles.card} aria-label="문의 내용">
        <p className={styles.preWrap}>{t.content}</p>
        {t.files.length > 0 && (
          <div className={styles.photos}>
            {t.files.map((f) => (
              <a key={f.id} href={f.url} target="_blank" rel="noopener noreferrer">
                <img src={f.url} alt={f.name} />
              </a>
            ))}
          </div>
        )}
      </section>
      {t.messages.map((m) => (
        <section
          key={m.id}
          className={styles.card}
          aria-label={m.author === 'OPERATOR' ? '답변' : '회원 추가 문의'}
        >
          <strong>{m.author === 'OPERATOR' ? m.author_name : '회원'}</strong>{' '}
          <span className={styles.muted}>{kst(m.created_at)}</span>
          <p className={styles.preWrap}>{m.body}</p>
        </section>
      ))}
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.ghost}
          onClick={() =>
            act(
              () => adminApi.post(`/api/admin/tickets/${t.id}/assign`, { to: 'me' }),
              '내 문의로 가져왔어요.',
            )
          }
        >
          내가 맡기
        </button>
        {t.status !== 'CLOSED' && (
          <button
            type="button"
            className={styles.ghost}
            onClick={() => act(() => adminApi.post(`/api/admin/tickets/${t.id}/close`), '문의를 종료했어요.')}
          >
            종료
          </button>
        )}
      </div>
      {t.status !== 'CLOSED' && (
        <form
          className={`${styles.card} ${styles.form}`}
          aria-label="답변"
          onSubmit={async (e) => {
            e.preventDefault();
            if (
              await act(
                () => adminApi.post(`/api/admin/tickets/${t.id}/answer`, { body: answer }),
                '답변을 보냈어요. 회원에게 알림이 가요.',
              )
            )
              setAnswer('');
          }}
        >
          <label className={styles.field}>
            템플릿
            <select
              className={styles.input}
              defaultValue=""
              onChange={(e) => {
                const tpl = templates.find((x) => x.title === e.target.value);
                if (tpl) setAnswer(tpl.body);
              }}
            >
              <option value="">직접 쓰기</option>
              {templates.map((x) => (
                <option key={x.title}>{x.title}</option>
              ))}
            </select>
          </label>
          <label className={`${styles.field} ${styles.wide}`}>
            답변 내용
            <textarea
              className={styles.input}
              rows={6}
              value={answer}
              maxLength={3000}
              onChange={(e) => setAnswer(e.target.value)}
            />
          </label>
          <div className={styles.wide}>
            <button type="submit" className={styles.button} disabled={answer.trim().length < 2}>
              답변 보내기
            </button>
          </div>
        </form>
      )}
    </>
  );
}
