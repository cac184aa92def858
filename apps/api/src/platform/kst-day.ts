/**
 * The KST calendar day (YYYY-MM-DD) of a timestamptz column in SQL, for per-day series grouped in
 * the database (the back office dashboard, SPEC.md §9); the same day kstDateString gives in code.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

export const kstDaySql = (col: SQLWrapper): SQL<string> =>
  sql<string>`to_char((${col} at time zone 'Asia/Seoul')::date, 'YYYY-MM-DD')`;
