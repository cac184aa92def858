/**
 * Generated illustrations as SVG strings: pure functions, no network, no files.
 *
 * Demo artwork, kept with the seed outside the server's source (apps/api/art). URL conventions
 * used by the seed (apps/api/seed):
 * - /api/images/product/{PRODUCT_TYPE}/{rrggbb}/{variant}.svg → renderProductSvg(type, hex, variant)
 *   variant = silhouette + 10 × view. Silhouettes per type (see SILHOUETTES):
 *     TOP 0 shirt · 1 tee · 2 knit · 3 polo · 4 hoodie · 5 sweatshirt
 *     BOTTOM 0 slacks · 1 chinos · 2 denim · 3 joggers · 4 shorts
 *     OUTER 0 coat · 1 blazer · 2 puffer · 3 blouson · 4 trench · 5 cardigan · 6 vest
 *     SHOES 0 derby · 1 loafer · 2 sneaker · 3 chelsea boot · 4 runner
 *     BAG 0 briefcase · 1 tote · 2 backpack · 3 crossbody · 4 document case
 *     ETC 0 necktie · 1 belt · 2 cap · 3 glasses · 4 socks · 5 muffler · 6 wallet · 7 sunglasses
 *   views: 0 front · 1 back (or other side) · 2 detail close-up · 3 styled on a tinted backdrop.
 * - /api/images/style/{id}.svg → renderStyleSvg(id): a flat-lay outfit.
 * - /api/images/review/{id}.svg → renderReviewSvg(id): a "customer photo" of a product.
 * - /api/images/banner/{id}.svg → renderBannerSvg(id, title?): banner artwork (text optional).
 * - Brand logos (/api/images/brand/{slug}.svg in brands.logo_url) → renderBrandLogoSvg(name).
 *
 * Every input may come from an untrusted URL: colours are validated (6 hex digits, otherwise a
 * neutral grey), numbers are clamped, and text is XML-escaped.
 */
import { type ProductType, Rng } from '@codiroom/shared';

export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 720;
/** Colour used when the requested one is not 6 hex digits. */
export const FALLBACK_HEX = '8a8f98';

export const SILHOUETTES: Record<ProductType, readonly string[]> = {
  TOP: ['shirt', 'tee', 'knit', 'polo', 'hoodie', 'sweatshirt'],
  BOTTOM: ['slacks', 'chinos', 'denim', 'joggers', 'shorts'],
  OUTER: ['coat', 'blazer', 'puffer', 'blouson', 'trench', 'cardigan', 'vest'],
  SHOES: ['derby', 'loafer', 'sneaker', 'chelsea', 'runner'],
  BAG: ['briefcase', 'tote', 'backpack', 'crossbody', 'document case'],
  ETC: ['necktie', 'belt', 'cap', 'glasses', 'socks', 'muffler', 'wallet', 'sunglasses'],
};
const TYPES = Object.keys(SILHOUETTES) as ProductType[];

/** variant number of a silhouette seen from a view (0 front, 1 back, 2 detail, 3 styled). */
export function productImageVariant(silhouette: number, view: number): number {
  return silhouette + 10 * view;
}

// ───────────────────────────── text and colour utilities ─────────────────────────────

const FONT = "Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif";
const SERIF = "'Noto Serif KR', 'Nanum Myeongjo', Georgia, 'Times New Roman', serif";

/** Escapes text for XML content and attribute values; drops control characters. */
export function escapeXml(text: string): string {
  let out = '';
  for (const ch of String(text)) {
    const c = ch.codePointAt(0) ?? 0;
    if (
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
      (c >= 0x7f && c < 0xa0) ||
      c === 0xfffe ||
      c === 0xffff
    ) {
      continue;
    }
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&#39;';
    else out += ch;
  }
  return out;
}

/** true for exactly six hex digits, with or without a leading '#'. */
export function isValidHex(hex: unknown): boolean {
  return typeof hex === 'string' && /^#?[0-9a-fA-F]{6}$/.test(hex);
}

/** 'rrggbb' in lower case, or the fallback when the input is not a 6-digit hex colour. */
export function normalizeHex(hex: unknown, fallback = FALLBACK_HEX): string {
  return isValidHex(hex) ? String(hex).replace('#', '').toLowerCase() : fallback;
}

type Rgb = [number, number, number];
function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** Mixes `hex` with `other` by t (0 = hex, 1 = other). Both 'rrggbb'. */
function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}
const darken = (hex: string, t: number) => mix(hex, '000000', t);
const lighten = (hex: string, t: number) => mix(hex, 'ffffff', t);
const bare = (hex: string) => hex.replace('#', '');
/** Relative luminance 0 (black) … 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Draws for the decorative choices of one image, from the project's one seeded generator. */
function prng(seed: string | number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

/** A safe id fragment for gradients (ids must be unique when several drawings share one SVG). */
function safeId(input: string | number): string {
  return (
    String(input)
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 24) || 'x'
  );
}

// ───────────────────────────── drawing kit ─────────────────────────────

interface Paint {
  id: string;
  base: string;
  light: string;
  shade: string;
  deep: string;
  line: string;
  stitch: string;
  outline: string;
  /** Colour of an inner shirt or lining showing at the neck. */
  inner: string;
  innerLine: string;
  metal: string;
  dark: boolean;
}

function paintFor(hexRaw: string, id: string): Paint {
  const hex = bare(hexRaw);
  const lum = luminance(hex);
  const dark = lum < 0.18;
  const veryLight = lum > 0.7;
  return {
    id,
    base: `#${hex}`,
    light: lighten(hex, dark ? 0.16 : 0.12),
    shade: darken(hex, dark ? 0.25 : 0.14),
    deep: darken(hex, dark ? 0.45 : 0.32),
    line: dark ? lighten(hex, 0.22) : darken(hex, veryLight ? 0.2 : 0.28),
    stitch: dark ? lighten(hex, 0.3) : darken(hex, veryLight ? 0.25 : 0.35),
    outline: veryLight ? darken(hex, 0.22) : darken(hex, 0.38),
    inner: lum > 0.55 ? '#2e3138' : '#f4f2ed',
    innerLine: lum > 0.55 ? '#464a52' : '#d9d5cc',
    metal: '#c9a866',
    dark,
  };
}

type Pt = readonly [number, number];
type Seg = readonly ['L', Pt] | readonly ['Q', Pt, Pt] | readonly ['C', Pt, Pt, Pt];

const f = (p: Pt) => `${+p[0].toFixed(1)} ${+p[1].toFixed(1)}`;

/**
 * A closed path symmetric about x = cx: `segs` trace the left half from `start` (on the axis)
 * to a point on the axis; the right half is the mirror image traced back.
 */
function symPath(start: Pt, segs: readonly Seg[], cx = 300): string {
  const m = (p: Pt): Pt => [2 * cx - p[0], p[1]];
  const out: string[] = [`M${f(start)}`];
  const starts: Pt[] = [];
  let cur: Pt = start;
  for (const s of segs) {
    starts.push(cur);
    out.push(
      `${s[0]}${s
        .slice(1)
        .map((p) => f(p as Pt))
        .join(' ')}`,
    );
    cur = s[s.length - 1] as Pt;
  }
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i] as Seg;
    const from = starts[i] as Pt;
    if (s[0] === 'L') out.push(`L${f(m(from))}`);
    else if (s[0] === 'Q') out.push(`Q${f(m(s[1]))} ${f(m(from))}`);
    else out.push(`C${f(m(s[2]))} ${f(m(s[1]))} ${f(m(from))}`);
  }
  return `${out.join(' ')}Z`;
}

/** Mirror of a path's points about x = 300 (paths of M/L/Q/C/Z with absolute coordinates only). */
function mirrorD(d: string): string {
  let even = true;
  return d.replace(/-?\d+(\.\d+)?/g, (num) => {
    const v = Number(num);
    const r = even ? 600 - v : v;
    even = !even;
    return String(+r.toFixed(1));
  });
}

/** A filled shape with the garment outline; `extra` attributes may override stroke and stroke-width. */
const path = (d: string, fill: string, p: Paint, extra = '') =>
  `<path d="${d}" fill="${fill}"${/(^|\s)stroke="/.test(extra) ? '' : ` stroke="${p.outline}"`}${/stroke-width=/.test(extra) ? '' : ' stroke-width="2"'} stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
const line = (d: string, color: string, width = 2, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ''}/>`;
const stitch = (d: string, p: Paint, extra = '') =>
  line(d, p.stitch, 1.6, `stroke-dasharray="5 4" opacity=".8"${extra ? ` ${extra}` : ''}`);
const fold = (d: string, width = 10, opacity = 0.07) =>
  `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;
const circle = (cx: number, cy: number, r: number, fill: string, stroke = 'none', sw = 1.5) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}"/>`;
const both = (d: string, draw: (d: string) => string) => draw(d) + draw(mirrorD(d));

function defs(p: Paint): string {
  const { id } = p;
  return `<defs>
<linearGradient id="${id}b" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.shade}"/><stop offset=".22" stop-color="${p.base}"/><stop offset=".5" stop-color="${p.light}"/><stop offset=".78" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient>
<linearGradient id="${id}s" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient>
<linearGradient id="${id}v" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset=".55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient>
<linearGradient id="${id}sl" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${p.shade}"/><stop offset=".45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient>
<linearGradient id="${id}q" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity="${p.dark ? 0.1 : 0.16}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="${id}g" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<pattern id="${id}rib" width="7" height="10" patternUnits="userSpaceOnUse"><rect width="7" height="10" fill="${p.base}"/><rect width="2.4" height="10" fill="${p.shade}"/></pattern>
<pattern id="${id}knit" width="16" height="14" patternUnits="userSpaceOnUse"><path d="M0 0 L8 7 L16 0 M0 7 L8 14 L16 7" fill="none" stroke="${p.shade}" stroke-width="1.3" opacity=".55"/></pattern>
<pattern id="${id}mesh" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="1.6" fill="${p.shade}"/></pattern>
<pattern id="${id}tw" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="8" height="8" fill="none"/><rect width="2" height="8" fill="#fff" opacity=".05"/></pattern>
</defs>`;
}
const B = (p: Paint) => `url(#${p.id}b)`;
const S = (p: Paint) => `url(#${p.id}s)`;
const V = (p: Paint) => `url(#${p.id}v)`;

