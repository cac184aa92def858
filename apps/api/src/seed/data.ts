/**
 * Vocabulary of the demo shop: a Korean men's fashion store for office workers in their 30s–50s.
 * Every brand name here is made up. The seed generator (./index.ts) combines these lists with a
 * seeded PRNG, so nothing here is random by itself.
 */
import type { ProductType, StyleTag } from '@codiroom/shared';

// ───────────────────────────── size measurement field sets ─────────────────────────────

export type BaseMeasurementSet =
  | 'TOP'
  | 'BOTTOM'
  | 'OUTER'
  | 'BAG'
  | 'TIE_BELT'
  | 'EYEWEAR'
  | 'CAP'
  | 'SHOES';
export type MeasurementSetCode = BaseMeasurementSet | `${BaseMeasurementSet}2`;

export interface MeasurementSetDef {
  code: MeasurementSetCode;
  name: string;
  fields: { key: string; label: string }[];
}

/**
 * SPEC.md §3 "Size measurement field sets", each with its '2' variant.
 *
 * A set and its '2' variant have the same keys and describe the same garment; the variant is the
 * alternative way Korean shops publish the same measurements, so the size sheet can show either:
 * - TOP / OUTER: flat measurements (단면, laid flat, shoulder-seam sleeve) vs. TOP2 / OUTER2:
 *   circumference (둘레 = 2 × 단면), length from the back neck point and sleeve as 화장
 *   (centre back neck to cuff = half shoulder + sleeve).
 * - BOTTOM: flat (단면) waist/hip/thigh/hem and front rise vs. BOTTOM2: circumferences (둘레) and
 *   total rise (앞밑위 + 뒷밑위).
 * - BAG: outside dimensions vs. BAG2: inside (usable) dimensions.
 * - TIE_BELT: overall length and widest width vs. TIE_BELT2: usable length (belt: buckle pin to
 *   the middle hole; muffler: without the fringe; tie: overall) and narrow-end width (tie: 소검폭;
 *   belt and muffler: same as the width).
 * - EYEWEAR: centimetres measured on the frame vs. EYEWEAR2: the same in millimetres as printed
 *   on the temple (boxing system, e.g. 52□18-145).
 * - CAP: head circumference (둘레) vs. CAP2: flat (단면) measurements.
 * - SHOES: foot measurements the shoe fits (발길이/발볼/굽) vs. SHOES2: measured on the outsole
 *   (아웃솔 길이/아웃솔 폭) and total heel height including the insole.
 */
export const MEASUREMENT_SETS: MeasurementSetDef[] = [
  {
    code: 'TOP',
    name: '상의 실측(단면)',
    fields: [
      { key: 'length', label: '총장' },
      { key: 'shoulder', label: '어깨너비' },
      { key: 'chest', label: '가슴단면' },
      { key: 'sleeve', label: '소매길이' },
    ],
  },
  {
    code: 'TOP2',
    name: '상의 실측(둘레)',
    fields: [
      { key: 'length', label: '총장(뒷목점)' },
      { key: 'shoulder', label: '어깨너비' },
      { key: 'chest', label: '가슴둘레' },
      { key: 'sleeve', label: '화장' },
    ],
  },
  {
    code: 'BOTTOM',
    name: '하의 실측(단면)',
    fields: [
      { key: 'outseam', label: '총장' },
      { key: 'waist', label: '허리단면' },
      { key: 'hip', label: '엉덩이단면' },
      { key: 'rise', label: '밑위' },
      { key: 'thigh', label: '허벅지단면' },
      { key: 'hem', label: '밑단단면' },
    ],
  },
  {
    code: 'BOTTOM2',
    name: '하의 실측(둘레)',
    fields: [
      { key: 'outseam', label: '총장' },
      { key: 'waist', label: '허리둘레' },
      { key: 'hip', label: '엉덩이둘레' },
      { key: 'rise', label: '밑위둘레' },
      { key: 'thigh', label: '허벅지둘레' },
      { key: 'hem', label: '밑단둘레' },
    ],
  },
  {
    code: 'OUTER',
    name: '아우터 실측(단면)',
    fields: [
      { key: 'length', label: '총장' },
      { key: 'shoulder', label: '어깨너비' },
      { key: 'chest', label: '가슴단면' },
      { key: 'sleeve', label: '소매길이' },
    ],
  },
  {
    code: 'OUTER2',
    name: '아우터 실측(둘레)',
    fields: [
      { key: 'length', label: '총장(뒷목점)' },
      { key: 'shoulder', label: '어깨너비' },
      { key: 'chest', label: '가슴둘레' },
      { key: 'sleeve', label: '화장' },
    ],
  },
  {
    code: 'BAG',
    name: '가방 실측(외경)',
    fields: [
      { key: 'width', label: '가로' },
      { key: 'length', label: '세로' },
      { key: 'depth', label: '폭' },
    ],
  },
  {
    code: 'BAG2',
    name: '가방 실측(내경)',
    fields: [
      { key: 'width', label: '내부 가로' },
      { key: 'length', label: '내부 세로' },
      { key: 'depth', label: '내부 폭' },
    ],
  },
  {
    code: 'TIE_BELT',
    name: '넥타이·벨트 실측',
    fields: [
      { key: 'length', label: '전체 길이' },
      { key: 'width', label: '폭' },
    ],
  },
  {
    code: 'TIE_BELT2',
    name: '넥타이·벨트 실측(유효)',
    fields: [
      { key: 'length', label: '유효 길이' },
      { key: 'width', label: '좁은 쪽 폭' },
    ],
  },
  {
    code: 'EYEWEAR',
    name: '아이웨어 실측(cm)',
    fields: [
      { key: 'front_length', label: '프레임 가로' },
      { key: 'lens_width', label: '렌즈 가로' },
      { key: 'lens_height', label: '렌즈 세로' },
      { key: 'temple', label: '다리 길이' },
    ],
  },
  {
    code: 'EYEWEAR2',
    name: '아이웨어 규격(mm)',
    fields: [
      { key: 'front_length', label: '프레임 가로(mm)' },
      { key: 'lens_width', label: '렌즈 가로(mm)' },
      { key: 'lens_height', label: '렌즈 세로(mm)' },
      { key: 'temple', label: '다리 길이(mm)' },
    ],
  },
  {
    code: 'CAP',
    name: '모자 실측(둘레)',
    fields: [
      { key: 'head', label: '머리둘레' },
      { key: 'depth', label: '깊이' },
      { key: 'brim', label: '챙길이' },
    ],
  },
  {
    code: 'CAP2',
    name: '모자 실측(단면)',
    fields: [
      { key: 'head', label: '머리단면' },
      { key: 'depth', label: '깊이' },
      { key: 'brim', label: '챙길이' },
    ],
  },
  {
    code: 'SHOES',
    name: '신발 사이즈(발 기준)',
    fields: [
      { key: 'foot_length', label: '발길이' },
      { key: 'ball_width', label: '발볼너비' },
      { key: 'heel_height', label: '굽높이' },
    ],
  },
  {
    code: 'SHOES2',
    name: '신발 실측(아웃솔)',
    fields: [
      { key: 'foot_length', label: '아웃솔 길이' },
      { key: 'ball_width', label: '아웃솔 폭' },
      { key: 'heel_height', label: '총 굽높이' },
    ],
  },
];

export function variantOf(set: BaseMeasurementSet): MeasurementSetCode {
  return `${set}2`;
}

// ───────────────────────────── colours ─────────────────────────────

export interface ColorDef {
  /** Short code used in SKUs. */
  code: string;
  name: string;
  hex: string;
}

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

/** Colours that go with anything: codi sets pair a colourful piece with these. */
export const NEUTRAL_COLORS: readonly ColorKey[] = [
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
  'lightdenim',
  'middenim',
  'darkdenim',
];

const P = {
  formal: ['black', 'navy', 'charcoal', 'grey', 'beige', 'camel', 'brown'],
  shirt: ['white', 'skyblue', 'lightblue', 'navy', 'black', 'pink', 'lightgrey', 'ivory', 'lavender'],
  casualTop: [
    'white',
    'black',
    'melange',
    'navy',
    'oatmeal',
    'khaki',
    'green',
    'burgundy',
    'skyblue',
    'ivory',
  ],
  knit: [
    'ivory',
    'oatmeal',
    'navy',
    'charcoal',
    'camel',
    'brown',
    'burgundy',
    'forest',
    'black',
    'grey',
    'mustard',
  ],
  denim: ['lightdenim', 'middenim', 'darkdenim', 'black'],
  chino: ['beige', 'khaki', 'navy', 'black', 'olive', 'sand', 'ivory', 'charcoal'],
  padding: ['black', 'navy', 'khaki', 'charcoal', 'ivory', 'beige', 'olive'],
  coat: ['camel', 'charcoal', 'navy', 'black', 'grey', 'beige', 'brown', 'oatmeal'],
  dressShoes: ['black', 'brown', 'darkbrown', 'camel'],
  sneakers: ['white', 'black', 'grey', 'navy', 'ivory', 'beige'],
  bag: ['black', 'brown', 'camel', 'navy', 'grey', 'khaki', 'darkbrown'],
  tie: ['navy', 'burgundy', 'wine', 'green', 'grey', 'black', 'blue', 'brown'],
  belt: ['black', 'brown', 'darkbrown', 'camel'],
  eyewear: ['black', 'silver', 'gold', 'tortoise'],
  cap: ['black', 'navy', 'beige', 'khaki', 'white', 'grey', 'brown'],
  socks: ['black', 'charcoal', 'navy', 'grey', 'white', 'brown'],
  muffler: ['charcoal', 'camel', 'navy', 'grey', 'burgundy', 'beige', 'oatmeal'],
  sports: ['black', 'navy', 'white', 'grey', 'skyblue', 'green', 'red', 'mint'],
} as const satisfies Record<string, readonly ColorKey[]>;

// ───────────────────────────── size runs ─────────────────────────────

export type SizeRunKey = 'ALPHA' | 'KR_TOP' | 'WAIST' | 'SHOES' | 'FREE';

/** Alternative runs per kind; a product takes one of them for all its colourways. */
export const SIZE_RUNS: Record<SizeRunKey, readonly (readonly string[])[]> = {
  ALPHA: [
    ['S', 'M', 'L', 'XL', 'XXL'],
    ['M', 'L', 'XL', 'XXL'],
    ['S', 'M', 'L', 'XL'],
    ['M', 'L', 'XL', 'XXL', '3XL'],
  ],
  KR_TOP: [
    ['95', '100', '105', '110'],
    ['90', '95', '100', '105', '110'],
    ['95', '100', '105', '110', '115'],
  ],
  WAIST: [
    ['28', '29', '30', '31', '32', '33', '34', '36'],
    ['28', '30', '32', '34', '36'],
    ['29', '30', '31', '32', '33', '34', '36', '38'],
    ['30', '32', '34', '36', '38'],
  ],
  SHOES: [
    ['250', '255', '260', '265', '270', '275', '280', '285', '290'],
    ['255', '260', '265', '270', '275', '280', '285'],
    ['250', '255', '260', '265', '270', '275', '280'],
  ],
  FREE: [['FREE']],
};

/** Size grade used to grow measurements: S=0 … 3XL=5, 90=0 … 115=5, waist in inches, shoes in mm. */
export function sizeGrade(size: string): number {
  const alpha: Record<string, number> = { S: 0, M: 1, L: 2, XL: 3, XXL: 4, '3XL': 5 };
  if (size in alpha) return alpha[size] as number;
  const n = Number(size);
  if (Number.isFinite(n)) {
    if (n >= 85 && n <= 120) return (n - 90) / 5; // Korean top sizes
    return n; // waist inches or shoe millimetres
  }
  return 0;
}

// ───────────────────────────── style tags ─────────────────────────────

// The shop's style tags live in packages/shared (the style quiz offers the same ones).
export { STYLE_TAGS, type StyleTag } from '@codiroom/shared';

// ───────────────────────────── categories ─────────────────────────────

export type MainCategory = 'outer' | 'top' | 'bottom' | 'shoes' | 'bag' | 'accessories' | 'sports';

/** Garment kinds drive measurement generation and product illustrations. */
export type GarmentKind =
  | 'coat'
  | 'blazer'
  | 'padding'
  | 'jacket'
  | 'cardigan'
  | 'vest'
  | 'shirt'
  | 'tee'
  | 'longtee'
  | 'knit'
  | 'sweat'
  | 'polo'
  | 'slacks'
  | 'chino'
  | 'denim'
  | 'jogger'
  | 'shorts'
  | 'dressShoes'
  | 'sneakers'
  | 'boots'
  | 'briefcase'
  | 'backpack'
  | 'tote'
  | 'crossbody'
  | 'tie'
  | 'belt'
  | 'eyewear'
  | 'cap'
  | 'socks'
  | 'muffler'
  | 'wallet'
  | 'other';

