/**
 * /admin/members/{id} (CS): one member with personal data masked — latest orders, points, usable
 * coupons, reviews and support tickets. "개인정보 열람" shows the real name, phone, e-mail and
 * addresses for this screen only; each reveal is written to the audit log.
 */
import {
  type AdminMemberRevealed,
  formatWon,
  PointGrantRequest,
  SUPPORT_STATUS_LABEL,
} from '@codiroom/shared';
import { useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/member';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { RevealButton } from './feedback';
import { kst } from './format';

type Revealed = AdminMemberRevealed;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminApi.get(`/api/admin/members/${params.id}`, undefined, { signal: request.signal });
}

/** A random request key (crypto.getRandomValues works outside secure contexts too, unlike randomUUID). */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function AdminMember({ loaderData: m }: Route.ComponentProps) {
  const [shown, setShown] = useState<Revealed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [granted, setGranted] = useState<string | null>(null);
  /** The idempotency key of the grant being entered (PointGrantRequest). */
  const grantKey = useRef(newRequestKey());
  const revalidator = useRevalidator();
  return (
    <>
      <p>
        <Link to="/admin/members">← 회원 조회</Link>
      </p>
      <h1>
        회원 {m.id} <span className={styles.tag}>{m.is_active ? '회원' : '탈퇴'}</span>
      </h1>
      <section className={styles.card} aria-labelledby="who">
        <h2 id="who">개인정보</h2>
        <dl className={styles.grid2} data-testid="member-personal">
          <dt>이름</dt>
          <dd>{shown?.name ?? m.name}</dd>
          <dt>휴대폰</dt>
          <dd>{shown ? (shown.phone ?? '—') : (m.phone ?? '—')}</dd>
          <dt>이메일</dt>
          <dd>{shown ? (shown.email ?? '—') : (m.email ?? '—')}</dd>
          <dt>가입</dt>
          <dd>{kst(m.created_at)}</dd>
          {m.height && (
            <>
              <dt>체형</dt>
              <dd>
                {m.height}cm · {m.weight ?? '—'}kg
              </dd>
            </>
          )}
        </dl>
        {shown ? (
          <>
            <h3>배송지</h3>
            {shown.addresses.length === 0 && <p className={styles.muted}>등록한 배송지가 없어요.</p>}
            <ul>
              {shown.addresses.map((a) => (
                <li key={`${a.name}-${a.zipcode}-${a.detail_address}`}>
                  {a.is_default && <span className={styles.tag}>기본</span>} {a.name} · {a.recipient} ·{' '}
                  {a.phone} · ({a.zipcode}) {a.main_address} {a.detail_address}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <RevealButton url={`/api/admin/members/${m.id}/reveal`} onShown={setShown} onError={setError} />
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="benefits">
        <h2 id="benefits">혜택</h2>
        <p>
          포인트 {m.points.toLocaleString()}P · 쓸 수 있는 쿠폰 {m.coupons.length}장 · 후기 {m.review_count}개
        </p>
        <form
          className={styles.toolbar}
          aria-label="포인트 지급·회수"
          // Changed inputs are another grant: a new key. A repeated submit of the same inputs (a
          // double click, a retry after an error) keeps the key, so the server pays once.
          onChange={() => {
            grantKey.current = newRequestKey();
          }}
          onSubmit={async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const f = new FormData(form);
            const body = PointGrantRequest.safeParse({
              amount: Number(f.get('amount')),
              note: String(f.get('note') ?? '').trim(),
              idempotency_key: grantKey.current,
            });
            if (!body.success) {
              setGranted(null);
              setError(body.error.issues[0]?.message ?? '입력을 확인해주세요.');
              return;
            }
            try {
              const out = await adminApi.post(`/api/admin/members/${m.id}/points`, body.data);
              setError(null);
              setGranted(
                `${out.moved > 0 ? '지급' : '회수'}했어요: ${Math.abs(out.moved).toLocaleString()}P (잔액 ${out.balance.toLocaleString()}P)`,
              );
              grantKey.current = newRequestKey();
              form.reset();
              await revalidator.revalidate();
            } catch (err) {
              setGranted(null);
              setError(errorText(err));
            }
          }}
        >
          <input
            className={styles.input}
            name="amount"
            aria-label="포인트 (회수는 음수)"
            inputMode="numeric"
            size={8}
          />
          <input className={styles.input} name="note" aria-label="회원에게 보일 사유" maxLength={100} />
          <button type="submit" className={styles.ghost}>
            포인트 지급·회수
          </button>
        </form>
        {granted && <output className={styles.ok}>{granted}</output>}
        <ul>
          {m.coupons.map((c) => (
            <li key={c.id}>
              {c.name} · {kst(c.expires_at)}까지
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="orders">
        <h2 id="orders">최근 주문 ({m.order_count}건)</h2>
        {m.orders.length === 0 && <p className={styles.muted}>주문이 없어요.</p>}
        <ul>
          {m.orders.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/orders/${o.id}`}>{o.order_no}</Link> · {o.order_name} · {formatWon(o.amount)}{' '}
              · {o.status_label} · {kst(o.created_at)}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="tickets">
        <h2 id="tickets">문의</h2>
        {m.tickets.length === 0 && <p className={styles.muted}>문의가 없어요.</p>}
        <ul>
          {m.tickets.map((t) => (
            <li key={t.id}>
              {t.title} · {SUPPORT_STATUS_LABEL[t.status as keyof typeof SUPPORT_STATUS_LABEL] ?? t.status} ·{' '}
              {kst(t.created_at)}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