// ───────────────────────────── tops and outerwear ─────────────────────────────

/** Garment geometry in the 600 × 720 frame (left half; the right half is mirrored). */
interface Geo {
  neck: Pt;
  frontNeckY: number;
  shoulder: Pt;
  side: number;
  armpitY: number;
  hemY: number;
  hemSide: number;
  tail: boolean;
  sleeve: 'long' | 'short' | 'none';
  /** Sleeve angle from vertical (degrees), length and end width. */
  theta: number;
  len: number;
  width: number;
}

function geo(over: Partial<Geo>): Geo {
  return {
    neck: [250, 140],
    frontNeckY: 172,
    shoulder: [172, 170],
    side: 150,
    armpitY: 300,
    hemY: 540,
    hemSide: 152,
    tail: false,
    sleeve: 'long',
    theta: 19,
    len: 318,
    width: 64,
    ...over,
  };
}

const add = (a: Pt, b: Pt, k = 1): Pt => [a[0] + b[0] * k, a[1] + b[1] * k];

function sleeveFrame(g: Geo) {
  const t = (g.theta * Math.PI) / 180;
  const d: Pt = [-Math.sin(t), Math.cos(t)];
  const n: Pt = [Math.cos(t), Math.sin(t)];
  const o = add(g.shoulder, d, g.len);
  const i = add(o, n, g.width);
  return { d, n, o, i, a: [g.side, g.armpitY] as Pt };
}

function bodyPath(g: Geo): string {
  const [nx, ny] = g.neck;
  const [sx, sy] = g.shoulder;
  const hem: Seg[] = g.tail
    ? [
        ['C', [g.side - 2, g.armpitY + 110], [g.hemSide, g.hemY - 150], [g.hemSide, g.hemY - 40]],
        ['C', [g.hemSide + 30, g.hemY - 2], [256, g.hemY + 10], [300, g.hemY + 10]],
      ]
    : [
        ['C', [g.side - 2, g.armpitY + 100], [g.hemSide, g.hemY - 120], [g.hemSide, g.hemY]],
        ['Q', [230, g.hemY + 5], [300, g.hemY + 5]],
      ];
  return symPath(
    [300, g.frontNeckY],
    [
      ['C', [280, g.frontNeckY], [nx + 6, ny + 18], [nx, ny]],
      ['L', [sx, sy]],
      ['C', [sx - 2, sy + 50], [g.side + 2, g.armpitY - 60], [g.side, g.armpitY]],
      ...hem,
    ],
  );
}

function sleeveD(g: Geo): string {
  const { d, o, i, a } = sleeveFrame(g);
  const [sx, sy] = g.shoulder;
  const c1 = add(g.shoulder, d, g.len * 0.35);
  const c2 = add(o, d, -g.len * 0.3);
  return `M${f([sx + 14, sy - 4])} C${f([c1[0] - 6, c1[1]])} ${f([c2[0] - 4, c2[1]])} ${f(o)} L${f(i)} C${f([i[0] + (a[0] - i[0]) * 0.25, i[1] - (i[1] - a[1]) * 0.4])} ${f([a[0] - 4, a[1] + 40])} ${f([a[0] + 8, a[1]])}Z`;
}

function cuffD(g: Geo, h: number): string {
  const { d, o, i } = sleeveFrame(g);
  return `M${f(o)} L${f(i)} L${f(add(i, d, -h))} L${f(add(o, d, -h))}Z`;
}

function sleeves(g: Geo, p: Paint, cuff: 'rib' | 'plain' | 'stitch' | 'none'): string {
  if (g.sleeve === 'none') return '';
  const { d, n, o } = sleeveFrame(g);
  let out = both(sleeveD(g), (dd) => path(dd, S(p), p));
  const h = g.sleeve === 'short' ? 14 : 34;
  if (cuff === 'rib' || cuff === 'plain')
    out += both(cuffD(g, h), (dd) => path(dd, cuff === 'rib' ? `url(#${p.id}rib)` : p.shade, p));
  if (cuff === 'stitch' || cuff === 'plain') {
    const s0 = add(o, d, -(cuff === 'plain' ? h + 8 : 12));
    out += both(`M${f(add(s0, n, 3))} L${f(add(s0, n, g.width - 2))}`, (dd) => stitch(dd, p));
  }
  if (g.sleeve === 'long') {
    const e = add(add(g.shoulder, d, g.len * 0.56), n, g.width * 0.55);
    out += both(`M${f(e)} Q${f(add(add(e, d, 22), n, -14))} ${f(add(add(e, d, 30), n, -34))}`, (dd) =>
      fold(dd, 6, 0.1),
    );
  }
  return out;
}

function hemBandD(g: Geo, h: number): string {
  const x = g.hemSide + 1;
  return `M${x} ${g.hemY - h} Q300 ${g.hemY - h + 5} ${600 - x} ${g.hemY - h} L${600 - x} ${g.hemY + 1} Q300 ${g.hemY + 6} ${x} ${g.hemY + 1}Z`;
}

function bodyFolds(g: Geo): string {
  return both(
    `M${g.side + 10} ${g.armpitY + 8} C${g.side + 22} ${g.armpitY + 40} ${g.side + 26} ${g.armpitY + 80} ${g.side + 22} ${g.armpitY + 120}`,
    (d) => fold(d, 14, 0.035),
  );
}

function drawTop(sil: number, p: Paint, back: boolean): string {
  const kind = sil % 6;
  const g =
    kind === 0
      ? geo({
          hemY: 578,
          tail: true,
          frontNeckY: back ? 146 : 164,
          neck: [254, 136],
          theta: 15,
          len: 356,
          width: 60,
        })
      : kind === 1
        ? geo({ sleeve: 'short', theta: 58, len: 116, width: 84, hemY: 552, frontNeckY: back ? 150 : 176 })
        : kind === 3
          ? geo({ sleeve: 'short', theta: 56, len: 112, width: 82, hemY: 552, frontNeckY: back ? 150 : 166 })
          : geo({
              shoulder: [166, 176],
              side: 146,
              hemSide: 154,
              hemY: 552,
              theta: 16,
              len: 336,
              width: 58,
              frontNeckY: back ? 150 : 178,
            });
  let out = '';
  if (kind === 4 && !back) out += path('M222 178 C204 104 248 66 300 66 C352 66 396 104 378 178Z', S(p), p);
  out += sleeves(g, p, kind === 0 ? 'plain' : kind === 1 ? 'stitch' : 'rib');
  const body = bodyPath(g);
  out += path(body, B(p), p);
  if (kind === 2) out += `<path d="${body}" fill="url(#${p.id}knit)" opacity=".75"/>`;
  out += bodyFolds(g);
  const [nx, ny] = g.neck;
  if (kind === 0) {
    if (back) {
      out += path(
        `M${nx + 2} ${ny - 2} Q300 ${ny - 14} ${600 - nx - 2} ${ny - 2} L${600 - nx - 6} ${ny + 14} Q300 ${ny + 2} ${nx + 6} ${ny + 14}Z`,
        p.shade,
        p,
      );
      out +=
        line(`M${g.side + 6} 232 Q300 246 ${600 - g.side - 6} 232`, p.line, 2) +
        line('M300 240 L300 268', p.line, 1.6);
    } else {
      out += path(
        `M${nx + 2} ${ny + 2} Q300 ${ny - 8} ${600 - nx - 2} ${ny + 2} L${600 - nx - 8} ${ny + 30} Q300 ${ny + 40} ${nx + 8} ${ny + 30}Z`,
        p.deep,
        p,
      );
      out += path(
        `M${nx} ${ny} Q300 ${ny - 8} ${600 - nx} ${ny} L${600 - nx - 2} ${ny + 10} Q300 ${ny + 2} ${nx + 2} ${ny + 10}Z`,
        p.shade,
        p,
      );
      out += `<rect x="291" y="${g.frontNeckY}" width="18" height="${g.hemY - g.frontNeckY + 8}" fill="${p.base}" stroke="${p.line}" stroke-width="1.5"/>`;
      out += both(`M${nx} ${ny - 2} L300 ${g.frontNeckY - 4} L278 ${ny + 76} L${nx - 14} ${ny + 40}Z`, (d) =>
        path(d, p.light, p),
      );
      for (let y = g.frontNeckY + 26; y < g.hemY; y += 64)
        out += circle(300, y, 5.5, lighten(bare(p.base), 0.35), p.outline, 1.2);
      out +=
        path('M328 246 L374 246 L374 294 L351 302 L328 294Z', 'none', p) + stitch('M331 253 L371 253', p);
      out += both(`M${g.shoulder[0] + 6} ${g.shoulder[1] - 2} L${nx - 2} ${ny + 2}`, (d) =>
        stitch(d, p, 'transform="translate(0 6)"'),
      );
    }
    return out;
  }
  if (kind === 1 || kind === 3) {
    out += stitch(
      `M${g.hemSide + 6} ${g.hemY - 16} Q300 ${g.hemY - 10} ${600 - g.hemSide - 6} ${g.hemY - 16}`,
      p,
    );
    out += path(
      `M${nx} ${ny} Q300 ${ny - 12} ${600 - nx} ${ny} C${600 - nx - 12} ${ny + 34} ${nx + 12} ${ny + 34} ${nx} ${ny}Z`,
      p.deep,
      p,
    );
    if (kind === 1) {
      out += path(
        back
          ? `M${nx} ${ny} Q300 ${ny - 12} ${600 - nx} ${ny} L${600 - nx - 4} ${ny + 12} Q300 ${ny + 2} ${nx + 4} ${ny + 12}Z`
          : `M${nx} ${ny} C${nx + 10} ${g.frontNeckY + 4} ${600 - nx - 10} ${g.frontNeckY + 4} ${600 - nx} ${ny} L${600 - nx - 10} ${ny - 2} C${600 - nx - 18} ${g.frontNeckY - 10} ${nx + 18} ${g.frontNeckY - 10} ${nx + 10} ${ny - 2}Z`,
        `url(#${p.id}rib)`,
        p,
      );
    } else if (!back) {
      out += `<rect x="289" y="${g.frontNeckY - 8}" width="22" height="86" rx="3" fill="${p.base}" stroke="${p.line}" stroke-width="1.5"/>`;
      out +=
        circle(300, g.frontNeckY + 14, 4.5, lighten(bare(p.base), 0.3), p.outline, 1) +
        circle(300, g.frontNeckY + 50, 4.5, lighten(bare(p.base), 0.3), p.outline, 1);
      out += both(
        `M${nx} ${ny - 2} L296 ${g.frontNeckY - 6} L280 ${g.frontNeckY + 24} L${nx - 22} ${ny + 30}Z`,
        (d) => path(d, `url(#${p.id}rib)`, p),
      );
    } else {
      out += path(
        `M${nx - 8} ${ny - 4} Q300 ${ny - 22} ${600 - nx + 8} ${ny - 4} L${600 - nx + 12} ${ny + 26} Q300 ${ny + 8} ${nx - 12} ${ny + 26}Z`,
        `url(#${p.id}rib)`,
        p,
      );
    }
    return out;
  }
  // Knit, hoodie, sweatshirt: rib neck, cuffs and hem.
  out += path(hemBandD(g, kind === 2 ? 36 : 32), `url(#${p.id}rib)`, p);
  if (kind === 4) {
    if (!back) {
      out += path(
        `M${nx - 4} ${ny + 8} C${nx - 2} ${ny - 50} ${600 - nx + 2} ${ny - 50} ${600 - nx + 4} ${ny + 8} C${600 - nx - 16} ${ny + 50} ${nx + 16} ${ny + 50} ${nx - 4} ${ny + 8}Z`,
        p.deep,
        p,
      );
      out += path(
        `M${nx - 6} ${ny + 8} C${nx + 6} ${ny + 62} ${600 - nx - 6} ${ny + 62} ${600 - nx + 6} ${ny + 8} L${600 - nx - 4} ${ny + 4} C${600 - nx - 20} ${ny + 46} ${nx + 20} ${ny + 46} ${nx + 4} ${ny + 4}Z`,
        p.shade,
        p,
      );
      out +=
        line(`M282 ${ny + 48} L278 ${ny + 140}`, lighten(bare(p.base), 0.45), 4.5) +
        line(`M318 ${ny + 48} L322 ${ny + 140}`, lighten(bare(p.base), 0.45), 4.5);
      out += circle(278, ny + 144, 4, p.metal) + circle(322, ny + 144, 4, p.metal);
      out +=
        path('M208 500 L234 386 L366 386 L392 500Z', 'none', p, `stroke="${p.line}"`) +
        stitch('M238 394 L362 394', p);
    } else {
      out +=
        path('M232 172 C216 76 384 76 368 172 Q300 190 232 172Z', B(p), p) +
        line('M300 84 L300 176', p.line, 1.6);
    }
    return out;
  }
  out += path(
    `M${nx} ${ny} Q300 ${ny - 12} ${600 - nx} ${ny} C${600 - nx - 12} ${ny + 36} ${nx + 12} ${ny + 36} ${nx} ${ny}Z`,
    p.deep,
    p,
  );
  out += path(
    back
      ? `M${nx} ${ny} Q300 ${ny - 12} ${600 - nx} ${ny} L${600 - nx - 4} ${ny + 16} Q300 ${ny + 4} ${nx + 4} ${ny + 16}Z`
      : `M${nx - 2} ${ny} C${nx + 10} ${g.frontNeckY + 6} ${600 - nx - 10} ${g.frontNeckY + 6} ${600 - nx + 2} ${ny} L${600 - nx - 14} ${ny - 2} C${600 - nx - 24} ${g.frontNeckY - 14} ${nx + 24} ${g.frontNeckY - 14} ${nx + 14} ${ny - 2}Z`,
    `url(#${p.id}rib)`,
    p,
  );
  if (kind === 5 && !back)
    out += path(
      `M289 ${g.frontNeckY - 4} L311 ${g.frontNeckY - 4} L300 ${g.frontNeckY + 26}Z`,
      `url(#${p.id}rib)`,
      p,
    );
  return out;
}

