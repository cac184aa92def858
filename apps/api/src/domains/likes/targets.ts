import { brands, codiSets, posts, productDisplays, styles } from '../../db/schema.ts';

/** The table each like type points at (SPEC.md §3 like types); each has a like_count column. */
export const LIKE_TARGETS = {
  PRODUCT: productDisplays,
  BRAND: brands,
  STYLE: styles,
  CODI: codiSets,
  CONTENT: posts,
} as const;
