/**
 * /mypage/inquiries/{id}: one 1:1 문의 (or call-back request, or curator chat) with its photos and
 * the thread; a reply unless it is closed.
 */
import { callbackConfirmation, formatKst, supportCategoryLabel } from '@codiroom/shared';
import { Link } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-inquiry';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('1:1 문의');

export function meta(_: Route.MetaArgs) {
  return [{ title: '1:1 문의 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return browserApi().get(`/api/customer_experiences/tickets/${params.id}`, undefined, {
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

const when = (iso: string) => formatKst(iso, 'datetime');

export default function InquiryPage({ loaderData: t }: Route.ComponentProps) {
  const reply = useMutation((form: HTMLFormElement, body: string) =>
    browserApi()
      .request('POST', `/api/customer_experiences/tickets/${t.id}/replies`, { body: { body } })
      .then((r) => {
        if (r.ok) form.reset();
        return r;
      }),
  );
  return (
    <main className={my.padded}>
      <p>
        <span data-testid="inquiry-status">{t.status_label}</span> ·{' '}
        <span data-testid="inquiry-category">{supportCategoryLabel(t)}</span>
        {t.target_type === 'ORDER' && t.target_id && (
          <>
            {' '}
            · <Link to={`/mypage/orders/${t.target_id}`}>주문 보기</Link>
          </>
        )}
      </p>
      <h2>{t.title}</h2>
      {t.kind === 'CALLBACK' && (
        <p className={page.muted} data-testid="callback-info">
          {callbackConfirmation(t.callback_phone ?? '회원 정보의 번호', t.callback_time)}
        </p>
      )}
      <p className={my.preWrap}>{t.content}</p>
      {t.files.length > 0 && (
        <div className={my.actions}>
          {t.files.map((f) => (
            <img key={f.id} src={f.url} alt={f.name} width={96} height={96} loading="lazy" />
          ))}
        </div>
      )}
      <ul className={page.cardList} aria-label="답변">
        {t.messages.map((m) => (
          <li key={m.id} className={my.card} data-testid={m.author === 'OPERATOR' ? 'answer' : 'my-reply'}>
            <strong>{m.author_name}</strong> <small>{when(m.created_at)}</small>
            <p className={my.preWrap}>{m.body}</p>
          </li>
        ))}
      </ul>
      {t.messages.length === 0 && (
        <p className={page.muted}>답변을 준비하고 있어요. 답변이 오면 알림으로 알려드릴게요.</p>
      )}
      {t.status !== 'CLOSED' && (
        <form
          className={page.form}
          aria-label="추가 문의"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            void reply.run(form, String(new FormData(form).get('body') ?? ''));
          }}
        >
          <label>
            추가로 남길 말
            <textarea className={page.input} name="body" required minLength={2} maxLength={3000} rows={3} />
          </label>
          {reply.error && (
            <p className={page.error} role="alert">
              {reply.error}
            </p>
          )}
          <button type="submit" className={page.button} disabled={reply.pending}>
            남기기
          </button>
        </form>
      )}
    </main>
  );
}
