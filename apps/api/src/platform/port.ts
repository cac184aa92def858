/**
 * A port (docs/ARCHITECTURE.md, "The dependency rule"): what a domain needs from another domain it
 * may not import, because that domain depends on it (importing back would close a domain cycle).
 * The consumer declares the port's type and its slot (`definePort`) in its own folder; the owner
 * implements it over its own tables and exports the implementation from its `index.ts`; the
 * composition root (`src/ports.ts`, run by `buildApp`) plugs the one into the other at start.
 *
 * The implementations are plain reads on the caller's connection (or transaction), the same code
 * for every context, so a slot holds one implementation per process. Using a port that was never
 * provided is a wiring bug and throws.
 */
export type Port<T> = {
  readonly name: string;
  /** Plugs the implementation in (the composition root; a second call replaces the first). */
  provide(impl: T): void;
  /** The implementation; throws when none was provided. */
  get(): T;
};

export function definePort<T>(name: string): Port<T> {
  let impl: T | undefined;
  return {
    name,
    provide(next) {
      impl = next;
    },
    get() {
      if (impl === undefined) throw new Error(`port ${name} is not provided (src/ports.ts wires it)`);
      return impl;
    },
  };
}
