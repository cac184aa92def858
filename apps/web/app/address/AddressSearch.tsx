/**
 * Postcode search (주소 검색) for the address book and the checkout: a keyword (road name,
 * building name or 동) asks GET /api/addresses/search (the 행정안전부 도로명주소 API on the server,
 * or its local stand-in); picking a result fills the postcode and road address. The server's
 * Korean detail explains a refused keyword; when the search is unavailable the form still takes a
 * typed address.
 */
import type { PostcodeAddress } from '@codiroom/shared';
import { useId, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import css from './address-search.module.css';

const UNAVAILABLE = '주소 검색을 사용할 수 없어요. 우편번호와 주소를 직접 입력해주세요.';

type Props = {
  onPick: (a: PostcodeAddress) => void;
  onClose: () => void;
};

type Found = { keyword: string; page: number; hasNext: boolean; total: number; list: PostcodeAddress[] };

export function AddressSearch({ onPick, onClose }: Props) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load(k: string, p: number) {
    setBusy(true);
    setError(null);
    try {
      const q = new URLSearchParams({ keyword: k, page: String(p) });
      const r = await browserApi().request('GET', `/api/addresses/search?${q}`);
      if (!r.ok) {
        setError(r.detail);
        return;
      }
      const d = r.data;
      setFound((prev) => ({
        keyword: d.keyword,
        page: d.page,
        hasNext: d.has_next,
        total: d.total_count,
        list: p > 1 && prev ? [...prev.list, ...d.result] : d.result,
      }));
    } catch {
      setError(UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  function submit(e: { preventDefault(): void; stopPropagation(): void }) {
    e.preventDefault();
    e.stopPropagation();
    void load(keyword, 1);
  }

  return (
    <section className={css.panel} aria-labelledby={`${id}-title`}>
      <div className={css.head}>
        <h3 id={`${id}-title`}>주소 검색</h3>
        <button type="button" className={css.close} onClick={onClose}>
          닫기
        </button>
      </div>
      {/* Not a nested <form> (the checkout is one): Enter in the field searches. */}
      <div className={css.bar}>
        <input
          className={page.input}
          aria-label="도로명, 건물명 또는 동"
          placeholder="예) 테헤란로 152, 판교역로, 역삼동"
          value={keyword}
          maxLength={40}
          enterKeyHint="search"
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit(e);
          }}
        />
        <button type="button" className={`${page.button} ${css.go}`} disabled={busy} onClick={submit}>
          검색
        </button>
      </div>
      {error && (
        <p className={page.error} role="alert">
          {error}
        </p>
      )}
      {found && (
        <>
          <p className={page.muted} aria-live="polite">
            {found.total === 0
              ? '검색 결과가 없어요. 도로명과 건물번호로 다시 검색해주세요.'
              : `검색 결과 ${found.total}건`}
          </p>
          <ul className={css.results} aria-label="주소 검색 결과">
            {found.list.map((a) => (
              <li key={`${a.zipcode}-${a.road_address}`}>
                <button type="button" className={css.result} onClick={() => onPick(a)}>
                  <span className={css.zip}>{a.zipcode}</span>
                  <span>{a.road_address}</span>
                  <span className={page.muted}>지번 {a.jibun_address}</span>
                </button>
              </li>
            ))}
          </ul>
          {found.hasNext && (
            <button
              type="button"
              className={`${page.button} ${page.buttonOutline}`}
              disabled={busy}
              onClick={() => load(found.keyword, found.page + 1)}
            >
              더 보기
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** The 주소 검색 button with its search below it: picking an address closes it. */
export function AddressSearchToggle({ onPick }: { onPick: (a: PostcodeAddress) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${page.button} ${page.buttonOutline}`}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        주소 검색
      </button>
      {open && (
        <AddressSearch
          onClose={() => setOpen(false)}
          onPick={(a) => {
            onPick(a);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
