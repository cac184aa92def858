/**
 * The category page's filter in the same bottom sheet as the search page's (components/BottomSheet,
 * the chips of search/filter-sheet.module.css): brand, price, size and colour from GET
 * /api/products/category-filters. 상품 보기 submits the GET form, so the filtered list is a link;
 * 초기화 keeps the category and the sort only.
 */
import type { CategoryFiltersBody } from '@codiroom/shared';
import { type ReactNode, useId } from 'react';
import { Form, Link } from 'react-router';
import { BottomSheet } from '../components/BottomSheet';
import sheet from '../components/BottomSheet.module.css';
import { cssVars } from '../components/css-vars';
import chips from '../search/filter-sheet.module.css';
import f from './catalog.module.css';

export type CategoryFilters = {
  brand_id: string[];
  size: string[];
  color: string[];
  price_min?: string | undefined;
  price_max?: string | undefined;
};

export function CategoryFilterSheet({
  facets,
  filters,
  keep,
  resetTo,
  onClose,
}: {
  facets: CategoryFiltersBody;
  filters: CategoryFilters;
  /** category_main, category_sub and sort, kept as they are. */
  keep: Record<string, string>;
  resetTo: string;
  onClose: () => void;
}) {
  const formId = useId();
  return (
    <BottomSheet
      title="필터"
      closeLabel="필터 닫기"
      onClose={onClose}
      footer={
        <>
          <Link to={resetTo} className={`${sheet.secondary} ${f.resetLink}`} replace onClick={onClose}>
            초기화
          </Link>
          <button type="submit" form={formId} className={sheet.primary}>
            상품 보기
          </button>
        </>
      }
    >
      <CategoryFilterForm id={formId} facets={facets} filters={filters} keep={keep} onSubmit={onClose} />
    </BottomSheet>
  );
}

/**
 * The filter's GET form: the sheet's body, and on its own the page's filter without scripts (the
 * category page's <details>), where `children` is its submit button.
 */
export function CategoryFilterForm({
  id,
  facets,
  filters,
  keep,
  onSubmit,
  children,
}: {
  id?: string;
  facets: CategoryFiltersBody;
  filters: CategoryFilters;
  keep: Record<string, string>;
  onSubmit?: () => void;
  children?: ReactNode;
}) {
  return (
    <Form id={id} method="get" action="/category" aria-label="상품 필터" onSubmit={onSubmit}>
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {facets.brands.length > 0 && (
        <fieldset className={chips.fieldset}>
          <legend>브랜드</legend>
          <div className={chips.options}>
            {facets.brands.slice(0, 20).map((b) => (
              <label key={b.id} className={chips.option}>
                <input
                  type="checkbox"
                  name="brand_id"
                  value={b.id}
                  defaultChecked={filters.brand_id.includes(String(b.id))}
                />
                {b.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className={chips.fieldset}>
        <legend>가격</legend>
        <div className={f.price}>
          <label>
            <span className="visually-hidden">최저 가격</span>
            <input
              type="number"
              inputMode="numeric"
              name="price_min"
              min={0}
              step={1000}
              placeholder={facets.price.min !== null ? String(facets.price.min) : '최저'}
              defaultValue={filters.price_min}
            />
          </label>
          ~
          <label>
            <span className="visually-hidden">최고 가격</span>
            <input
              type="number"
              inputMode="numeric"
              name="price_max"
              min={0}
              step={1000}
              placeholder={facets.price.max !== null ? String(facets.price.max) : '최고'}
              defaultValue={filters.price_max}
            />
          </label>
          원
        </div>
      </fieldset>
      {facets.sizes.length > 0 && (
        <fieldset className={chips.fieldset}>
          <legend>사이즈</legend>
          <div className={chips.options}>
            {facets.sizes.map((z) => (
              <label key={z.size_name} className={chips.option}>
                <input
                  type="checkbox"
                  name="size"
                  value={z.size_name}
                  defaultChecked={filters.size.includes(z.size_name)}
                />
                {z.size_name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {facets.colors.length > 0 && (
        <fieldset className={chips.fieldset}>
          <legend>색상</legend>
          <div className={chips.options}>
            {facets.colors.map((c) => (
              <label key={c.color_name} className={chips.option}>
                <input
                  type="checkbox"
                  name="color"
                  value={c.color_name}
                  defaultChecked={filters.color.includes(c.color_name)}
                />
                <span
                  className={chips.swatch}
                  style={cssVars({ '--swatch': c.color_hex })}
                  aria-hidden="true"
                />
                {c.color_name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {children}
    </Form>
  );
}
