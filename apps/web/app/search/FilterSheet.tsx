/**
 * Filter sheet of the product results: price range, brand, category, size and colour, each with
 * the counts of GET /api/v1/search/filters. Applying navigates to the same search with the filters
 * as query parameters (so filtered results are links too).
 */
import type { SearchFiltersBody } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../components/BottomSheet';
import sheet from '../components/BottomSheet.module.css';
import { cssVars } from '../components/css-vars';
import styles from './filter-sheet.module.css';

export interface ActiveFilters {
  price_min?: number | undefined;
  price_max?: number | undefined;
  brand_ids: number[];
  category?: string | undefined;
  sizes: string[];
  colors: string[];
}

export function filtersFromUrl(url: URL): ActiveFilters {
  const num = (k: string) => {
    const v = url.searchParams.get(k);
    const n = v === null || v === '' ? Number.NaN : Number(v);
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const list = (k: string) =>
    (url.searchParams.get(k) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const category = url.searchParams.get('category') ?? '';
  return {
    price_min: num('price_min'),
    price_max: num('price_max'),
    brand_ids: list('brand_ids')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    category: /^[a-z0-9_]{1,50}$/.test(category) ? category : undefined,
    sizes: list('sizes'),
    colors: list('colors'),
  };
}

export function filterCount(f: ActiveFilters): number {
  return (
    (f.price_min !== undefined || f.price_max !== undefined ? 1 : 0) +
    (f.brand_ids.length ? 1 : 0) +
    (f.category ? 1 : 0) +
    (f.sizes.length ? 1 : 0) +
    (f.colors.length ? 1 : 0)
  );
}

/** Query string values of the filters (empty ones left out). */
export function filterParams(f: ActiveFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.price_min !== undefined) out.price_min = String(f.price_min);
  if (f.price_max !== undefined) out.price_max = String(f.price_max);
  if (f.brand_ids.length) out.brand_ids = f.brand_ids.join(',');
  if (f.category) out.category = f.category;
  if (f.sizes.length) out.sizes = f.sizes.join(',');
  if (f.colors.length) out.colors = f.colors.join(',');
  return out;
}

const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

export function FilterSheet({
  open,
  onClose,
  facets,
  active,
  baseParams,
}: {
  open: boolean;
  onClose: () => void;
  facets: SearchFiltersBody;
  active: ActiveFilters;
  /** query, type and sort to keep. */
  baseParams: Record<string, string>;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ActiveFilters>(active);
  useEffect(() => {
    if (open) setDraft(active);
  }, [open, active]);
  if (!open) return null;

  const apply = () => {
    const q = new URLSearchParams({ ...baseParams, ...filterParams(draft) });
    onClose();
    navigate(`/search?${q.toString()}`);
  };
  const rangeKey = (min: number, max: number | null) => `${min}-${max ?? ''}`;
  const selectedRange = rangeKey(
    draft.price_min ?? -1,
    draft.price_max === undefined ? null : draft.price_max + 1,
  );

  return (
    <BottomSheet
      title="필터"
      closeLabel="필터 닫기"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className={sheet.secondary}
            onClick={() => setDraft({ brand_ids: [], sizes: [], colors: [] })}
          >
            초기화
          </button>
          <button type="button" className={sheet.primary} onClick={apply}>
            상품 보기
          </button>
        </>
      }
    >
      <fieldset className={styles.fieldset}>
        <legend>가격</legend>
        <div className={styles.options}>
          {facets.price_ranges.map((r) => {
            const key = rangeKey(r.min, r.max);
            const checked = selectedRange === key;
            return (
              <label key={key} className={checked ? styles.optionOn : styles.option}>
                <input
                  type="radio"
                  name="price"
                  checked={checked}
                  disabled={r.count === 0}
                  onChange={() =>
                    setDraft((d) => ({
                      ...d,
                      price_min: r.min,
                      price_max: r.max === null ? undefined : r.max - 1,
                    }))
                  }
                />
                {r.label} <span className={styles.count}>{r.count}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {facets.categories.length > 1 && (
        <fieldset className={styles.fieldset}>
          <legend>카테고리</legend>
          <div className={styles.options}>
            {facets.categories.map((c) => {
              const checked = draft.category === c.code;
              return (
                <label key={c.code} className={checked ? styles.optionOn : styles.option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => setDraft((d) => ({ ...d, category: checked ? undefined : c.code }))}
                  />
                  {c.name} <span className={styles.count}>{c.count}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {facets.brands.length > 1 && (
        <fieldset className={styles.fieldset}>
          <legend>브랜드</legend>
          <div className={styles.options}>
            {facets.brands.slice(0, 20).map((b) => {
              const checked = draft.brand_ids.includes(b.id);
              return (
                <label key={b.id} className={checked ? styles.optionOn : styles.option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => setDraft((d) => ({ ...d, brand_ids: toggle(d.brand_ids, b.id) }))}
                  />
                  {b.name} <span className={styles.count}>{b.count}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {facets.sizes.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>사이즈</legend>
          <div className={styles.options}>
            {facets.sizes.slice(0, 30).map((s) => {
              const checked = draft.sizes.includes(s.size_name);
              return (
                <label key={s.size_name} className={checked ? styles.optionOn : styles.option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => setDraft((d) => ({ ...d, sizes: toggle(d.sizes, s.size_name) }))}
                  />
                  {s.size_name} <span className={styles.count}>{s.count}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      {facets.colors.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>색상</legend>
          <div className={styles.options}>
            {facets.colors.map((c) => {
              const checked = draft.colors.includes(c.color_name);
              return (
                <label key={c.color_name} className={checked ? styles.optionOn : styles.option}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => setDraft((d) => ({ ...d, colors: toggle(d.colors, c.color_name) }))}
                  />
                  <span
                    className={styles.swatch}
                    style={cssVars({ '--swatch': c.color_hex })}
                    aria-hidden="true"
                  />
                  {c.color_name} <span className={styles.count}>{c.count}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </BottomSheet>
  );
}
