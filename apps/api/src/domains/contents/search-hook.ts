/**
 * The search index hears of contents' changes through this port: a style's or post's search
 * document is rebuilt after the back office changes it (docs/ARCHITECTURE.md, "Search"). Search
 * builds those documents from contents' reads (reads-for-search.ts), so contents may not import
 * search; app.ts hands search's re-indexers over per context (`useEditorialIndexer`).
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';

export type EditorialIndexer = {
  /** Rebuilds the search documents of these styles. */
  styles(db: Db, ids: number[]): Promise<void>;
  /** Rebuilds the search documents of these posts. */
  posts(db: Db, ids: number[]): Promise<void>;
};

const wired = new WeakMap<AppContext, EditorialIndexer>();

/** Wires the search domain's re-indexers for `ctx` (app.ts). */
export function useEditorialIndexer(ctx: AppContext, indexer: EditorialIndexer): void {
  wired.set(ctx, indexer);
}

export function editorialIndexer(ctx: AppContext): EditorialIndexer {
  const indexer = wired.get(ctx);
  if (!indexer) throw new Error('contents: the search re-indexer is not wired (app.ts useEditorialIndexer)');
  return indexer;
}
