/**
 * Request parameter schemas shared by the read endpoints. Bad query values are 400s (zod);
 * path ids are plain strings checked by the route so that a non-numeric id answers the 404 of the
 * resource rather than a validation error.
 */
import { z } from 'zod';
import { notFound } from './errors.ts';

export const MAX_PAGE = 10_000;

/** 1-based page number. */
export const PageQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE)
  .default(1)
  .meta({ description: '1-based page number' });

/** 'true' / 'false' (or '1' / '0') as a boolean; absent means no filter. */
export const BoolQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const IdParams = z.object({
  id: z.string().meta({ description: 'Numeric id. Anything else answers the 404 of the resource.' }),
});

/** The id of IdParams as a number; anything else (not 1–9 digits, or 0) is the resource's 404. */
export function pathId(raw: string, detail: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(detail);
  return id;
}

/**
 * A product display id in a query string. SPEC.md §5: 'null' and 'undefined' (and '') mean
 * "no product" and give empty results; anything else that is not a number is a 400.
 */
export const DisplayIdQuery = z
  .string()
  .regex(/^(\d{1,9}|null|undefined|)$/, 'expected a product display id')
  .transform((v) => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null));

/** A lower-case code (category sub, placement, slug …). */
export const CodeQuery = z.string().regex(/^[a-z0-9_-]{1,50}$/, 'expected a lower-case code');
