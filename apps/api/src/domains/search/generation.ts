/**
 * The index generation of this process: bumped by every write to the search index here (cache
 * keys and the in-memory replicas include it, so nothing answers from before a re-index).
 */
let generation = 0;

/** Bumped by every write to the index in this process (cache keys include it). */
export function indexGeneration(): number {
  return generation;
}

/** Marks a write to the index (documents.ts, postings-index.ts). */
export function bumpGeneration(): void {
  generation += 1;
}