function frontSleeveD(g: Geo): string {
  const { d, o, i } = sleeveFrame(g);
  const [sx, sy] = g.shoulder;
  const a: Pt = [g.side + 26, g.armpitY + 14];
  const c1 = add(g.shoulder, d, g.len * 0.35);
  return `M${f([sx, sy])} C${f([c1[0] - 8, c1[1]])} ${f(add(o, d, -g.len * 0.3))} ${f(o)} L${f(i)} C${f(add(i, d, -g.len * 0.4))} ${f([a[0] + 4, a[1] + 70])} ${f(a)} C${f([a[0] - 2, a[1] - 60])} ${f([sx + 22, sy + 50])} ${f([sx, sy])}Z`;
}

/** Sleeves hanging in front of the body (ghost-mannequin style), with cuffs and quilting. */
function frontSleeves(g: Geo, p: Paint, cuff: 'rib' | 'plain' | 'none', quilted: boolean): string {
  if (g.sleeve === 'none') return '';
  const sd = frontSleeveD(g);
  const { d, n } = sleeveFrame(g);
  let out = both(sd, (dd) => path(dd, `url(#${p.id}sl)`, p));
  if (quilted) {
    out += `<clipPath id="${p.id}cs"><path d="${sd}"/><path d="${mirrorD(sd)}"/></clipPath><g clip-path="url(#${p.id}cs)">`;
    for (let k = 0.16; k < 0.98; k += 0.15) {
      const a = add(add(g.shoulder, d, g.len * k), n, -20);
      out += both(
        `M${f(a)} Q${f(add(add(a, n, g.width * 0.7), d, 10))} ${f(add(add(a, n, g.width + 50), d, 4))}`,
        (dd) => line(dd, p.line, 1.8),
      );
    }
    out += '</g>';
  }
  if (cuff !== 'none')
    out += both(cuffD(g, 34), (dd) => path(dd, cuff === 'rib' ? `url(#${p.id}rib)` : p.shade, p));
  else {
    const s0 = add(sleeveFrame(g).o, d, -40);
    out += both(`M${f(add(s0, n, 4))} L${f(add(s0, n, g.width - 4))}`, (dd) => stitch(dd, p));
  }
  return out;
}

