import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { inOwnTask } from '../lib/tasks';
import styles from './product.module.css';

const POLL_MS = 30_000;

/** "지금 N명이 보고 있어요": live viewers of the product, polled while the page is open. */
export function LiveViewers({ productId }: { productId: number }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    // Its own signal: a poll is this component's, ended when it unmounts.
    const stop = new AbortController();
    const load = () =>
      browserApi()
        .getOr(
          '/api/products/current-view-count',
          null,
          { product_display_id: productId },
          { signal: stop.signal },
        )
        .then((b) => {
          if (!stop.signal.aborted && b) setCount(b.count);
        });
    // The first count in a task of its own: this runs among the hydration's effects (lib/tasks.ts).
    const cancel = inOwnTask(load);
    const timer = window.setInterval(load, POLL_MS);
    return () => {
      stop.abort();
      cancel();
      window.clearInterval(timer);
    };
  }, [productId]);
  // The line's place is kept from the server render on, so the count arriving after the page has
  // painted shifts nothing below it (a layout shift under the price block).
  return (
    <p className={styles.viewers} aria-live="polite" data-testid="live-viewers">
      {count !== null && count >= 2 ? `지금 ${count.toLocaleString('ko-KR')}명이 보고 있어요` : null}
    </p>
  );
}
