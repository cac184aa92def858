import { describe, expect, it } from 'vitest';
import { ADDRESS_KEYWORD_MSG, cleanAddressKeyword } from '../src/address-search.ts';

describe('address search keyword', () => {
  it('keeps road names, building names and 동, spaces collapsed', () => {
    expect(cleanAddressKeyword('  테헤란로   152 ')).toEqual({ ok: true, keyword: '테헤란로 152' });
    expect(cleanAddressKeyword('판교역로 235 (삼평동)')).toEqual({
      ok: true,
      keyword: '판교역로 235 (삼평동)',
    });
    expect(cleanAddressKeyword('SK T-타워')).toEqual({ ok: true, keyword: 'SK T-타워' });
    expect(cleanAddressKeyword('역삼')).toEqual({ ok: true, keyword: '역삼' });
  });

  it('refuses short, long, special-character and SQL keywords', () => {
    expect(cleanAddressKeyword(' 가 ')).toEqual({ ok: false, detail: ADDRESS_KEYWORD_MSG.short });
    expect(cleanAddressKeyword('가'.repeat(41))).toEqual({ ok: false, detail: ADDRESS_KEYWORD_MSG.long });
    expect(cleanAddressKeyword('가'.repeat(40)).ok).toBe(true);
    for (const bad of [
      '역삼%',
      'a=b',
      '<b>역삼',
      '역삼;',
      "역'삼",
      '역삼\u0000동',
      'drop 역삼',
      '역삼 OR 1',
    ]) {
      expect(cleanAddressKeyword(bad), bad).toEqual({ ok: false, detail: ADDRESS_KEYWORD_MSG.invalid });
    }
  });
});