function drawOuter(sil: number, p: Paint, back: boolean): string {
  const kind = sil % 7;
  const base: Partial<Geo> = {
    neck: [248, 130],
    frontNeckY: 150,
    shoulder: [160, 164],
    side: 138,
    hemSide: 140,
    armpitY: 300,
    theta: 7,
    len: 350,
    width: 74,
  };
  const g = geo({
    ...base,
    ...(kind === 0 ? { hemY: 650, hemSide: 128 } : {}),
    ...(kind === 1 ? { hemY: 548, shoulder: [164, 160] as Pt, hemSide: 144 } : {}),
    ...(kind === 2
      ? { hemY: 530, shoulder: [156, 170] as Pt, side: 128, hemSide: 136, width: 84, theta: 9, len: 336 }
      : {}),
    ...(kind === 3
      ? { hemY: 520, shoulder: [156, 170] as Pt, side: 130, hemSide: 146, width: 78, theta: 9, len: 330 }
      : {}),
    ...(kind === 4 ? { hemY: 656, hemSide: 118 } : {}),
    ...(kind === 5
      ? { hemY: 540, shoulder: [166, 172] as Pt, side: 144, hemSide: 150, width: 64, theta: 8, len: 330 }
      : {}),
    ...(kind === 6
      ? {
          hemY: 526,
          shoulder: [186, 170] as Pt,
          side: 138,
          hemSide: 142,
          armpitY: 320,
          sleeve: 'none' as const,
        }
      : {}),
  });
  const body = bodyPath(g);
  const quilted = kind === 2 || kind === 6;
  const sleeveSvg = frontSleeves(
    g,
    p,
    kind === 3 || kind === 5 ? 'rib' : kind === 2 ? 'plain' : 'none',
    quilted,
  );
  let out = path(body, B(p), p);
  out += `<path d="${body}" fill="url(#${p.id}${kind === 5 ? 'knit' : 'tw'})" opacity="${kind === 5 ? 0.6 : 1}"/>`;
  out += bodyFolds(g);
  const [nx, ny] = g.neck;
  if (quilted) {
    out += `<clipPath id="${p.id}cb"><path d="${body}"/></clipPath><g clip-path="url(#${p.id}cb)">`;
    for (let y = 196; y < g.hemY - 10; y += 52) {
      out += `<rect x="100" y="${y + 8}" width="400" height="36" fill="url(#${p.id}q)"/>`;
      out += line(`M100 ${y} Q300 ${y + 12} 500 ${y}`, p.line, 2);
    }
    out += '</g>';
  }
  if (back) {
    out += path(
      `M${nx} ${ny} Q300 ${ny - 12} ${600 - nx} ${ny} L${600 - nx + 4} ${ny + 22} Q300 ${ny + 10} ${nx - 4} ${ny + 22}Z`,
      p.shade,
      p,
    );
    if (!quilted) out += line(`M300 ${ny + 16} L300 ${g.hemY - 2}`, p.line, 1.6);
    if (kind === 0 || kind === 4) out += line(`M300 ${g.hemY - 130} L300 ${g.hemY + 4}`, p.deep, 3);
    if (kind === 4)
      out += path(
        `M${g.side + 4} 396 L${600 - g.side - 4} 396 L${600 - g.side - 4} 424 L${g.side + 4} 424Z`,
        p.shade,
        p,
      );
    if (kind === 3 || kind === 5) out += path(hemBandD(g, 34), `url(#${p.id}rib)`, p);
    return out + sleeveSvg;
  }
  if (kind === 0 || kind === 1 || kind === 4) {
    // Tailored: a shirt shows in the V, notched lapels, buttons and pockets.
    const vY = kind === 1 ? 352 : kind === 4 ? 322 : 336;
    out += path(
      `M${nx + 4} ${ny + 2} L${600 - nx - 4} ${ny + 2} L300 ${vY}Z`,
      p.inner,
      p,
      `stroke="${p.innerLine}"`,
    );
    out += both(`M${nx + 12} ${ny + 4} L300 ${ny + 36} L284 ${ny + 64} L${nx + 2} ${ny + 26}Z`, (d) =>
      path(d, p.inner, p, `stroke="${p.innerLine}"`),
    );
    const lapel =
      kind === 4
        ? `M${nx + 8} ${ny} L300 ${vY} L${nx - 50} ${ny + 92} L${nx - 26} ${ny + 74} L${nx - 34} ${ny + 52} L${nx - 4} ${ny}Z`
        : `M${nx + 10} ${ny} L300 ${vY} L${nx - 36} ${ny + 92} L${nx - 14} ${ny + 76} L${nx - 22} ${ny + 56} L${nx - 2} ${ny}Z`;
    out += both(lapel, (d) => path(d, V(p), p));
    out += both(`M${nx + 12} ${ny + 8} L296 ${vY - 12}`, (d) => stitch(d, p));
    out += line(`M300 ${vY} L300 ${g.hemY + 4}`, p.outline, 1.5);
    if (kind === 4) {
      for (const y of [362, 430, 498])
        out += circle(262, y, 7, p.deep, p.outline) + circle(338, y, 7, p.deep, p.outline);
      out += path(
        `M${g.side + 2} 404 L${600 - g.side - 2} 404 L${600 - g.side - 2} 432 L${g.side + 2} 432Z`,
        p.shade,
        p,
      );
      out += `<rect x="206" y="398" width="40" height="40" rx="4" fill="none" stroke="${p.metal}" stroke-width="5"/>`;
      out += both(
        `M${g.shoulder[0] + 10} ${g.shoulder[1] - 6} L${nx - 4} ${ny + 6} L${nx - 2} ${ny + 20} L${g.shoulder[0] + 14} ${g.shoulder[1] + 10}Z`,
        (d) => path(d, p.base, p),
      );
      out += stitch(
        `M${g.hemSide + 10} ${g.hemY - 14} Q300 ${g.hemY - 8} ${600 - g.hemSide - 10} ${g.hemY - 14}`,
        p,
      );
    } else {
      const ys = kind === 1 ? [392, 452] : [388, 462, 536];
      for (const y of ys) out += circle(306, y, 8, p.deep, p.outline) + circle(306, y, 2.2, p.light);
      const py = kind === 1 ? 456 : 476;
      out += both(`M196 ${py} L262 ${py - 3} L263 ${py + 27} L197 ${py + 30}Z`, (d) => path(d, p.shade, p));
      out += path('M334 260 L384 255 L385 266 L335 271Z', p.shade, p);
      if (kind === 1)
        out += both(`M280 ${g.hemY + 2} Q296 ${g.hemY - 10} 300 ${g.hemY - 40}`, (d) =>
          line(d, p.outline, 1.5),
        );
    }
    return out + sleeveSvg;
  }
  if (quilted) {
    out += path(
      `M${nx - 4} ${ny - 28} Q300 ${ny - 38} ${600 - nx + 4} ${ny - 28} L${600 - nx + 6} ${ny + 24} Q300 ${ny + 34} ${nx - 6} ${ny + 24}Z`,
      V(p),
      p,
    );
    out +=
      line(`M300 ${ny - 30} L300 ${g.hemY + 4}`, p.deep, 5) +
      line(`M300 ${ny - 30} L300 ${g.hemY + 4}`, p.light, 1.5, 'stroke-dasharray="2 3"');
    out += `<rect x="294" y="${ny + 22}" width="12" height="26" rx="3" fill="${p.metal}"/>`;
    out += both(`M212 ${g.hemY - 150} L224 ${g.hemY - 70}`, (d) => line(d, p.deep, 4));
    return out + sleeveSvg;
  }
  if (kind === 3) {
    // Blouson: rib collar, zip, chest flap, welt pockets, rib hem.
    out += path(
      `M${nx - 6} ${ny - 22} Q300 ${ny - 34} ${600 - nx + 6} ${ny - 22} L${600 - nx + 8} ${ny + 18} Q300 ${ny + 28} ${nx - 8} ${ny + 18}Z`,
      `url(#${p.id}rib)`,
      p,
    );
    out += path(hemBandD(g, 36), `url(#${p.id}rib)`, p);
    out +=
      line(`M300 ${ny - 22} L300 ${g.hemY - 36}`, p.deep, 5) +
      line(`M300 ${ny - 22} L300 ${g.hemY - 36}`, p.metal, 1.5, 'stroke-dasharray="2 3"');
    out += `<rect x="293" y="${ny + 18}" width="14" height="28" rx="3" fill="${p.metal}"/>`;
    out += both(`M206 372 L222 452`, (d) => line(d, p.deep, 5));
    out += path('M322 236 L388 230 L390 262 L324 268Z', p.shade, p) + stitch('M326 260 L386 254', p);
    return out + sleeveSvg;
  }
  // Cardigan: deep V with rib front bands and buttons.
  out += path(
    `M${nx + 4} ${ny + 2} L${600 - nx - 4} ${ny + 2} L300 330Z`,
    p.inner,
    p,
    `stroke="${p.innerLine}"`,
  );
  out += both(
    `M${nx + 2} ${ny - 2} L300 332 L300 ${g.hemY + 4} L286 ${g.hemY + 4} L286 338 L${nx - 12} ${ny + 2}Z`,
    (d) => path(d, `url(#${p.id}rib)`, p),
  );
  for (let y = 354; y < g.hemY - 10; y += 46)
    out += circle(300, y, 6, lighten(bare(p.base), 0.3), p.outline, 1.2);
  out += path(hemBandD(g, 30), `url(#${p.id}rib)`, p);
  return out + sleeveSvg;
}

// ───────────────────────────── trousers ─────────────────────────────

function drawBottom(sil: number, p: Paint, back: boolean): string {
  const kind = sil % 5;
  const shorts = kind === 4;
  const top = shorts ? 168 : 92;
  const band = kind === 3 ? 46 : 32;
  const w = top + band;
  const hipY = w + 100;
  const crotch = w + (shorts ? 150 : 140);
  const hem = shorts ? 470 : 652;
  const waistX = 190;
  const hipX = kind === 3 ? 178 : shorts ? 170 : 176;
  const [outerHem, innerHem] =
    kind === 0
      ? [196, 288]
      : kind === 3
        ? [214, 284]
        : kind === 2
          ? [190, 290]
          : shorts
            ? [150, 294]
            : [192, 289];
  const legs = symPath(
    [300, w],
    [
      ['L', [waistX, w]],
      ['C', [waistX - 8, w + 40], [hipX, hipY - 50], [hipX, hipY]],
      ['C', [hipX, hipY + (hem - hipY) * 0.4], [outerHem - 1, hem - (hem - hipY) * 0.4], [outerHem, hem]],
      ['Q', [(outerHem + innerHem) / 2, hem + 5], [innerHem, hem]],
      ['C', [innerHem + 2, hem - 200], [298, crotch + 70], [300, crotch]],
    ],
  );
  let out = `${path(legs, B(p), p)}<path d="${legs}" fill="url(#${p.id}tw)"/>`;
  const midL = (outerHem + innerHem) / 2;
  if (!shorts)
    out += both(
      `M${midL - 6} ${crotch + 60} C${midL - 4} ${crotch + 160} ${midL} ${hem - 160} ${midL + 4} ${hem - 40}`,
      (d) => fold(d, 22, 0.03),
    );
  // Waistband.
  out += path(
    `M${waistX - 2} ${top} L${600 - waistX + 2} ${top} L${600 - waistX + 2} ${w} L${waistX - 2} ${w}Z`,
    kind === 3 ? `url(#${p.id}rib)` : V(p),
    p,
  );
  if (kind !== 3) {
    for (const x of [waistX + 16, 262, 338, 600 - waistX - 16]) {
      out += `<rect x="${x - 4.5}" y="${top - 4}" width="9" height="${band + 10}" rx="2" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.2"/>`;
    }
  }
  const gold = '#d9a54a';
  if (back) {
    out += line(`M300 ${w} L300 ${crotch}`, p.line, 2);
    if (kind === 2) {
      out += both(
        `M${waistX + 14} ${w + 48} L286 ${w + 48} L284 ${w + 122} L${(waistX + 300) / 2} ${w + 138} L${waistX + 16} ${w + 122}Z`,
        (d) => path(d, 'none', p) + line(d, gold, 1.4, 'stroke-dasharray="4 3" transform="translate(0 4)"'),
      );
      out += both(`M${waistX - 2} ${w + 30} L300 ${w + 44}`, (d) =>
        line(d, gold, 1.4, 'stroke-dasharray="4 3"'),
      );
    } else {
      out += both(`M${waistX + 22} ${w + 40} L${282} ${w + 40}`, (d) => line(d, p.outline, 2.2));
      out += both(`M${waistX + 24} ${w + 46} L${280} ${w + 46}`, (d) => stitch(d, p));
    }
  } else if (kind === 3) {
    out += line(`M300 ${w} L300 ${crotch - 40}`, p.line, 2);
    out +=
      line(`M290 ${top + 26} Q282 ${top + 90} 270 ${top + 116}`, p.light, 3.5) +
      line(`M310 ${top + 26} Q318 ${top + 90} 330 ${top + 116}`, p.light, 3.5);
    for (let x = waistX + 8; x < 600 - waistX - 4; x += 11)
      out += line(`M${x} ${top + 6} L${x} ${w - 6}`, p.shade, 1.2);
    out += both(`M${waistX - 4} ${w + 6} L${waistX + 22} ${w + 86}`, (d) => line(d, p.outline, 2));
  } else {
    out += circle(300, top + band / 2, 5.5, kind === 2 ? '#b8875a' : p.deep, p.outline, 1.2);
    out += line(`M300 ${w} L300 ${crotch - 6}`, p.line, 2);
    out += stitch(`M320 ${w} L320 ${crotch - 48} Q320 ${crotch - 20} 302 ${crotch - 12}`, p);
    if (kind === 2) {
      out += both(`M${waistX - 2} ${w + 4} Q${waistX + 34} ${w + 74} ${waistX + 76} ${w}`, (d) =>
        line(d, p.outline, 2),
      );
      out += both(`M${waistX - 1} ${w + 14} Q${waistX + 30} ${w + 76} ${waistX + 66} ${w}`, (d) =>
        line(d, gold, 1.4, 'stroke-dasharray="4 3"'),
      );
      out += path(
        `M340 ${w + 4} L368 ${w + 4} L368 ${w + 32} L340 ${w + 32}`,
        'none',
        p,
        `stroke="${gold}" stroke-dasharray="4 3"`,
      );
      out += circle(waistX + 4, w + 6, 3, '#b8875a') + circle(600 - waistX - 4, w + 6, 3, '#b8875a');
    } else {
      out += both(`M${waistX - 2} ${w + 4} L${waistX + 26} ${w + 88}`, (d) => line(d, p.outline, 2));
    }
    if (kind === 0) {
      out += both(`M${midL + 2} ${w} L${midL + 2} ${hem - 6}`, (d) => line(d, p.light, 2, 'opacity=".9"'));
      out += both(`M${midL + 18} ${w} L${midL + 16} ${w + 50}`, (d) => line(d, p.line, 1.6));
    }
  }
  if (kind === 3) {
    out += both(
      `M${outerHem + 1} ${hem - 34} L${innerHem - 1} ${hem - 34} L${innerHem} ${hem} L${outerHem} ${hem}Z`,
      (d) => path(d, `url(#${p.id}rib)`, p),
    );
  } else if (kind === 1 || shorts) {
    out += both(
      `M${outerHem - 1} ${hem - 26} L${innerHem + 1} ${hem - 26} L${innerHem} ${hem + 2} L${outerHem} ${hem + 2}Z`,
      (d) => path(d, p.shade, p),
    );
  } else {
    out += both(`M${outerHem + 2} ${hem - 14} Q${midL} ${hem - 10} ${innerHem - 2} ${hem - 14}`, (d) =>
      kind === 2 ? line(d, gold, 1.4, 'stroke-dasharray="4 3"') : stitch(d, p),
    );
  }
  if (kind === 2)
    out += both(
      `M${hipX + 5} ${hipY} C${hipX + 5} ${hipY + (hem - hipY) * 0.4} ${outerHem + 4} ${hem - (hem - hipY) * 0.4} ${outerHem + 5} ${hem - 16}`,
      (d) => line(d, gold, 1.4, 'stroke-dasharray="4 3" opacity=".8"'),
    );
  return out;
}

