import { describe, expect, it } from 'vitest';
import { fontFilesFor, parseFontFaces } from '../src/font-subsets.ts';

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
});
