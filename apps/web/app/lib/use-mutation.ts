/**
 * The one mutation hook of the storefront: runs an API call, keeps its pending state, shows the
 * server's `detail` of a refused call (4xx, e.g. validation) inline (its Korean message only: no code,
 * no English), and revalidates the route's
 * loaders after a success so the page shows fresh data. A 5xx or network failure is shown inline
 * with the generic message (the form the user filled in stays on screen); aborts are ignored.
 * A run while another is pending is dropped (`run` answers null without calling `fn`).
 */
import { ApiError, type ApiFailure, type ApiResult, isAbortError } from '@codiroom/shared';
import { useCallback, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { shopperMessage } from './shopper-text';

/**
 * The generic failure texts (no network; any other thrown failure). Candidates for
 * packages/shared MESSAGES, which has no generic network/server message yet.
 */
export const FAILURE_TEXT = {
  network: '네트워크 연결을 확인해주세요.',
  server: '잠시 후 다시 시도해주세요.',
} as const;

/** The generic inline text of a thrown failure: no network, or anything else (5xx, 401). */
export function failureText(err: unknown): string {
  return err instanceof ApiError && err.status === 0 ? FAILURE_TEXT.network : FAILURE_TEXT.server;
}

/** `done`: the last run succeeded (a page that leaves on success keeps its button disabled). */
export type MutationState = { pending: boolean; error: string | null; done: boolean };

export type MutationOptions<T> = {
  /** Re-run the page's loaders after a success (default true). */
  revalidate?: boolean;
  onSuccess?: (data: T) => void | Promise<void>;
  /** The inline text of a refused call (4xx); default its `detail`; null shows nothing. */
  refusedText?: (failure: ApiFailure) => string | null;
  /** The inline text of a thrown failure (5xx, network, 401); default `failureText`. */
  failedText?: (err: unknown) => string | null;
};

const IDLE: MutationState = { pending: false, error: null, done: false };

export function useMutation<A extends unknown[], T>(
  fn: (...args: A) => Promise<ApiResult<T>>,
  options: MutationOptions<T> = {},
) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<MutationState>(IDLE);
  const busy = useRef(false);
  const latest = useRef({ fn, options, revalidator });
  latest.current = { fn, options, revalidator };

  const run = useCallback(async (...args: A): Promise<ApiResult<T> | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState({ pending: true, error: null, done: false });
    const { fn: call, options: opts, revalidator: rv } = latest.current;
    try {
      const res = await call(...args);
      if (res.ok) {
        await opts.onSuccess?.(res.data);
        if (opts.revalidate !== false) await rv.revalidate();
        setState({ pending: false, error: null, done: true });
      } else {
        setState({ pending: false, error: shown((opts.refusedText ?? detailOf)(res)), done: false });
      }
      return res;
    } catch (err) {
      const error = isAbortError(err) ? null : shown((opts.failedText ?? failureText)(err));
      setState({ pending: false, error, done: false });
      return null;
    } finally {
      busy.current = false;
    }
  }, []);

  /** Clears the error and `done` (a run in flight stays pending). */
  const reset = useCallback(() => setState((s) => ({ ...IDLE, pending: s.pending })), []);
  return { run, reset, ...state };
}

const detailOf = (failure: ApiFailure) => failure.detail;

/**
 * What the shopper reads: the Korean message without its code ('[ERROR101] …'), or the generic
 * text for a detail with no Korean in it (packages/shared/src/shopper-text.ts).
 */
const shown = (text: string | null) => (text === null ? null : shopperMessage(text));