// ───────────────────────────── shoes ─────────────────────────────

/** One shoe in side view, toe to the left, standing on y = 566. */
function shoe(sil: number, p: Paint): string {
  const kind = sil % 5;
  const sporty = kind === 2 || kind === 4;
  const soleColor = sporty ? '#f4f3ef' : p.dark ? '#2b2521' : '#3a2e26';
  const accent = p.dark ? '#d9d6cf' : luminance(bare(p.base)) > 0.7 ? '#2f3d52' : lighten(bare(p.base), 0.6);
  let out = '';
  if (sporty) {
    const sole =
      kind === 4
        ? 'M86 516 C76 546 98 568 136 566 L480 566 C504 564 512 536 508 508 Z'
        : 'M84 520 C80 546 96 566 130 566 L486 566 C502 566 508 546 506 520 Z';
    out += path(sole, soleColor, p, 'stroke="#bdb9b0"');
    out += line(kind === 4 ? 'M92 540 C200 548 380 546 506 528' : 'M90 544 L502 544', '#d3cfc7', 2);
    out += path('M96 560 L490 560 L486 566 L110 566Z', '#b9b4aa', p, 'stroke="none"');
    if (kind === 4)
      out += path(
        'M300 548 C360 546 430 538 506 522 L508 540 C440 556 360 562 300 560Z',
        accent,
        p,
        'stroke-width="1"',
      );
  } else {
    out += path(
      'M86 532 C80 548 98 566 140 566 L300 566 C350 566 382 552 404 544 L404 566 L498 566 L501 532Z',
      soleColor,
      p,
      'stroke="#17120f"',
    );
    out += line('M408 552 L496 552 M408 559 L496 559', '#5b4b40', 1.2);
    out += line('M96 539 L496 537', '#8a7564', 1.5, 'stroke-dasharray="5 4"');
  }
  if (kind === 3) {
    // Chelsea boot: tall shaft, elastic gusset, pull tab.
    const boot =
      'M88 534 C78 516 90 494 132 488 C196 480 250 464 288 432 C298 380 298 300 302 250 L452 246 C452 320 470 380 498 430 C506 470 503 512 501 534Z';
    out += `${path(boot, V(p), p)}<path d="${boot}" fill="url(#${p.id}tw)"/>`;
    out += path('M316 262 C328 322 350 362 378 382 C408 358 426 314 436 258 Z', p.deep, p);
    for (let x = 326; x < 432; x += 9) out += line(`M${x} 262 L${x + (378 - x) * 0.35} 350`, p.shade, 1);
    out += path('M446 222 C468 220 472 238 466 252 L452 252 C454 240 452 234 440 234Z', p.shade, p);
    out += stitch('M148 486 C210 474 256 454 282 428', p) + stitch('M454 254 C456 330 476 392 496 440', p);
  } else {
    const upper =
      kind === 1
        ? 'M88 534 C78 516 90 494 132 488 C196 480 250 466 300 448 C352 434 420 424 470 404 C492 398 503 418 502 446 C504 482 503 512 501 534Z'
        : sporty
          ? 'M92 520 C84 502 98 480 142 472 C200 460 246 438 286 408 C306 396 330 390 350 390 C390 396 430 398 470 386 C492 382 505 402 505 440 L505 520Z'
          : 'M88 534 C78 516 90 492 132 486 C190 478 244 456 284 420 L348 400 C384 414 436 414 470 398 C492 394 503 414 502 444 C504 480 503 512 501 534Z';
    out += `${path(upper, V(p), p)}<path d="${upper}" fill="url(#${p.id}tw)"/>`;
    if (kind === 4) out += `<path d="${upper}" fill="url(#${p.id}mesh)" opacity=".5"/>`;
    if (kind === 0) {
      // Derby: cap toe, open quarters with eyelets and laces, heel counter.
      out += path(
        'M348 400 C384 414 436 414 470 398 C454 414 392 424 350 410Z',
        p.deep,
        p,
        'stroke-width="1"',
      );
      out +=
        line('M150 484 C138 500 136 518 142 534', p.line, 2) + stitch('M160 482 C148 500 146 518 152 534', p);
      out +=
        line('M280 424 C298 462 332 480 372 478 C404 476 426 470 446 460', p.line, 2) +
        stitch('M290 420 C306 454 336 470 372 470 C400 468 420 462 438 454', p);
      for (let i = 0; i < 5; i++) out += circle(292 + i * 13, 418 - i * 4.2, 2.8, p.deep, p.light, 0.8);
      for (let i = 0; i < 4; i++)
        out += line(
          `M${292 + i * 13} ${418 - i * 4.2} L${312 + i * 13} ${426 - i * 4.2}`,
          p.dark ? '#77706a' : '#2a2420',
          2.6,
        );
      out += stitch('M458 404 C448 440 450 490 462 532', p);
    } else if (kind === 1) {
      // Penny loafer: moc apron and saddle strap.
      out += path(
        'M300 448 C352 434 420 424 470 404 C454 424 384 440 304 456Z',
        p.deep,
        p,
        'stroke-width="1"',
      );
      out +=
        line('M166 490 C196 470 252 456 300 450', p.line, 2.2) +
        stitch('M170 498 C204 478 256 464 302 458', p);
      out +=
        path('M284 454 L338 440 L348 480 L296 494Z', p.shade, p) +
        `<rect x="300" y="458" width="34" height="9" rx="4.5" fill="${p.deep}" transform="rotate(-14 317 462)"/>`;
      out += stitch('M458 408 C448 444 450 492 462 532', p);
    } else {
      // Sneaker / runner: toe cap, eyestay, laces, side stripes, heel tab.
      out += path(
        'M350 390 C390 396 430 398 470 386 C462 404 420 414 356 408Z',
        p.deep,
        p,
        'stroke-width="1"',
      );
      out += path(
        'M92 520 C86 504 100 482 142 474 L160 520Z',
        lighten(bare(p.base), p.dark ? 0.08 : 0.05),
        p,
      );
      out += path('M256 440 C280 420 316 398 350 390 L364 408 C330 418 300 436 276 458Z', p.shade, p);
      for (let i = 0; i < 5; i++) out += circle(268 + i * 19, 446 - i * 11, 3, '#f4f3ef', p.outline, 0.8);
      for (let i = 0; i < 4; i++)
        out += line(`M${268 + i * 19} ${446 - i * 11} L${290 + i * 19} ${452 - i * 11}`, '#f4f3ef', 3);
      out +=
        line('M236 490 C300 466 360 446 430 434', accent, 7) +
        line('M252 506 C316 482 376 462 444 452', accent, 7);
      out += path('M470 386 C492 382 505 402 505 440 L488 440 C488 414 482 400 466 394Z', accent, p);
      out += stitch('M176 518 C198 490 226 466 254 446', p);
    }
  }
  out += `<ellipse cx="134" cy="504" rx="36" ry="9" fill="url(#${p.id}g)" opacity="${sporty ? 0.3 : 0.65}" transform="rotate(-10 134 504)"/>`;
  return out;
}

function drawShoes(sil: number, p: Paint): string {
  const dimmed = paintFor(darken(bare(p.base), 0.12), `${p.id}k`);
  return `${defs(dimmed)}<g transform="translate(70 -4) scale(.94)">${shoe(sil, dimmed)}</g><g transform="translate(-4 70)">${shoe(sil, p)}</g>`;
}

// ───────────────────────────── bags ─────────────────────────────

