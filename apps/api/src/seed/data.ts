/**
 * Vocabulary of the demo shop: a Korean men's fashion store for office workers in their 30s–50s.
 * Every brand name here is made up. The seed generator (./index.ts) combines these lists with a
 * seeded PRNG, so nothing here is random by itself.
 */
import type { ProductType, StyleTag } from '@codiroom/shared';
import type { CodiOccasion } from './copy.ts';

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
  '울 65%, 폴리에스터 32%, 폴리우레탄 3%',
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
  '알파카 40%, 울 40%, 나일론 20%',
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
    compositions: [...WOOL, '울 60%, 알파카 30%, 나일론 10%'],
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
    compositions: [...WOOL, '린넨 55%, 면 45%', '면 98%, 폴리우레탄 2%'],
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
      '겉감: 나일론 100%, 충전재: 폴리에스터(웰론) 100%',
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
    compositions: [...COTTON, ...POLY, '울 60%, 폴리에스터 40%', '양가죽 100%', '스웨이드(양가죽) 100%'],
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
    compositions: [...COTTON, '나일론 100%'],
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
    compositions: [
      ...POLY,
      '겉감: 나일론 100%, 충전재: 덕다운 80%, 깃털 20%',
      '겉감: 폴리에스터 100%, 충전재: 폴리에스터(웰론) 100%',
    ],
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
    compositions: [
      ...COTTON,
      '린넨 100%',
      '린넨 55%, 면 45%',
      '린넨 55%, 면 42%, 스판덱스 3%',
      '텐셀 70%, 면 30%',
    ],
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
    compositions: [...COTTON, '린넨 55%, 면 45%', '린넨 55%, 면 42%, 폴리우레탄 3%', '나일론 100%'],
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
    compositions: [...LEATHER, '면 캔버스, 고무 아웃솔'],
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
    compositions: ['나일론 100%', '폴리에스터 100%', '소가죽 100%'],
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
    compositions: ['면 100%', '소가죽 100%', '나일론 100%'],
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
    compositions: ['나일론 100%', '소가죽 100%', '면 100%'],
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
    compositions: ['소가죽 100%', '소가죽, 황동 버클', '스웨이드(소가죽) 100%'],
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
    compositions: [...COTTON, '울 60%, 폴리에스터 40%', '나일론 100%'],
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
    compositions: ['면 80%, 나일론 18%, 폴리우레탄 2%', '울 50%, 나일론 30%, 면 20%'],
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
    compositions: ['울 100%', '캐시미어 100%', '울 70%, 캐시미어 30%', '울 60%, 알파카 40%'],
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
    compositions: [
      ...POLY,
      '겉감: 나일론 100%, 충전재: 덕다운 80%, 깃털 20%',
      '겉감: 폴리에스터 100%, 충전재: 폴리에스터(웰론) 100%',
    ],
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
    description: '테일러링의 기본을 지키는 도시 남성복.',
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
    description: '좋은 소재로 오래 입는 옷을 만드는 아틀리에.',
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
    description: '편안한 소재감을 아끼는 소규모 브랜드.',
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
    description: '수작업 공정을 고집하는 공방.',
    is_contract: true,
  },
  {
    name: '젠틀폼',
    name_en: 'GENTLE FORM',
    tier: 'mid',
    mains: ['outer', 'top', 'bottom'],
    weight: 3,
    tags: ['포멀', '클래식'],
    description: '체형에 맞춘 주문 제작이 가능한 남성복 브랜드.',
    allows_custom_order: true,
  },
  {
    name: '트웰브어클락',
    name_en: "TWELVE O'CLOCK",
    tier: 'mid',
    mains: ['top', 'bottom'],
    weight: 3,
    tags: ['비즈니스캐주얼', '댄디'],
    description: '점심시간에도 흐트러지지 않는 오피스웨어.',
    fast_shipping_cutoff: 11,
  },
  {
    name: '하버트위드',
    name_en: 'HARBOR TWEED',
    tier: 'premium',
    mains: ['outer', 'top', 'accessories'],
    weight: 2,
    tags: ['클래식', '프레피'],
    description: '브리티시 클래식을 오늘의 옷장으로.',
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
    description: '북촌 공방에서 한 땀씩 완성하는 소품.',
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
    description: '가볍고 푹신한 데일리 슈즈와 스포츠웨어.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '브리프하우스',
    name_en: 'BRIEF HOUSE',
    tier: 'mid',
    mains: ['bag', 'accessories'],
    weight: 3,
    tags: ['비즈니스캐주얼', '클래식'],
    description: '노트북과 서류를 품위 있게, 비즈니스 소품 전문.',
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
    description: '부드러운 남자의 옷.',
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
    description: '주말 산행과 캠핑을 즐기는 사람들을 위한 브랜드.',
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
    description: '컬러별로 쟁여두는 기본 아이템.',
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
    description: '군더더기 없는 미니멀 베이직.',
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
    description: '넥타이와 머플러 전문 브랜드.',
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
    description: '정장부터 캐주얼까지, 벨트와 지갑으로 완성.',
    only: ['acc_belt', 'acc_wallet'],
  },
  {
    name: '캡팩토리',
    name_en: 'CAP FACTORY',
    tier: 'budget',
    mains: ['accessories', 'sports'],
    weight: 2,
    tags: ['캐주얼', '스트릿'],
    description: '깊이감 있는 볼캡과 기능성 캡.',
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
    description: '주말을 위한 여유로운 캐주얼.',
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
    description: '출근 전 러닝을 위한 퍼포먼스 웨어와 러닝화.',
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
    description: '산과 도시 모두를 위한 테크니컬 브랜드.',
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
    description: '한결같은 품질의 니트와 가디건, 코트, 머플러.',
    only: ['top_knit', 'outer_cardigan', 'outer_coat', 'acc_muffler'],
  },
  {
    name: '미드타운',
    name_en: 'MIDTOWN',
    tier: 'mid',
    mains: ['bottom', 'top'],
    weight: 3,
    tags: ['비즈니스캐주얼', '미니멀'],
    description: '핏 하나에 집중하는 오피스웨어 브랜드.',
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
    description: '클래식한 소품을 만드는 브랜드.',
    fast_shipping_cutoff: 12,
  },
  {
    name: '시티러너',
    name_en: 'CITY RUNNER',
    tier: 'mid',
    mains: ['shoes', 'sports'],
    weight: 2,
    tags: ['스포티', '미니멀'],
    description: '정장에도 어울리는 러닝 스니커즈와 러닝웨어.',
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
    description: '가볍고 실용적인 비즈니스 백.',
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

/** Praise any product can get (4–5 stars). */
export const REVIEW_GENERAL_GOOD = [
  '출근룩에 잘 어울리네요.',
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
  '주말 캐주얼에도 잘 어울려요.',
  '코디 추천받고 샀는데 만족스럽습니다.',
  '이 가격에 이 정도면 훌륭합니다.',
  '깔끔하고 단정해 보여서 좋아요.',
] as const;
/** A middling verdict (3 stars). */
export const REVIEW_GENERAL_MEH = [
  '색상이 화면보다 조금 어둡네요.',
  '배송이 생각보다 조금 늦었어요.',
  '가격 생각하면 무난합니다.',
  '마감이 조금 아쉬워요.',
  '나쁘지 않은데 특별하지도 않아요.',
  '기대했던 것과는 조금 달라요.',
] as const;
/** A poor verdict (1–2 stars): no praise. */
export const REVIEW_GENERAL_BAD = [
  '기대보다 많이 아쉬워요.',
  '사진과 실물이 많이 달라서 실망했어요.',
  '마감이 엉망이에요.',
  '반품할까 고민 중이에요.',
  '이 가격이면 다른 걸 살 것 같아요.',
  '색상이 화면과 너무 달라요.',
] as const;
/** What a reviewer says of the material, by kind of product. */
export const REVIEW_MATERIAL: Record<'garment' | 'shoes' | 'bag' | 'accessories', readonly string[]> = {
  garment: [
    '생각보다 두께감이 있어요.',
    '원단이 부드러워요.',
    '구김이 잘 안 가서 편해요.',
    '신축성이 좋아서 활동하기 편해요.',
    '촉감이 좋고 고급스러워요.',
    '가볍고 부드러워요.',
  ],
  shoes: ['가죽이 부드러워요.', '밑창이 튼튼해요.', '가벼워서 발이 편해요.'],
  bag: ['가죽 냄새가 거의 없어요.', '소재가 튼튼해 보여요.', '생각보다 가벼워요.'],
  accessories: ['소재가 고급스러워요.', '마감이 꼼꼼합니다.', '생각보다 가벼워요.'],
};
/** What a reviewer says of the size, by the size feel and the kind of product. */
export const REVIEW_SIZE: Record<
  'SMALL' | 'FIT' | 'LARGE',
  Record<'upper' | 'bottom' | 'shoes', readonly string[]>
> = {
  SMALL: {
    upper: [
      '평소 사이즈보다 작게 나왔어요.',
      '한 치수 크게 주문하시는 걸 권해요.',
      '어깨가 살짝 끼는 느낌이에요.',
    ],
    bottom: [
      '평소 사이즈보다 작게 나왔어요.',
      '한 치수 크게 주문하시는 걸 권해요.',
      '허리가 살짝 끼는 느낌이에요.',
    ],
    shoes: [
      '평소 사이즈보다 작게 나왔어요.',
      '반 치수 크게 주문하시는 걸 권해요.',
      '발볼이 살짝 끼는 느낌이에요.',
    ],
  },
  FIT: {
    upper: [
      '정사이즈로 주문했는데 딱 맞아요.',
      '사이즈 고민했는데 평소대로 주문하니 딱 맞아요.',
      '어깨와 기장이 정사이즈예요.',
    ],
    bottom: [
      '정사이즈로 주문했는데 딱 맞아요.',
      '사이즈 고민했는데 평소대로 주문하니 딱 맞아요.',
      '허리가 정사이즈예요.',
    ],
    shoes: ['정사이즈로 주문했는데 딱 맞아요.', '평소 신는 사이즈로 딱 맞아요.', '발길이가 정사이즈예요.'],
  },
  LARGE: {
    upper: ['조금 크게 나온 편이에요.', '한 치수 작게 가도 될 것 같아요.', '여유 있게 맞아서 편해요.'],
    bottom: ['조금 크게 나온 편이에요.', '한 치수 작게 가도 될 것 같아요.', '허리가 여유 있게 맞아요.'],
    shoes: ['조금 크게 나온 편이에요.', '반 치수 작게 가도 될 것 같아요.', '발이 여유 있게 맞아요.'],
  },
};
/** Praise of what the product is for, by main category (sports goods by their kind). */
export const REVIEW_BY_MAIN: Record<MainCategory, readonly string[]> = {
  outer: [
    '보온성이 좋아요.',
    '셔츠 위에 걸쳐도 핏이 예뻐요.',
    '생각보다 가볍습니다.',
    '어깨 라인이 자연스러워요.',
  ],
  top: [
    '기장이 적당해요.',
    '세탁해도 형태가 그대로예요.',
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
  bag: [
    '수납공간이 넉넉해요.',
    '수납공간이 많아서 좋아요.',
    '가죽 냄새가 거의 없어요.',
    '손잡이가 튼튼해요.',
  ],
  accessories: [
    '선물용으로 샀는데 좋아하네요.',
    '고급스러워 보여요.',
    '코디에 포인트로 좋아요.',
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

/** A piece an outfit of a style must hold: of these categories, in these colours, so named. */
export interface StyleNeed {
  codes?: readonly string[];
  colors?: readonly ColorKey[];
  name?: RegExp;
}

export interface StyleDef {
  name: string;
  description: string;
  tags: readonly StyleTag[];
  /** The occasion its outfits are for (their title's last word, seed/copy.ts CODI_OCCASIONS). */
  occasion: CodiOccasion;
  /** Pieces its outfits must hold (each need met by one piece). */
  needs?: readonly StyleNeed[];
  /** The only colours of its clothes (shoes aside). */
  colors?: readonly ColorKey[];
  /** Its outfits hold no summer-only piece. */
  noSummer?: boolean;
}

/** The neutral colours without khaki and denim: quiet, toned-down outfits. */
const TONED: readonly ColorKey[] = NEUTRAL_COLORS.filter((c) => c !== 'khaki' && !c.endsWith('denim'));
const MONO: readonly ColorKey[] = ['black', 'charcoal', 'grey', 'melange', 'lightgrey', 'white'];
const BROWNS: readonly ColorKey[] = ['brown', 'darkbrown', 'camel', 'beige', 'sand', 'oatmeal', 'ivory'];

export const STYLES: StyleDef[] = [
  {
    name: '미니멀 오피스룩',
    description: '군더더기 없는 실루엣과 톤 다운된 컬러로 완성하는 출근룩',
    tags: ['미니멀', '비즈니스캐주얼'],
    occasion: '출근룩',
    colors: TONED,
  },
  {
    name: '네이비 블레이저 클래식',
    description: '네이비 블레이저 하나로 신뢰감을 주는 클래식 스타일',
    tags: ['클래식', '포멀'],
    occasion: '미팅룩',
    needs: [{ codes: ['outer_blazer'], colors: ['navy'] }],
  },
  {
    name: '주말 아메카지',
    description: '데님과 자켓으로 여유로운 주말',
    tags: ['아메카지', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['bottom_denim'] }, { codes: ['outer_jacket'] }],
  },
  {
    name: '댄디 캐주얼',
    description: '니트와 슬랙스, 로퍼로 완성하는 부드러운 남자',
    tags: ['댄디', '캐주얼'],
    occasion: '데이트룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_slacks'] }, { codes: ['shoes_loafer'] }],
  },
  {
    name: '고프코어 출근룩',
    description: '기능성 아우터를 슬랙스와 매치한 실용적인 출근룩',
    tags: ['고프코어', '비즈니스캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_vest', 'outer_padding', 'outer_jacket'] }, { codes: ['bottom_slacks'] }],
  },
  {
    name: '모노톤 비즈니스',
    description: '블랙과 차콜, 그레이만으로 만드는 세련된 비즈니스룩',
    tags: ['미니멀', '포멀'],
    occasion: '출근룩',
    colors: MONO,
  },
  {
    name: '브라운 톤온톤',
    description: '브라운과 베이지 계열을 겹쳐 입는 따뜻한 코디',
    tags: ['클래식', '댄디'],
    occasion: '데일리룩',
    colors: BROWNS,
    noSummer: true,
  },
  {
    name: '세미포멀 하객룩',
    description: '결혼식에서 튀지 않으면서도 단정한 하객룩',
    tags: ['포멀', '댄디'],
    occasion: '하객룩',
  },
  {
    name: '골프 라운딩룩',
    description: '클럽하우스에서도 어색하지 않은 골프웨어 코디',
    tags: ['스포티', '클래식'],
    occasion: '운동룩',
  },
  {
    name: '니트 레이어드',
    description: '셔츠 위에 니트 가디건을 겹쳐 입는 간절기 레이어드',
    tags: ['댄디', '프레피'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_cardigan'] }, { codes: ['top_shirt'] }],
    noSummer: true,
  },
  {
    name: '트렌치코트 클래식',
    description: '베이지 트렌치코트로 완성하는 간절기 정석',
    tags: ['클래식', '비즈니스캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_trench'], colors: ['beige', 'sand'] }],
    noSummer: true,
  },
  {
    name: '데님 온 데님',
    description: '톤이 다른 데님을 겹쳐 입는 캐주얼 스타일',
    tags: ['아메카지', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['bottom_denim'] }, { codes: ['top_shirt', 'outer_jacket'], name: /데님|트러커/ }],
  },
  {
    name: '시티보이 룩',
    description: '오버핏 상의와 와이드 팬츠의 여유로운 실루엣',
    tags: ['시티보이', '캐주얼'],
    occasion: '데일리룩',
    needs: [
      { codes: ['top_shirt', 'top_tshirt', 'top_sweatshirt', 'top_hoodie', 'top_longsleeve'], name: /오버/ },
      { codes: ['bottom_slacks', 'bottom_chino', 'bottom_denim'], name: /와이드/ },
    ],
  },
  {
    name: '프레피 룩',
    description: '옥스포드 셔츠와 치노 팬츠, 로퍼의 아이비 스타일',
    tags: ['프레피', '클래식'],
    occasion: '데일리룩',
    needs: [
      { codes: ['top_shirt'], name: /옥스포드/ },
      { codes: ['bottom_chino'] },
      { codes: ['shoes_loafer'] },
    ],
  },
  {
    name: '워크웨어 무드',
    description: '튼튼한 소재와 포켓 디테일의 워크웨어 코디',
    tags: ['워크웨어', '아메카지'],
    occasion: '주말룩',
    needs: [{ codes: ['outer_jacket'], name: /워크|트러커|필드|카고/ }],
  },
  {
    name: '놈코어 데일리',
    description: '평범한 듯 정돈된 기본 아이템 조합',
    tags: ['놈코어', '미니멀'],
    occasion: '데일리룩',
  },
  {
    name: '금요일 캐주얼',
    description: '금요일엔 조금 가볍게, 비즈니스 캐주얼의 완성',
    tags: ['비즈니스캐주얼', '캐주얼'],
    occasion: '금요일 캐주얼',
  },
  {
    name: '첫 미팅 신뢰룩',
    description: '중요한 미팅에서 신뢰를 주는 단정한 스타일',
    tags: ['포멀', '클래식'],
    occasion: '미팅룩',
  },
  {
    name: '차콜 슬랙스 공식',
    description: '차콜 슬랙스 하나로 완성하는 출근룩',
    tags: ['비즈니스캐주얼', '미니멀'],
    occasion: '출근룩',
    needs: [{ codes: ['bottom_slacks'], colors: ['charcoal'] }],
  },
  {
    name: '베이지 치노 공식',
    description: '어디에나 어울리는 베이지 치노 코디법',
    tags: ['캐주얼', '프레피'],
    occasion: '데일리룩',
    needs: [{ codes: ['bottom_chino'], colors: ['beige'] }],
  },
  {
    name: '겨울 코트 정석',
    description: '울 코트와 니트로 만드는 겨울 출근룩',
    tags: ['클래식', '미니멀'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_coat'] }, { codes: ['top_knit'] }],
    noSummer: true,
  },
  {
    name: '패딩 비즈니스룩',
    description: '슬랙스 위에도 어울리는 패딩 출근 코디',
    tags: ['비즈니스캐주얼', '캐주얼'],
    occasion: '출근룩',
    needs: [{ codes: ['outer_padding'] }, { codes: ['bottom_slacks'] }],
    noSummer: true,
  },
  {
    name: '스트릿 캐주얼',
    description: '후드와 데님으로 만드는 편한 스트릿룩',
    tags: ['스트릿', '캐주얼'],
    occasion: '주말룩',
    needs: [{ codes: ['top_hoodie'] }, { codes: ['bottom_denim'] }],
  },
  {
    name: '캠핑 아웃도어',
    description: '주말 캠핑을 위한 기능성 레이어링',
    tags: ['고프코어', '스포티'],
    occasion: '주말룩',
    needs: [{ codes: ['sports_outer', 'outer_vest', 'outer_padding'] }],
  },
  {
    name: '러닝 크루룩',
    description: '출근 전 러닝을 위한 가벼운 퍼포먼스룩',
    tags: ['스포티'],
    occasion: '운동룩',
  },
  {
    name: '가디건 댄디룩',
    description: '가디건 하나로 부드러워지는 인상',
    tags: ['댄디', '프레피'],
    occasion: '데이트룩',
    needs: [{ codes: ['outer_cardigan'] }],
  },
  {
    name: '블랙 앤 화이트',
    description: '흑백 대비로 깔끔하게 떨어지는 스타일',
    tags: ['미니멀', '놈코어'],
    occasion: '데일리룩',
    colors: ['black', 'white'],
  },
  {
    name: '올리브 포인트',
    description: '올리브와 카키로 주는 차분한 포인트',
    tags: ['아메카지', '워크웨어'],
    occasion: '데일리룩',
    needs: [{ colors: ['olive', 'khaki'] }],
  },
  {
    name: '셋업 수트 캐주얼',
    description: '블레이저와 슬랙스를 스니커즈와 매치한 캐주얼 수트룩',
    tags: ['비즈니스캐주얼', '댄디'],
    occasion: '금요일 캐주얼',
    needs: [{ codes: ['outer_blazer'] }, { codes: ['bottom_slacks'] }, { codes: ['shoes_sneakers'] }],
  },
  {
    name: '출장 여행룩',
    description: '출장 가방에 넣기 좋은 편안한 출근 코디',
    tags: ['비즈니스캐주얼', '고프코어'],
    occasion: '출근룩',
  },
  {
    name: '가을 레이어링',
    description: '셔츠 위에 가디건이나 자켓을 겹쳐 입는 가을 레이어링',
    tags: ['클래식', '댄디'],
    occasion: '출근룩',
    needs: [{ codes: ['top_shirt'] }, { codes: ['outer_cardigan', 'outer_blazer', 'outer_jacket'] }],
    noSummer: true,
  },
  {
    name: '스웨이드 포인트',
    description: '스웨이드 아이템 하나로 주는 질감 포인트',
    tags: ['클래식', '댄디'],
    occasion: '데이트룩',
    needs: [{ name: /스웨이드/ }],
  },
  {
    name: '화이트 셔츠 정석',
    description: '화이트 셔츠 한 장으로 완성하는 단정한 룩',
    tags: ['미니멀', '포멀'],
    occasion: '출근룩',
    needs: [{ codes: ['top_shirt'], colors: ['white'] }],
  },
  {
    name: '그레이 톤온톤',
    description: '라이트 그레이부터 차콜까지 그레이의 변주',
    tags: ['미니멀', '클래식'],
    occasion: '출근룩',
    colors: ['lightgrey', 'grey', 'melange', 'charcoal'],
  },
  {
    name: '아이비 스쿨룩',
    description: '니트와 코듀로이 팬츠의 캠퍼스 감성',
    tags: ['프레피', '캐주얼'],
    occasion: '데이트룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_chino', 'bottom_slacks'], name: /코듀로이/ }],
  },
  {
    name: '편안한 재택룩',
    description: '화상회의에도 단정한 편안한 재택근무 코디',
    tags: ['놈코어', '캐주얼'],
    occasion: '데일리룩',
  },
  {
    name: '데이트룩',
    description: '과하지 않게 신경 쓴 주말 데이트룩',
    tags: ['댄디', '캐주얼'],
    occasion: '데이트룩',
  },
  {
    name: '가족 모임룩',
    description: '부모님도 좋아하시는 단정한 가족 모임 코디',
    tags: ['클래식', '댄디'],
    occasion: '모임룩',
  },
  {
    name: '겨울 니트 캐주얼',
    description: '두툼한 니트와 데님으로 따뜻한 겨울 캐주얼',
    tags: ['캐주얼', '댄디'],
    occasion: '주말룩',
    needs: [{ codes: ['top_knit'] }, { codes: ['bottom_denim'] }],
    noSummer: true,
  },
  {
    name: '연말 파티룩',
    description: '연말 모임을 위한 블랙 톤 세미 포멀',
    tags: ['포멀', '미니멀'],
    occasion: '모임룩',
    colors: ['black', 'charcoal', 'white'],
  },
];

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

