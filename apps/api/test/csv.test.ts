/**
 * The back office's CSV reading and writing (platform/csv.ts over csv-parse / csv-stringify):
 * quoted cells with commas, line breaks and quotes; lines numbered as in the file; a UTF-8
 * byte-order mark on downloads; formula-safe cells.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../src/platform/csv.ts';

const SHAPES = { 'sku,stock': 'stock', 'order_item_id,carrier_code,tracking_number': 'ship' } as const;

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, numbering lines as in the file', () => {
    const csv = '\uFEFFSKU, Stock\r\n"A,1", 3\r\n\r\n , ,\r\n"멀티\r\n줄",4\n"say ""hi""",5\r\nplain,6';
    const out = parseCsv(csv, SHAPES, 10);
    expect(out.kind).toBe('stock');
    expect(out.lines).toEqual([
      { line: 2, cells: ['A,1', '3'] },
      { line: 5, cells: ['멀티\r\n줄', '4'] },
      { line: 7, cells: ['say "hi"', '5'] },
      { line: 8, cells: ['plain', '6'] },
    ]);
  });

  it('keeps the old plain shape: LF or CRLF, trimmed cells, ragged rows left to the caller', () => {
    const out = parseCsv('order_item_id,carrier_code,tracking_number\n 7 ,CJ, 1234 \n8,CJ\n', SHAPES, 10);
    expect(out.kind).toBe('ship');
    expect(out.lines).toEqual([
      { line: 2, cells: ['7', 'CJ', '1234'] },
      { line: 3, cells: ['8', 'CJ'] },
    ]);
  });

  it('refuses an unknown header, no rows, too many rows and an unclosed quote with a 400', () => {
    const status = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return [(err as { statusCode?: number }).statusCode, (err as Error).message];
      }
      return null;
    };
    expect(status(() => parseCsv('id,qty\n1,2', SHAPES, 10))?.[0]).toBe(400);
    expect(status(() => parseCsv('sku,stock\n\n,\n', SHAPES, 10))?.[0]).toBe(400);
    expect(status(() => parseCsv('sku,stock\na,1\nb,2\nc,3', SHAPES, 2))?.[0]).toBe(400);
    const open = status(() => parseCsv('sku,stock\na,1\n"b,2\n', SHAPES, 10));
    expect(open?.[0]).toBe(400);
    expect(open?.[1]).toMatch(/따옴표/);
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark, uses CRLF and quotes what needs quoting', () => {
    const out = toCsv(
      ['이름', 'note', 'n'],
      [
        ['코디, 셔츠', 'he said "hi"\nagain', 12],
        ['b', null, -3],
      ],
    );
    expect(out.startsWith('\uFEFF이름,note,n\r\n')).toBe(true);
    expect(out.endsWith('\r\n')).toBe(false);
    expect(parse(out, { bom: true })).toEqual([
      ['이름', 'note', 'n'],
      ['코디, 셔츠', 'he said "hi"\nagain', '12'],
      ['b', '', '-3'],
    ]);
  });

  it("prefixes text a spreadsheet would run as a formula with ' (= + - @ tab CR); numbers stay numbers", () => {
    const risky = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'];
    const out = toCsv(['v'], [...risky.map((v) => [v]), [-5], ['safe']]);
    const cells = parse(out, { bom: true, relax_quotes: true })
      .slice(1)
      .map((r: string[]) => r[0]);
    expect(cells).toEqual([...risky.map((v) => `'${v}`), '-5', 'safe']);
  });
});