export interface ParentCategoryDef {
  code: string;
  name: string;
  main: MainCategory;
  product_type: ProductType;
}

/** Top-level rows (sub = null); leaves point at them through parent_id. */
export const PARENT_CATEGORIES: ParentCategoryDef[] = [
  { code: 'outer', name: '아우터', main: 'outer', product_type: 'OUTER' },
  { code: 'top', name: '상의', main: 'top', product_type: 'TOP' },
  { code: 'bottom', name: '바지', main: 'bottom', product_type: 'BOTTOM' },
  { code: 'shoes', name: '신발', main: 'shoes', product_type: 'SHOES' },
  { code: 'bag', name: '가방', main: 'bag', product_type: 'BAG' },
  { code: 'accessories', name: '액세서리', main: 'accessories', product_type: 'ETC' },
  { code: 'sports', name: '스포츠', main: 'sports', product_type: 'ETC' },
];

export interface CategoryDef {
  code: string;
  name: string;
  main: MainCategory;
  sub: string;
  product_type: ProductType;
  measurement_set: BaseMeasurementSet | null;
  kind: GarmentKind;
  /** Share of the catalogue (relative). */
  weight: number;
  /** Typical list price range in won. */
  price: readonly [number, number];
  sizeRuns: readonly SizeRunKey[];
  /** Silhouettes of renderProductSvg for this category (see images/svg.ts). */
  svg: readonly number[];
  items: readonly string[];
  materials: readonly string[];
  fits: readonly string[];
  palette: readonly ColorKey[];
  tags: readonly StyleTag[];
  /** Fabric composition strings for the material column. */
  compositions: readonly string[];
  seasons: readonly string[];
}

const FITS_TOP = ['세미오버', '오버핏', '레귤러핏', '슬림핏', '릴렉스드'];
const FITS_BOTTOM = ['와이드', '세미와이드', '테이퍼드', '슬림', '스트레이트', '레귤러'];
const WOOL = [
  '울 70%, 폴리에스터 30%',
  '울 100%',
  '울 50%, 폴리에스터 45%, 캐시미어 5%',
  '울 80%, 나일론 20%',
];
const COTTON = ['면 100%', '면 97%, 폴리우레탄 3%', '면 60%, 폴리에스터 40%', '면 95%, 스판덱스 5%'];
const POLY = ['폴리에스터 100%', '나일론 100%', '폴리에스터 88%, 폴리우레탄 12%', '나일론 85%, 스판덱스 15%'];
const LEATHER = ['소가죽 100%', '소가죽(카프스킨), 고무 아웃솔', '스웨이드(소가죽), 고무 아웃솔', '합성피혁'];
const KNIT = [
  '울 50%, 아크릴 50%',
  '메리노울 100%',
  '캐시미어 10%, 울 90%',
  '면 70%, 아크릴 30%',
  '램스울 100%',
];

/**
 * Leaf categories: SPEC.md §2 shop tabs (outer, top, bottom, shoes, bag, accessories, sports)
 * and the sports sub-categories (top, bottom, outer, shoes, bag, hat, accessory).
 */
