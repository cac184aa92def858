/**
 * Vocabulary of the demo shop: a Korean men's fashion store for office workers in their 30s–50s.
 * Every brand name here is made up. The seed generator (./index.ts) combines these lists with a
 * seeded PRNG, so nothing here is random by itself. The lists themselves are data files
 * (./data/*.json: measurement sets, categories, brands, people, reviews, posts, quizzes); this
 * module gives them their types and keeps what is code (patterns, the outfit styles' RegExps,
 * size and slug helpers).
 */
import { type ColorKey, NEUTRAL_COLOR_KEYS, type ProductType, type StyleTag } from '@codiroom/shared';
import brandsJson from './data/brands.json' with { type: 'json' };
import categoriesJson from './data/categories.json' with { type: 'json' };
import measurementSetsJson from './data/measurement-sets.json' with { type: 'json' };
import peopleJson from './data/people.json' with { type: 'json' };
import postsJson from './data/posts.json' with { type: 'json' };
import quizzesJson from './data/quizzes.json' with { type: 'json' };
import reviewsJson from './data/reviews.json' with { type: 'json' };

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
export const MEASUREMENT_SETS: MeasurementSetDef[] =
  measurementSetsJson.MEASUREMENT_SETS as MeasurementSetDef[];

export function variantOf(set: BaseMeasurementSet): MeasurementSetCode {
  return `${set}2`;
}

// ───────────────────────────── colours ─────────────────────────────

/** The shop's colours and the neutral ones: one definition, packages/shared/src/vocabulary.ts. */
export { COLORS, type ColorDef, type ColorKey } from '@codiroom/shared';
/** The neutral colours' keys: codi sets pair a colourful piece with these. */
export const NEUTRAL_COLORS: readonly ColorKey[] = NEUTRAL_COLOR_KEYS;

// ───────────────────────────── size runs ─────────────────────────────

export type SizeRunKey = 'ALPHA' | 'KR_TOP' | 'WAIST' | 'SHOES' | 'FREE';

/** Alternative runs per kind; a product takes one of them for all its colourways. */
export const SIZE_RUNS: Record<SizeRunKey, readonly (readonly string[])[]> =
  measurementSetsJson.SIZE_RUNS as Record<SizeRunKey, readonly (readonly string[])[]>;

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
export const PARENT_CATEGORIES: ParentCategoryDef[] = categoriesJson.PARENT_CATEGORIES as ParentCategoryDef[];

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

/**
 * Leaf categories: SPEC.md §2 shop tabs (outer, top, bottom, shoes, bag, accessories, sports)
 * and the sports sub-categories (top, bottom, outer, shoes, bag, hat, accessory).
 */
export const CATEGORIES: CategoryDef[] = checkedCategories(
  categoriesJson.CATEGORIES as unknown as CategoryDef[],
);

/** JSON has no tuples: the [low, high] pairs are checked as the file is read. */
function checkedCategories(list: CategoryDef[]): CategoryDef[] {
  for (const c of list) {
    if (c.price.length !== 2 || c.price[0] > c.price[1])
      throw new Error(`data/categories.json: ${c.code} price`);
  }
  return list;
}

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
export const BRANDS: BrandDef[] = brandsJson.BRANDS as BrandDef[];

export function brandSlug(nameEn: string): string {
  return nameEn
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ───────────────────────────── people ─────────────────────────────

export const SURNAMES = peopleJson.SURNAMES;
export const SURNAME_WEIGHTS = peopleJson.SURNAME_WEIGHTS;
/** Given names common for men born 1970–1995. */
export const GIVEN_NAMES = peopleJson.GIVEN_NAMES;

export const CURATORS = peopleJson.CURATORS;
export const EDITORS = peopleJson.EDITORS;

// ───────────────────────────── reviews ─────────────────────────────

/** Praise any product can get (4–5 stars). */
export const REVIEW_GENERAL_GOOD = reviewsJson.REVIEW_GENERAL_GOOD;
/** A middling verdict (3 stars). */
export const REVIEW_GENERAL_MEH = reviewsJson.REVIEW_GENERAL_MEH;
/** A poor verdict (1–2 stars): no praise. */
export const REVIEW_GENERAL_BAD = reviewsJson.REVIEW_GENERAL_BAD;
/** What a reviewer says of the material, by kind of product. */
export const REVIEW_MATERIAL: Record<'garment' | 'shoes' | 'bag' | 'accessories', readonly string[]> =
  reviewsJson.REVIEW_MATERIAL as Record<'garment' | 'shoes' | 'bag' | 'accessories', readonly string[]>;
/** What a reviewer says of the size, by the size feel and the kind of product. */
export const REVIEW_SIZE: Record<
  'SMALL' | 'FIT' | 'LARGE',
  Record<'upper' | 'bottom' | 'shoes', readonly string[]>
> = reviewsJson.REVIEW_SIZE as Record<
  'SMALL' | 'FIT' | 'LARGE',
  Record<'upper' | 'bottom' | 'shoes', readonly string[]>
>;
/** Praise of what the product is for, by main category (sports goods by their kind). */
export const REVIEW_BY_MAIN: Record<MainCategory, readonly string[]> = reviewsJson.REVIEW_BY_MAIN as Record<
  MainCategory,
  readonly string[]
>;

// ───────────────────────────── editorial content ─────────────────────────────

export { STYLES, type StyleDef, type StyleNeed } from './outfit-styles.ts';

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

export const POSTS: PostDef[] = postsJson.POSTS as PostDef[];

/** Post openings by kind of post; {k} is the keyword, {k:을} the keyword with its object particle. */
export const POST_INTROS: Record<'guide' | 'story' | 'event', readonly string[]> =
  postsJson.POST_INTROS as Record<'guide' | 'story' | 'event', readonly string[]>;
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

export const SEARCH_KEYWORDS_EXTRA = quizzesJson.SEARCH_KEYWORDS_EXTRA;

export interface QuizDef {
  question: string;
  options: readonly string[];
  answer: number;
}

export const DAILY_QUIZZES: QuizDef[] = quizzesJson.DAILY_QUIZZES as QuizDef[];

/**
 * Daily style questions: no right answer, each option names a style (STYLE_TAGS); the member's
 * choices feed the style profile the curation engine reads. They alternate with DAILY_QUIZZES.
 */
export interface StyleQuestionDef {
  question: string;
  options: readonly { label: string; style: StyleTag }[];
}

export const DAILY_STYLE_QUESTIONS: StyleQuestionDef[] =
  quizzesJson.DAILY_STYLE_QUESTIONS as StyleQuestionDef[];

export const MISSIONS = quizzesJson.MISSIONS;

/** The paragraph under each magazine heading (POSTS sections): written for that heading. */
export const POST_SECTION_TEXT: Record<string, string> = postsJson.POST_SECTION_TEXT as Record<
  string,
  string
>;
