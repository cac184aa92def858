/**
 * Small text the storefront shows on every page meets WCAG AA (4.5:1), as Lighthouse's
 * accessibility audit (color-contrast) checks: the tab bar's labels, the home banner's count and
 * the product page's live-viewer line. Read from the CSS modules, the tokens resolved from
 * global.css, a translucent background laid over white (the worst case under a banner).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = join(import.meta.dirname, '../app');
const css = (file: string) => readFileSync(join(app, file), 'utf8');
const tokens = Object.fromEntries(
  [...css('styles/global.css').matchAll(/(--color-[\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]),
);

/** A declaration of a class rule (`.tab { … color: … }`), its token resolved. */
function declared(file: string, selector: string, property: string): string {
  const rule = new RegExp(`(?:^|\\n)\\${selector}\\s*\\{([^}]*)\\}`).exec(css(file))?.[1] ?? '';
  const value = new RegExp(`(?:^|[;\\s])${property}:\\s*([^;]+);`).exec(rule)?.[1]?.trim() ?? '';
  const token = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return token ? (tokens[token] ?? value) : value;
}

/** [r, g, b] 0–255 of `#rrggbb`, `#fff`, or `rgba(r, g, b, a)` laid over white. */
function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const m = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (!m) throw new Error(`not a colour: ${color}`);
  const a = Number(m[4]);
  return [1, 2, 3].map((i) => Number(m[i]) * a + 255 * (1 - a)) as [number, number, number];
}

function contrast(fg: string, bg: string): number {
  const lum = (c: string) => {
    const [r, g, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('small text contrast (WCAG AA 4.5:1)', () => {
  it('the measure itself: #767676 on white passes, #8a8a8a does not', () => {
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#8a8a8a', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('#ffffff', 'rgba(0, 0, 0, 0.45)')).toBeLessThan(4.5);
  });

  it.each([
    ['shell/TabBar.module.css', '.tab', '#ffffff'],
    ['catalog/product.module.css', '.viewers', '#ffffff'],
  ])('%s %s on white', (file, selector, bg) => {
    expect(contrast(declared(file, selector, 'color'), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("the home banner's count: white on its translucent chip over a white banner", () => {
    const file = 'contents/home.module.css';
    expect(declared(file, '.indicator', 'color')).toBe('#fff');
    expect(
      contrast(declared(file, '.indicator', 'color'), declared(file, '.indicator', 'background')),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
