/**
 * The rows of a raw `db.execute(sql...)` result: postgres.js answers an array of rows, PGlite an
 * object with `rows`. Numbers from bigint/numeric columns arrive as strings on postgres.js, so
 * callers cast in SQL (::int) or convert with Number().
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
