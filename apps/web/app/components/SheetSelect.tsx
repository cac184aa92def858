/**
 * A choice from a list in the shop's bottom sheet instead of a native `<select>`: a button showing
 * the chosen option opens a sheet of radio rows (arrow keys move, Enter or a tap picks and closes).
 * With `name`, a hidden input carries the value in the surrounding form's data, as a select would.
 * Controlled (`value` + `onChange`) or not (`defaultValue`).
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { BottomSheet } from './BottomSheet';
import sheet from './BottomSheet.module.css';
import styles from './SheetSelect.module.css';

export type SheetOption = { value: string; label: string; disabled?: boolean };

export function SheetSelect({
  label,
  options,
  name,
  value,
  defaultValue,
  onChange,
  placeholder = '선택해주세요',
  className,
  hideLabel = false,
  compact = false,
  testId,
}: {
  /** The field's label, also the sheet's title. */
  label: string;
  options: readonly SheetOption[];
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** The label for assistive technology only (a sort picker next to the product count). */
  hideLabel?: boolean;
  /** The small toolbar look (a sort picker). */
  compact?: boolean;
  testId?: string;
}) {
  const [own, setOwn] = useState(defaultValue ?? options.find((o) => !o.disabled)?.value ?? '');
  const current = value ?? own;
  const [open, setOpen] = useState(false);
  const id = useId();
  const chosen = options.find((o) => o.value === current);

  const pick = (v: string) => {
    if (value === undefined) setOwn(v);
    setOpen(false);
    if (v !== current) onChange?.(v);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(e.currentTarget.value);
    }
  };

  return (
    <span className={`${styles.field} ${className ?? ''}`}>
      <span id={`${id}-label`} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </span>
      <button
        type="button"
        className={compact ? `${styles.button} ${styles.compact}` : styles.button}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <span id={`${id}-value`} className={chosen ? undefined : styles.placeholder}>
          {chosen?.label ?? placeholder}
        </span>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.chevron}>
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {name && <input type="hidden" name={name} value={current} />}
      {open && (
        <BottomSheet title={label} onClose={() => setOpen(false)}>
          <fieldset className={sheet.choices}>
            <legend className="visually-hidden">{label}</legend>
            {options.map((o) => (
              <label key={o.value} className={sheet.choice}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={o.value}
                  checked={o.value === current}
                  disabled={o.disabled}
                  onChange={() => undefined}
                  // A tap or click picks (detail > 0); arrow keys only move through the rows.
                  onClick={(e) => e.detail > 0 && pick(o.value)}
                  onKeyDown={onKey}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        </BottomSheet>
      )}
    </span>
  );
}
