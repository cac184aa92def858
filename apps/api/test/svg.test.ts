import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  FALLBACK_HEX,
  isValidHex,
  normalizeHex,
  renderBannerSvg,
  renderBrandLogoSvg,
  renderProductSvg,
  renderReviewSvg,
  renderStyleSvg,
  SILHOUETTES,
} from '../art/svg.ts';

/**
 * A small well-formedness check: tags nest and close, attributes are quoted and unique, and no raw
 * '<' or stray '&' appears in text or attribute values (browsers refuse to render such SVG files).
 */
function expectWellFormed(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  const badAmp = /&(?!amp;|lt;|gt;|quot;|#\d+;)/;
  let last = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const text = xml.slice(last, m.index);
    expect(text, `text before <${m[2]}>`).not.toMatch(/[<>]/);
    expect(text).not.toMatch(badAmp);
    const names = [...(m[3] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => {
      expect(a[2]).not.toMatch(badAmp);
      return a[1];
    });
    expect(new Set(names).size, `duplicate attribute in <${m[2]}>`).toBe(names.length);
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else if (!m[4]) stack.push(m[2] as string);
    last = tag.lastIndex;
  }
  expect(xml.slice(last).trim()).toBe('');
  expect(stack).toEqual([]);
}

describe('renderProductSvg', () => {
  it('draws every silhouette and view as well-formed SVG in the requested colour', () => {
    for (const [type, silhouettes] of Object.entries(SILHOUETTES)) {
      for (let s = 0; s < silhouettes.length; s++) {
        for (let view = 0; view < 4; view++) {
          const svg = renderProductSvg(type, '1F2A44', s + 10 * view);
          expect(svg.startsWith('<svg')).toBe(true);
          expect(svg).toContain('viewBox="0 0 600 720"');
          expect(svg).toContain('#1f2a44');
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
          expectWellFormed(svg);
        }
      }
    }
  });

  it('is pure: the same parameters give the same image, other colours another one', () => {
    expect(renderProductSvg('OUTER', 'b5864f', 4)).toBe(renderProductSvg('OUTER', 'b5864f', 4));
    expect(renderProductSvg('OUTER', 'b5864f', 4)).not.toBe(renderProductSvg('OUTER', '1a1a1a', 4));
    expect(renderProductSvg('OUTER', 'b5864f', 4)).not.toBe(renderProductSvg('OUTER', 'b5864f', 1));
  });

  it('rejects bad colours and falls back safely', () => {
    expect(isValidHex('1a2b3c')).toBe(true);
    expect(isValidHex('#1a2b3c')).toBe(true);
    for (const bad of ['', '12345', '1234567', 'zzzzzz', '#12345g', '"><script>', null, 42]) {
      expect(isValidHex(bad)).toBe(false);
      expect(normalizeHex(bad)).toBe(FALLBACK_HEX);
    }
    const svg = renderProductSvg('TOP', '"/><script>alert(1)</script>', 0);
    expect(svg).not.toContain('<script');
    expect(svg).toContain(`#${FALLBACK_HEX}`);
    expectWellFormed(svg);
  });

  it('tolerates unknown types and odd variants', () => {
    for (const [type, variant] of [
      ['HAT', 3],
      ['top', -5],
      ['BAG', Number.NaN],
      ['SHOES', 1e9],
      ['<svg>', 2],
    ] as const) {
      const svg = renderProductSvg(type, 'cbb89a', variant);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
      expectWellFormed(svg);
    }
  });
});

describe('other images', () => {
  it('style, review, banner and logo images are well-formed and deterministic', () => {
    for (const id of [1, 2, 37, 'abc']) {
      for (const svg of [
        renderStyleSvg(id),
        renderReviewSvg(id),
        renderBannerSvg(id),
        renderBannerSvg(id, '가을 아우터 페스티벌 최대 50%'),
      ]) {
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain('viewBox=');
        expectWellFormed(svg);
      }
    }
    expect(renderStyleSvg(5)).toBe(renderStyleSvg(5));
    expect(renderStyleSvg(5)).not.toBe(renderStyleSvg(6));
    expect(renderReviewSvg(9)).toBe(renderReviewSvg(9));
    for (const name of ['어반테일러', 'URBAN TAILOR', "TWELVE O'CLOCK", 'CORNERSTONE SHOEMAKER', '']) {
      const svg = renderBrandLogoSvg(name);
      expect(svg).toContain('viewBox="0 0 240 240"');
      expectWellFormed(svg);
    }
    expect(renderBrandLogoSvg('어반테일러')).toContain('어반테일러');
  });

  it('escapes the text it embeds', () => {
    const banner = renderBannerSvg(3, '<script>alert("x")</script> & 세일');
    expect(banner).not.toContain('<script');
    expect(banner).toContain('&lt;script&gt;');
    expect(banner).toContain('&amp;');
    expectWellFormed(banner);
    const logo = renderBrandLogoSvg('A&B <Co> "q"');
    expect(logo).toContain('A&amp;B');
    expect(logo).not.toContain('<Co>');
    expectWellFormed(logo);
    const style = renderStyleSvg('"><img src=x onerror=alert(1)>');
    expect(style).not.toContain('<img');
    expectWellFormed(style);
    expect(escapeXml(`<&>"'\u0000x`)).toBe('&lt;&amp;&gt;&quot;&#39;x');
  });
});
