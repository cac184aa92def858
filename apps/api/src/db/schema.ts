/**
 * The whole Codiroom database (SPEC.md §3), gathered from its owners for drizzle-kit, migrations,
 * the seed and tests: re-exports only. Each table is defined by the one domain that owns it
 * (domains/<name>/schema.ts) or by platform/schema.ts for infrastructure tables. A domain imports
 * only its own tables (dependency-cruiser rule 'domain-imports-only-its-own-tables'); never import
 * this index from a domain.
 */

export * from '../domains/benefits/schema.ts';
export * from '../domains/carts/schema.ts';
export * from '../domains/catalog/schema.ts';
export * from '../domains/contents/schema.ts';
export * from '../domains/curations/schema.ts';
export * from '../domains/likes/schema.ts';
export * from '../domains/orders/schema.ts';
export * from '../domains/restock/schema.ts';
export * from '../domains/reviews/schema.ts';
export * from '../domains/search/schema.ts';
export * from '../domains/support/schema.ts';
export * from '../domains/users/schema.ts';
export * from '../platform/schema.ts';
