import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontFilesFor, parseFontFaces } from '../app/lib/font-subsets.ts';

// The shape of Pretendard's dynamic-subset stylesheet after the build (hashed file names).
const CSS = `@font-face{font-family:Pretendard Variable;font-weight:45 920;font-style:normal;font-display:optional;src:url(/assets/PretendardVariable.subset.91-A.woff2) format("woff2-variations");unicode-range:U+AC00-AC0B,U+B294,U+B2E4}
@font-face{font-family:Pretendard Variable;font-display:optional;src:url('/assets/PretendardVariable.subset.0-B.woff2') format("woff2-variations");unicode-range:U+0041-005A,U+0061-007A}
@font-face{font-family:Pretendard Variable;src:url(/assets/PretendardVariable.subset.50-C.woff2);unicode-range:U+4E??}`;

describe('Pretendard subsets of a page', () => {
  it('reads each rule’s file and unicode ranges', () => {
    const faces = parseFontFaces(CSS);
    expect(faces.map((f) => f.url)).toEqual([
      '/assets/PretendardVariable.subset.91-A.woff2',
      '/assets/PretendardVariable.subset.0-B.woff2',
      '/assets/PretendardVariable.subset.50-C.woff2',
    ]);
    expect(faces[0]?.ranges).toEqual([
      [0xac00, 0xac0b],
      [0xb294, 0xb294],
      [0xb2e4, 0xb2e4],
    ]);
    expect(faces[2]?.ranges).toEqual([[0x4e00, 0x4eff]]);
  });

  it('picks only the files the text’s characters need', () => {
    const faces = parseFontFaces(CSS);
    expect(fontFilesFor('가', faces)).toEqual(['/assets/PretendardVariable.subset.91-A.woff2']);
    expect(fontFilesFor('Codi 다', faces)).toEqual([
      '/assets/PretendardVariable.subset.91-A.woff2',
      '/assets/PretendardVariable.subset.0-B.woff2',
    ]);
    expect(fontFilesFor('   ', faces)).toEqual([]);
    expect(fontFilesFor('한', faces)).toEqual([]);
  });

  it('holds both ends of a range and nothing outside it', () => {
    const faces = [
      { url: 'a', ranges: [[0x41, 0x43] as [number, number]] },
      { url: 'b', ranges: [[0x1f600, 0x1f600] as [number, number]] },
    ];
    expect(fontFilesFor('A', faces)).toEqual(['a']);
    expect(fontFilesFor('C', faces)).toEqual(['a']);
    expect(fontFilesFor('@D', faces)).toEqual([]);
    expect(fontFilesFor('x😀', faces)).toEqual(['b']);
  });

  it('agrees with a character-by-character reading of Pretendard’s own stylesheet', () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(
      require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
      'utf8',
    );
    const faces = parseFontFaces(css);
    expect(faces.length).toBeGreaterThan(90);
    const naive = (text: string) =>
      faces
        .filter((f) =>
          [...text].some((ch) =>
            f.ranges.some(([lo, hi]) => ch.codePointAt(0)! >= lo && ch.codePointAt(0)! <= hi),
          ),
        )
        .map((f) => f.url);
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 20; n++) {
      let text = '';
      for (let i = 0; i < 40; i++) {
        text += String.fromCodePoint(
          rand() < 0.7 ? 0xac00 + Math.floor(rand() * 11172) : 0x21 + Math.floor(rand() * 0x5e),
        );
      }
      const files = fontFilesFor(text, faces);
      expect(files).toEqual(naive(text));
      expect(files.length).toBeGreaterThan(0);
    }
  });
});
