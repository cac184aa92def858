/**
 * The back office's CSV files (docs/ARCHITECTURE.md, "Back office"), read and written with the
 * maintained csv-parse / csv-stringify (RFC 4180): quoted cells may hold commas, line breaks and
 * doubled quotes. Uploads: a header naming the shape, a byte-order mark and CRLF or LF tolerated,
 * blank lines skipped, cells trimmed, lines numbered as in the file, a bounded number of rows; each
 * upload checks its own cells. Downloads: a UTF-8 byte-order mark (Excel in Korea reads a file
 * without one as CP949 and garbles Hangul), CRLF, and formula-safe cells (a text cell starting
 * with = + - @ tab or CR is prefixed with ' so a spreadsheet shows it instead of running it).
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from './errors.ts';

export type CsvLine = { line: number; cells: string[] };

type Parsed = { record: string[]; info: { bytes: number } };

/** Every record of `csv` with the file line it starts on (a quoted cell may span lines). */
function records(csv: string): CsvLine[] {
  let parsed: Parsed[];
  try {
    parsed = parse(csv, {
      bom: true,
      info: true,
      trim: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n'],
    }) as unknown as Parsed[];
  } catch (err) {
    if (err instanceof CsvError) {
      const at = (err as CsvError & { lines?: number }).lines;
      throw badRequest(
        err.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `${at ?? ''}번째 줄: 따옴표(")가 닫히지 않았습니다.`
          : `CSV를 읽을 수 없습니다${at ? ` (${at}번째 줄)` : ''}.`,
      );
    }
    throw err;
  }
  // Records are contiguous in the source; `info.bytes` is where each one ends (its line break
  // included), so the line a record starts on is one more than the line breaks before it.
  const bytes = Buffer.from(csv, 'utf8');
  const out: CsvLine[] = [];
  let from = 0;
  let line = 1;
  for (const { record, info } of parsed) {
    out.push({ line, cells: record });
    for (let i = from; i < info.bytes && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
    from = info.bytes;
  }
  return out;
}

/**
 * The shape the header names (one of `shapes`, compared without spaces and case) and the lines
 * after it, numbered as in the file; 400 for an unknown header, malformed quoting, no rows or too
 * many.
 */
export function parseCsv<K extends string>(
  csv: string,
  shapes: Record<string, K>,
  maxRows: number,
): { kind: K; lines: CsvLine[] } {
  const all = records(csv);
  const header = (all[0]?.cells ?? []).join(',').replace(/\s/g, '').toLowerCase();
  const kind = shapes[header];
  if (!kind) throw badRequest(`첫 줄은 ${Object.keys(shapes).join(' 또는 ')} 이어야 합니다.`);
  const lines = all.slice(1).filter((l) => l.cells.some((c) => c !== ''));
  if (lines.length === 0) throw badRequest('바꿀 줄이 없습니다.');
  if (lines.length > maxRows) throw badRequest(`한 번에 ${maxRows}줄까지 올릴 수 있습니다.`);
  return { kind, lines };
}

export type CsvCell = string | number | null | undefined;

/**
 * A CSV download: the header and rows, quoted where needed, CRLF, a UTF-8 byte-order mark, and
 * text cells that a spreadsheet would read as a formula prefixed with '. Numbers are written as
 * they are (a negative amount stays a number); null and undefined are empty cells. No line break
 * after the last row.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([[...header], ...rows.map((r) => r.map((c) => c ?? ''))], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  }).replace(/\r\n$/, '');
}