export const CATEGORIES: CategoryDef[] = [
  // ── outer ──
  {
    code: 'outer_coat',
    name: '코트',
    main: 'outer',
    sub: 'coat',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'coat',
    weight: 3.5,
    price: [159_000, 590_000],
    sizeRuns: ['ALPHA', 'KR_TOP'],
    svg: [0],
    items: [
      '싱글 코트',
      '더블 코트',
      '발마칸 코트',
      '체스터필드 코트',
      '핸드메이드 코트',
      '로브 코트',
      '맥 코트',
    ],
    materials: ['울 블렌드', '캐시미어 블렌드', '헤링본', '울 100%', '알파카 블렌드', '멜톤'],
    fits: ['오버핏', '세미오버', '레귤러핏', '롱', '하프'],
    palette: P.coat,
    tags: ['클래식', '미니멀', '댄디', '포멀'],
    compositions: WOOL,
    seasons: ['FW'],
  },
  {
    code: 'outer_blazer',
    name: '블레이저',
    main: 'outer',
    sub: 'blazer',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'blazer',
    weight: 3,
    price: [99_000, 390_000],
    sizeRuns: ['KR_TOP', 'ALPHA'],
    svg: [1],
    items: [
      '싱글 블레이저',
      '더블 블레이저',
      '2버튼 블레이저',
      '셋업 자켓',
      '언컨 자켓',
      '테일러드 자켓',
      '네이비 블레이저',
    ],
    materials: ['울 블렌드', '린넨 블렌드', '트로피컬 울', '스트레치', '헤링본', '트윌', '코듀로이'],
    fits: ['세미오버', '레귤러핏', '슬림핏', '릴렉스드'],
    palette: P.formal,
    tags: ['비즈니스캐주얼', '클래식', '댄디', '포멀'],
    compositions: WOOL,
    seasons: ['사계절', 'SS', 'FW'],
  },
  {
    code: 'outer_padding',
    name: '패딩',
    main: 'outer',
    sub: 'padding',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'padding',
    weight: 3,
    price: [99_000, 490_000],
    sizeRuns: ['ALPHA'],
    svg: [2],
    items: [
      '숏 패딩',
      '구스다운 패딩',
      '덕다운 패딩',
      '후드 패딩',
      '경량 패딩',
      '다운 점퍼',
      '미드 기장 패딩',
    ],
    materials: ['구스다운', '덕다운', '웰론', '발수'],
    fits: ['오버핏', '레귤러핏', '세미오버'],
    palette: P.padding,
    tags: ['캐주얼', '미니멀', '고프코어'],
    compositions: [
      '겉감: 나일론 100%, 충전재: 구스다운 80%, 깃털 20%',
      '겉감: 폴리에스터 100%, 충전재: 덕다운 80%, 깃털 20%',
    ],
    seasons: ['FW'],
  },
  {
    code: 'outer_jacket',
    name: '자켓·점퍼',
    main: 'outer',
    sub: 'jacket',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'jacket',
    weight: 3,
    price: [79_000, 329_000],
    sizeRuns: ['ALPHA'],
    svg: [3],
    items: [
      '블루종',
      'MA-1 자켓',
      '트러커 자켓',
      '워크 자켓',
      '바시티 자켓',
      '코치 자켓',
      '하이넥 점퍼',
      '필드 자켓',
    ],
    materials: ['스웨이드', '코튼 트윌', '나일론', '울 블렌드', '레더', '코듀로이'],
    fits: ['오버핏', '세미오버', '레귤러핏', '크롭'],
    palette: P.padding,
    tags: ['캐주얼', '아메카지', '워크웨어', '시티보이'],
    compositions: [...COTTON, ...POLY],
    seasons: ['간절기', 'FW'],
  },
  {
    code: 'outer_cardigan',
    name: '가디건',
    main: 'outer',
    sub: 'cardigan',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'cardigan',
    weight: 2.5,
    price: [49_000, 199_000],
    sizeRuns: ['ALPHA'],
    svg: [5],
    items: ['라운드 가디건', '브이넥 가디건', '케이블 가디건', '숄카라 가디건', '집업 가디건'],
    materials: ['램스울', '메리노울', '캐시미어 블렌드', '코튼', '알파카'],
    fits: ['세미오버', '레귤러핏', '오버핏'],
    palette: P.knit,
    tags: ['댄디', '미니멀', '프레피', '클래식'],
    compositions: KNIT,
    seasons: ['간절기', 'FW'],
  },
  {
    code: 'outer_trench',
    name: '트렌치코트',
    main: 'outer',
    sub: 'trench',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'coat',
    weight: 1.5,
    price: [139_000, 459_000],
    sizeRuns: ['ALPHA', 'KR_TOP'],
    svg: [4],
    items: ['트렌치 코트', '싱글 트렌치 코트', '더블 트렌치 코트', '숏 트렌치 코트', '발마칸 트렌치'],
    materials: ['코튼 개버딘', '발수', '코튼 트윌', '나일론'],
    fits: ['오버핏', '레귤러핏', '세미오버'],
    palette: ['beige', 'khaki', 'navy', 'black', 'sand', 'charcoal'],
    tags: ['클래식', '댄디', '비즈니스캐주얼'],
    compositions: COTTON,
    seasons: ['간절기'],
  },
  {
    code: 'outer_vest',
    name: '베스트',
    main: 'outer',
    sub: 'vest',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'vest',
    weight: 1,
    price: [39_000, 159_000],
    sizeRuns: ['ALPHA'],
    svg: [6],
    items: ['패딩 베스트', '퀼팅 베스트', '플리스 베스트', '경량 다운 베스트'],
    materials: ['나일론', '덕다운', '플리스', '웰론'],
    fits: ['레귤러핏', '세미오버'],
    palette: P.padding,
    tags: ['고프코어', '캐주얼', '비즈니스캐주얼'],
    compositions: POLY,
    seasons: ['간절기', 'FW'],
  },
  // ── top ──
  {
    code: 'top_shirt',
    name: '셔츠',
    main: 'top',
    sub: 'shirt',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'shirt',
    weight: 8,
    price: [29_900, 119_000],
    sizeRuns: ['KR_TOP', 'ALPHA'],
    svg: [0],
    items: [
      '옥스포드 셔츠',
      '드레스 셔츠',
      '버튼다운 셔츠',
      '스트라이프 셔츠',
      '린넨 셔츠',
      '차이나카라 셔츠',
      '데님 셔츠',
      '플란넬 셔츠',
      '코듀로이 셔츠',
      '레귤러카라 셔츠',
      '오픈카라 셔츠',
    ],
    materials: ['구김없는', '논아이론', '코튼', '스판', '텐셀'],
    fits: FITS_TOP,
    palette: P.shirt,
    tags: ['비즈니스캐주얼', '미니멀', '클래식', '댄디'],
    compositions: COTTON,
    seasons: ['사계절'],
  },
  {
    code: 'top_tshirt',
    name: '반팔 티셔츠',
    main: 'top',
    sub: 'tshirt',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'tee',
    weight: 5,
    price: [19_900, 59_000],
    sizeRuns: ['ALPHA'],
    svg: [1],
    items: [
      '반팔 티셔츠',
      '헤비웨이트 반팔 티',
      '크루넥 티셔츠',
      '포켓 반팔 티',
      '무지 반팔 티',
      '헨리넥 반팔 티',
    ],
    materials: ['코튼', '실켓', '수피마 코튼', '오가닉 코튼', '쿨링'],
    fits: FITS_TOP,
    palette: P.casualTop,
    tags: ['미니멀', '캐주얼', '놈코어', '시티보이'],
    compositions: COTTON,
    seasons: ['SS'],
  },
  {
    code: 'top_longsleeve',
    name: '긴팔 티셔츠',
    main: 'top',
    sub: 'longsleeve',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'longtee',
    weight: 3,
    price: [24_900, 69_000],
    sizeRuns: ['ALPHA'],
    svg: [2, 5],
    items: [
      '긴팔 티셔츠',
      '헨리넥 티셔츠',
      '터틀넥 티셔츠',
      '모크넥 티셔츠',
      '와플 긴팔 티',
      '스트라이프 긴팔 티',
    ],
    materials: ['코튼', '기모', '실켓', '와플'],
    fits: FITS_TOP,
    palette: P.casualTop,
    tags: ['미니멀', '캐주얼', '놈코어'],
    compositions: COTTON,
    seasons: ['간절기', '사계절'],
  },
  {
    code: 'top_knit',
    name: '니트',
    main: 'top',
    sub: 'knit',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'knit',
    weight: 7,
    price: [39_000, 189_000],
    sizeRuns: ['ALPHA'],
    svg: [2],
    items: [
      '크루넥 니트',
      '브이넥 니트',
      '터틀넥 니트',
      '하프집업 니트',
      '케이블 니트',
      '꽈배기 니트',
      '모크넥 니트',
      '라운드 니트',
    ],
    materials: ['램스울', '메리노울', '캐시미어 블렌드', '울 블렌드', '코튼'],
    fits: FITS_TOP,
    palette: P.knit,
    tags: ['댄디', '미니멀', '클래식', '프레피'],
    compositions: KNIT,
    seasons: ['FW', '간절기'],
  },
  {
    code: 'top_sweatshirt',
    name: '맨투맨',
    main: 'top',
    sub: 'sweatshirt',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'sweat',
    weight: 4,
    price: [29_900, 89_000],
    sizeRuns: ['ALPHA'],
    svg: [5],
    items: ['맨투맨', '스웨트셔츠', '기모 맨투맨', '헤비 스웨트셔츠', '레터링 맨투맨'],
    materials: ['코튼', '기모', '헤비웨이트', '테리'],
    fits: FITS_TOP,
    palette: P.casualTop,
    tags: ['캐주얼', '아메카지', '시티보이', '스트릿'],
    compositions: COTTON,
    seasons: ['간절기', 'FW'],
  },
  {
    code: 'top_hoodie',
    name: '후드',
    main: 'top',
    sub: 'hoodie',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'sweat',
    weight: 2,
    price: [39_000, 109_000],
    sizeRuns: ['ALPHA'],
    svg: [4],
    items: ['후드 티셔츠', '후드 집업', '기모 후드', '스웨트 후드 집업'],
    materials: ['코튼', '기모', '헤비웨이트', '테리'],
    fits: FITS_TOP,
    palette: P.casualTop,
    tags: ['캐주얼', '스트릿', '시티보이'],
    compositions: COTTON,
    seasons: ['간절기', 'FW'],
  },
  {
    code: 'top_polo',
    name: '카라티·폴로',
    main: 'top',
    sub: 'polo',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'polo',
    weight: 3,
    price: [29_900, 99_000],
    sizeRuns: ['ALPHA', 'KR_TOP'],
    svg: [3],
    items: ['피케 폴로 셔츠', '카라 티셔츠', '니트 폴로', '롱슬리브 폴로', '쿨맥스 폴로'],
    materials: ['코튼', '실켓', '쿨링', '니트'],
    fits: FITS_TOP,
    palette: P.casualTop,
    tags: ['비즈니스캐주얼', '프레피', '댄디'],
    compositions: COTTON,
    seasons: ['SS', '사계절'],
  },
  // ── bottom ──
  {
    code: 'bottom_slacks',
    name: '슬랙스',
    main: 'bottom',
    sub: 'slacks',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'slacks',
    weight: 12,
    price: [39_000, 159_000],
    sizeRuns: ['WAIST'],
    svg: [0],
    items: [
      '와이드 슬랙스',
      '테이퍼드 슬랙스',
      '원턱 슬랙스',
      '투턱 슬랙스',
      '밴딩 슬랙스',
      '세미와이드 슬랙스',
      '스트레이트 슬랙스',
      '울 슬랙스',
    ],
    materials: ['기모', '스트레치', '구김없는', '울 블렌드', '트로피컬'],
    fits: [],
    palette: P.formal,
    tags: ['비즈니스캐주얼', '미니멀', '댄디', '포멀'],
    compositions: ['폴리에스터 70%, 레이온 25%, 폴리우레탄 5%', ...WOOL],
    seasons: ['사계절', 'FW', 'SS'],
  },
  {
    code: 'bottom_chino',
    name: '치노·면바지',
    main: 'bottom',
    sub: 'chino',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'chino',
    weight: 6,
    price: [35_000, 119_000],
    sizeRuns: ['WAIST'],
    svg: [1],
    items: ['치노 팬츠', '면바지', '코튼 팬츠', '카고 팬츠', '퍼티그 팬츠', '코듀로이 팬츠', '이지 팬츠'],
    materials: ['스트레치', '워싱', '기모', '코튼 트윌'],
    fits: FITS_BOTTOM,
    palette: P.chino,
    tags: ['캐주얼', '아메카지', '비즈니스캐주얼', '워크웨어'],
    compositions: COTTON,
    seasons: ['사계절'],
  },
  {
    code: 'bottom_denim',
    name: '데님',
    main: 'bottom',
    sub: 'denim',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'denim',
    weight: 5,
    price: [49_000, 169_000],
    sizeRuns: ['WAIST'],
    svg: [2],
    items: ['스트레이트 데님 팬츠', '테이퍼드 데님', '와이드 데님 팬츠', '셀비지 데님', '슬림 데님 팬츠'],
    materials: ['원워시', '스트레치', '기모', '빈티지 워싱'],
    fits: [],
    palette: P.denim,
    tags: ['캐주얼', '아메카지', '시티보이', '스트릿'],
    compositions: ['면 100%', '면 98%, 폴리우레탄 2%'],
    seasons: ['사계절'],
  },
  {
    code: 'bottom_jogger',
    name: '조거·트레이닝',
    main: 'bottom',
    sub: 'jogger',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'jogger',
    weight: 1.5,
    price: [29_900, 79_000],
    sizeRuns: ['ALPHA'],
    svg: [3],
    items: ['조거 팬츠', '트레이닝 팬츠', '스웨트 팬츠', '나일론 조거 팬츠'],
    materials: ['기모', '테리', '나일론', '코튼'],
    fits: ['와이드', '테이퍼드', '레귤러'],
    palette: P.casualTop,
    tags: ['캐주얼', '스포티', '놈코어'],
    compositions: [...COTTON, ...POLY],
    seasons: ['사계절'],
  },
  {
    code: 'bottom_shorts',
    name: '반바지',
    main: 'bottom',
    sub: 'shorts',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'shorts',
    weight: 1.5,
    price: [25_000, 69_000],
    sizeRuns: ['WAIST', 'ALPHA'],
    svg: [4],
    items: ['버뮤다 팬츠', '치노 쇼츠', '린넨 쇼츠', '5부 반바지', '스웨트 쇼츠'],
    materials: ['코튼', '린넨 블렌드', '나일론', '스트레치'],
    fits: ['와이드', '레귤러'],
    palette: P.chino,
    tags: ['캐주얼', '시티보이', '미니멀'],
    compositions: COTTON,
    seasons: ['SS'],
  },
  // ── shoes ──
  {
    code: 'shoes_derby',
    name: '구두',
    main: 'shoes',
    sub: 'dress',
    product_type: 'SHOES',
    measurement_set: 'SHOES',
    kind: 'dressShoes',
    weight: 2.5,
    price: [89_000, 329_000],
    sizeRuns: ['SHOES'],
    svg: [0],
    items: ['가죽 더비 슈즈', '플레인토 더비', '윙팁 더비', '스트레이트팁 옥스포드', '몽크 스트랩 슈즈'],
    materials: ['카프스킨', '스웨이드', '소가죽', '스코치그레인'],
    fits: [],
    palette: P.dressShoes,
    tags: ['포멀', '클래식', '비즈니스캐주얼'],
    compositions: LEATHER,
    seasons: ['사계절'],
  },
  {
    code: 'shoes_loafer',
    name: '로퍼',
    main: 'shoes',
    sub: 'loafer',
    product_type: 'SHOES',
    measurement_set: 'SHOES',
    kind: 'dressShoes',
    weight: 2,
    price: [79_000, 299_000],
    sizeRuns: ['SHOES'],
    svg: [1],
    items: ['페니 로퍼', '태슬 로퍼', '홀스빗 로퍼', '드라이빙 슈즈', '컴포트 로퍼'],
    materials: ['스웨이드', '카프스킨', '소가죽'],
    fits: [],
    palette: P.dressShoes,
    tags: ['댄디', '클래식', '프레피', '비즈니스캐주얼'],
    compositions: LEATHER,
    seasons: ['사계절'],
  },
  {
    code: 'shoes_sneakers',
    name: '스니커즈',
    main: 'shoes',
    sub: 'sneakers',
    product_type: 'SHOES',
    measurement_set: 'SHOES',
    kind: 'sneakers',
    weight: 3,
    price: [69_000, 229_000],
    sizeRuns: ['SHOES'],
    svg: [2],
    items: [
      '가죽 스니커즈',
      '캔버스 스니커즈',
      '로우탑 스니커즈',
      '컴포트 스니커즈',
      '스웨이드 스니커즈',
      '슬립온',
    ],
    materials: ['천연가죽', '스웨이드', '캔버스'],
    fits: [],
    palette: P.sneakers,
    tags: ['미니멀', '캐주얼', '놈코어'],
    compositions: LEATHER,
    seasons: ['사계절'],
  },
  {
    code: 'shoes_boots',
    name: '부츠',
    main: 'shoes',
    sub: 'boots',
    product_type: 'SHOES',
    measurement_set: 'SHOES',
    kind: 'boots',
    weight: 1.5,
    price: [119_000, 359_000],
    sizeRuns: ['SHOES'],
    svg: [3],
    items: ['첼시 부츠', '처커 부츠', '사이드고어 부츠', '레이스업 부츠', '워커 부츠'],
    materials: ['스웨이드', '카프스킨', '왁스드 레더'],
    fits: [],
    palette: P.dressShoes,
    tags: ['클래식', '아메카지', '워크웨어'],
    compositions: LEATHER,
    seasons: ['FW'],
  },
  // ── bag ──
  {
    code: 'bag_briefcase',
    name: '서류가방',
    main: 'bag',
    sub: 'briefcase',
    product_type: 'BAG',
    measurement_set: 'BAG',
    kind: 'briefcase',
    weight: 1.5,
    price: [89_000, 390_000],
    sizeRuns: ['FREE'],
    svg: [0, 4],
    items: ['서류가방', '브리프케이스', '2WAY 서류가방', '노트북 서류가방', '레더 브리프케이스'],
    materials: ['소가죽', '나일론', '사피아노'],
    fits: [],
    palette: P.bag,
    tags: ['비즈니스캐주얼', '클래식', '포멀'],
    compositions: ['소가죽 100%', '나일론 100%, 소가죽 트리밍'],
    seasons: ['사계절'],
  },
  {
    code: 'bag_backpack',
    name: '백팩',
    main: 'bag',
    sub: 'backpack',
    product_type: 'BAG',
    measurement_set: 'BAG',
    kind: 'backpack',
    weight: 1.5,
    price: [59_000, 259_000],
    sizeRuns: ['FREE'],
    svg: [2],
    items: ['백팩', '노트북 백팩', '비즈니스 백팩', '롤탑 백팩', '레더 백팩'],
    materials: ['코듀라 나일론', '발수', '소가죽'],
    fits: [],
    palette: P.bag,
    tags: ['고프코어', '캐주얼', '비즈니스캐주얼'],
    compositions: ['나일론 100%', '폴리에스터 100%'],
    seasons: ['사계절'],
  },
  {
    code: 'bag_tote',
    name: '토트백',
    main: 'bag',
    sub: 'tote',
    product_type: 'BAG',
    measurement_set: 'BAG',
    kind: 'tote',
    weight: 1,
    price: [49_000, 219_000],
    sizeRuns: ['FREE'],
    svg: [1],
    items: ['토트백', '캔버스 토트백', '레더 토트백', '빅 숄더백'],
    materials: ['캔버스', '소가죽', '나일론'],
    fits: [],
    palette: P.bag,
    tags: ['미니멀', '캐주얼'],
    compositions: ['면 100%', '소가죽 100%'],
    seasons: ['사계절'],
  },
  {
    code: 'bag_crossbody',
    name: '크로스백',
    main: 'bag',
    sub: 'crossbody',
    product_type: 'BAG',
    measurement_set: 'BAG',
    kind: 'crossbody',
    weight: 1,
    price: [39_000, 179_000],
    sizeRuns: ['FREE'],
    svg: [3],
    items: ['크로스백', '메신저백', '슬링백', '미니 크로스백', '사코슈'],
    materials: ['나일론', '소가죽', '캔버스'],
    fits: [],
    palette: P.bag,
    tags: ['캐주얼', '고프코어', '시티보이'],
    compositions: ['나일론 100%', '소가죽 100%'],
    seasons: ['사계절'],
  },
  // ── accessories ──
  {
    code: 'acc_necktie',
    name: '넥타이',
    main: 'accessories',
    sub: 'necktie',
    product_type: 'ETC',
    measurement_set: 'TIE_BELT',
    kind: 'tie',
    weight: 1.5,
    price: [19_900, 89_000],
    sizeRuns: ['FREE'],
    svg: [0],
    items: [
      '실크 넥타이',
      '니트 타이',
      '솔리드 넥타이',
      '스트라이프 넥타이',
      '도트 넥타이',
      '페이즐리 넥타이',
      '자동 넥타이',
    ],
    materials: ['실크 100%', '울', '핸드메이드'],
    fits: [],
    palette: P.tie,
    tags: ['포멀', '클래식', '비즈니스캐주얼'],
    compositions: ['실크 100%', '폴리에스터 100%', '울 100%'],
    seasons: ['사계절'],
  },
  {
    code: 'acc_belt',
    name: '벨트',
    main: 'accessories',
    sub: 'belt',
    product_type: 'ETC',
    measurement_set: 'TIE_BELT',
    kind: 'belt',
    weight: 1.5,
    price: [29_000, 129_000],
    sizeRuns: ['FREE'],
    svg: [1],
    items: ['가죽 벨트', '정장 벨트', '캐주얼 벨트', '오토매틱 벨트', '리버서블 벨트', '메쉬 벨트'],
    materials: ['소가죽', '이탈리안 레더', '스웨이드'],
    fits: [],
    palette: P.belt,
    tags: ['클래식', '비즈니스캐주얼', '포멀'],
    compositions: ['소가죽 100%', '소가죽, 황동 버클'],
    seasons: ['사계절'],
  },
  {
    code: 'acc_eyewear',
    name: '안경·선글라스',
    main: 'accessories',
    sub: 'eyewear',
    product_type: 'ETC',
    measurement_set: 'EYEWEAR',
    kind: 'eyewear',
    weight: 1,
    price: [49_000, 259_000],
    sizeRuns: ['FREE'],
    svg: [3, 7],
    items: [
      '뿔테 안경',
      '메탈 안경테',
      '하금테 안경',
      '보스턴 안경',
      '선글라스',
      '틴트 선글라스',
      '티타늄 안경테',
    ],
    materials: ['아세테이트', '티타늄', '경량'],
    fits: [],
    palette: P.eyewear,
    tags: ['댄디', '클래식', '미니멀'],
    compositions: ['아세테이트', '티타늄', '스테인리스'],
    seasons: ['사계절'],
  },
  {
    code: 'acc_cap',
    name: '모자',
    main: 'accessories',
    sub: 'cap',
    product_type: 'ETC',
    measurement_set: 'CAP',
    kind: 'cap',
    weight: 1,
    price: [25_000, 59_000],
    sizeRuns: ['FREE'],
    svg: [2],
    items: ['볼캡', '울 볼캡', '코듀로이 볼캡', '캠프캡', '워싱 볼캡', '6패널 캡'],
    materials: ['코튼', '울', '나일론'],
    fits: [],
    palette: P.cap,
    tags: ['캐주얼', '아메카지', '시티보이'],
    compositions: COTTON,
    seasons: ['사계절'],
  },
  {
    code: 'acc_socks',
    name: '양말',
    main: 'accessories',
    sub: 'socks',
    product_type: 'ETC',
    measurement_set: null,
    kind: 'socks',
    weight: 1,
    price: [9_900, 25_000],
    sizeRuns: ['FREE'],
    svg: [4],
    items: ['장목 양말 3팩', '신사 양말 5족 세트', '니트 삭스', '발목 양말 세트', '면 양말 세트'],
    materials: ['코튼', '울', '무압박'],
    fits: [],
    palette: P.socks,
    tags: ['미니멀', '비즈니스캐주얼'],
    compositions: ['면 80%, 나일론 18%, 폴리우레탄 2%'],
    seasons: ['사계절'],
  },
  {
    code: 'acc_muffler',
    name: '머플러',
    main: 'accessories',
    sub: 'muffler',
    product_type: 'ETC',
    measurement_set: 'TIE_BELT',
    kind: 'muffler',
    weight: 1,
    price: [39_000, 199_000],
    sizeRuns: ['FREE'],
    svg: [5],
    items: ['캐시미어 머플러', '울 머플러', '체크 머플러', '니트 머플러', '램스울 머플러'],
    materials: ['캐시미어 100%', '울', '알파카 블렌드'],
    fits: [],
    palette: P.muffler,
    tags: ['클래식', '댄디', '미니멀'],
    compositions: ['울 100%', '캐시미어 100%', '울 70%, 캐시미어 30%'],
    seasons: ['FW'],
  },
  {
    code: 'acc_wallet',
    name: '지갑',
    main: 'accessories',
    sub: 'wallet',
    product_type: 'ETC',
    measurement_set: 'BAG',
    kind: 'wallet',
    weight: 1,
    price: [39_000, 189_000],
    sizeRuns: ['FREE'],
    svg: [6],
    items: ['반지갑', '카드지갑', '장지갑', '머니클립', '명함지갑'],
    materials: ['소가죽', '사피아노', '베지터블 레더'],
    fits: [],
    palette: P.belt,
    tags: ['클래식', '미니멀', '비즈니스캐주얼'],
    compositions: ['소가죽 100%'],
    seasons: ['사계절'],
  },
  // ── sports (SPEC.md §2 sports sub-categories) ──
  {
    code: 'sports_top',
    name: '스포츠 상의',
    main: 'sports',
    sub: 'top',
    product_type: 'TOP',
    measurement_set: 'TOP',
    kind: 'polo',
    weight: 2,
    price: [39_000, 129_000],
    sizeRuns: ['ALPHA'],
    svg: [1, 3],
    items: ['골프 폴로 셔츠', '기능성 반팔 티', '드라이 긴팔 티', '하프집업 트레이닝 탑', '쿨링 골프 티셔츠'],
    materials: ['쿨링', '흡습속건', '스트레치'],
    fits: ['레귤러핏', '슬림핏', '세미오버'],
    palette: P.sports,
    tags: ['스포티', '고프코어', '캐주얼'],
    compositions: POLY,
    seasons: ['사계절'],
  },
  {
    code: 'sports_bottom',
    name: '스포츠 하의',
    main: 'sports',
    sub: 'bottom',
    product_type: 'BOTTOM',
    measurement_set: 'BOTTOM',
    kind: 'jogger',
    weight: 1.5,
    price: [49_000, 159_000],
    sizeRuns: ['ALPHA', 'WAIST'],
    svg: [3, 4],
    items: ['골프 팬츠', '트레이닝 팬츠', '러닝 쇼츠', '기능성 조거 팬츠', '스트레치 골프 팬츠'],
    materials: ['스트레치', '흡습속건', '기모'],
    fits: ['테이퍼드', '레귤러', '슬림'],
    palette: P.sports,
    tags: ['스포티', '고프코어'],
    compositions: POLY,
    seasons: ['사계절'],
  },
  {
    code: 'sports_outer',
    name: '스포츠 아우터',
    main: 'sports',
    sub: 'outer',
    product_type: 'OUTER',
    measurement_set: 'OUTER',
    kind: 'jacket',
    weight: 1,
    price: [79_000, 259_000],
    sizeRuns: ['ALPHA'],
    svg: [3, 6],
    items: ['윈드브레이커', '바람막이', '트랙 자켓', '경량 패딩 베스트', '골프 점퍼', '플리스 자켓'],
    materials: ['발수', '방풍', '경량'],
    fits: ['레귤러핏', '세미오버'],
    palette: P.sports,
    tags: ['스포티', '고프코어'],
    compositions: POLY,
    seasons: ['간절기', 'FW'],
  },
  {
    code: 'sports_shoes',
    name: '스포츠 신발',
    main: 'sports',
    sub: 'shoes',
    product_type: 'SHOES',
    measurement_set: 'SHOES',
    kind: 'sneakers',
    weight: 1,
    price: [79_000, 229_000],
    sizeRuns: ['SHOES'],
    svg: [4],
    items: ['러닝화', '골프화', '트레이닝화', '트레일 러닝화', '워킹화'],
    materials: ['경량', '쿠셔닝', '메쉬'],
    fits: [],
    palette: P.sneakers,
    tags: ['스포티', '고프코어'],
    compositions: ['메쉬, 합성피혁, 고무 아웃솔'],
    seasons: ['사계절'],
  },
  {
    code: 'sports_bag',
    name: '스포츠 가방',
    main: 'sports',
    sub: 'bag',
    product_type: 'BAG',
    measurement_set: 'BAG',
    kind: 'tote',
    weight: 0.4,
    price: [49_000, 189_000],
    sizeRuns: ['FREE'],
    svg: [1, 2],
    items: ['짐백', '골프 파우치', '보스턴백', '스포츠 백팩', '슈즈백'],
    materials: ['나일론', '발수', '경량'],
    fits: [],
    palette: P.sports,
    tags: ['스포티', '고프코어'],
    compositions: ['나일론 100%', '폴리에스터 100%'],
    seasons: ['사계절'],
  },
  {
    code: 'sports_hat',
    name: '스포츠 모자',
    main: 'sports',
    sub: 'hat',
    product_type: 'ETC',
    measurement_set: 'CAP',
    kind: 'cap',
    weight: 0.6,
    price: [25_000, 59_000],
    sizeRuns: ['FREE'],
    svg: [2],
    items: ['골프 캡', '러닝 캡', '썬캡', '기능성 볼캡'],
    materials: ['쿨링', '경량', '나일론'],
    fits: [],
    palette: P.sports,
    tags: ['스포티', '캐주얼'],
    compositions: POLY,
    seasons: ['사계절'],
  },
  {
    code: 'sports_accessory',
    name: '스포츠 용품',
    main: 'sports',
    sub: 'accessory',
    product_type: 'ETC',
    measurement_set: null,
    kind: 'other',
    weight: 0.5,
    price: [9_900, 49_000],
    sizeRuns: ['FREE'],
    svg: [4],
    items: ['골프 장갑', '스포츠 양말 3팩', '손목 밴드', '스포츠 타월', '쿨토시'],
    materials: ['기능성', '쿨링'],
    fits: [],
    palette: P.sports,
    tags: ['스포티'],
    compositions: POLY,
    seasons: ['사계절'],
  },
];

