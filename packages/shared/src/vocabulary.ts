/**
 * The shop's one vocabulary (SPEC.md 'AI style curation'; the style quiz and MY큐레이션): colours
 * (with the neutral ones), style tags and occasions. The curation engine, the style quiz, the
 * back office and the seed all read them from here, so a colour that is neutral to the engine is
 * neutral to the seeded outfits too.
 */

// ───────────────────────────── colours ─────────────────────────────

export interface ColorDef {
  /** Short code used in SKUs. */
  code: string;
  name: string;
  hex: string;
}

/** The shop's colours: key → SKU code, the Korean name products and answers carry, and a swatch. */
export const COLORS = {
  black: { code: 'BK', name: '블랙', hex: '#1a1a1a' },
  navy: { code: 'NV', name: '네이비', hex: '#1f2a44' },
  charcoal: { code: 'CH', name: '차콜', hex: '#3a3d42' },
  grey: { code: 'GY', name: '그레이', hex: '#8c8f94' },
  melange: { code: 'MG', name: '멜란지그레이', hex: '#a9abae' },
  lightgrey: { code: 'LG', name: '라이트그레이', hex: '#c9cacc' },
  white: { code: 'WH', name: '화이트', hex: '#f5f5f2' },
  ivory: { code: 'IV', name: '아이보리', hex: '#efe8d8' },
  oatmeal: { code: 'OM', name: '오트밀', hex: '#d8cbb3' },
  beige: { code: 'BE', name: '베이지', hex: '#cbb89a' },
  sand: { code: 'SD', name: '샌드', hex: '#d6c3a0' },
  camel: { code: 'CM', name: '카멜', hex: '#b5864f' },
  brown: { code: 'BR', name: '브라운', hex: '#6b4a33' },
  darkbrown: { code: 'DB', name: '다크브라운', hex: '#4a3426' },
  khaki: { code: 'KH', name: '카키', hex: '#6b6b47' },
  olive: { code: 'OL', name: '올리브', hex: '#5c6140' },
  skyblue: { code: 'SB', name: '스카이블루', hex: '#9dc3e6' },
  lightblue: { code: 'LB', name: '라이트블루', hex: '#b8d0e8' },
  blue: { code: 'BL', name: '블루', hex: '#2f5d9e' },
  lightdenim: { code: 'LD', name: '연청', hex: '#7d9cc0' },
  middenim: { code: 'MD', name: '중청', hex: '#4f6f9a' },
  darkdenim: { code: 'DD', name: '진청', hex: '#27344f' },
  burgundy: { code: 'BG', name: '버건디', hex: '#6d2433' },
  wine: { code: 'WN', name: '와인', hex: '#5a1f2b' },
  green: { code: 'GN', name: '그린', hex: '#2f5d46' },
  forest: { code: 'FG', name: '포레스트그린', hex: '#2c4034' },
  mustard: { code: 'MS', name: '머스타드', hex: '#c99a2e' },
  pink: { code: 'PK', name: '핑크', hex: '#e8b4b8' },
  lavender: { code: 'LV', name: '라벤더', hex: '#b7a9d6' },
  mint: { code: 'MT', name: '민트', hex: '#a8d5c2' },
  red: { code: 'RD', name: '레드', hex: '#b3282d' },
  silver: { code: 'SV', name: '실버', hex: '#b8bcc2' },
  gold: { code: 'GD', name: '골드', hex: '#c9a45c' },
  tortoise: { code: 'TS', name: '호피', hex: '#6b4423' },
} as const satisfies Record<string, ColorDef>;
export type ColorKey = keyof typeof COLORS;

/**
 * Colours that make a base, worn together freely; any other colour is an accent, and an outfit
 * has a neutral base with at most one accent (the curation engine's colour harmony; the seed's
 * codi sets pair pieces the same way). The achromatics, the beiges and browns, the military
 * earth tones (khaki and olive, neutrals of menswear), the three denim washes, and silver (the
 * metal of accessories, as black or grey would be). The engine had olive and silver; the seed
 * did not, which let it call an olive-and-burgundy set clashing that the engine recommends.
 */
export const NEUTRAL_COLOR_KEYS = [
  'black',
  'navy',
  'charcoal',
  'grey',
  'melange',
  'lightgrey',
  'white',
  'ivory',
  'oatmeal',
  'beige',
  'sand',
  'camel',
  'brown',
  'darkbrown',
  'khaki',
  'olive',
  'lightdenim',
  'middenim',
  'darkdenim',
  'silver',
] as const satisfies readonly ColorKey[];

/** The neutral colours by their Korean names (what products, answers and the engine carry). */
export const NEUTRAL_COLORS: ReadonlySet<string> = new Set(NEUTRAL_COLOR_KEYS.map((k) => COLORS[k].name));

/** The key of a colour by its Korean name, or undefined for a name the shop does not use. */
export function colorKeyOfName(name: string): ColorKey | undefined {
  return (Object.keys(COLORS) as ColorKey[]).find((k) => COLORS[k].name === name);
}

// ───────────────────────────── styles ─────────────────────────────

/** The shop's style tags: products carry them, the style quiz offers them. */
export const STYLE_TAGS = [
  '미니멀',
  '비즈니스캐주얼',
  '클래식',
  '댄디',
  '캐주얼',
  '포멀',
  '아메카지',
  '스트릿',
  '고프코어',
  '워크웨어',
  '프레피',
  '스포티',
  '놈코어',
  '시티보이',
] as const;
export type StyleTag = (typeof STYLE_TAGS)[number];

// ───────────────────────────── occasions ─────────────────────────────

/** The occasions the style quiz asks about and the engine dresses for. */
export const OCCASIONS = ['office', 'weekend', 'date', 'wedding_guest', 'travel'] as const;
export type Occasion = (typeof OCCASIONS)[number];

/** Style tags each occasion asks for. */
export const OCCASION_STYLES: Record<Occasion, readonly string[]> = {
  office: ['비즈니스캐주얼', '클래식', '댄디', '포멀', '미니멀'],
  weekend: ['캐주얼', '아메카지', '시티보이', '놈코어', '스트릿', '미니멀'],
  date: ['댄디', '미니멀', '프레피', '클래식', '시티보이'],
  wedding_guest: ['포멀', '클래식', '댄디'],
  travel: ['고프코어', '캐주얼', '스포티', '아메카지', '워크웨어'],
};

/** The occasions' words as shoppers read them. */
export const OCCASION_LABEL: Record<Occasion, string> = {
  office: '출근룩',
  weekend: '주말룩',
  date: '데이트룩',
  wedding_guest: '하객룩',
  travel: '여행룩',
};
