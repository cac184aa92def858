/**
 * The product page's one GET /api/products/{id}/benefits: the coupon-download block and the price
 * block's first-purchase price both read it (docs/ARCHITECTURE.md "Storefront speed"), so the page
 * asks once. The answer is the viewer's, so it is never in loader data (the page's HTML is the same
 * for everyone); it is kept only while a component of that product shows it, and asked again after
 * a download (`reload`), which every reader then gets.
 */
import type { ProductBenefitsBody } from '@codiroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { inOwnTask } from '../lib/tasks';

type Answer = ProductBenefitsBody | null;
type Entry = { answer: Promise<Answer>; readers: Set<(a: Answer) => void> };

const entries = new Map<number, Entry>();

// getOr on purpose: both readers are optional parts of the product page; without an answer
// neither shows and the product stays buyable.
function ask(productDisplayId: number): Promise<Answer> {
  return browserApi().getOr(`/api/products/${productDisplayId}/benefits`, null);
}

function subscribe(productDisplayId: number, reader: (a: Answer) => void): () => void {
  let entry = entries.get(productDisplayId);
  if (!entry) {
    entry = { answer: ask(productDisplayId), readers: new Set() };
    entries.set(productDisplayId, entry);
  }
  const e = entry;
  e.readers.add(reader);
  void e.answer.then((a) => {
    if (e.readers.has(reader)) reader(a);
  });
  return () => {
    e.readers.delete(reader);
    // The last reader gone (another product, another page): the next visit asks afresh.
    if (e.readers.size === 0 && entries.get(productDisplayId) === e) entries.delete(productDisplayId);
  };
}

async function reloadFor(productDisplayId: number): Promise<void> {
  const e = entries.get(productDisplayId);
  const answer = ask(productDisplayId);
  if (!e) return void (await answer);
  e.answer = answer;
  const a = await answer;
  if (e.answer === answer) for (const reader of e.readers) reader(a);
}

/**
 * The viewer's benefits for a product, `undefined` until answered (null: no answer), read once per
 * page whatever the number of readers; `reload` asks again for all of them.
 */
export function useProductBenefits(productDisplayId: number): {
  data: Answer | undefined;
  reload: () => Promise<void>;
} {
  // Kept with its product: after a move to another product the old answer is not shown.
  const [held, setHeld] = useState<{ id: number; answer: Answer } | null>(null);
  // A task of its own: this runs among the hydration's effects (lib/tasks.ts). Both readers'
  // tasks run before the answer comes, so they share the one request.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const cancel = inOwnTask(() => {
      unsubscribe = subscribe(productDisplayId, (answer) => setHeld({ id: productDisplayId, answer }));
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [productDisplayId]);
  const reload = useCallback(() => reloadFor(productDisplayId), [productDisplayId]);
  return { data: held?.id === productDisplayId ? held.answer : undefined, reload };
}