function drawBag(sil: number, p: Paint, back: boolean): string {
  const kind = sil % 5;
  let out = '';
  if (kind === 0) {
    out +=
      line('M232 268 C232 196 244 184 300 184 C356 184 368 196 368 268', p.deep, 18) +
      line('M232 268 C232 196 244 184 300 184 C356 184 368 196 368 268', p.base, 12);
    out += both('M218 262 L246 262 L246 284 L218 284Z', (d) => path(d, p.shade, p));
    out += circle(122, 292, 13, 'none', p.metal, 4.5) + circle(478, 292, 13, 'none', p.metal, 4.5);
    out += path(
      'M118 280 Q118 264 136 264 L464 264 Q482 264 482 280 L482 556 Q482 572 464 572 L136 572 Q118 572 118 556Z',
      B(p),
      p,
    );
    out += stitch('M130 278 L470 278 L470 560 L130 560Z', p);
    if (!back) {
      out += path('M118 280 Q118 264 136 264 L464 264 Q482 264 482 280 L482 380 Q300 404 118 380Z', V(p), p);
      out += stitch('M130 376 Q300 396 470 376', p);
      out += `<rect x="282" y="372" width="36" height="30" rx="5" fill="${p.metal}" stroke="#9c7f45" stroke-width="2"/><rect x="294" y="382" width="12" height="10" rx="2" fill="#9c7f45"/>`;
    } else {
      out += line('M140 300 L460 300', p.line, 2) + stitch('M150 470 L450 470', p);
    }
    return out;
  }
  if (kind === 1) {
    out += both(
      'M214 310 C210 170 238 150 262 150 C286 150 292 200 290 310',
      (d) => line(d, p.deep, 16) + line(d, p.base, 10),
    );
    out += path('M150 300 L450 300 L474 590 Q474 602 460 602 L140 602 Q126 602 126 590Z', B(p), p);
    out += path('M150 300 L450 300 L452 322 L148 322Z', p.deep, p);
    out += stitch('M160 334 L440 334', p) + stitch('M140 588 L460 588', p);
    if (!back)
      out += path('M240 420 L360 420 L362 520 L238 520Z', 'none', p) + stitch('M246 428 L354 428', p);
    return out;
  }
  if (kind === 2) {
    out += both('M178 240 C140 300 150 460 182 560', (d) => line(d, p.deep, 26));
    out += line('M268 160 C268 126 332 126 332 160', p.deep, 10);
    out += path(
      'M170 250 C170 170 220 150 300 150 C380 150 430 170 430 250 L430 580 Q430 610 400 610 L200 610 Q170 610 170 580Z',
      B(p),
      p,
    );
    if (!back) {
      out +=
        line('M184 240 C200 180 400 180 416 240', p.outline, 2) +
        line('M184 246 C200 186 400 186 416 246', p.metal, 2.5, 'stroke-dasharray="2 3"');
      out += path(
        'M196 390 Q196 370 216 370 L384 370 Q404 370 404 390 L404 560 Q404 586 380 586 L220 586 Q196 586 196 560Z',
        V(p),
        p,
      );
      out +=
        line('M210 396 L390 396', p.metal, 2.5, 'stroke-dasharray="2 3"') +
        `<rect x="360" y="392" width="8" height="26" rx="3" fill="${p.metal}"/>`;
      out += stitch('M208 574 L392 574', p);
    } else {
      out += both('M226 210 C236 330 236 460 222 590', (d) =>
        path(`${d} L252 590 C266 460 266 330 256 210Z`, p.shade, p),
      );
    }
    return out;
  }
  if (kind === 3) {
    out +=
      line('M206 380 C200 150 400 150 394 380', p.deep, 14) +
      line('M206 380 C200 150 400 150 394 380', p.base, 8);
    out += `<rect x="284" y="196" width="32" height="22" rx="4" fill="none" stroke="${p.metal}" stroke-width="4"/>`;
    out += path(
      'M190 380 Q190 364 206 364 L394 364 Q410 364 410 380 L410 540 Q410 556 394 556 L206 556 Q190 556 190 540Z',
      B(p),
      p,
    );
    if (!back) {
      out += path('M190 380 Q190 364 206 364 L394 364 Q410 364 410 380 L410 470 Q300 486 190 470Z', V(p), p);
      out +=
        stitch('M200 464 Q300 478 400 464', p) +
        `<rect x="288" y="458" width="24" height="22" rx="4" fill="${p.metal}"/>`;
    }
    return out;
  }
  out += path(
    'M120 300 Q120 280 140 280 L460 280 Q480 280 480 300 L480 500 Q480 520 460 520 L140 520 Q120 520 120 500Z',
    B(p),
    p,
  );
  out +=
    line('M132 292 L468 292 L468 508', p.metal, 3, 'stroke-dasharray="2 3"') +
    `<rect x="462" y="496" width="10" height="32" rx="3" fill="${p.metal}"/>`;
  if (!back) out += line('M120 470 C80 470 70 540 110 560 C140 574 160 540 150 520', p.deep, 9);
  out += stitch('M134 306 L466 306 L466 494 L134 494Z', p);
  return out;
}

// ───────────────────────────── accessories ─────────────────────────────

