/**
 * /admin/curations/{id}: one curation for the curator (docs/ARCHITECTURE.md, "Curations"): the
 * member's answers, size info and photos (signed URLs), the engine's picks with their reasons; swap
 * a pick for another product (checked by the server against the member's size, budget and taste),
 * add a note and publish now. A published curation is read-only.
 */
import {
  FIT_PREFERENCE_LABELS,
  formatWon,
  OCCASION_LABEL,
  type Occasion,
  type ProductCard,
  QUIZ_AVOID_LABELS,
  quizLabel,
  shownPrice,
} from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/curation';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { kst } from './format';

type Pick = {
  outfit: number;
  role: string;
  size_name: string | null;
  reasons: string[];
  product: ProductCard | null;
  product_display_id: number;
};
type CuratorView = {
  id: number;
  user_id: number;
  status: string;
  source: string;
  request_styles: string[];
  created_at: string;
  publish_at: string | null;
  curator_name: string | null;
  curator_note: string | null;
  engine_note: string | null;
  answers: Record<string, unknown>;
  size_info: {
    height: number | null;
    weight: number | null;
    fit_preference: string | null;
    sizes: Record<string, string>;
  };
  photos: { id: number; photo_type: string; image_url: string }[];
  items: Pick[];
};

const STATUS_LABEL: Record<string, string> = { REQUESTED: '대기열', DRAFT: '검토 대기', DONE: '게시됨' };
const ROLE: Record<string, string> = {
  outer: '아우터',
  top: '상의',
  bottom: '하의',
  shoes: '신발',
  bag: '가방',
};

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminApi.get(`/api/admin/curations/${params.id}`, undefined, {
    signal: request.signal,
  });
}

const list = (v: unknown) =>
  Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '—' : String(v);

function SwapForm({ c, pick, onDone }: { c: CuratorView; pick: Pick; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className={styles.toolbar}
      aria-label={`${pick.outfit + 1}번 코디 ${ROLE[pick.role] ?? pick.role} 바꾸기`}
      onSubmit={async (e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const size = String(f.get('size') ?? '').trim();
        if (!f.get('product')) {
          setError('바꿀 상품을 검색해서 골라주세요.');
          return;
        }
        try {
          await adminApi.put(`/api/admin/curations/${c.id}/items`, {
            outfit: pick.outfit,
            role: pick.role,
            product_display_id: Number(f.get('product')),
            ...(size ? { size_name: size } : {}),
          });
          setError(null);
          onDone();
        } catch (err) {
          setError(errorText(err));
        }
      }}
    >
      <ProductPicker label={`${pick.outfit + 1}번 코디 ${ROLE[pick.role] ?? pick.role} 바꿀 상품`} />
      <input
        className={styles.input}
        name="size"
        placeholder={pick.size_name ?? '사이즈'}
        aria-label="사이즈"
        size={6}
      />
      <button type="submit" className={styles.ghost}>
        바꾸기
      </button>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

export default function CuratorScreen({ loaderData: c }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = c.status === 'DRAFT';
  const outfits = [...new Set(c.items.map((i) => i.outfit))].sort((a, b) => a - b);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      setError(null);
      setMessage(done);
      await revalidator.revalidate();
    } catch (err) {
      setMessage(null);
      setError(errorText(err));
    }
  };
  return (
    <>
      <p>
        <Link to="/admin/curations">← 큐레이션 큐</Link>
      </p>
      <h1>
        큐레이션 #{c.id} <span className={styles.tag}>{STATUS_LABEL[c.status] ?? c.status}</span>
      </h1>
      <p className={styles.muted}>
        회원 {c.user_id} ·{' '}
        {c.source === 'REQUEST' ? `추가 요청 (${c.request_styles.join(', ')})` : '첫 스타일 퀴즈'} · 요청{' '}
        {kst(c.created_at)} · 게시 {kst(c.publish_at)}
      </p>
      <div className={styles.grid2}>
        <section className={styles.card} aria-labelledby="answers">
          <h2 id="answers">퀴즈 답변</h2>
          <dl>
            <dt>키·몸무게·핏</dt>
            <dd>
              {c.size_info.height ?? '—'}cm · {c.size_info.weight ?? '—'}kg ·{' '}
              {c.size_info.fit_preference
                ? quizLabel(FIT_PREFERENCE_LABELS, c.size_info.fit_preference)
                : '—'}
            </dd>
            <dt>평소 사이즈</dt>
            <dd>
              {Object.entries(c.size_info.sizes)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ') || '—'}
            </dd>
            <dt>좋아하는 스타일 / 피하는 스타일</dt>
            <dd>
              {list(c.answers.liked_styles)} / {list(c.answers.disliked_styles)}
            </dd>
            <dt>좋아하는 색 / 피하는 색</dt>
            <dd>
              {list(c.answers.liked_colors)} / {list(c.answers.avoided_colors)}
            </dd>
            <dt>예산 / 상황 / 피하는 것</dt>
            <dd>
              {typeof c.answers.budget_max === 'number' ? formatWon(c.answers.budget_max) : '제한 없음'} /{' '}
              {list(
                Array.isArray(c.answers.occasions)
                  ? (c.answers.occasions as string[]).map((o) => OCCASION_LABEL[o as Occasion] ?? o)
                  : null,
              )}{' '}
              /{' '}
              {list(
                Array.isArray(c.answers.avoid)
                  ? (c.answers.avoid as string[]).map((a) => quizLabel(QUIZ_AVOID_LABELS, a))
                  : null,
              )}
            </dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="photos">
          <h2 id="photos">사진</h2>
          {c.photos.length === 0 ? (
            <p className={styles.muted}>사진이 없어요.</p>
          ) : (
            <div className={styles.photos}>
              {c.photos.map((p) => (
                <img key={p.id} src={p.image_url} alt={p.photo_type === 'FACE' ? '얼굴 사진' : '전신 사진'} />
              ))}
            </div>
          )}
        </section>
      </div>
      {outfits.map((o) => (
        <section key={o} className={styles.card} aria-labelledby={`outfit-${o}`}>
          <h2 id={`outfit-${o}`}>{o + 1}번 코디</h2>
          {c.items
            .filter((i) => i.outfit === o)
            .map((i) => (
              <div key={`${i.outfit}-${i.role}`} className={styles.pick} data-testid="curator-pick">
                {i.product ? <img src={i.product.image_url} alt="" /> : <span />}
                <div>
                  <strong>
                    {ROLE[i.role] ?? i.role} ·{' '}
                    {i.product
                      ? `${i.product.brand_name} ${i.product.name}`
                      : `#${i.product_display_id} (판매 중지)`}
                  </strong>
                  <div className={styles.muted}>
                    #{i.product_display_id}
                    {i.product ? ` · ${formatWon(shownPrice(i.product).unit_price)}` : ''}
                    {i.size_name ? ` · ${i.size_name}` : ''}
                  </div>
                  <div>{i.reasons.join(' · ')}</div>
                </div>
                {editable && (
                  <SwapForm c={c} pick={i} onDone={() => act(async () => undefined, '아이템을 바꿨어요.')} />
                )}
              </div>
            ))}
        </section>
      ))}
      <section className={styles.card} aria-labelledby="note">
        <h2 id="note">스타일리스트 노트</h2>
        {c.engine_note && <p className={styles.muted}>엔진 메모: {c.engine_note}</p>}
        <form
          className={styles.form}
          aria-label="노트"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            void act(
              () =>
                adminApi.put(`/api/admin/curations/${c.id}/note`, {
                  note: String(f.get('note') ?? ''),
                }),
              '노트를 저장했어요.',
            );
          }}
        >
          <p className={`${styles.muted} ${styles.wide}`} data-testid="curator-name">
            큐레이터: {c.curator_name ?? '—'} · 노트를 저장하면 로그인한 운영자 이름으로 기록돼요.
          </p>
          <label className={`${styles.field} ${styles.wide}`}>
            회원에게 보일 노트
            <textarea
              className={styles.input}
              name="note"
              rows={4}
              // The draft's note (the model's or the template's) to start from: the curator edits it.
              defaultValue={c.curator_note ?? c.engine_note?.slice(0, 1000) ?? ''}
              required
              maxLength={1000}
              disabled={!editable}
            />
          </label>
          <button type="submit" className={styles.ghost} disabled={!editable}>
            노트 저장
          </button>
        </form>
      </section>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={styles.button}
          disabled={!editable}
          onClick={() =>
            act(
              () => adminApi.post(`/api/admin/curations/${c.id}/publish`),
              '게시했어요. 회원에게 새 큐레이션 표시가 떠요.',
            )
          }
        >
          지금 게시하기
        </button>
        {message && <output className={styles.ok}>{message}</output>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </>
  );
}

