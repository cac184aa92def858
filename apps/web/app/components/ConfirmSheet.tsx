/**
 * A question in the shop's bottom sheet instead of `window.confirm()`: `const [sheet, ask] =
 * useConfirmSheet()`, render `sheet`, then `if (!(await ask({...}))) return;`. Cancel, Escape and the
 * scrim answer false.
 */
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { BottomSheet } from './BottomSheet';
import styles from './BottomSheet.module.css';

export type ConfirmQuestion = {
  title: string;
  text?: string | null;
  confirmLabel?: string;
  cancelLabel?: string;
};

export function useConfirmSheet(): [ReactNode, (q: ConfirmQuestion) => Promise<boolean>] {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback((q: ConfirmQuestion) => {
    answer.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const settle = useCallback((ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setQuestion(null);
  }, []);
  const sheet = question && (
    <BottomSheet
      title={question.title}
      onClose={() => settle(false)}
      footer={
        <>
          <button type="button" className={styles.secondary} onClick={() => settle(false)}>
            {question.cancelLabel ?? '취소'}
          </button>
          <button type="button" className={styles.primary} onClick={() => settle(true)} data-autofocus>
            {question.confirmLabel ?? '확인'}
          </button>
        </>
      }
    >
      {question.text && <p className={styles.text}>{question.text}</p>}
    </BottomSheet>
  );
  return [sheet, ask];
}
