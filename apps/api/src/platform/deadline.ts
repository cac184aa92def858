/**
 * A time limit that ends with its work: `AbortSignal.timeout` keeps its timer and signal alive for
 * the whole limit (15 s of a gateway call that took milliseconds), and `AbortSignal.any` ties
 * signals with weak references, so every paid order left several timers and signals for the
 * garbage collector to follow. A `Deadline` aborts after `ms` (with the TimeoutError
 * `AbortSignal.timeout` gives), or when `parent` aborts (with its reason), and `end()` releases the
 * timer and the listener at once.
 */
export type Deadline = { readonly signal: AbortSignal; end(): void };

export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  timer.unref();
  const onParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  return {
    signal: controller.signal,
    end() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}

/** Runs `work` under a deadline of `ms`, ended when it settles. */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const d = deadline(ms);
  try {
    return await work(d.signal);
  } finally {
    d.end();
  }
}
