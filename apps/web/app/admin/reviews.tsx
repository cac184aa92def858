/**
 * /admin/reviews (CS): review moderation — reported reviews first (most reports first), hidden
 * ones, or all, 30 a page, each with its product, photos and the members' report reasons. Hiding
 * needs a reason and takes the review credit back from the writer.
 */
import { REPORT_REASON_LABEL } from '@codiroom/shared';
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/reviews';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { PageButtons } from './feedback';
import { kst } from './format';

const PAGE = 30;
const FILTERS = { reported: '신고된 후기', hidden: '숨긴 후기', all: '전체' } as const;
type Filter = keyof typeof FILTERS;
const filterOf = (v: string | null): Filter => (v === 'hidden' || v === 'all' ? v : 'reported');

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams({ filter: filterOf(url.searchParams.get('filter')) });
  const page = url.searchParams.get('page');
  if (page) q.set('page', page);
  return adminApi.get(`/api/admin/reviews?${q}`, undefined, { signal: request.signal });
}

export default function AdminReviews({ loaderData: p }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filter = filterOf(params.get('filter'));
  const pages = Math.max(1, Math.ceil(p.total / PAGE));
  const go = (changes: Record<string, string>) => setParams({ filter, ...changes });
  return (
    <>
      <h1>후기 관리</h1>
      <fieldset className={styles.toolbar} aria-label="후기 종류">
        {(Object.keys(FILTERS) as Filter[]).map((f) => (
          <button
            key={f}
            type="button"
            className={styles.ghost}
            aria-pressed={filter === f}
            onClick={() => go({ filter: f })}
          >
            {FILTERS[f]}
          </button>
        ))}
      </fieldset>
      {message && <output className={styles.ok}>{message}</output>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.muted}>
        {p.total}건 · {p.page}/{pages}쪽
      </p>
      {p.result.length === 0 && <p className={styles.card}>처리할 후기가 없어요.</p>}
      {p.result.map((r) => (
        <article
          key={r.id}
          className={styles.card}
          aria-label={`후기 ${r.id}`}
          data-testid="moderation-review"
        >
          <p className={styles.muted}>
            <a href={`/product/${r.product_display_id}`} target="_blank" rel="noopener noreferrer">
              {r.product_name}
            </a>{' '}
            · {r.user_name} · {'★'.repeat(r.rating)}
            {r.size_name && ` · ${r.size_name}`} · {kst(r.created_at)} · 도움돼요 {r.helpful_count} · 적립{' '}
            {r.credit_paid.toLocaleString()}P
          </p>
          <p>{r.content}</p>
          {r.photos.length > 0 && (
            <div className={styles.photos}>
              {r.photos.map((src) => (
                <img key={src} src={src} alt="" loading="lazy" />
              ))}
            </div>
          )}
          {r.reports.length > 0 && (
            <ul>
              {r.reports.map((x, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: reports have no id of their own here
                <li key={i}>
                  신고: {REPORT_REASON_LABEL[x.reason as keyof typeof REPORT_REASON_LABEL] ?? x.reason}
                  {x.detail && ` — ${x.detail}`}
                </li>
              ))}
            </ul>
          )}
          {r.hidden_at ? (
            <p>
              <span className={styles.tag}>숨김</span> {kst(r.hidden_at)} · {r.hidden_reason}
            </p>
          ) : (
            <form
              className={styles.toolbar}
              aria-label={`후기 ${r.id} 숨기기`}
              onSubmit={async (e) => {
                e.preventDefault();
                const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
                try {
                  const out = await adminApi.post(`/api/admin/reviews/${r.id}/hide`, { reason });
                  setError(null);
                  setMessage(`후기를 숨겼어요. 적립금 ${out.credit_revoked.toLocaleString()}P를 회수했어요.`);
                  await revalidator.revalidate();
                } catch (err) {
                  setMessage(null);
                  setError(errorText(err));
                }
              }}
            >
              <input
                className={styles.input}
                name="reason"
                aria-label="숨기는 사유"
                placeholder="숨기는 사유"
                required
                maxLength={200}
              />
              <button type="submit" className={styles.button}>
                숨기기
              </button>
            </form>
          )}
        </article>
      ))}
      <PageButtons page={p.page} pages={pages} onPage={(n) => go({ page: String(n) })} />
    </>
  );
}