// ───────────────────────────── brands ─────────────────────────────

export type BrandTier = 'budget' | 'mid' | 'premium';

export interface BrandDef {
  name: string;
  name_en: string;
  tier: BrandTier;
  mains: readonly MainCategory[];
  /** Relative size of the brand's catalogue. */
  weight: number;
  tags: readonly StyleTag[];
  description: string;
  today_shipping?: boolean;
  fast_shipping_cutoff?: 11 | 12;
  allows_custom_order?: boolean;
  is_contract?: boolean;
  shipping_fee?: number;
  free_shipping_min?: number;
  /** Specialists: the only category codes the brand makes (overrides `mains`). */
  only?: readonly string[];
}

/**
 * 52 made-up brands. SPEC.md §9 shipping rules: some ship today (today_shipping), others use a
 * fast-shipping cut-off at 12:00 and exactly one at 11:00; one brand allows custom orders; a few
 * are contract brands.
 */
export const BRANDS: BrandDef[] = [
  {
    name: '모던하우스맨',
    name_en: 'MODERN HOUSEMAN',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 5,
    tags: ['비즈니스캐주얼', '미니멀'],
    description: '매일 입는 출근복을 더 편하게. 구김에 강한 원단과 여유 있는 핏을 연구합니다.',
    today_shipping: true,
    is_contract: true,
  },
  {
    name: '어반테일러',
    name_en: 'URBAN TAILOR',
    tier: 'premium',
    mains: ['outer', 'top', 'bottom', 'accessories'],
    weight: 5,
    tags: ['클래식', '포멀'],
    description: '테일러링의 기본을 지키는 도시 남성을 위한 수트와 셔츠.',
    fast_shipping_cutoff: 12,
    is_contract: true,
  },
  {
    name: '그레이스톤 아틀리에',
    name_en: 'GREYSTONE ATELIER',
    tier: 'premium',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['클래식', '미니멀'],
    description: '캐시미어와 울, 좋은 소재로 오래 입는 옷을 만드는 아틀리에.',
  },
  {
    name: '먼데이랩',
    name_en: 'MONDAY LAB',
    tier: 'budget',
    mains: ['top', 'bottom'],
    weight: 5,
    tags: ['비즈니스캐주얼', '놈코어'],
    description: '월요일 아침이 가벼워지는 데일리 오피스웨어.',
    today_shipping: true,
  },
  {
    name: '오피스노마드',
    name_en: 'OFFICE NOMAD',
    tier: 'mid',
    mains: ['top', 'bottom', 'bag'],
    weight: 4,
    tags: ['비즈니스캐주얼', '고프코어'],
    description: '사무실과 출장길을 오가는 남성을 위한 기능성 비즈니스웨어.',
    today_shipping: true,
  },
  {
    name: '데일리시프트',
    name_en: 'DAILY SHIFT',
    tier: 'budget',
    mains: ['top', 'bottom', 'outer'],
    weight: 5,
    tags: ['캐주얼', '미니멀'],
    description: '매일 바꿔 입기 좋은 합리적인 가격의 기본 아이템.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '한강웍스',
    name_en: 'HANGANG WORKS',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['워크웨어', '아메카지'],
    description: '튼튼한 원단과 실용적인 디테일의 워크웨어 레이블.',
  },
  {
    name: '서울커뮤터',
    name_en: 'SEOUL COMMUTER',
    tier: 'mid',
    mains: ['top', 'bottom', 'outer', 'bag'],
    weight: 4,
    tags: ['비즈니스캐주얼', '시티보이'],
    description: '지하철과 자전거로 출근하는 서울 남자의 옷장.',
    today_shipping: true,
  },
  {
    name: '린넨앤룸',
    name_en: 'LINEN & LOOM',
    tier: 'mid',
    mains: ['top', 'bottom'],
    weight: 3,
    tags: ['미니멀', '댄디'],
    description: '자연 소재 셔츠와 팬츠에 집중하는 소규모 브랜드.',
  },
  {
    name: '오크필드',
    name_en: 'OAKFIELD',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['아메카지', '클래식'],
    description: '트래디셔널 캐주얼을 현대적으로 해석합니다.',
  },
  {
    name: '블루아워',
    name_en: 'BLUE HOUR',
    tier: 'budget',
    mains: ['top', 'bottom'],
    weight: 4,
    tags: ['캐주얼', '미니멀'],
    description: '퇴근 후의 시간까지 편안한 캐주얼.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '플레인매터스',
    name_en: 'PLAIN MATTERS',
    tier: 'budget',
    mains: ['top', 'bottom', 'accessories'],
    weight: 4,
    tags: ['미니멀', '놈코어'],
    description: '로고 없는 기본템. 좋은 기본이 가장 오래갑니다.',
    today_shipping: true,
  },
  {
    name: '스틸크래프트',
    name_en: 'STILL CRAFT',
    tier: 'premium',
    mains: ['shoes', 'bag', 'accessories'],
    weight: 2,
    tags: ['클래식', '포멀'],
    description: '수작업 공정을 고집하는 가죽 제품 공방.',
    is_contract: true,
  },
  {
    name: '젠틀폼',
    name_en: 'GENTLE FORM',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['포멀', '클래식'],
    description: '체형에 맞춘 주문 제작이 가능한 수트 전문 브랜드.',
    allows_custom_order: true,
  },
  {
    name: '트웰브어클락',
    name_en: "TWELVE O'CLOCK",
    tier: 'mid',
    mains: ['top', 'bottom'],
    weight: 3,
    tags: ['비즈니스캐주얼', '댄디'],
    description: '점심시간에도 흐트러지지 않는 셔츠와 슬랙스.',
    fast_shipping_cutoff: 11,
  },
  {
    name: '하버트위드',
    name_en: 'HARBOR TWEED',
    tier: 'premium',
    mains: ['outer', 'top', 'accessories'],
    weight: 2,
    tags: ['클래식', '프레피'],
    description: '트위드와 헤링본, 브리티시 클래식의 정수.',
  },
  {
    name: '마일앤모스',
    name_en: 'MILE & MOSS',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom', 'bag'],
    weight: 3,
    tags: ['고프코어', '캐주얼'],
    description: '도시와 자연 사이, 가볍고 튼튼한 아웃도어 캐주얼.',
  },
  {
    name: '북촌레더',
    name_en: 'BUKCHON LEATHER',
    tier: 'premium',
    mains: ['shoes', 'bag', 'accessories'],
    weight: 2,
    tags: ['클래식', '미니멀'],
    description: '북촌 공방에서 한 땀씩 완성하는 가죽 소품.',
    is_contract: true,
  },
  {
    name: '코너스톤 슈메이커',
    name_en: 'CORNERSTONE SHOEMAKER',
    tier: 'premium',
    mains: ['shoes'],
    weight: 3,
    tags: ['포멀', '클래식'],
    description: '굿이어 웰트 공법의 정통 구두.',
    only: ['shoes_derby', 'shoes_loafer', 'shoes_boots'],
  },
  {
    name: '워크앤워크',
    name_en: 'WORK & WALK',
    tier: 'mid',
    mains: ['shoes'],
    weight: 3,
    tags: ['비즈니스캐주얼', '미니멀'],
    description: '하루 2만 보에도 편안한 출근용 컴포트 슈즈.',
    today_shipping: true,
    only: ['shoes_derby', 'shoes_loafer', 'shoes_sneakers'],
  },
  {
    name: '소프트스텝',
    name_en: 'SOFT STEP',
    tier: 'budget',
    mains: ['shoes', 'sports'],
    weight: 3,
    tags: ['캐주얼', '스포티'],
    description: '가볍고 푹신한 데일리 스니커즈.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '브리프하우스',
    name_en: 'BRIEF HOUSE',
    tier: 'mid',
    mains: ['bag', 'accessories'],
    weight: 3,
    tags: ['비즈니스캐주얼', '클래식'],
    description: '노트북과 서류를 품위 있게, 비즈니스 가방 전문.',
  },
  {
    name: '아카이브넘버',
    name_en: 'ARCHIVE NUMBER',
    tier: 'mid',
    mains: ['top', 'bottom', 'outer'],
    weight: 3,
    tags: ['아메카지', '스트릿'],
    description: '빈티지 아카이브에서 영감을 받은 캐주얼.',
  },
  {
    name: '라운드테이블',
    name_en: 'ROUND TABLE',
    tier: 'mid',
    mains: ['top', 'outer'],
    weight: 2,
    tags: ['댄디', '프레피'],
    description: '니트와 가디건, 부드러운 남자의 옷.',
  },
  {
    name: '노스브릿지 서플라이',
    name_en: 'NORTHBRIDGE SUPPLY',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom', 'bag'],
    weight: 3,
    tags: ['고프코어', '워크웨어'],
    description: '기능성 소재와 유틸리티 디테일의 서플라이 라인.',
  },
  {
    name: '필드노트',
    name_en: 'FIELD NOTE',
    tier: 'mid',
    mains: ['outer', 'sports', 'bag'],
    weight: 2,
    tags: ['고프코어', '스포티'],
    description: '주말 산행과 캠핑을 위한 아웃도어 기어.',
  },
  {
    name: '퍼스트클래스 옴므',
    name_en: 'FIRST CLASS HOMME',
    tier: 'premium',
    mains: ['outer', 'top', 'bottom', 'accessories'],
    weight: 3,
    tags: ['포멀', '댄디'],
    description: '중요한 날을 위한 프리미엄 남성복.',
    is_contract: true,
  },
  {
    name: '도시남',
    name_en: 'DOSINAM',
    tier: 'budget',
    mains: ['top', 'bottom', 'outer'],
    weight: 5,
    tags: ['비즈니스캐주얼', '캐주얼'],
    description: '도시 남자의 데일리룩, 합리적인 가격으로.',
    today_shipping: true,
  },
  {
    name: '베이직에디션',
    name_en: 'BASIC EDITION',
    tier: 'budget',
    mains: ['top', 'bottom', 'accessories'],
    weight: 4,
    tags: ['미니멀', '놈코어'],
    description: '컬러별로 쟁여두는 기본 티셔츠와 팬츠.',
    today_shipping: true,
  },
  {
    name: '캠퍼스리그',
    name_en: 'CAMPUS LEAGUE',
    tier: 'budget',
    mains: ['top', 'bottom'],
    weight: 2,
    tags: ['프레피', '캐주얼'],
    description: '아이비리그 감성의 프레피 캐주얼.',
  },
  {
    name: '뉴클래식',
    name_en: 'NEW CLASSIC',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['클래식', '비즈니스캐주얼'],
    description: '클래식을 오늘의 실루엣으로 다시 그립니다.',
    is_contract: true,
  },
  {
    name: '셀렉트랩',
    name_en: 'SELECT LAB',
    tier: 'mid',
    mains: ['top', 'bottom', 'shoes'],
    weight: 2,
    tags: ['미니멀', '시티보이'],
    description: '에디터가 고른 미니멀 셀렉션.',
  },
  {
    name: '모노스페이스',
    name_en: 'MONOSPACE',
    tier: 'budget',
    mains: ['top', 'bottom'],
    weight: 3,
    tags: ['미니멀', '놈코어'],
    description: '흑백과 그레이, 모노톤으로 완성하는 옷장.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '루센트 옵티컬',
    name_en: 'LUCENT OPTICAL',
    tier: 'mid',
    mains: ['accessories'],
    weight: 2,
    tags: ['댄디', '미니멀'],
    description: '가볍고 단단한 티타늄·아세테이트 아이웨어.',
    only: ['acc_eyewear'],
  },
  {
    name: '타이앤노트',
    name_en: 'TIE & KNOT',
    tier: 'mid',
    mains: ['accessories'],
    weight: 2,
    tags: ['포멀', '클래식'],
    description: '실크 넥타이와 포켓치프 전문 브랜드.',
    today_shipping: true,
    only: ['acc_necktie', 'acc_muffler'],
  },
  {
    name: '벨트앤버클',
    name_en: 'BELT & BUCKLE',
    tier: 'budget',
    mains: ['accessories'],
    weight: 2,
    tags: ['클래식', '캐주얼'],
    description: '정장부터 캐주얼까지, 벨트 하나로 완성.',
    only: ['acc_belt', 'acc_wallet'],
  },
  {
    name: '캡팩토리',
    name_en: 'CAP FACTORY',
    tier: 'budget',
    mains: ['accessories', 'sports'],
    weight: 2,
    tags: ['캐주얼', '스트릿'],
    description: '깊이감 있는 볼캡과 버킷햇.',
    fast_shipping_cutoff: 12,
    only: ['acc_cap', 'sports_hat'],
  },
  {
    name: '위켄드클럽',
    name_en: 'WEEKEND CLUB',
    tier: 'mid',
    mains: ['top', 'bottom', 'outer', 'sports'],
    weight: 3,
    tags: ['캐주얼', '스포티'],
    description: '주말을 위한 여유로운 캐주얼과 골프웨어.',
  },
  {
    name: '그린페어웨이',
    name_en: 'GREEN FAIRWAY',
    tier: 'premium',
    mains: ['sports'],
    weight: 3,
    tags: ['스포티', '클래식'],
    description: '필드 위의 품격, 프리미엄 골프웨어.',
    is_contract: true,
    only: ['sports_top', 'sports_bottom', 'sports_outer', 'sports_hat', 'sports_bag', 'sports_accessory'],
  },
  {
    name: '런앤런',
    name_en: 'RUN AND RUN',
    tier: 'mid',
    mains: ['sports', 'shoes'],
    weight: 2,
    tags: ['스포티', '고프코어'],
    description: '출근 전 러닝을 위한 퍼포먼스 웨어.',
    fast_shipping_cutoff: 12,
    only: [
      'sports_top',
      'sports_bottom',
      'sports_outer',
      'sports_shoes',
      'sports_accessory',
      'shoes_sneakers',
    ],
  },
  {
    name: '알파인로드',
    name_en: 'ALPINE ROAD',
    tier: 'mid',
    mains: ['outer', 'sports', 'bag'],
    weight: 2,
    tags: ['고프코어', '스포티'],
    description: '산과 도시 모두에서 입는 테크니컬 아우터.',
  },
  {
    name: '포레스트힐',
    name_en: 'FOREST HILL',
    tier: 'mid',
    mains: ['outer', 'top'],
    weight: 2,
    tags: ['아메카지', '캐주얼'],
    description: '자연스러운 색감의 아메리칸 캐주얼.',
  },
  {
    name: '한결',
    name_en: 'HANGYEOL',
    tier: 'premium',
    mains: ['top', 'outer'],
    weight: 2,
    tags: ['미니멀', '클래식'],
    description: '한결같은 품질의 캐시미어 니트웨어.',
    only: ['top_knit', 'outer_cardigan', 'outer_coat', 'acc_muffler'],
  },
  {
    name: '미드타운',
    name_en: 'MIDTOWN',
    tier: 'mid',
    mains: ['bottom', 'top'],
    weight: 3,
    tags: ['비즈니스캐주얼', '미니멀'],
    description: '바지 핏 하나에 집중하는 팬츠 전문 브랜드.',
    today_shipping: true,
  },
  {
    name: '에센셜 포맨',
    name_en: 'ESSENTIAL FOR MEN',
    tier: 'budget',
    mains: ['top', 'bottom', 'accessories'],
    weight: 4,
    tags: ['놈코어', '비즈니스캐주얼'],
    description: '남자 옷장의 필수품만 모았습니다.',
    today_shipping: true,
  },
  {
    name: '퀘이사이드',
    name_en: 'QUAYSIDE',
    tier: 'mid',
    mains: ['outer', 'top'],
    weight: 2,
    tags: ['프레피', '클래식'],
    description: '항구 도시의 여유를 닮은 마린 캐주얼.',
  },
  {
    name: '브라운스퀘어',
    name_en: 'BROWN SQUARE',
    tier: 'mid',
    mains: ['shoes', 'bag', 'accessories'],
    weight: 2,
    tags: ['클래식', '댄디'],
    description: '브라운 레더로 완성하는 클래식 소품.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '시티러너',
    name_en: 'CITY RUNNER',
    tier: 'mid',
    mains: ['shoes', 'sports'],
    weight: 2,
    tags: ['스포티', '미니멀'],
    description: '정장에도 어울리는 러닝 스니커즈.',
    today_shipping: true,
    only: ['shoes_sneakers', 'sports_shoes', 'sports_top'],
  },
  {
    name: '오버디엣지',
    name_en: 'OVER THE EDGE',
    tier: 'budget',
    mains: ['top', 'bottom', 'outer'],
    weight: 2,
    tags: ['스트릿', '캐주얼'],
    description: '조금 더 과감한 스트릿 캐주얼.',
  },
  {
    name: '디렉터스컷',
    name_en: "DIRECTOR'S CUT",
    tier: 'premium',
    mains: ['outer', 'top', 'bottom'],
    weight: 2,
    tags: ['미니멀', '댄디'],
    description: '디자이너의 시선으로 다듬은 컨템포러리 남성복.',
    is_contract: true,
  },
  {
    name: '세컨드스킨',
    name_en: 'SECOND SKIN',
    tier: 'budget',
    mains: ['top', 'accessories'],
    weight: 2,
    tags: ['미니멀', '놈코어'],
    description: '피부처럼 편한 이너웨어와 양말.',
    fast_shipping_cutoff: 12,
    only: ['acc_socks', 'top_tshirt', 'top_longsleeve'],
  },
  {
    name: '라이트포스트',
    name_en: 'LIGHTPOST',
    tier: 'mid',
    mains: ['bag'],
    weight: 2,
    tags: ['미니멀', '비즈니스캐주얼'],
    description: '가벼운 나일론 비즈니스 백.',
    shipping_fee: 0,
    free_shipping_min: 0,
  },
];