function drawEtc(sil: number, p: Paint, back: boolean): string {
  const kind = sil % 8;
  let out = '';
  if (kind === 0) {
    // Necktie on a shirt collar, with regimental stripes.
    const stripe = luminance(bare(p.base)) > 0.45 ? darken(bare(p.base), 0.4) : lighten(bare(p.base), 0.55);
    out += `<defs><pattern id="${p.id}st" width="34" height="34" patternUnits="userSpaceOnUse" patternTransform="rotate(-40)"><rect width="34" height="34" fill="${p.base}"/><rect y="0" width="34" height="6" fill="${stripe}"/><rect y="10" width="34" height="2" fill="${stripe}" opacity=".7"/></pattern></defs>`;
    out += path(
      'M226 96 L300 150 L374 96 L392 150 L338 204 L300 166 L262 204 L208 150Z',
      '#f4f2ed',
      p,
      'stroke="#cfcac0"',
    );
    out += path('M276 150 L324 150 L316 206 L284 206Z', back ? p.shade : `url(#${p.id}st)`, p);
    const blade = 'M284 206 L316 206 L356 600 L300 650 L244 600Z';
    out += path(blade, back ? p.shade : `url(#${p.id}st)`, p);
    out += `<path d="${blade}" fill="url(#${p.id}b)" opacity=".35"/>`;
    if (back)
      out += path('M286 300 L314 300 L314 330 L286 330Z', p.base, p) + line('M300 210 L300 600', p.line, 1.4);
    return out;
  }
  if (kind === 1) {
    // Belt in an S curve with buckle and holes.
    const d = 'M150 250 C330 190 470 250 430 340 C390 430 170 380 150 470 C134 540 300 580 470 540';
    out +=
      line(d, p.outline, 50) +
      line(d, p.base, 46) +
      line(d, p.stitch, 38, 'stroke-dasharray="5 4" opacity=".8"') +
      line(d, p.base, 35);
    out += `<path d="${d}" fill="none" stroke="url(#${p.id}g)" stroke-width="18" opacity=".35" transform="translate(0 -8)"/>`;
    out += `<rect x="108" y="220" width="58" height="64" rx="10" fill="none" stroke="${p.metal === '#c9a866' ? '#b9bcc2' : p.metal}" stroke-width="9" transform="rotate(-18 137 252)"/>`;
    out += line('M120 256 L168 240', '#9a9da3', 5);
    for (let i = 0; i < 5; i++) out += circle(392 + i * 16, 548 - i * 3, 4, p.deep);
    return out;
  }
  if (kind === 2) {
    // Cap, three-quarter front view.
    out += path('M150 446 C144 280 222 206 300 206 C378 206 456 280 450 446Z', V(p), p);
    out +=
      line('M300 210 C282 300 266 380 262 440', p.line, 2) +
      line('M300 210 C318 300 334 380 338 440', p.line, 2);
    out +=
      line('M300 210 C232 256 192 340 180 444', p.line, 1.6) +
      line('M300 210 C368 256 408 340 420 444', p.line, 1.6);
    out += circle(214, 330, 5, p.deep) + circle(386, 330, 5, p.deep);
    out += `<ellipse cx="300" cy="208" rx="12" ry="7" fill="${p.shade}" stroke="${p.outline}" stroke-width="1.5"/>`;
    if (!back) {
      out += `<rect x="268" y="318" width="64" height="30" rx="4" fill="${p.light}" opacity=".7"/>`;
      out += path(
        'M132 440 C190 402 410 402 468 440 C494 494 420 548 300 550 C180 548 106 494 132 440Z',
        `url(#${p.id}br)`,
        p,
      );
      out += stitch('M146 452 C196 420 404 420 454 452', p) + stitch('M134 470 C150 520 450 520 466 470', p);
      out += `<defs><linearGradient id="${p.id}br" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset=".6" stop-color="${p.base}"/><stop offset="1" stop-color="${p.shade}"/></linearGradient></defs>`;
    } else {
      out +=
        path('M250 400 Q300 360 350 400 L350 432 L250 432Z', '#f1eee8', p) +
        line('M262 414 L338 414', p.deep, 8);
    }
    return out;
  }
  if (kind === 3 || kind === 7) {
    // Glasses / sunglasses, front view.
    const sun = kind === 7;
    const lens = sun ? darken(bare(p.base), 0.55) : '#dfe8ee';
    out += `<defs><linearGradient id="${p.id}ln" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${sun ? lighten(bare(lens), 0.25) : '#ffffff'}" stop-opacity="${sun ? 0.95 : 0.7}"/><stop offset="1" stop-color="${lens}" stop-opacity="${sun ? 1 : 0.35}"/></linearGradient></defs>`;
    out += line('M118 334 L70 300 L60 260', p.deep, 9) + line('M482 334 L530 300 L540 260', p.deep, 9);
    const lensD =
      'M124 322 C124 286 150 276 204 276 C258 276 282 288 282 326 C282 380 254 414 200 414 C150 414 124 380 124 322Z';
    out += both(lensD, (d) => path(d, `url(#${p.id}ln)`, p, `stroke="${p.base}" stroke-width="14"`));
    out += both(lensD, (d) => path(d, 'none', p, 'stroke-width="1.2"'));
    out += line('M282 318 C292 300 308 300 318 318', p.base, 10);
    out += both('M150 300 L188 292', (d) => line(d, '#fff', 5, 'opacity=".55"'));
    if (back) out = `<g transform="translate(600 0) scale(-1 1)">${out}</g>`;
    return out;
  }
  if (kind === 4) {
    // Pair of socks.
    const sock = (dx: number, paint: Paint) =>
      `<g transform="translate(${dx} 0)">${path('M190 160 L290 160 L292 430 C292 470 310 488 350 500 C396 514 404 570 360 584 C320 596 250 590 210 560 C180 536 188 470 188 430Z', V(paint), paint)}${path('M188 160 L292 160 L292 230 L188 230Z', `url(#${paint.id}rib)`, paint)}${path('M300 492 C338 500 370 520 372 560 C360 590 320 594 296 588 C310 560 312 520 300 492Z', paint.shade, paint)}${path('M188 470 C200 530 230 560 268 580 C230 590 196 566 186 520Z', paint.shade, paint)}</g>`;
    const other = paintFor(darken(bare(p.base), 0.12), `${p.id}o`);
    out += defs(other) + sock(70, other) + sock(-40, p);
    return out;
  }
  if (kind === 5) {
    // Muffler with a subtle check and fringe.
    const check = luminance(bare(p.base)) > 0.5 ? darken(bare(p.base), 0.25) : lighten(bare(p.base), 0.22);
    out += `<defs><pattern id="${p.id}ck" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${p.base}"/><rect x="20" width="6" height="48" fill="${check}" opacity=".6"/><rect y="20" width="48" height="6" fill="${check}" opacity=".6"/></pattern></defs>`;
    out += path('M170 140 L300 140 L300 600 L170 600Z', `url(#${p.id}ck)`, p);
    out += path('M270 120 L420 120 Q430 120 430 130 L430 560 L270 560Z', `url(#${p.id}ck)`, p);
    out += `<path d="M270 120 L420 120 Q430 120 430 130 L430 560 L270 560Z" fill="url(#${p.id}b)" opacity=".35"/>`;
    for (let x = 176; x < 300; x += 8) out += line(`M${x} 600 L${x + 2} 636`, p.shade, 3);
    for (let x = 276; x < 430; x += 8) out += line(`M${x} 560 L${x + 1} 596`, p.shade, 3);
    return out;
  }
  // Wallet (bifold).
  out += path(
    'M150 300 Q150 280 170 280 L430 280 Q450 280 450 300 L450 480 Q450 500 430 500 L170 500 Q150 500 150 480Z',
    B(p),
    p,
  );
  out += stitch('M162 292 L438 292 L438 488 L162 488Z', p);
  if (!back) {
    out += line('M300 284 L300 496', p.shade, 3);
    out +=
      path('M316 300 L430 300 L430 330 L316 330Z', p.shade, p) +
      path('M316 336 L430 336 L430 366 L316 366Z', p.shade, p);
    out += `<rect x="198" y="370" width="64" height="18" rx="3" fill="${p.metal}" opacity=".85"/>`;
  }
  return out;
}

// ───────────────────────────── composition ─────────────────────────────

function typeOf(type: string): ProductType {
  const up = String(type).toUpperCase();
  return (TYPES as string[]).includes(up) ? (up as ProductType) : 'ETC';
}

/** The drawing of one product (in the 600 × 720 frame), without background. */
function productArt(type: ProductType, hex: string, silhouette: number, view: number, id: string): string {
  const p = paintFor(hex, id);
  const back = view === 1;
  let art: string;
  switch (type) {
    case 'TOP':
      art = drawTop(silhouette, p, back);
      break;
    case 'BOTTOM':
      art = drawBottom(silhouette, p, back);
      break;
    case 'OUTER':
      art = drawOuter(silhouette, p, back);
      break;
    case 'SHOES':
      art = drawShoes(silhouette, p);
      if (back) art = `<g transform="translate(600 0) scale(-1 1)">${art}</g>`;
      break;
    case 'BAG':
      art = drawBag(silhouette, p, back);
      break;
    default:
      art = drawEtc(silhouette, p, back);
  }
  const dy =
    type === 'TOP' ? 26 : type === 'BAG' ? 46 : type === 'OUTER' && ![0, 4].includes(silhouette % 7) ? 30 : 0;
  return `${defs(p)}<g filter="url(#${id}sh)" transform="translate(0 ${dy})">${art}</g><defs><filter id="${id}sh" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="8" stdDeviation="9" flood-color="#1b1a17" flood-opacity=".16"/></filter></defs>`;
}

/** Where the detail view zooms in, per type. */
const FOCUS: Record<ProductType, readonly [number, number]> = {
  TOP: [300, 230],
  BOTTOM: [300, 210],
  OUTER: [300, 260],
  SHOES: [250, 520],
  BAG: [300, 360],
  ETC: [300, 330],
};

function clampInt(v: unknown, min: number, max: number): number {
  const n = Math.trunc(Number(v));
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/**
 * A flat product illustration (600 × 720) on a soft light background in the given colour.
 * `variant` = silhouette + 10 × view (see the header comment); unknown types draw accessories,
 * an invalid hex falls back to a neutral grey.
 */
/**
 * The distinct drawings of one product type and colour: 10 silhouettes × 4 views (variant
 * `silhouette + 10 × view`); a larger variant draws one of these again.
 */
export const PRODUCT_VARIANTS = 40;

export function renderProductSvg(type: ProductType | string, hex: string, variant: number): string {
  const t = typeOf(type);
  const color = normalizeHex(hex);
  const v = clampInt(variant, 0, 9999);
  const silhouette = (v % 10) % SILHOUETTES[t].length;
  const view = Math.floor(v / 10) % 4;
  const light = luminance(color) > 0.72;
  const [bgA, bgB] =
    view === 3
      ? [lighten(color, 0.82), lighten(color, 0.7)]
      : light
        ? ['#ebe8e2', '#dcd7cf']
        : ['#f6f4f0', '#e9e5de'];
  const id = `p${t[0]}${silhouette}${view}`;
  const art = productArt(t, color, silhouette, view, id);
  const [fx, fy] = FOCUS[t];
  const transform =
    view === 2
      ? `translate(300 360) scale(1.85) translate(${-fx} ${-fy})`
      : view === 3
        ? 'translate(300 370) rotate(-6) scale(.86) translate(-300 -360)'
        : 'translate(0 0)';
  const label = `${escapeXml(SILHOUETTES[t][silhouette] ?? t)} #${color}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 720" width="600" height="720" role="img" aria-label="${label}">
<defs><radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></radialGradient>
<radialGradient id="floor" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<rect width="600" height="720" fill="url(#bg)"/>
${view === 3 ? `<circle cx="470" cy="150" r="170" fill="#fff" opacity=".28"/><rect x="0" y="600" width="600" height="120" fill="#000" opacity=".035"/>` : ''}
${view === 2 ? '' : '<ellipse cx="300" cy="672" rx="230" ry="22" fill="url(#floor)"/>'}
<g transform="${transform}">${art}</g>
</svg>`;
}

// ───────────────────────────── style, review, banner, logo ─────────────────────────────

/** Coordinated outfits: [outer, top, bottom, shoes, accessory] colours. */
const OUTFITS: readonly (readonly [string, string, string, string, string])[] = [
  ['1f2a44', 'f5f5f2', '8c8f94', '4a3426', '6d2433'],
  ['b5864f', 'efe8d8', '3a3d42', '1a1a1a', '3a3d42'],
  ['3a3d42', 'd8cbb3', '1a1a1a', '6b4a33', 'b5864f'],
  ['6b6b47', 'f5f5f2', '4f6f9a', 'f5f5f2', '1f2a44'],
  ['cbb89a', '1f2a44', 'cbb89a', '6b4a33', '6b4a33'],
  ['1a1a1a', '8c8f94', '1a1a1a', '1a1a1a', '8c8f94'],
  ['5c6140', 'efe8d8', '6b4a33', '4a3426', 'c99a2e'],
  ['8c8f94', '9dc3e6', '1f2a44', '6b4a33', '1f2a44'],
];

function flatLay(seed: string | number, prefix: string): string {
  const r = prng(seed);
  const o = pick(r, OUTFITS);
  const outerSil = pick(r, [0, 1, 3, 4, 5]);
  const topSil = pick(r, [0, 1, 2, 3, 5]);
  const bottomSil = pick(r, [0, 1, 2]);
  const shoeSil = pick(r, [0, 1, 2, 3]);
  const accSil = pick(r, [0, 1, 2, 3, 6]);
  const place = (x: number, y: number, s: number, rot: number, art: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s}) translate(-300 -360)">${art}</g>`;
  return (
    place(160, 196, 0.56, -4 + r() * 4, productArt('OUTER', o[0], outerSil, 0, `${prefix}o`)) +
    place(440, 180, 0.5, 3 + r() * 4, productArt('TOP', o[1], topSil, 0, `${prefix}t`)) +
    place(172, 530, 0.54, 2 - r() * 4, productArt('BOTTOM', o[2], bottomSil, 0, `${prefix}b`)) +
    place(432, 420, 0.48, -6 + r() * 6, productArt('SHOES', o[3], shoeSil, 0, `${prefix}s`)) +
    place(446, 600, 0.3, r() * 20 - 10, productArt('ETC', o[4], accSil, 0, `${prefix}a`))
  );
}

/** A flat-lay outfit for style cards (600 × 720). */
export function renderStyleSvg(id: number | string): string {
  const r = prng(`style:${id}`);
  const bg = pick(r, ['#efebe4', '#e9ebe8', '#ece7e1', '#e6e9ee', '#f0ece6']);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 720" width="600" height="720" role="img" aria-label="style ${escapeXml(safeId(id))}">
<defs><linearGradient id="sbg" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bare(bg), 0.06)}"/></linearGradient></defs>
<rect width="600" height="720" fill="url(#sbg)"/>
<rect x="18" y="18" width="564" height="684" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>
${flatLay(`style:${id}`, `s${safeId(id)}`)}
</svg>`;
}

/** A "customer photo" of a product on a floor, bed or wall (600 × 600). */
/**
 * A shopper's photo of a product on a floor, a bed or a shelf. With `of` (the reviewed product's
 * type and colour) it shows that product; without, a product of the id's choosing.
 */
export function renderReviewSvg(
  id: number | string,
  of?: { type: keyof typeof SILHOUETTES; hex: string },
): string {
  const r = prng(`review:${id}`);
  const randomType = pick(r, ['TOP', 'TOP', 'BOTTOM', 'BOTTOM', 'OUTER', 'SHOES', 'BAG', 'ETC'] as const);
  const type = of?.type ?? randomType;
  const randomHex = pick(r, [
    '1f2a44',
    '1a1a1a',
    '3a3d42',
    'cbb89a',
    'f5f5f2',
    '6b4a33',
    '8c8f94',
    'b5864f',
    '9dc3e6',
    '6b6b47',
  ]);
  const hex = of?.hex ?? randomHex;
  const sil = Math.floor(r() * SILHOUETTES[type].length);
  const scene = Math.floor(r() * 3);
  const sceneSvg =
    scene === 0
      ? `<rect width="600" height="600" fill="#b48a62"/>${Array.from({ length: 7 }, (_, i) => `<rect x="${i * 90 - 20}" y="0" width="88" height="600" fill="${i % 2 ? '#a57c56' : '#bb926a'}"/><line x1="${i * 90 - 21}" y1="0" x2="${i * 90 - 21}" y2="600" stroke="#7d5a3c" stroke-width="2"/>`).join('')}`
      : scene === 1
        ? `<rect width="600" height="600" fill="#eceae6"/><path d="M0 140 C160 110 260 190 600 120 M0 420 C200 380 360 470 600 400 M60 0 C90 200 40 400 110 600" stroke="#d6d2cb" stroke-width="16" fill="none" opacity=".7"/>`
        : `<rect width="600" height="600" fill="#e7e3dc"/><rect y="470" width="600" height="130" fill="#cfc8bd"/><line x1="0" y1="470" x2="600" y2="470" stroke="#b9b1a5" stroke-width="3"/>`;
  const rot = Math.round(r() * 16 - 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="review photo ${escapeXml(safeId(id))}">
<defs><radialGradient id="vig" cx=".5" cy=".5" r=".72"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".32"/></radialGradient></defs>
${sceneSvg}
<g transform="translate(300 300) rotate(${rot}) scale(.78) translate(-300 -360)">${productArt(type, hex, sil, 0, `r${safeId(id)}`)}</g>
<rect width="600" height="600" fill="#ffb070" opacity=".07"/>
<rect width="600" height="600" fill="url(#vig)"/>
</svg>`;
}

