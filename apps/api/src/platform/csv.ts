/**
 * The back office's CSV uploads (docs/ARCHITECTURE.md, "Back office"): plain comma-separated
 * lines without quoting (ids, numbers, codes), a header naming the shape, a byte-order mark and
 * CRLF tolerated, blank lines skipped, a bounded number of rows. Each upload checks its own cells.
 */
import { badRequest } from './errors.ts';

export type CsvLine = { line: number; cells: string[] };

/**
 * The shape the header names (one of `shapes`, compared without spaces and case) and the lines
 * after it, numbered as in the file; 400 for an unknown header, no rows or too many.
 */
export function parseCsv<K extends string>(
  csv: string,
  shapes: Record<string, K>,
  maxRows: number,
): { kind: K; lines: CsvLine[] } {
  const all = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (all[0] ?? '').replace(/\s/g, '').toLowerCase();
  const kind = shapes[header];
  if (!kind) throw badRequest(`첫 줄은 ${Object.keys(shapes).join(' 또는 ')} 이어야 합니다.`);
  const lines = all
    .slice(1)
    .map((text, i) => ({ line: i + 2, cells: text.split(',').map((c) => c.trim()) }))
    .filter((l) => l.cells.some((c) => c !== ''));
  if (lines.length === 0) throw badRequest('바꿀 줄이 없습니다.');
  if (lines.length > maxRows) throw badRequest(`한 번에 ${maxRows}줄까지 올릴 수 있습니다.`);
  return { kind, lines };
}