export function brandSlug(nameEn: string): string {
  return nameEn
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ───────────────────────────── people ─────────────────────────────

export const SURNAMES = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '류',
  '전',
  '홍',
  '고',
  '문',
  '양',
  '손',
] as const;
export const SURNAME_WEIGHTS = [
  21, 14, 8.5, 4.7, 4.4, 2.4, 2.1, 2.1, 2, 1.7, 1.5, 1.5, 1.5, 1.4, 1.4, 1.4, 1.4, 1.4, 1.1, 1.1, 1, 0.9, 0.9,
  0.9, 0.9,
];
/** Given names common for men born 1970–1995. */
export const GIVEN_NAMES = [
  '성민',
  '정훈',
  '상현',
  '재훈',
  '동현',
  '준호',
  '영수',
  '성호',
  '지훈',
  '현우',
  '승현',
  '민수',
  '경민',
  '태윤',
  '진우',
  '상훈',
  '종현',
  '대현',
  '우진',
  '기현',
  '성진',
  '재영',
  '준영',
  '현석',
  '창민',
  '동욱',
  '재원',
  '형준',
  '석진',
  '용준',
  '민호',
  '세훈',
  '광수',
  '병준',
  '주원',
  '태현',
  '승우',
  '진호',
  '현준',
  '정민',
  '영훈',
  '재민',
  '상우',
  '동훈',
  '지성',
  '민석',
  '성훈',
  '준혁',
  '태민',
  '규현',
  '한결',
  '도현',
  '건우',
  '윤호',
  '인성',
  '철민',
  '희준',
  '원석',
  '선우',
  '효준',
] as const;

