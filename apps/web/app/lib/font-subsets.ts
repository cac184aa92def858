/**
 * Pretendard on repeat visits only (docs/ARCHITECTURE.md "Storefront speed"). A first visit paints
 * and lays out its text once, in the phone's own Korean font; once the page has loaded and the
 * browser is idle, the Pretendard subsets that page's text uses are fetched into the HTTP cache
 * (under a family no text uses, so nothing is laid out again) and FONT_CACHE_COOKIE is set. Pages
 * rendered with the cookie carry the @font-face rules (font-display: optional), so the cached
 * subsets are used from the first paint and a subset that is not at hand never swaps in late.
 */

/** Set once the Pretendard subsets of a page have been cached; a year, like the fonts' cache. */
export const FONT_CACHE_COOKIE = 'fontCached';
export const FONT_CACHE_MAX_AGE_S = 365 * 24 * 3600;

export type FontFaceSource = { url: string; ranges: Array<[number, number]> };

/** The @font-face rules of a stylesheet: each rule's first url() and its unicode-range. */
export function parseFontFaces(css: string): FontFaceSource[] {
  const out: FontFaceSource[] = [];
  for (const block of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const body = block[1] ?? '';
    const url = /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(body)?.[1];
    if (!url) continue;
    const range = /unicode-range\s*:\s*([^;]+)/i.exec(body)?.[1];
    const ranges: Array<[number, number]> = [];
    for (const part of (range ?? 'U+0-10FFFF').split(',')) {
      const m = /U\+([0-9A-F?]+)(?:-([0-9A-F]+))?/i.exec(part.trim());
      if (!m?.[1]) continue;
      const lo = Number.parseInt(m[1].replace(/\?/g, '0'), 16);
      const hi = m[2] ? Number.parseInt(m[2], 16) : Number.parseInt(m[1].replace(/\?/g, 'F'), 16);
      ranges.push([lo, hi]);
    }
    out.push({ url, ranges });
  }
  return out;
}

/**
 * The font files a text needs: the faces whose unicode-range holds one of its characters. The
 * distinct characters are sorted once and each range is looked up by binary search, so a page's
 * text against Pretendard's hundred-odd subsets (thousands of ranges) costs well under a
 * millisecond (it runs on the phone's main thread).
 */
export function fontFilesFor(text: string, faces: readonly FontFaceSource[]): string[] {
  const distinct = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i) as number;
    if (c > 0xffff) i++; // the low half of a surrogate pair
    if (c > 0x20) distinct.add(c);
  }
  const codes = Float64Array.from(distinct).sort();
  /** Whether a character of the text lies in [lo, hi]: the first code ≥ lo, then compared to hi. */
  const holds = (lo: number, hi: number) => {
    let a = 0;
    let b = codes.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if ((codes[mid] as number) < lo) a = mid + 1;
      else b = mid;
    }
    return a < codes.length && (codes[a] as number) <= hi;
  };
  const files: string[] = [];
  for (const face of faces) {
    if (face.ranges.some(([lo, hi]) => holds(lo, hi))) files.push(face.url);
  }
  return files;
}