const BANNER_PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1f2a44', '#2f4068', '#c9a45c'],
  ['#3b2f27', '#6b4a33', '#efe8d8'],
  ['#2c4034', '#46604f', '#d8cbb3'],
  ['#5a1f2b', '#7a2e3d', '#efe8d8'],
  ['#2b2d31', '#44474d', '#e8b4b8'],
  ['#b5864f', '#cda173', '#1f2a44'],
];

function wrapText(text: string, maxUnits: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const units = (s: string) =>
    [...s].reduce(
      (n, ch) => n + (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u4e00-\u9fff]/.test(ch) ? 1 : 0.58),
      0,
    );
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (units(next) > maxUnits && cur) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/**
 * CODIROOM as strokes (caps 13 units high at `x`, `y` = the baseline), in place of a <text>: the
 * banner then draws the same everywhere without a font, so it can be rasterised on a server that
 * has none (the WebP banners) and costs the browser no font lookup.
 */
function wordmark(x: number, y: number, color: string): string {
  // Each letter's path in a box 13 units high, and the pen's advance after it.
  const letters: ReadonlyArray<readonly [string, number]> = [
    ['M9.6 2.6A5.6 6.1 0 1 0 9.6 10.4', 10.6], // C
    ['M5.3 0.9A4.4 5.6 0 1 0 5.3 12.1A4.4 5.6 0 1 0 5.3 0.9Z', 11.4], // O
    ['M1.2 0.9V12.1H4.1A5.3 5.6 0 0 0 4.1 0.9Z', 10.6], // D
    ['M1.2 0.9V12.1', 3.2], // I
    ['M1.2 12.1V0.9H5.2A3.1 3.1 0 0 1 5.2 7.1H1.2M5.2 7.1L8.9 12.1', 10], // R
    ['M5.3 0.9A4.4 5.6 0 1 0 5.3 12.1A4.4 5.6 0 1 0 5.3 0.9Z', 11.4], // O
    ['M5.3 0.9A4.4 5.6 0 1 0 5.3 12.1A4.4 5.6 0 1 0 5.3 0.9Z', 11.4], // O
    ['M1.2 12.1V0.9L6.2 9.2L11.2 0.9V12.1', 12.4], // M
  ];
  let pen = 0;
  const paths = letters
    .map(([d, advance]) => {
      const out = `<path transform="translate(${pen.toFixed(1)} 0)" d="${d}"/>`;
      pen += advance + 6;
      return out;
    })
    .join('');
  return `<g transform="translate(${x} ${y - 13})" fill="none" stroke="${color}" stroke-width="2.3" stroke-linejoin="round" opacity=".7" aria-hidden="true">${paths}</g>`;
}

/** Banner artwork (800 × 600): a colour field with a product composition; the title is optional. */
export function renderBannerSvg(id: number | string, title?: string): string {
  const r = prng(`banner:${id}`);
  const [a, b, accent] = pick(r, BANNER_PALETTES);
  const text = typeof title === 'string' ? title.slice(0, 80) : '';
  const lines = text ? wrapText(text, 9, 3) : [];
  const o = pick(r, OUTFITS);
  const cx = lines.length ? 560 : 400;
  const prefix = `b${safeId(id)}`;
  const place = (x: number, y: number, s: number, rot: number, art: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s}) translate(-300 -360)">${art}</g>`;
  const art =
    place(cx - 90, 290, 0.62, -6, productArt('OUTER', o[0], pick(r, [0, 1, 4]), 0, `${prefix}o`)) +
    place(cx + 110, 260, 0.5, 6, productArt('TOP', o[1], pick(r, [0, 2, 3]), 0, `${prefix}t`)) +
    place(cx + 60, 470, 0.4, -4, productArt('SHOES', o[3], pick(r, [0, 1, 2]), 0, `${prefix}s`));
  const textSvg = lines
    .map(
      (l, i) =>
        `<text x="56" y="${250 + i * 62 - (lines.length - 1) * 20}" font-family="${FONT}" font-size="50" font-weight="700" fill="#fff" letter-spacing="-1">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${escapeXml(text || `banner ${safeId(id)}`)}">
<defs><linearGradient id="bn" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#bn)"/>
<circle cx="${cx + 20}" cy="300" r="250" fill="#fff" opacity=".07"/>
<circle cx="${cx + 20}" cy="300" r="190" fill="#fff" opacity=".06"/>
<rect x="${lines.length ? 56 : 40}" y="${lines.length ? 150 - (lines.length - 1) * 20 : 40}" width="46" height="5" fill="${accent}"/>
${art}
${textSvg}
${wordmark(lines.length ? 56 : 40, 548, '#fff')}
</svg>`;
}

const LOGO_STYLES: readonly (readonly [string, string])[] = [
  ['#1a1a1a', '#f5f3ee'],
  ['#f5f3ee', '#1a1a1a'],
  ['#1f2a44', '#f5f3ee'],
  ['#2c4034', '#efe8d8'],
  ['#efe8d8', '#4a3426'],
  ['#6b4a33', '#f5f3ee'],
];

/** A text logo (240 × 240) for a brand name. */
export function renderBrandLogoSvg(name: string): string {
  const clean =
    String(name ?? '')
      .trim()
      .slice(0, 40) || 'BRAND';
  const r = prng(`logo:${clean}`);
  const [bg, fg] = pick(r, LOGO_STYLES);
  const serif = r() < 0.4;
  const latin = /^[\x20-\x7e]+$/.test(clean);
  const lines = latin ? wrapText(clean.toUpperCase(), 6.2, 3) : wrapText(clean, 5, 2);
  const widthOf = (l: string) =>
    [...l].reduce((n, ch) => n + (/[\u3130-\u318f\uac00-\ud7af]/.test(ch) ? 1 : ch === ' ' ? 0.35 : 0.72), 0);
  const longest = Math.max(1, ...lines.map(widthOf));
  const spacing = latin ? 0.1 : 0;
  const size = Math.max(14, Math.min(latin ? 40 : 46, Math.floor(188 / (longest * (1 + spacing)))));
  const lh = size * 1.16;
  const y0 = 120 - ((lines.length - 1) * lh) / 2 + size * 0.36;
  const text = lines
    .map(
      (l, i) =>
        `<text x="120" y="${(y0 + i * lh).toFixed(1)}" text-anchor="middle" font-family="${serif ? SERIF : FONT}" font-size="${size}" font-weight="${serif ? 600 : 800}" letter-spacing="${(size * spacing).toFixed(1)}" fill="${fg}">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(clean)}">
<rect width="240" height="240" fill="${bg}"/>
<rect x="14" y="14" width="212" height="212" fill="none" stroke="${fg}" stroke-opacity=".18" stroke-width="1.5"/>
${text}
</svg>`;
}

/**
 * A brand page banner (780 × 300): the brand logo's colours (same pick as renderBrandLogoSvg), its
 * English and Korean names and an outfit in its palette. Deterministic by the names.
 */
export function renderBrandBannerSvg(nameEn: string, name: string): string {
  const en =
    String(nameEn ?? '')
      .trim()
      .slice(0, 40) || 'BRAND';
  const ko = String(name ?? '')
    .trim()
    .slice(0, 40);
  const logo = prng(`logo:${en}`);
  const [bg, fg] = pick(logo, LOGO_STYLES);
  const r = prng(`brand-banner:${en}`);
  const o = pick(r, OUTFITS);
  const prefix = `bb${safeId(en)}`;
  const place = (x: number, y: number, s: number, rot: number, art: string) =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s}) translate(-300 -360)">${art}</g>`;
  const art =
    place(560, 160, 0.36, -5, productArt('OUTER', o[0], pick(r, [0, 1, 4]), 0, `${prefix}o`)) +
    place(680, 140, 0.3, 6, productArt('TOP', o[1], pick(r, [0, 2, 3]), 0, `${prefix}t`)) +
    place(650, 250, 0.24, -3, productArt('SHOES', o[3], pick(r, [0, 1, 2]), 0, `${prefix}s`));
  const lines = wrapText(en.toUpperCase(), 13, 2);
  const size = lines.length > 1 ? 40 : 48;
  const title = lines
    .map(
      (l, i) =>
        `<text x="40" y="${(lines.length > 1 ? 124 : 146) + i * (size + 6)}" font-family="${FONT}" font-size="${size}" font-weight="800" letter-spacing="2" fill="${fg}">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 780 300" width="780" height="300" role="img" aria-label="${escapeXml(ko ? `${ko} ${en}` : en)}">
<rect width="780" height="300" fill="${bg}"/>
<circle cx="630" cy="160" r="170" fill="${fg}" opacity=".06"/>
<text x="40" y="52" font-family="${FONT}" font-size="13" font-weight="700" letter-spacing="5" fill="${fg}" opacity=".5">CODIROOM BRAND</text>
<rect x="40" y="72" width="40" height="4" fill="${fg}" opacity=".6"/>
${art}
${title}
${ko ? `<text x="40" y="${lines.length > 1 ? 206 : 190}" font-family="${FONT}" font-size="22" font-weight="600" fill="${fg}" opacity=".8">${escapeXml(ko)}</text>` : ''}
</svg>`;
}