export const CURATORS = [
  '스타일리스트 한지민',
  '스타일리스트 오세영',
  '코디네이터 박서진',
  'MD 윤재호',
  '스타일리스트 정하늘',
  '코디네이터 김나래',
  '스타일리스트 이도훈',
  'MD 최유진',
] as const;
export const EDITORS = [
  '코디룸 에디터 김도윤',
  '스타일리스트 박서진',
  '에디터 이하준',
  '코디룸 MD 최민석',
  '에디터 정서연',
] as const;

// ───────────────────────────── reviews ─────────────────────────────

export const REVIEW_GENERAL_GOOD = [
  '출근할 때 입기 좋네요.',
  '가격 대비 퀄리티가 좋습니다.',
  '색감이 사진이랑 거의 똑같아요.',
  '배송이 빨라서 좋았어요.',
  '재구매 의사 있습니다.',
  '무난하게 코디하기 좋아요.',
  '와이프가 골라줬는데 저도 만족합니다.',
  '회사 동료가 어디서 샀냐고 물어보네요.',
  '마감이 깔끔해요.',
  '포장도 꼼꼼하게 왔어요.',
  '다른 색상도 구매하려고요.',
  '주말에 캐주얼하게 입어도 잘 어울려요.',
  '코디 추천받고 샀는데 만족스럽습니다.',
  '이 가격에 이 정도면 훌륭합니다.',
  '깔끔하고 단정해 보여서 좋아요.',
] as const;
export const REVIEW_GENERAL_MEH = [
  '색상이 화면보다 조금 어둡네요.',
  '배송이 생각보다 조금 늦었어요.',
  '가격 생각하면 무난합니다.',
  '실밥 정리가 조금 아쉬워요.',
  '나쁘지 않은데 특별하지도 않아요.',
  '세탁 후에 조금 줄어든 느낌이에요.',
] as const;
export const REVIEW_MATERIAL = [
  '생각보다 두께감이 있어요.',
  '원단이 부드러워요.',
  '구김이 잘 안 가서 편해요.',
  '신축성이 좋아서 활동하기 편해요.',
  '촉감이 좋고 고급스러워요.',
  '가볍고 따뜻합니다.',
] as const;
export const REVIEW_SIZE: Record<'SMALL' | 'FIT' | 'LARGE', readonly string[]> = {
  SMALL: [
    '평소 사이즈보다 작게 나왔어요.',
    '한 치수 크게 주문하시는 걸 추천해요.',
    '어깨가 살짝 끼는 느낌이에요.',
  ],
  FIT: [
    '정사이즈로 주문했는데 핏이 딱 좋아요.',
    '사이즈 고민했는데 평소대로 주문하니 딱 맞아요.',
    '핏이 딱 좋아요.',
  ],
  LARGE: ['조금 크게 나온 편이에요.', '한 치수 작게 가도 될 것 같아요.', '여유 있게 맞아서 편해요.'],
};
export const REVIEW_BY_MAIN: Record<MainCategory, readonly string[]> = {
  outer: [
    '보온성이 좋아요.',
    '정장 위에 입어도 핏이 예뻐요.',
    '생각보다 가볍습니다.',
    '어깨 라인이 자연스러워요.',
  ],
  top: [
    '셔츠 기장이 넣어 입기에 좋아요.',
    '다림질 안 해도 깔끔해요.',
    '목 부분이 늘어나지 않아요.',
    '재킷 안에 받쳐 입기 좋아요.',
  ],
  bottom: [
    '허리가 편하고 다리가 길어 보여요.',
    '기장 수선 없이 입었어요.',
    '밑위가 적당해서 편해요.',
    '앉았다 일어나도 구김이 적어요.',
  ],
  shoes: [
    '발볼이 넓은 편인데 편해요.',
    '쿠션감이 좋아서 오래 걸어도 괜찮아요.',
    '처음엔 조금 딱딱한데 금방 길들여져요.',
    '굽이 있어서 키가 커 보여요.',
  ],
  bag: ['노트북이 쏙 들어가요.', '수납공간이 많아서 좋아요.', '가죽 냄새가 거의 없어요.', '어깨끈이 편해요.'],
  accessories: [
    '선물용으로 샀는데 좋아하네요.',
    '고급스러워 보여요.',
    '정장에 포인트로 좋아요.',
    '마감이 꼼꼼합니다.',
  ],
  sports: [
    '땀 흡수가 잘 돼요.',
    '골프 칠 때 입기 편해요.',
    '러닝할 때 가볍고 좋아요.',
    '신축성이 좋아 스윙할 때 편해요.',
  ],
};

// ───────────────────────────── editorial content ─────────────────────────────

export interface StyleDef {
  name: string;
  description: string;
  tags: readonly StyleTag[];
}

export const STYLES: StyleDef[] = [
  {
    name: '미니멀 오피스룩',
    description: '군더더기 없는 실루엣과 톤 다운된 컬러로 완성하는 출근룩',
    tags: ['미니멀', '비즈니스캐주얼'],
  },
  {
    name: '네이비 블레이저 클래식',
    description: '네이비 블레이저 하나로 신뢰감을 주는 클래식 스타일',
    tags: ['클래식', '포멀'],
  },
  {
    name: '주말 아메카지',
    description: '워싱 데님과 워크 자켓으로 여유로운 주말',
    tags: ['아메카지', '캐주얼'],
  },
  {
    name: '댄디 캐주얼',
    description: '니트와 슬랙스, 로퍼로 완성하는 부드러운 남자',
    tags: ['댄디', '캐주얼'],
  },
  {
    name: '고프코어 출근룩',
    description: '기능성 아우터를 슬랙스와 매치한 실용적인 출근룩',
    tags: ['고프코어', '비즈니스캐주얼'],
  },
  {
    name: '모노톤 비즈니스',
    description: '블랙과 차콜, 그레이만으로 만드는 세련된 비즈니스룩',
    tags: ['미니멀', '포멀'],
  },
  {
    name: '브라운 톤온톤',
    description: '브라운과 베이지 계열을 겹쳐 입는 따뜻한 가을 코디',
    tags: ['클래식', '댄디'],
  },
  {
    name: '세미포멀 하객룩',
    description: '결혼식에서 튀지 않으면서도 단정한 하객룩',
    tags: ['포멀', '댄디'],
  },
  {
    name: '골프 라운딩룩',
    description: '클럽하우스에서도 어색하지 않은 골프웨어 코디',
    tags: ['스포티', '클래식'],
  },
  {
    name: '니트 레이어드',
    description: '셔츠 위에 니트를 겹쳐 입는 간절기 레이어드',
    tags: ['댄디', '프레피'],
  },
  {
    name: '트렌치코트 클래식',
    description: '베이지 트렌치코트로 완성하는 간절기 정석',
    tags: ['클래식', '비즈니스캐주얼'],
  },
  {
    name: '데님 온 데님',
    description: '톤이 다른 데님을 겹쳐 입는 캐주얼 스타일',
    tags: ['아메카지', '캐주얼'],
  },
  {
    name: '시티보이 룩',
    description: '오버핏 셔츠와 와이드 팬츠의 여유로운 실루엣',
    tags: ['시티보이', '캐주얼'],
  },
  {
    name: '프레피 룩',
    description: '옥스포드 셔츠와 치노 팬츠, 로퍼의 아이비 스타일',
    tags: ['프레피', '클래식'],
  },
  {
    name: '워크웨어 무드',
    description: '튼튼한 소재와 포켓 디테일의 워크웨어 코디',
    tags: ['워크웨어', '아메카지'],
  },
  { name: '놈코어 데일리', description: '평범한 듯 정돈된 기본 아이템 조합', tags: ['놈코어', '미니멀'] },
  {
    name: '금요일 캐주얼',
    description: '금요일엔 조금 가볍게, 비즈니스 캐주얼의 완성',
    tags: ['비즈니스캐주얼', '캐주얼'],
  },
  {
    name: '첫 미팅 신뢰룩',
    description: '중요한 미팅에서 신뢰를 주는 단정한 스타일',
    tags: ['포멀', '클래식'],
  },
  {
    name: '차콜 슬랙스 공식',
    description: '차콜 슬랙스 하나로 완성하는 다섯 가지 룩',
    tags: ['비즈니스캐주얼', '미니멀'],
  },
  {
    name: '베이지 치노 공식',
    description: '어디에나 어울리는 베이지 치노 코디법',
    tags: ['캐주얼', '프레피'],
  },
  {
    name: '겨울 코트 정석',
    description: '울 코트와 터틀넥으로 만드는 겨울 출근룩',
    tags: ['클래식', '미니멀'],
  },
  {
    name: '패딩 비즈니스룩',
    description: '정장 위에도 어울리는 숏 패딩 코디',
    tags: ['비즈니스캐주얼', '캐주얼'],
  },
  {
    name: '스트릿 캐주얼',
    description: '후드와 와이드 데님으로 만드는 편한 스트릿룩',
    tags: ['스트릿', '캐주얼'],
  },
  { name: '캠핑 아웃도어', description: '주말 캠핑을 위한 기능성 레이어링', tags: ['고프코어', '스포티'] },
  { name: '러닝 크루룩', description: '출근 전 러닝을 위한 가벼운 퍼포먼스룩', tags: ['스포티'] },
  { name: '가디건 댄디룩', description: '가디건 하나로 부드러워지는 인상', tags: ['댄디', '프레피'] },
  { name: '블랙 앤 화이트', description: '흑백 대비로 깔끔하게 떨어지는 스타일', tags: ['미니멀', '놈코어'] },
  {
    name: '올리브 포인트',
    description: '올리브와 카키로 주는 차분한 포인트',
    tags: ['아메카지', '워크웨어'],
  },
  {
    name: '셋업 수트 캐주얼',
    description: '셋업 수트를 스니커즈와 매치한 캐주얼 수트',
    tags: ['비즈니스캐주얼', '댄디'],
  },
  {
    name: '출장 여행룩',
    description: '구김에 강한 소재로 꾸린 출장 가방 속 코디',
    tags: ['비즈니스캐주얼', '고프코어'],
  },
  {
    name: '가을 레이어링',
    description: '셔츠, 니트, 자켓을 겹쳐 입는 가을 레이어링',
    tags: ['클래식', '댄디'],
  },
  {
    name: '스웨이드 포인트',
    description: '스웨이드 자켓과 로퍼로 주는 질감 포인트',
    tags: ['클래식', '댄디'],
  },
  {
    name: '화이트 셔츠 정석',
    description: '화이트 셔츠 한 장으로 완성하는 다양한 룩',
    tags: ['미니멀', '포멀'],
  },
  {
    name: '그레이 톤온톤',
    description: '라이트 그레이부터 차콜까지 그레이의 변주',
    tags: ['미니멀', '클래식'],
  },
  {
    name: '아이비 스쿨룩',
    description: '케이블 니트와 코듀로이 팬츠의 캠퍼스 감성',
    tags: ['프레피', '캐주얼'],
  },
  {
    name: '편안한 재택룩',
    description: '화상회의에도 단정한 편안한 재택근무 코디',
    tags: ['놈코어', '캐주얼'],
  },
  { name: '데이트룩', description: '과하지 않게 신경 쓴 주말 데이트룩', tags: ['댄디', '캐주얼'] },
  { name: '가족 모임룩', description: '부모님도 좋아하시는 단정한 가족 모임 코디', tags: ['클래식', '댄디'] },
  {
    name: '겨울 니트 캐주얼',
    description: '두툼한 니트와 데님으로 따뜻한 겨울 캐주얼',
    tags: ['캐주얼', '댄디'],
  },
  { name: '연말 파티룩', description: '연말 모임을 위한 블랙 톤 세미 포멀', tags: ['포멀', '미니멀'] },
];

