/**
 * The shop's bottom sheet (docs/ARCHITECTURE.md, "Bottom sheets"): the one frame for the filter
 * sheets, the confirmations and the pickers that stand in for native `confirm()` and `<select>`.
 * A modal dialog (aria-modal, named by its heading) at the bottom of the 480px column: focus moves
 * in when it opens, Tab and Shift+Tab stay inside it, Escape and the scrim close it, and focus goes
 * back to the control that opened it. Rendered into document.body, so a sheet opened from inside a
 * form is never part of that form.
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './BottomSheet.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `ref` while it is mounted: focuses `initial` (else the first field or
 * button, else the container), wraps Tab at both ends, answers Escape with `onClose`, and gives focus
 * back to what had it before.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  onClose: () => void,
  initial?: RefObject<HTMLElement | null>,
) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const items = () =>
      [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first =
      initial?.current ??
      box.querySelector<HTMLElement>('[data-autofocus]') ??
      box.querySelector<HTMLElement>('input:checked') ??
      items()[0] ??
      box;
    first.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = items();
      if (list.length === 0) {
        e.preventDefault();
        return;
      }
      const head = list[0] as HTMLElement;
      const tail = list[list.length - 1] as HTMLElement;
      const at = document.activeElement;
      if (e.shiftKey && (at === head || !box.contains(at))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (at === tail || !box.contains(at))) {
        e.preventDefault();
        head.focus();
      }
    };
    box.addEventListener('keydown', onKey);
    return () => {
      box.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [ref, initial]);
}

/** The page behind a modal does not scroll (restored when the last modal closes). */
function useScrollLock() {
  useEffect(() => {
    const body = document.body;
    const count = Number(body.dataset.modals ?? 0) + 1;
    body.dataset.modals = String(count);
    if (count === 1) body.style.overflow = 'hidden';
    return () => {
      const left = Number(body.dataset.modals ?? 1) - 1;
      body.dataset.modals = String(left);
      if (left <= 0) {
        body.style.overflow = '';
        delete body.dataset.modals;
      }
    };
  }, []);
}

export function BottomSheet({
  title,
  onClose,
  children,
  footer,
  closeLabel = '닫기',
  testId,
}: {
  /** The heading, also the dialog's name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons pinned below the scrolling body. */
  footer?: ReactNode;
  /** The head's close button, named for what it closes ('필터 닫기'). */
  closeLabel?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, onClose);
  useScrollLock();
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className={styles.backdrop}>
      <button
        type="button"
        className={styles.scrim}
        aria-label={closeLabel}
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        ref={ref}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
            닫기
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.foot}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