type Found = {
  display_id: number;
  name: string;
  brand_name: string;
  color_name: string;
  price_discount: number;
};

/**
 * A product search for the swap: type a name (or a number), pick from the shop's products on sale;
 * the chosen product's number goes in the form's `product` field.
 */
function ProductPicker({ label }: { label: string }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  const [chosen, setChosen] = useState<Found | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  useEffect(() => {
    const query = q.trim();
    if (query.length < 1 || chosen) return;
    const ctl = new AbortController();
    const timer = window.setTimeout(() => {
      adminApi
        .get(`/api/admin/products?active=true&q=${encodeURIComponent(query)}`, undefined, {
          signal: ctl.signal,
        })
        .then((r) => {
          setSearchError(null);
          setFound(r.result.slice(0, 8));
        })
        .catch((err: unknown) => {
          if (ctl.signal.aborted) return;
          setFound([]);
          setSearchError(`상품을 검색하지 못했어요. ${errorText(err)}`);
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [q, chosen]);
  return (
    <span className={styles.picker}>
      <input type="hidden" name="product" value={chosen?.display_id ?? ''} />
      <input
        className={styles.input}
        type="search"
        value={chosen ? `${chosen.brand_name} ${chosen.name} · ${chosen.color_name}` : q}
        placeholder="상품 이름으로 검색"
        aria-label={label}
        onChange={(e) => {
          setChosen(null);
          setSearchError(null);
          setQ(e.target.value);
        }}
      />
      {!chosen && searchError && (
        <span className={styles.error} role="alert">
          {searchError}
        </span>
      )}
      {!chosen && found.length > 0 && (
        <ul className={styles.pickerList} aria-label="검색된 상품">
          {found.map((p) => (
            <li key={p.display_id}>
              <button
                type="button"
                className={styles.ghost}
                onClick={() => {
                  setChosen(p);
                  setFound([]);
                }}
              >
                {p.brand_name} {p.name} · {p.color_name} · {formatWon(p.price_discount)} (#{p.display_id})
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