/** Post openings by kind of post; {k} is the keyword, {k:을} the keyword with its object particle. */
export const POST_INTROS: Record<'guide' | 'story' | 'event', readonly string[]> = {
  guide: [
    '{k}, 막상 고르려고 하면 생각보다 어렵습니다. 매일 아침 옷장 앞에서 고민하는 분들을 위해 코디룸 에디터가 핵심만 정리했어요.',
    '요즘 코디룸에서 가장 많이 검색된 키워드 중 하나가 바로 {k}입니다. 30대부터 50대까지, 직장인 고객들의 질문을 모아 답을 준비했습니다.',
    '{k}에 대한 이야기를 시작해볼까요. 어렵게 생각할 필요는 없습니다. 몇 가지 원칙만 알면 누구나 깔끔하게 소화할 수 있어요.',
    '스타일은 결국 디테일에서 완성됩니다. 오늘은 {k:을} 주제로, 실패하지 않는 방법을 차근차근 짚어보겠습니다.',
  ],
  story: [
    '코디룸 에디터가 {k}의 현장을 직접 찾았습니다. 오래 쓰는 물건이 만들어지는 과정을 전해 드립니다.',
    '오늘은 {k:을} 주제로, 브랜드가 들려준 이야기를 옮겨 봅니다.',
  ],
  event: [
    '{k} 소식을 전해 드립니다. 함께해 주신 고객 여러분께 감사드립니다.',
    '코디룸 {k} 안내입니다. 이벤트 기간과 혜택을 다시 정리해 드립니다.',
  ],
};
/** Editor's tips, each for the kinds of products it is about (category codes). */
export const POST_TIPS: readonly { text: string; codes: RegExp }[] = [
  { text: '실측 사이즈는 평소 잘 맞는 옷을 눕혀서 재면 가장 정확합니다.', codes: /^(top|bottom|outer)_/ },
  {
    text: '벨트와 구두의 색을 맞추면 전체 룩이 정돈되어 보여요.',
    codes: /^(shoes_|acc_belt$|bottom_slacks$)/,
  },
  { text: '양말은 바지 색과 맞추면 다리가 길어 보입니다.', codes: /^(bottom_|shoes_)/ },
  { text: '니트는 한 치수 크게 입으면 셔츠 위에 레이어드하기 좋아요.', codes: /^(top_knit|outer_cardigan)$/ },
  { text: '밑단 수선은 구두를 신고 기장을 확인하세요.', codes: /^bottom_/ },
  {
    text: '코트 소매는 셔츠 소매가 1cm 정도 보이는 길이가 적당합니다.',
    codes: /^outer_(coat|trench|blazer)$/,
  },
  { text: '화이트 셔츠는 두 장 이상 두고 번갈아 입으세요.', codes: /^top_shirt$/ },
  { text: '가방은 구두와 같은 톤으로 맞추면 실패가 없습니다.', codes: /^(bag_|shoes_)/ },
  { text: '기능성 웨어는 섬유유연제 없이 세탁해야 땀 배출 기능이 유지됩니다.', codes: /^sports_/ },
  { text: '넥타이는 셔츠보다 진한 색을 고르면 안정감이 있어요.', codes: /^acc_necktie$/ },
  { text: '패딩은 세탁 후 충분히 두드려 말리면 볼륨이 돌아옵니다.', codes: /^outer_padding$/ },
  { text: '머플러는 코트 칼라 안쪽으로 한 번 감아 두르면 단정합니다.', codes: /^acc_muffler$/ },
  { text: '지갑에 카드를 적게 넣어야 가죽이 덜 늘어납니다.', codes: /^acc_wallet$/ },
  { text: '볼캡은 챙을 접지 말고 보관해야 모양이 오래 갑니다.', codes: /^acc_cap$/ },
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

/** The paragraph under each magazine heading (POSTS sections): written for that heading. */
export const POST_SECTION_TEXT: Record<string, string> = {
  '월요일: 화이트 셔츠와 그레이 슬랙스':
    '한 주의 시작은 화이트 셔츠와 그레이 슬랙스로 단정하게. 네이비 블레이저를 걸치면 회의가 많은 월요일에도 신뢰감 있는 인상을 줍니다.',
  '수요일: 니트와 치노 팬츠':
    '수요일에는 블레이저 안에 니트를 받쳐 입고 치노 팬츠를 매치해 보세요. 셔츠보다 부드럽고, 블레이저 덕분에 여전히 출근룩답습니다.',
  '금요일: 티셔츠와 데님':
    '금요일엔 무지 티셔츠와 진청 데님 위에 블레이저를 걸쳐 보세요. 캐주얼하지만 블레이저 하나로 정돈된 느낌이 남습니다.',
  '와이드 슬랙스가 어울리는 체형':
    '와이드 슬랙스는 허벅지가 두껍거나 골반이 넓은 체형의 라인을 자연스럽게 감춰 줍니다. 상의는 짧거나 넣어 입어 비율을 맞추세요.',
  '테이퍼드 슬랙스의 장점':
    '테이퍼드 슬랙스는 허벅지는 여유 있고 발목으로 갈수록 좁아져 다리가 길어 보입니다. 로퍼나 더비 슈즈와 특히 잘 어울려요.',
  '기장과 밑단 수선 팁':
    '슬랙스 기장은 구두를 신고 밑단이 발등에 살짝 닿는 정도가 적당합니다. 밑단 수선 전에 평소 신는 신발을 꼭 신어 보세요.',
  '레귤러 칼라: 가장 무난한 선택':
    '레귤러 칼라는 넥타이를 매도, 풀어도 어색하지 않은 가장 무난한 칼라입니다. 첫 출근용 셔츠라면 레귤러 칼라부터 고르세요.',
  '버튼다운 칼라: 노타이에 강하다':
    '버튼다운 칼라는 칼라 끝을 단추로 고정해 노타이 차림에도 칼라가 무너지지 않습니다. 니트나 블레이저 안에 입기 좋아요.',
  '차이나카라: 캐주얼한 출근룩':
    '차이나카라 셔츠는 칼라가 없어 목선이 깔끔하고, 넥타이 없는 캐주얼한 출근룩에 잘 어울립니다. 슬랙스와 로퍼로 정돈해 주세요.',
  '핏은 한 치수 여유 있게':
    '40대의 캐주얼은 몸에 붙는 핏보다 한 치수 여유 있는 핏이 편안하고 세련돼 보입니다. 어깨선이 맞는지만 확인하세요.',
  '컬러는 세 가지 이내로':
    '한 번에 입는 컬러는 세 가지 이내로 줄이세요. 네이비, 그레이, 베이지처럼 차분한 컬러를 중심에 두면 실패가 없습니다.',
  '소재로 고급스러움을 더하기':
    '같은 니트라도 울이나 캐시미어 소재는 은은한 광택과 두께감으로 고급스러움을 더합니다. 로고보다 소재에 투자하세요.',
  '셔츠 대신 니트 폴로':
    '셔츠 대신 니트 폴로를 입으면 칼라가 있어 단정하면서도 훨씬 편안합니다. 슬랙스와 매치하면 회의에도 무리가 없어요.',
  '스니커즈는 가죽 소재로':
    '비즈니스 캐주얼에 스니커즈를 신는다면 캔버스보다 가죽 소재를 고르세요. 화이트나 블랙 가죽 스니커즈는 슬랙스와도 잘 어울립니다.',
  '재킷 하나는 의자에 걸어두기':
    '갑작스러운 미팅에 대비해 재킷 하나는 사무실 의자에 걸어두세요. 네이비나 차콜 재킷이면 어떤 출근룩 위에도 어울립니다.',
  '기장은 무릎 위아래 5cm':
    '코트 기장은 무릎 위아래 5cm 안쪽이 가장 활용도가 높습니다. 키가 작다면 무릎 위 기장을 골라 비율을 살리세요.',
  '어깨선 체크하기':
    '코트를 입었을 때 어깨선이 내 어깨 끝에 맞는지 체크하세요. 정장 위에 입을 코트라면 재킷을 입고 어깨를 확인해야 합니다.',
  '울 혼용률 읽는 법':
    '코트의 울 혼용률이 높을수록 보온성과 복원력이 좋습니다. 울 70% 이상이면 따뜻하고, 나일론이 섞이면 내구성이 좋아집니다.',
  '세탁은 울 코스로':
    '니트는 세탁기의 울 코스로 뒤집어서 세탁하세요. 찬물과 중성세제를 쓰면 보풀과 수축이 크게 줄어듭니다.',
  '옷걸이 대신 개어서 보관':
    '니트는 옷걸이에 걸면 어깨가 늘어나므로 개어서 보관하세요. 서랍에 넣을 때는 방충제를 함께 두면 좋습니다.',
  '보풀 제거는 이렇게':
    '니트의 보풀은 손으로 뜯지 말고 보풀 제거기로 가볍게 밀어 제거하세요. 마찰이 많은 팔 안쪽부터 확인하면 됩니다.',
  '블랙 구두엔 블랙 벨트':
    '블랙 구두를 신는 날엔 블랙 벨트를 매세요. 구두와 벨트의 색만 맞춰도 정장 차림이 한결 정돈돼 보입니다.',
  '브라운 계열은 톤을 맞춰서':
    '브라운 구두에 브라운 벨트를 맬 때는 밝기와 톤을 맞추세요. 다크브라운 구두에는 다크브라운 벨트가 가장 자연스럽습니다.',
  '스니커즈를 신는 날의 벨트':
    '스니커즈를 신는 날엔 캐주얼 벨트나 스웨이드 벨트로 힘을 빼 보세요. 스니커즈의 색과 벨트의 톤을 맞추면 깔끔합니다.',
  '상의는 짧게, 하의는 길게':
    '상의는 골반을 덮지 않게 짧게, 하의는 밑단이 신발에 닿게 길게 입으면 다리가 길어 보입니다. 니트는 앞쪽만 살짝 넣어 입어도 좋아요.',
  '톤온톤으로 세로 라인 만들기':
    '상의와 하의를 비슷한 톤온톤으로 맞추면 끊김 없는 세로 라인이 생겨 키가 커 보입니다. 그레이 니트에 차콜 슬랙스가 좋은 예입니다.',
  '굽 있는 구두 활용하기':
    '굽 있는 더비 구두는 자연스럽게 키를 2~3cm 더해 줍니다. 바지 밑단이 구두 굽을 살짝 덮게 하면 티 나지 않아요.',
  '세미와이드가 정답인 이유':
    '허벅지가 두껍다면 세미와이드 바지가 정답입니다. 허벅지는 넉넉하고 밑단은 과하게 넓지 않아 슬림해 보이면서도 편안합니다.',
  '밑위 길이 확인하기':
    '허벅지가 두꺼운 체형은 밑위가 짧으면 앉을 때 불편합니다. 상세 페이지의 실측에서 밑위 길이를 꼭 확인하세요.',
  '스트레치 소재 고르기':
    '폴리우레탄이 섞인 스트레치 소재 바지는 허벅지가 두꺼워도 움직임이 편합니다. 소재 표기에서 폴리우레탄이나 스판덱스를 확인하세요.',
  '월·화: 셔츠와 슬랙스의 정석':
    '월요일과 화요일은 셔츠와 슬랙스의 정석으로 시작합니다. 화이트와 라이트블루 셔츠를 번갈아 입고 슬랙스는 차콜과 그레이로 바꿔 주세요.',
  '수·목: 니트와 자켓 레이어드':
    '수요일과 목요일엔 셔츠 위에 얇은 니트를 겹치고 자켓을 걸치는 레이어드로 아침저녁 기온차에 대비하세요.',
  '금: 가벼운 캐주얼':
    '금요일엔 가벼운 캐주얼로 치노 팬츠에 니트 폴로나 맨투맨을 매치해 보세요. 로퍼를 신으면 캐주얼해도 출근룩다운 단정함이 남습니다.',
  '셋업 수트로 깔끔하게':
    '하객룩의 가장 쉬운 답은 네이비나 차콜 셋업 수트입니다. 같은 원단의 재킷과 슬랙스로 깔끔하게 입으면 실패가 없어요.',
  '넥타이 없이도 단정하게':
    '요즘 결혼식은 넥타이 없이도 충분히 단정합니다. 셔츠 단추를 끝까지 채우거나 니트 타이로 가볍게 포인트를 주세요.',
  '구두는 로퍼로 부드럽게':
    '하객룩의 구두는 더비 대신 로퍼로 골라 부드러운 인상을 주세요. 브라운 스웨이드 로퍼는 네이비 수트와 특히 잘 어울립니다.',
  '워크 자켓과 데님':
    '아메카지의 기본은 워크 자켓과 데님의 조합입니다. 진청 데님에 카키나 브라운 워크 자켓을 걸치면 주말 나들이룩이 완성돼요.',
  '맨투맨 레이어드':
    '맨투맨 아래로 셔츠 칼라와 밑단을 살짝 보이게 레이어드하면 단조로운 맨투맨에 아메카지다운 깊이가 생깁니다.',
  '볼캡으로 마무리':
    '아메카지 코디는 워싱된 볼캡으로 마무리하세요. 자켓이나 데님과 같은 톤의 볼캡을 고르면 전체가 자연스럽게 묶입니다.',
  '폴로 셔츠는 기능성 소재로':
    '라운딩용 폴로 셔츠는 땀이 빨리 마르는 기능성 소재로 고르세요. 폴리에스터 소재는 땀을 흘려도 몸에 달라붙지 않습니다.',
  '팬츠는 스트레치로':
    '골프 팬츠는 스윙할 때 당기지 않도록 스트레치 소재를 고르세요. 허리 밴드 안쪽에 실리콘 처리가 된 팬츠는 셔츠가 빠지지 않습니다.',
  '아우터는 가볍게':
    '라운딩 아우터는 가볍게 접어 카트에 둘 수 있는 바람막이나 경량 베스트가 좋습니다. 이른 아침 티오프에는 꼭 챙기세요.',
  '화이트 셔츠의 힘':
    '첫 미팅에는 깨끗한 화이트 셔츠가 가장 큰 힘을 발휘합니다. 칼라와 소매가 구김 없이 다려져 있는지만 챙기세요.',
  '네이비와 그레이의 조합':
    '네이비 블레이저와 그레이 슬랙스의 조합은 신뢰감을 주는 미팅룩의 정석입니다. 두 컬러 모두 어떤 셔츠와도 어울립니다.',
  '구두는 깨끗하게':
    '미팅 전날 구두를 깨끗하게 닦아 두세요. 상대는 생각보다 구두를 자주 봅니다. 더비 구두라면 끈 색까지 확인하세요.',
  '숏 패딩은 블랙이나 네이비':
    '정장 위에 입을 숏 패딩은 블랙이나 네이비로 고르세요. 정장 색과 부딪히지 않아 출근길에도 자연스럽습니다.',
  '광택 없는 소재 고르기':
    '정장 위 패딩은 광택 없는 매트한 소재를 고르면 스포티한 느낌이 줄어듭니다. 겉감이 무광인 패딩이 코트처럼 단정해 보여요.',
  '머플러로 포인트':
    '패딩 출근룩에는 울이나 캐시미어 머플러로 포인트를 주세요. 카멜이나 차콜 머플러가 블랙 패딩에 특히 잘 어울립니다.',
  '셔츠와 넥타이로 포멀하게':
    '차콜 슬랙스에 화이트 셔츠와 넥타이를 매면 가장 포멀한 룩이 됩니다. 네이비나 버건디 넥타이가 차콜과 잘 맞아요.',
  '니트로 부드럽게':
    '차콜 슬랙스에 아이보리나 오트밀 니트를 매치하면 부드러운 인상이 됩니다. 니트는 앞쪽만 살짝 넣어 입어 보세요.',
  '맨투맨으로 캐주얼하게':
    '차콜 슬랙스에 그레이나 네이비 맨투맨을 입으면 편안한 캐주얼 출근룩이 됩니다. 스니커즈로 마무리하세요.',
  '네이비 니트와의 조합':
    '베이지 치노 팬츠와 네이비 니트의 조합은 언제 입어도 단정합니다. 대비가 분명해 사진에도 깔끔하게 나와요.',
  '화이트 셔츠로 산뜻하게':
    '베이지 치노에 화이트 셔츠를 입으면 봄가을에 산뜻한 룩이 됩니다. 소매를 한두 번 걷어 올려 가볍게 입어 보세요.',
  '브라운 로퍼로 마무리':
    '베이지 치노 코디는 브라운 로퍼로 마무리하면 톤이 자연스럽게 이어집니다. 양말은 네이비나 브라운이 좋아요.',
  '다시 돌아온 테일러링':
    '이번 시즌 테일러링이 다시 돌아왔습니다. 어깨가 자연스러운 블레이저와 넉넉한 코트가 출근룩의 중심이 됩니다.',
  '브라운의 귀환':
    '블랙과 그레이 일색이던 남성복에 브라운이 귀환했습니다. 브라운 니트나 코트 하나로 이번 시즌 분위기를 낼 수 있어요.',
  '기능성과 포멀의 만남':
    '발수 코트, 스트레치 블레이저처럼 기능성과 포멀이 만나는 아이템이 늘었습니다. 출퇴근길 날씨 걱정을 덜어 줍니다.',
  '싱글과 더블, 무엇을 고를까':
    '처음 사는 트렌치코트라면 싱글을 고르세요. 더블은 클래식한 멋이 있지만 앞을 열어 입을 때 싱글이 더 가볍게 떨어집니다.',
  '벨트 묶는 법':
    '트렌치코트 벨트는 앞에서 묶기보다 뒤로 돌려 묶거나 버클 없이 가볍게 매듭지으면 자연스럽습니다.',
  '트렌치코트 컬러 선택':
    '트렌치코트 컬러는 베이지가 정석이고, 두 번째라면 네이비나 블랙을 고르세요. 베이지는 정장과 데님 모두에 어울립니다.',
  '바람막이를 자켓처럼':
    '무채색 바람막이는 셔츠 위에 자켓처럼 걸쳐도 출근룩이 됩니다. 로고가 작고 광택이 적은 바람막이를 고르세요.',
  '기능성 백팩 고르기':
    '출근용 기능성 백팩은 노트북 칸과 발수 원단을 확인하세요. 블랙 나일론 백팩은 슬랙스와도 어색하지 않습니다.',
  '슬랙스와의 균형':
    '고프코어 아이템을 입는 날엔 하의는 슬랙스로 균형을 잡으세요. 베스트나 바람막이의 캐주얼함을 슬랙스가 눌러 줍니다.',
  '브라운 니트로 시작하기':
    '어스 톤이 낯설다면 브라운 니트로 시작하세요. 네이비나 차콜 팬츠와 매치하면 부담 없이 시즌 컬러를 입을 수 있습니다.',
  '올리브 팬츠 매치법':
    '올리브 팬츠에는 아이보리나 베이지 니트를 매치하세요. 올리브는 브라운 구두와도 잘 어울려 톤을 맞추기 쉽습니다.',
  '톤온톤 레이어드':
    '브라운 니트에 베이지 팬츠, 카멜 코트처럼 같은 계열을 톤온톤 레이어드하면 따뜻하고 세련된 분위기가 납니다.',
  '가죽을 고르는 일':
    '북촌레더 공방의 하루는 가죽을 고르는 일로 시작합니다. 흠집과 주름을 손끝으로 확인해 좋은 부위만 지갑과 벨트에 씁니다.',
  '손바느질의 이유':
    '공방은 지금도 손바느질을 고집합니다. 두 개의 바늘로 꿰매는 새들 스티치는 한 땀이 끊어져도 풀리지 않기 때문입니다.',
  '오래 쓰는 가죽 관리법':
    '가죽 소품은 한 달에 한 번 마른 천으로 닦고 가죽 크림을 얇게 발라 주세요. 비에 젖었다면 그늘에서 천천히 말립니다.',
  '어깨가 전부다':
    '어반테일러의 테일러는 수트의 어깨가 전부라고 말합니다. 어깨가 맞지 않는 재킷은 수선으로도 바로잡기 어렵습니다.',
  '원단 이야기':
    '좋은 수트 원단은 구김이 생겨도 걸어 두면 회복됩니다. 울 원단의 복원력이 좋은 수트를 만드는 바탕입니다.',
  '수선으로 완성하는 핏':
    '기성 수트도 소매와 바지 기장 수선으로 핏이 완성됩니다. 소매는 셔츠가 1cm 보이게, 바지는 구두 등에 살짝 닿게 맞추세요.',
  '캐시미어 등급 이해하기':
    '캐시미어는 섬유가 가늘고 길수록 높은 등급으로 칩니다. 같은 캐시미어라도 등급에 따라 촉감과 보풀이 크게 다릅니다.',
  '블렌드 원단의 장점':
    '울과 캐시미어를 섞은 블렌드 원단은 캐시미어의 부드러움에 울의 내구성을 더합니다. 매일 입는 니트라면 블렌드가 실용적이에요.',
  '보관과 세탁':
    '캐시미어는 입은 뒤 하루 쉬게 하고, 세탁은 드라이클리닝이나 울 전용 세제 손세탁으로 하세요. 보관은 개어서 합니다.',
  '내 옷 실측 재는 법':
    '가장 잘 맞는 내 옷을 평평하게 눕히고 가슴단면과 총장을 재세요. 그 실측을 상세 페이지의 사이즈표와 비교하면 됩니다.',
  '단면과 둘레의 차이':
    '가슴단면은 옷을 눕혀 잰 한쪽 너비이고, 둘레는 그 두 배입니다. 사이즈표가 단면인지 둘레인지 먼저 확인하세요.',
  '리뷰의 키와 몸무게 참고하기':
    '리뷰에 적힌 키와 몸무게가 나와 비슷한 고객이 어떤 사이즈를 골랐는지 참고하세요. 사이즈 후기의 작아요, 커요도 함께 보세요.',
  '호칭 사이즈의 의미':
    '셔츠의 호칭 사이즈 95, 100, 105는 가슴둘레를 기준으로 한 표기입니다. 보통 100이 L, 105가 XL에 해당합니다.',
  '목둘레와 소매길이':
    '드레스 셔츠는 목둘레와 소매길이가 맞아야 합니다. 단추를 채웠을 때 손가락 하나가 들어가는 목둘레가 적당합니다.',
  '브랜드마다 다른 이유':
    '같은 100 사이즈라도 브랜드마다 실측이 다른 이유는 기준 체형과 핏이 다르기 때문입니다. 꼭 실측을 비교하세요.',
  '발길이 재는 법':
    '종이 위에 뒤꿈치를 벽에 붙이고 서서 가장 긴 발가락 끝까지 발길이를 재세요. 양발 중 긴 쪽을 기준으로 합니다.',
  '발볼 넓은 분들을 위한 팁':
    '발볼이 넓다면 구두는 반 치수 크게보다 발볼이 넓은 라스트를 고르세요. 리뷰에서 발볼 이야기를 찾아보면 도움이 됩니다.',
  '저녁에 재야 하는 이유':
    '발은 오후가 되면 붓기 때문에 저녁에 재는 것이 정확합니다. 저녁에 잰 사이즈로 고르면 하루 종일 편합니다.',
  '실패 없는 넥타이':
    '선물용 넥타이는 네이비나 버건디 솔리드가 실패가 없습니다. 폭 7~8cm의 넥타이가 대부분의 셔츠와 어울립니다.',
  '매일 쓰는 지갑과 벨트':
    '지갑과 벨트는 매일 쓰는 만큼 좋은 가죽을 고르세요. 지갑과 벨트 모두 블랙이나 다크브라운이면 어떤 옷에도 어울립니다.',
  '겨울엔 머플러':
    '겨울 선물로는 캐시미어나 울 머플러가 좋습니다. 차콜이나 카멜 머플러는 어떤 코트에도 잘 어울려요.',
  '노트북 사이즈 확인하기':
    '출근 가방을 고를 땐 먼저 노트북 사이즈를 확인하세요. 15인치 노트북이라면 가방 내경 가로가 38cm 이상이어야 합니다.',
  '서류가방의 격식':
    '서류가방은 정장 차림에 격식을 더합니다. 가죽 서류가방은 손에 들어도, 어깨끈으로 메도 단정합니다.',
  '백팩의 편안함':
    '출퇴근길이 길다면 백팩의 편안함을 따라올 가방이 없습니다. 양어깨에 무게가 나뉘어 노트북을 넣어도 가볍습니다.',
  '세일 기간':
    '지난 가을 정기 세일 기간은 모두 끝났습니다. 세일 기간에 주문하신 상품은 순서대로 발송을 마쳤습니다.',
  '참여 브랜드':
    '이번 세일에는 아우터와 니트를 중심으로 여러 참여 브랜드가 함께했습니다. 참여해 주신 브랜드에 감사드립니다.',
  '쿠폰 사용 안내':
    '세일 기간에 받은 쿠폰은 쿠폰함에 적힌 유효기간까지 사용하실 수 있습니다. 기간이 지난 쿠폰은 자동으로 사라집니다.',
  '기획전 소개':
    '여름 린넨 셔츠 기획전은 통기성 좋은 린넨 셔츠를 모아 소개한 기획전이었습니다. 기획전은 종료되었습니다.',
  '인기 상품':
    '기획전 기간 가장 사랑받은 인기 상품은 화이트와 스카이블루 린넨 셔츠였습니다. 일부 상품은 아직 구매하실 수 있습니다.',
  '다음 기획전 예고':
    '다음 기획전은 가을 아우터를 주제로 준비하고 있습니다. 알림을 켜 두시면 기획전이 열릴 때 가장 먼저 알려 드릴게요.',
};