export const CODI_SUFFIXES = [
  '출근룩',
  '주말룩',
  '데이트룩',
  '하객룩',
  '미팅룩',
  '데일리룩',
  '가을 코디',
  '금요일 캐주얼',
] as const;

export interface PostDef {
  title: string;
  subtitle: string;
  category: '스타일 가이드' | '코디 추천' | '트렌드' | '브랜드 스토리' | '사이즈 가이드' | '이벤트';
  keyword: string;
  sections: readonly string[];
  /** Product categories (codes) the post links to. */
  categories: readonly string[];
  ended?: boolean;
  /** Form blocks appended to the body (quiz and survey, packages/shared content-forms.ts). */
  forms?: readonly string[];
}

export const POSTS: PostDef[] = [
  {
    title: '출근룩의 기본, 네이비 블레이저 하나로 일주일 코디하기',
    subtitle: '월요일부터 금요일까지 블레이저 하나로 다섯 가지 룩',
    category: '코디 추천',
    keyword: '네이비 블레이저',
    sections: ['월요일: 화이트 셔츠와 그레이 슬랙스', '수요일: 니트와 치노 팬츠', '금요일: 티셔츠와 데님'],
    categories: ['outer_blazer', 'top_shirt', 'bottom_slacks'],
  },
  {
    title: '30대 남자 슬랙스 핏 고르는 법: 와이드 vs 테이퍼드',
    subtitle: '체형에 맞는 슬랙스 핏, 이렇게 고르세요',
    category: '스타일 가이드',
    keyword: '슬랙스',
    sections: ['와이드 슬랙스가 어울리는 체형', '테이퍼드 슬랙스의 장점', '기장과 밑단 수선 팁'],
    categories: ['bottom_slacks'],
    forms: [
      ':::quiz 1',
      '다리가 짧아 보일까 걱정될 때 고르면 좋은 슬랙스 핏은?',
      '- 와이드 핏',
      '- 테이퍼드 핏 (정답)',
      '- 부츠컷',
      ':::',
      '',
      ':::survey 2',
      '요즘 가장 자주 입는 슬랙스 핏은?',
      '- 와이드 핏',
      '- 테이퍼드 핏',
      '- 스트레이트 핏',
      ':::',
    ],
  },
  {
    title: '셔츠 하나로 달라지는 인상, 칼라 종류 총정리',
    subtitle: '레귤러, 버튼다운, 차이나카라까지',
    category: '스타일 가이드',
    keyword: '셔츠 칼라',
    sections: [
      '레귤러 칼라: 가장 무난한 선택',
      '버튼다운 칼라: 노타이에 강하다',
      '차이나카라: 캐주얼한 출근룩',
    ],
    categories: ['top_shirt'],
    forms: [
      ':::mini-quiz 1',
      '노타이 차림에 칼라가 무너지지 않는 셔츠는?',
      '- 버튼다운 칼라 (정답)',
      '- 윙 칼라',
      ':::',
    ],
  },
  {
    title: '40대 남자 캐주얼, 과하지 않게 세련되게',
    subtitle: '나이에 맞는 캐주얼의 기준',
    category: '스타일 가이드',
    keyword: '40대 캐주얼',
    sections: ['핏은 한 치수 여유 있게', '컬러는 세 가지 이내로', '소재로 고급스러움을 더하기'],
    categories: ['top_knit', 'bottom_chino', 'outer_jacket'],
  },
  {
    title: '비즈니스 캐주얼 완벽 가이드: 회사에서 허용되는 선은?',
    subtitle: '복장 자율화 시대의 출근룩',
    category: '스타일 가이드',
    keyword: '비즈니스 캐주얼',
    sections: ['셔츠 대신 니트 폴로', '스니커즈는 가죽 소재로', '재킷 하나는 의자에 걸어두기'],
    categories: ['top_polo', 'shoes_sneakers', 'outer_blazer'],
  },
  {
    title: '코트 고르는 법: 기장, 어깨, 소재 체크리스트',
    subtitle: '한 번 사면 오래 입는 코트, 실패하지 않으려면',
    category: '스타일 가이드',
    keyword: '코트',
    sections: ['기장은 무릎 위아래 5cm', '어깨선 체크하기', '울 혼용률 읽는 법'],
    categories: ['outer_coat'],
  },
  {
    title: '니트 관리법: 보풀 없이 오래 입는 5가지 방법',
    subtitle: '아끼는 니트를 오래 입는 습관',
    category: '스타일 가이드',
    keyword: '니트 관리',
    sections: ['세탁은 울 코스로', '옷걸이 대신 개어서 보관', '보풀 제거는 이렇게'],
    categories: ['top_knit', 'outer_cardigan'],
  },
  {
    title: '구두와 벨트 색 맞추기, 이것만 기억하세요',
    subtitle: '가죽 소품 컬러 매칭의 기본',
    category: '스타일 가이드',
    keyword: '구두와 벨트',
    sections: ['블랙 구두엔 블랙 벨트', '브라운 계열은 톤을 맞춰서', '스니커즈를 신는 날의 벨트'],
    categories: ['shoes_derby', 'acc_belt'],
  },
  {
    title: '키 작은 남자를 위한 비율 좋아 보이는 코디법',
    subtitle: '5cm 더 커 보이는 스타일링',
    category: '스타일 가이드',
    keyword: '비율 코디',
    sections: ['상의는 짧게, 하의는 길게', '톤온톤으로 세로 라인 만들기', '굽 있는 구두 활용하기'],
    categories: ['top_knit', 'bottom_slacks', 'shoes_derby'],
  },
  {
    title: '허벅지가 두꺼운 분들을 위한 체형별 바지 추천',
    subtitle: '편하면서도 슬림해 보이는 팬츠',
    category: '스타일 가이드',
    keyword: '체형별 바지',
    sections: ['세미와이드가 정답인 이유', '밑위 길이 확인하기', '스트레치 소재 고르기'],
    categories: ['bottom_slacks', 'bottom_chino'],
  },
  {
    title: '가을 출근룩 7일 코디 캘린더',
    subtitle: '매일 아침 고민을 덜어주는 일주일 코디',
    category: '코디 추천',
    keyword: '가을 출근룩',
    sections: ['월·화: 셔츠와 슬랙스의 정석', '수·목: 니트와 자켓 레이어드', '금: 가벼운 캐주얼'],
    categories: ['top_shirt', 'top_knit', 'outer_blazer', 'bottom_slacks'],
  },
  {
    title: '하객룩 고민 끝! 결혼식 시즌 남자 코디',
    subtitle: '신랑보다 튀지 않게, 그래도 멋있게',
    category: '코디 추천',
    keyword: '하객룩',
    sections: ['셋업 수트로 깔끔하게', '넥타이 없이도 단정하게', '구두는 로퍼로 부드럽게'],
    categories: ['outer_blazer', 'bottom_slacks', 'shoes_loafer', 'acc_necktie'],
  },
  {
    title: '주말 나들이를 위한 아메카지 스타일링',
    subtitle: '편하면서도 멋있는 주말룩',
    category: '코디 추천',
    keyword: '아메카지',
    sections: ['워크 자켓과 데님', '맨투맨 레이어드', '볼캡으로 마무리'],
    categories: ['outer_jacket', 'bottom_denim', 'acc_cap'],
  },
  {
    title: '골프장 가는 날, 클럽하우스에서도 멋진 룩',
    subtitle: '라운딩 전후까지 생각한 골프웨어',
    category: '코디 추천',
    keyword: '골프웨어',
    sections: ['폴로 셔츠는 기능성 소재로', '팬츠는 스트레치로', '아우터는 가볍게'],
    categories: ['sports_top', 'sports_bottom', 'sports_outer'],
  },
  {
    title: '첫 출근, 첫 미팅에 신뢰를 주는 코디',
    subtitle: '첫인상을 결정하는 세 가지',
    category: '코디 추천',
    keyword: '미팅룩',
    sections: ['화이트 셔츠의 힘', '네이비와 그레이의 조합', '구두는 깨끗하게'],
    categories: ['top_shirt', 'outer_blazer', 'shoes_derby'],
  },
  {
    title: '겨울 패딩, 정장 위에 어울리게 입는 법',
    subtitle: '출근길 패딩 스타일링',
    category: '코디 추천',
    keyword: '패딩',
    sections: ['숏 패딩은 블랙이나 네이비', '광택 없는 소재 고르기', '머플러로 포인트'],
    categories: ['outer_padding', 'acc_muffler'],
  },
  {
    title: '차콜 슬랙스 하나로 완성하는 5가지 룩',
    subtitle: '옷장에 하나쯤 있는 차콜 슬랙스 활용법',
    category: '코디 추천',
    keyword: '차콜 슬랙스',
    sections: ['셔츠와 넥타이로 포멀하게', '니트로 부드럽게', '맨투맨으로 캐주얼하게'],
    categories: ['bottom_slacks', 'top_knit', 'top_sweatshirt'],
  },
  {
    title: '베이지 치노 팬츠 코디 공식',
    subtitle: '어디에나 어울리는 베이지 치노',
    category: '코디 추천',
    keyword: '치노 팬츠',
    sections: ['네이비 니트와의 조합', '화이트 셔츠로 산뜻하게', '브라운 로퍼로 마무리'],
    categories: ['bottom_chino', 'top_knit', 'shoes_loafer'],
  },
  {
    title: '2026 FW 남성복 트렌드 키워드 5',
    subtitle: '올가을 겨울, 이것만 알면 됩니다',
    category: '트렌드',
    keyword: 'FW 트렌드',
    sections: ['다시 돌아온 테일러링', '브라운의 귀환', '기능성과 포멀의 만남'],
    categories: ['outer_coat', 'outer_blazer', 'top_knit'],
  },
  {
    title: '다시 돌아온 클래식, 트렌치코트의 계절',
    subtitle: '간절기 아우터의 정석',
    category: '트렌드',
    keyword: '트렌치코트',
    sections: ['싱글과 더블, 무엇을 고를까', '벨트 묶는 법', '트렌치코트 컬러 선택'],
    categories: ['outer_trench'],
  },
  {
    title: '고프코어, 출근룩에도 스며들다',
    subtitle: '아웃도어 아이템을 오피스에서 입는 법',
    category: '트렌드',
    keyword: '고프코어',
    sections: ['바람막이를 자켓처럼', '기능성 백팩 고르기', '슬랙스와의 균형'],
    categories: ['outer_vest', 'bag_backpack', 'bottom_slacks'],
  },
  {
    title: '올가을 주목할 컬러: 브라운과 올리브',
    subtitle: '부담 없이 시도하는 어스 톤',
    category: '트렌드',
    keyword: '브라운 컬러',
    sections: ['브라운 니트로 시작하기', '올리브 팬츠 매치법', '톤온톤 레이어드'],
    categories: ['top_knit', 'bottom_chino'],
  },
  {
    title: '한 땀 한 땀, 북촌레더 공방을 찾아서',
    subtitle: '가죽 소품이 만들어지는 과정',
    category: '브랜드 스토리',
    keyword: '가죽 공방',
    sections: ['가죽을 고르는 일', '손바느질의 이유', '오래 쓰는 가죽 관리법'],
    categories: ['acc_wallet', 'acc_belt', 'bag_briefcase'],
  },
  {
    title: '어반테일러가 말하는 좋은 수트의 조건',
    subtitle: '테일러에게 직접 들은 수트 이야기',
    category: '브랜드 스토리',
    keyword: '좋은 수트',
    sections: ['어깨가 전부다', '원단 이야기', '수선으로 완성하는 핏'],
    categories: ['outer_blazer', 'bottom_slacks'],
  },
  {
    title: '그레이스톤 아틀리에의 캐시미어 이야기',
    subtitle: '부드러움 뒤에 숨은 공정',
    category: '브랜드 스토리',
    keyword: '캐시미어',
    sections: ['캐시미어 등급 이해하기', '블렌드 원단의 장점', '보관과 세탁'],
    categories: ['top_knit', 'outer_coat', 'acc_muffler'],
  },
  {
    title: '온라인 쇼핑 사이즈 실패 줄이는 법: 실측 사이즈 읽는 법',
    subtitle: '가슴단면과 총장만 알아도 반은 성공',
    category: '사이즈 가이드',
    keyword: '실측 사이즈',
    sections: ['내 옷 실측 재는 법', '단면과 둘레의 차이', '리뷰의 키와 몸무게 참고하기'],
    categories: ['top_shirt', 'bottom_slacks'],
  },
  {
    title: '셔츠 사이즈 95, 100, 105 무엇이 다를까?',
    subtitle: '호칭 사이즈와 실측의 관계',
    category: '사이즈 가이드',
    keyword: '셔츠 사이즈',
    sections: ['호칭 사이즈의 의미', '목둘레와 소매길이', '브랜드마다 다른 이유'],
    categories: ['top_shirt'],
  },
  {
    title: '신발 사이즈와 발볼, 제대로 재는 법',
    subtitle: '구두 살 때 꼭 알아야 할 것',
    category: '사이즈 가이드',
    keyword: '신발 사이즈',
    sections: ['발길이 재는 법', '발볼 넓은 분들을 위한 팁', '저녁에 재야 하는 이유'],
    categories: ['shoes_derby', 'shoes_sneakers'],
  },
  {
    title: '선물하기 좋은 남자 액세서리 BEST',
    subtitle: '아버지, 남편, 남자친구를 위한 선물',
    category: '코디 추천',
    keyword: '남자 선물',
    sections: ['실패 없는 넥타이', '매일 쓰는 지갑과 벨트', '겨울엔 머플러'],
    categories: ['acc_necktie', 'acc_wallet', 'acc_muffler'],
  },
  {
    title: '노트북 들어가는 출근 가방 고르기',
    subtitle: '서류가방과 백팩, 나에게 맞는 것은',
    category: '스타일 가이드',
    keyword: '출근 가방',
    sections: ['노트북 사이즈 확인하기', '서류가방의 격식', '백팩의 편안함'],
    categories: ['bag_briefcase', 'bag_backpack'],
  },
  {
    title: '코디룸 가을 정기 세일 안내',
    subtitle: '지난 가을 세일을 마쳤습니다',
    category: '이벤트',
    keyword: '정기 세일',
    sections: ['세일 기간', '참여 브랜드', '쿠폰 사용 안내'],
    categories: ['outer_jacket', 'top_knit'],
    ended: true,
  },
  {
    title: '여름 린넨 셔츠 기획전 종료 안내',
    subtitle: '많은 관심 감사합니다',
    category: '이벤트',
    keyword: '린넨 셔츠',
    sections: ['기획전 소개', '인기 상품', '다음 기획전 예고'],
    categories: ['top_shirt'],
    ended: true,
  },
];

