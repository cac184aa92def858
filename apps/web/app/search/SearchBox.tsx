/**
 * Search box with autocomplete: suggestions (keywords, brands, styles) as you type, 초성 and
 * English-keyboard typing included, from GET /api/contents/keywords, debounced 150 ms. Arrow keys
 * move through the list, Enter searches, Escape closes. Submitting adds to the recent searches.
 */
import { highlightRanges, matchesTyped, type Suggestion } from '@codiroom/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { addRecent, readRecent } from './recent';
import styles from './search.module.css';

export const SUGGEST_DEBOUNCE_MS = 150;
const RECENT_IN_SUGGESTIONS = 3;

/** A suggestion, or one of this browser's recent searches that matches what is typed. */
type Option = Suggestion & { recent?: boolean };

/** Half-typed text or raw 초성 (ㄴㅌ, 맨투ㅁ): kept in the recent list, never offered as a suggestion. */
const HALF_TYPED = /[ㄱ-ㅎㅏ-ㅣ]/;

/** Recent searches matching the typed text the same way the server matches (초성, keys, spacing). */
function recentMatches(typed: string): Option[] {
  return readRecent()
    .filter((k) => !HALF_TYPED.test(k) && matchesTyped(k, typed))
    .slice(0, RECENT_IN_SUGGESTIONS)
    .map((keyword) => ({ keyword, type: 'keyword', id: null, recent: true }));
}

function suggestionHref(s: Suggestion): string {
  if (s.type === 'brand' && s.id) return `/brands/${s.id}`;
  if (s.type === 'style' && s.id) return `/style/${s.id}`;
  return `/search?query=${encodeURIComponent(s.keyword)}`;
}

const TYPE_LABEL: Record<Suggestion['type'], string> = { keyword: '', brand: '브랜드', style: '스타일' };

/**
 * Bold the parts of `text` that the typed text matches, as the server matched them: 초성 (ㄴㅌ
 * marks 니트), partial syllables, English-mode typing, English words (slacks marks 슬랙스).
 */
function Highlight({ text, typed }: { text: string; typed: string }) {
  const ranges = highlightRanges(text, typed);
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<strong key={start}>{text.slice(start, end)}</strong>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

export function SearchBox({
  initial = '',
  autoFocus = false,
  onFocusChange,
}: {
  initial?: string;
  autoFocus?: boolean;
  onFocusChange?: (focused: boolean) => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [items, setItems] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const seq = useRef(0);

  useEffect(() => setValue(initial), [initial]);

  useEffect(() => {
    const typed = value.trim();
    if (!typed) {
      setItems([]);
      return;
    }
    const mine = ++seq.current;
    const api = browserApi();
    api
      .debounced('search-suggest', SUGGEST_DEBOUNCE_MS, () =>
        api.get('/api/contents/keywords', { query: typed, limit: 10 }),
      )
      .then((body) => {
        if (mine === seq.current) {
          const recent = recentMatches(typed);
          const seen = new Set(recent.map((r) => r.keyword));
          setItems([...recent, ...body.result.filter((r) => r.type !== 'keyword' || !seen.has(r.keyword))]);
          setActive(-1);
        }
      })
      .catch(() => {
        if (mine === seq.current) setItems([]);
      });
  }, [value]);

  const go = (keyword: string) => {
    const k = keyword.trim();
    if (!k) return;
    addRecent(k);
    setOpen(false);
    navigate(`/search?query=${encodeURIComponent(k)}`);
  };

  const pick = (s: Suggestion) => {
    addRecent(s.keyword);
    setOpen(false);
    setValue(s.keyword);
    navigate(suggestionHref(s));
  };

  const showList = open && value.trim() !== '' && items.length > 0;

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={styles.box}
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = active >= 0 ? items[active] : undefined;
        if (chosen) pick(chosen);
        else go(value);
      }}
    >
      <label className={styles.field}>
        <span className="visually-hidden">검색어</span>
        <input
          name="query"
          type="search"
          value={value}
          placeholder="브랜드, 상품, 스타일 검색 (초성도 돼요)"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={50}
          // biome-ignore lint/a11y/noAutofocus: the search page exists to type into this box
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            onFocusChange?.(true);
          }}
          onBlur={() => {
            // Let a click on a suggestion land first.
            setTimeout(() => setOpen(false), 150);
            onFocusChange?.(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(items.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(-1, a - 1));
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
        />
      </label>
      {value && (
        <button
          type="button"
          className={styles.clear}
          aria-label="검색어 지우기"
          onClick={() => {
            setValue('');
            setItems([]);
          }}
        >
          ×
        </button>
      )}
      <button type="submit" className={styles.submit}>
        검색
      </button>
      {showList && (
        <div id={listId} role="listbox" aria-label="추천 검색어" className={styles.suggest}>
          {items.map((s, i) => (
            <div
              key={`${s.recent ? 'recent' : s.type}:${s.id ?? s.keyword}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              className={i === active ? styles.suggestActive : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(s);
              }}
            >
              <span className={styles.suggestText}>
                <Highlight text={s.keyword} typed={value} />
              </span>
              {s.recent && <span className={styles.suggestType}>최근 검색</span>}
              {TYPE_LABEL[s.type] && <span className={styles.suggestType}>{TYPE_LABEL[s.type]}</span>}
            </div>
          ))}
        </div>
      )}
    </Form>
  );
}
