/** SQL values built from JavaScript ones, for any domain's queries. */
import { type SQL, sql } from 'drizzle-orm';

/** A text[] of the values, each bound as a parameter (for array overlap, `tags && …`). */
export function toTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