export const POST_INTROS = [
  '{k}, 막상 고르려고 하면 생각보다 어렵습니다. 매일 아침 옷장 앞에서 고민하는 분들을 위해 코디룸 에디터가 핵심만 정리했어요.',
  '요즘 코디룸에서 가장 많이 검색된 키워드 중 하나가 바로 {k}입니다. 30대부터 50대까지, 직장인 고객들의 질문을 모아 답을 준비했습니다.',
  '{k}에 대한 이야기를 시작해볼까요. 어렵게 생각할 필요는 없습니다. 몇 가지 원칙만 알면 누구나 깔끔하게 소화할 수 있어요.',
  '스타일은 결국 디테일에서 완성됩니다. 오늘은 {k:을/를} 주제로, 실패하지 않는 방법을 차근차근 짚어보겠습니다.',
];
export const POST_PARAGRAPHS = [
  '가장 먼저 확인할 것은 핏입니다. 너무 붙지도, 너무 크지도 않은 적당한 여유가 단정한 인상을 만듭니다. 상세 페이지의 실측 사이즈를 지금 입고 있는 옷과 비교해 보세요.',
  '컬러는 네이비, 차콜, 베이지처럼 기본 색을 중심으로 고르면 실패가 적습니다. 포인트 컬러는 한 가지만, 나머지는 뉴트럴 톤으로 맞추는 것이 좋아요.',
  '소재는 계절감을 좌우합니다. 가을에는 울 혼방이나 코튼 트윌처럼 적당한 두께감이 있는 원단이, 겨울에는 캐시미어 블렌드처럼 보온성이 좋은 원단이 잘 어울립니다.',
  '리뷰에 적힌 키와 몸무게, 사이즈 후기를 꼭 참고하세요. 나와 비슷한 체형의 고객이 어떤 사이즈를 선택했는지 보면 사이즈 고민이 훨씬 줄어듭니다.',
  '출근룩에서는 과한 디테일보다 깔끔한 마감이 중요합니다. 단추, 스티치, 안감처럼 작은 부분이 전체의 완성도를 결정해요.',
  '처음부터 모든 아이템을 바꿀 필요는 없습니다. 이미 가지고 있는 옷과 잘 어울리는 아이템 하나를 더하는 것부터 시작해 보세요.',
  '세탁과 보관도 스타일의 일부입니다. 라벨의 세탁 표시를 확인하고, 니트는 개어서, 코트와 재킷은 어깨가 넓은 옷걸이에 보관하세요.',
  '주말에는 같은 아이템을 조금 더 가볍게 입어보세요. 셔츠 단추를 하나 더 풀거나, 구두 대신 스니커즈를 매치하는 것만으로도 분위기가 달라집니다.',
];
export const POST_TIPS = [
  '실측 사이즈는 평소 잘 맞는 옷을 눕혀서 재면 가장 정확합니다.',
  '벨트와 구두의 색을 맞추면 전체 룩이 정돈되어 보여요.',
  '양말은 바지 색과 맞추면 다리가 길어 보입니다.',
  '니트는 한 치수 크게 입으면 셔츠 위에 레이어드하기 좋아요.',
  '밑단 수선은 구두를 신고 기장을 확인하세요.',
  '코트 소매는 셔츠 소매가 1cm 정도 보이는 길이가 적당합니다.',
  '화이트 셔츠는 두 장 이상 두고 번갈아 입으세요.',
  '가방은 구두와 같은 톤으로 맞추면 실패가 없습니다.',
];

export const SEARCH_KEYWORDS_EXTRA = [
  '슬랙스',
  '옥스포드 셔츠',
  '니트',
  '코트',
  '블레이저',
  '로퍼',
  '가디건',
  '숏 패딩',
  '치노 팬츠',
  '하객룩',
  '골프웨어',
  '캐시미어',
  '서류가방',
  '넥타이',
];

export interface QuizDef {
  question: string;
  options: readonly string[];
  answer: number;
}

export const DAILY_QUIZZES: QuizDef[] = [
  {
    question: '칼라 끝을 단추로 고정하는 셔츠 칼라는?',
    options: ['버튼다운 칼라', '와이드 칼라', '윙 칼라'],
    answer: 0,
  },
  {
    question: '바지 허리에서 가랑이까지의 길이를 뜻하는 말은?',
    options: ['밑단', '밑위', '인심'],
    answer: 1,
  },
  {
    question: '울 코트를 보관할 때 가장 좋은 방법은?',
    options: ['얇은 철제 옷걸이', '어깨가 넓은 옷걸이', '접어서 압축팩'],
    answer: 1,
  },
  { question: '구두 앞코에 구멍 장식이 있는 디자인은?', options: ['플레인토', '윙팁', '로퍼'], answer: 1 },
  { question: '슬랙스 앞쪽의 주름 개수에 따른 명칭은?', options: ['턱', '다트', '요크'], answer: 0 },
  {
    question: '상의 실측에서 화장이란?',
    options: ['어깨 끝부터 소매 끝', '뒷목 중심부터 소매 끝', '겨드랑이부터 밑단'],
    answer: 1,
  },
  { question: '벨트와 가장 색을 맞추기 좋은 아이템은?', options: ['구두', '셔츠', '넥타이'], answer: 0 },
  {
    question: '니트의 보풀을 줄이는 세탁 방법은?',
    options: ['뜨거운 물 세탁', '뒤집어서 울 코스', '건조기 사용'],
    answer: 1,
  },
  { question: '트렌치코트가 처음 만들어진 용도는?', options: ['군용', '낚시용', '승마용'], answer: 0 },
  { question: '첼시 부츠의 특징은?', options: ['끈이 많다', '옆면에 고무 밴드', '발목이 없다'], answer: 1 },
  {
    question: '셔츠 사이즈 100은 보통 어떤 알파벳 사이즈에 해당할까요?',
    options: ['M', 'L', 'XXL'],
    answer: 1,
  },
  { question: '캐시미어는 어떤 동물의 털일까요?', options: ['양', '염소', '알파카'], answer: 1 },
  {
    question: '페니 로퍼의 이름은 무엇에서 유래했을까요?',
    options: ['동전', '사람 이름', '지명'],
    answer: 0,
  },
  {
    question: '넥타이 끝이 닿기 좋은 위치는?',
    options: ['배꼽 위', '벨트 버클', '벨트 아래 10cm'],
    answer: 1,
  },
  { question: '옥스포드 셔츠의 원단 특징은?', options: ['바스켓 조직', '새틴 조직', '니트 조직'], answer: 0 },
  {
    question: '정장 재킷의 가장 아래 단추는?',
    options: ['항상 잠근다', '잠그지 않는다', '앉을 때만 잠근다'],
    answer: 1,
  },
];

/**
 * Daily style questions: no right answer, each option names a style (STYLE_TAGS); the member's
 * choices feed the style profile the curation engine reads. They alternate with DAILY_QUIZZES.
 */
export interface StyleQuestionDef {
  question: string;
  options: readonly { label: string; style: StyleTag }[];
}

export const DAILY_STYLE_QUESTIONS: StyleQuestionDef[] = [
  {
    question: '이번 주 금요일 출근룩, 어떤 쪽이 끌리세요?',
    options: [
      { label: '니트에 슬랙스로 깔끔하게', style: '미니멀' },
      { label: '옥스포드 셔츠에 치노 팬츠', style: '비즈니스캐주얼' },
      { label: '블레이저까지 갖춰 입기', style: '클래식' },
    ],
  },
  {
    question: '주말 나들이에 입고 싶은 아우터는?',
    options: [
      { label: '워크 재킷', style: '워크웨어' },
      { label: '바람막이', style: '고프코어' },
      { label: '스웨트 후드 집업', style: '캐주얼' },
    ],
  },
  {
    question: '가장 손이 자주 가는 신발은?',
    options: [
      { label: '가죽 로퍼', style: '댄디' },
      { label: '하얀 스니커즈', style: '놈코어' },
      { label: '러닝화', style: '스포티' },
    ],
  },
  {
    question: '데이트 날 입고 싶은 상의는?',
    options: [
      { label: '케이블 니트', style: '프레피' },
      { label: '깔끔한 무지 셔츠', style: '미니멀' },
      { label: '오버핏 맨투맨', style: '시티보이' },
    ],
  },
  {
    question: '선호하는 바지 실루엣은?',
    options: [
      { label: '테이퍼드 슬랙스', style: '댄디' },
      { label: '와이드 치노', style: '시티보이' },
      { label: '스트레이트 데님', style: '아메카지' },
    ],
  },
  {
    question: '결혼식 하객룩으로 고른다면?',
    options: [
      { label: '네이비 수트', style: '포멀' },
      { label: '재킷에 니트 이너', style: '비즈니스캐주얼' },
      { label: '셔츠에 슬랙스만', style: '미니멀' },
    ],
  },
  {
    question: '여행 가방에 꼭 넣는 옷은?',
    options: [
      { label: '기능성 셋업', style: '고프코어' },
      { label: '그래픽 티셔츠', style: '스트릿' },
      { label: '데님 셔츠', style: '아메카지' },
    ],
  },
];

export const MISSIONS = [
  { code: 'STYLE_QUIZ', title: '스타일 퀴즈 완료하고 맞춤 코디 받기', point: 1000 },
  { code: 'FIRST_REVIEW', title: '첫 리뷰 작성하기', point: 500 },
  { code: 'PHOTO_REVIEW', title: '포토 리뷰 작성하기', point: 1000 },
  { code: 'APP_PUSH_CONSENT', title: '앱 푸시 알림 받기', point: 500 },
  { code: 'PERSONAL_COLOR', title: '퍼스널 컬러 진단하기', point: 300 },
  { code: 'DAILY_QUIZ_7', title: '데일리 퀴즈 7일 연속 참여하기', point: 700 },
] as const;
