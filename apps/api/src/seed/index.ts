/**
 * Deterministic demo data for Codiroom: brands, a catalogue of `products` product displays with
 * items, size sheets, reviews and likes, and the editorial and benefit content around them.
 *
 * - Deterministic: every value derives from a seeded PRNG (./random.ts), keyed on the product count
 *   and `catalogueDate` (default `now`), and the injected `now`;
 *   every timestamp column is written explicitly (no now() / random uuid defaults), so seeding two
 *   fresh databases with the same options gives identical rows and ids.
 * - Fast: rows are built as plain objects and written with multi-row INSERTs in chunks that stay
 *   under the bind-parameter limit (PostgreSQL: 65,535; PGlite 0.3: 32,767, see MAX_PARAMS), all
 *   inside one transaction (a failed seed leaves nothing behind). The catalogue is generated and
 *   written in batches so memory stays flat for 100k products.
 * - Expects a freshly migrated, empty database.
 */
import {
  FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
  FIRST_PURCHASE_COUPON_RATE_PERCENT,
  FIXED_CODI_COUPON_IDS,
  kstDate,
  kstDateString,
  kstParts,
  OFFICE_WEAR_KEYWORD,
  PROMOTION_IDS,
  SLACKS_EVENT_PRICES,
  SLACKS_EVENT_RATE_PERCENT,
  SPECIAL_PROMOTION_ID,
  TERMS_VERSION,
  withJosa,
} from '@codiroom/shared';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { rebuildSearchIndex } from '../domains/search/index.ts';
import {
  benefitWords,
  CODI_OCCASIONS,
  type CodiSlot,
  DELICATE_RE,
  discountRate,
  kstTimeLabel,
  pickComposition,
  pickSeason,
  seasonsClash,
  withEul,
  withWa,
} from './copy.ts';
import {
  BRANDS,
  type BrandDef,
  brandSlug,
  CATEGORIES,
  type CategoryDef,
  COLORS,
  type ColorKey,
  CURATORS,
  DAILY_QUIZZES,
  DAILY_STYLE_QUESTIONS,
  EDITORS,
  GIVEN_NAMES,
  MEASUREMENT_SETS,
  MISSIONS,
  NEUTRAL_COLORS,
  PARENT_CATEGORIES,
  POST_INTROS,
  POST_SECTION_TEXT,
  POST_TIPS,
  POSTS,
  REVIEW_BY_MAIN,
  REVIEW_GENERAL_BAD,
  REVIEW_GENERAL_GOOD,
  REVIEW_GENERAL_MEH,
  REVIEW_MATERIAL,
  REVIEW_SIZE,
  SEARCH_KEYWORDS_EXTRA,
  SIZE_RUNS,
  STYLES,
  type StyleDef,
  type StyleNeed,
  SURNAME_WEIGHTS,
  SURNAMES,
  sizeGrade,
  variantOf,
} from './data.ts';
import { fitOffset, measureProduct, type SizeMeasurement } from './measurements.ts';
import { Rng } from './random.ts';
import { pickFromSheet, type SizeTruth, sizeTruth, trueFeel } from './size-truth.ts';

export const SEED_VERSION = 1;
/** Default clock of the seed: 2026-11-01 00:00 KST. */
export const DEFAULT_SEED_NOW = new Date('2026-11-01T00:00:00+09:00');
export const DEFAULT_SEED_PRODUCTS = 2000;
/** The well-known account for manual testing (password_hash is left null on purpose). */
export const DEMO_ACCOUNT = { phone: '01012345678', name: '김코디' } as const;

export interface SeedOptions {
  /** Number of product displays (colourways) to create. Default 2000. */
  products?: number;
  /** The seed's clock: every timestamp is derived from it. Default DEFAULT_SEED_NOW. */
  now?: Date;
  /**
   * What the catalogue's random draws are keyed on (default `now`): start-up seeding fixes it, so a
   * server seeded on any day has the same products as the CLI's default seed, only fresher dates.
   */
  catalogueDate?: Date;
  /** Called after every batch with cumulative units done out of a fixed total. */
  onProgress?: (done: number, total: number, stage: string) => void;
}

export const SEED_TABLES = [
  'size_measurement_sets',
  'categories',
  'brands',
  'users',
  'products',
  'product_displays',
  'product_items',
  'size_measurements',
  'reviews',
  'review_photos',
  'size_reviews',
  'likes',
  'styles',
  'codi_sets',
  'codi_items',
  'coupon_policies',
  'themes',
  'theme_products',
  'promotions',
  'promotion_products',
  'time_sales',
  'time_sale_items',
  'posts',
  'post_products',
  'banners',
  'search_keywords',
  'missions',
  'daily_quizzes',
  'app_meta',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];
/** Rows inserted per table. */
export type SeedSummary = Record<SeedTable, number>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * PostgreSQL allows 65,535 bind parameters per statement, but PGlite 0.3 writes the count as a
 * signed 16-bit integer: 32,768 parameters fail ("Invalid array length") and larger counts wrap.
 * Stay below 32,767.
 */
const MAX_PARAMS = 30_000;
const MAX_ROWS_PER_INSERT = 4_000;
/** Product displays generated and written per catalogue batch. */
const CATALOGUE_BATCH = 2_000;

// ───────────────────────────── small helpers ─────────────────────────────

function get<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range (${items.length})`);
  return v;
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 4 }, () => rng.nextUint32().toString(16).padStart(8, '0')).join('');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Row = Record<string, unknown>;
type TableWithId = PgTable & { id: PgColumn };

class Writer {
  readonly counts = Object.fromEntries(SEED_TABLES.map((k) => [k, 0])) as SeedSummary;
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private chunkSize(rows: readonly Row[]): number {
    let cols = 1;
    for (const r of rows) {
      const n = Object.keys(r).length;
      if (n > cols) cols = n;
    }
    return Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / cols)));
  }

  async insert(name: SeedTable, table: PgTable, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const size = this.chunkSize(rows);
    for (let i = 0; i < rows.length; i += size) {
      await this.db.insert(table).values(rows.slice(i, i + size) as never);
    }
    this.counts[name] += rows.length;
  }

  /** Inserts and returns the generated ids in the order of `rows`. */
  async insertIds(name: SeedTable, table: TableWithId, rows: readonly Row[]): Promise<number[]> {
    const ids: number[] = [];
    if (rows.length === 0) return ids;
    const size = this.chunkSize(rows);
    for (let i = 0; i < rows.length; i += size) {
      const res = await this.db
        .insert(table)
        .values(rows.slice(i, i + size) as never)
        .returning({ id: table.id });
      for (const r of res) ids.push(r.id as number);
    }
    if (ids.length !== rows.length)
      throw new Error(`${name}: expected ${rows.length} ids, got ${ids.length}`);
    this.counts[name] += rows.length;
    return ids;
  }
}

class Progress {
  private done = 0;
  readonly total: number;
  private readonly cb: SeedOptions['onProgress'];
  constructor(total: number, cb: SeedOptions['onProgress']) {
    this.total = total;
    this.cb = cb;
  }
  step(units: number, stage: string): void {
    this.done = Math.min(this.total, this.done + units);
    this.cb?.(this.done, this.total, stage);
  }
}

// ───────────────────────────── generated entities ─────────────────────────────

interface UserRef {
  id: number;
  height: number;
  weight: number;
}

interface DisplayRef {
  id: number;
  productId: number;
  cat: CategoryDef;
  brandIdx: number;
  colorKey: ColorKey;
  baseItem: string;
  name: string;
  season: string;
  price: number;
  priceDiscount: number;
  popularity: number;
  imageUrl: string;
  tags: readonly string[];
}

interface ReviewPlan {
  userIdx: number;
  rating: number;
  content: string;
  sizeIdx: number;
  sizeFeel: 'SMALL' | 'FIT' | 'LARGE' | null;
  lengthFeel: 'SMALL' | 'FIT' | 'LARGE';
  isQuick: boolean;
  photos: number;
  helpful: number;
  sizeReview: boolean;
  createdAt: Date;
}

interface DisplayPlan {
  colorKey: ColorKey;
  createdAt: Date;
  isFast: boolean;
  forceToday: boolean;
  stocks: number[];
  reviews: ReviewPlan[];
  likeUsers: number[];
  likeTimes: Date[];
  viewCount: number;
  salesCount: number;
  popularity: number;
}

interface ProductPlan {
  serial: number;
  cat: CategoryDef;
  brandIdx: number;
  name: string;
  baseItem: string;
  sizes: readonly string[];
  silhouette: number;
  price: number;
  priceDiscount: number;
  createdAt: Date;
  material: string;
  fit: string | null;
  season: string;
  tags: string[];
  description: string;
  measurements: SizeMeasurement[];
  displays: DisplayPlan[];
}

/** Fabric words: a base item that already names its fabric gets no second material in its name. */
const FABRIC_WORDS = [
  '린넨',
  '데님',
  '플란넬',
  '코듀로이',
  '옥스포드',
  '캐시미어',
  '스웨이드',
  '레더',
  '가죽',
  '캔버스',
  '나일론',
  '실크',
  '피케',
  '니트',
  '울',
  '구스다운',
  '덕다운',
  '다운 점퍼',
  '다운 베스트',
  '플리스',
  '치노',
  '메탈',
  '뿔테',
  '티타늄',
];
const FABRIC_RE =
  /린넨|데님|코듀로이|캐시미어|스웨이드|레더|가죽|캔버스|나일론|실크|울|코튼|텐셀|알파카|램스|메리노|트윌|헤링본|멜톤|트로피컬|개버딘|카프|소가죽|구스다운|덕다운|웰론|아세테이트|티타늄|테리|피케|실켓|수피마|플리스/;

/** How many demo users a catalogue gets: products / 7, at least 60, at most 20,000. */
export function demoUserCount(products: number): number {
  return clamp(Math.round(products / 7), 60, 20_000);
}

/** Average reviews per display: 3, thinning out for very large catalogues (≥ 0.5 always). */
function averageReviews(products: number): number {
  if (products <= 20_000) return 3;
  if (products <= 50_000) return 2.5;
  return 2;
}

/** What a product is for, by category (descriptions), else by main category. */
const USE_BY_MAIN: Record<CategoryDef['main'], readonly string[]> = {
  outer: ['가볍게 걸치기 좋은 아우터입니다.', '활용도 높은 아우터입니다.'],
  top: ['단독으로도, 레이어드로도 좋습니다.', '매일 손이 가는 기본 상의입니다.'],
  bottom: ['상의를 가리지 않고 두루 어울리는 팬츠입니다.', '편안하게 입는 기본 팬츠입니다.'],
  shoes: ['하루 종일 신어도 편안하도록 쿠션 인솔을 더했습니다.', '어디에나 어울리는 기본 디자인입니다.'],
  bag: ['필요한 소지품을 깔끔하게 정리해 줍니다.', '가볍게 들기 좋은 가방입니다.'],
  accessories: ['선물용 박스에 담아 보내드립니다.', '작은 디테일로 전체 룩의 완성도를 높여 줍니다.'],
  sports: ['운동할 때 움직임이 편하도록 만들었습니다.', '주말 운동에 가볍게 쓰기 좋습니다.'],
};
const USE_BY_CATEGORY: Record<string, readonly string[]> = {
  outer_coat: ['정장과 니트 위에 두루 어울리는 코트입니다.', '출근길 정장 위에 걸치기 좋은 코트입니다.'],
  outer_blazer: [
    '셔츠와 슬랙스에 걸치면 단정한 출근룩이 됩니다.',
    '정장과 캐주얼 어디에나 어울리는 재킷입니다.',
  ],
  outer_padding: [
    '한겨울 출퇴근길을 따뜻하게 지켜 줍니다.',
    '두툼한 니트 위에도 여유 있게 걸칠 수 있습니다.',
  ],
  outer_jacket: [
    '티셔츠와 데님 위에 가볍게 걸치기 좋은 자켓입니다.',
    '주말 캐주얼에 잘 어울리는 자켓입니다.',
  ],
  outer_cardigan: ['셔츠나 티셔츠 위에 가볍게 걸치기 좋습니다.', '사무실 냉난방에 맞춰 입고 벗기 좋습니다.'],
  outer_trench: [
    '간절기 출근길 셔츠 위에 걸치기 좋은 트렌치코트입니다.',
    '정장과 캐주얼 어디에나 어울리는 트렌치코트입니다.',
  ],
  outer_vest: ['셔츠나 니트 위에 겹쳐 입기 좋은 베스트입니다.', '아우터 안에 받쳐 입어 보온을 더합니다.'],
  top_shirt: ['단독으로도, 재킷 안에 받쳐 입기에도 좋습니다.', '넥타이를 매도, 풀어도 단정한 셔츠입니다.'],
  top_tshirt: ['더운 날 단독으로 입기 좋은 티셔츠입니다.', '셔츠 안에 받쳐 입기 좋은 이너로도 좋습니다.'],
  top_longsleeve: ['단독으로도, 셔츠 안에 받쳐 입기에도 좋습니다.', '매일 손이 가는 기본 상의입니다.'],
  top_knit: ['셔츠 위에 겹쳐 입기 좋은 니트입니다.', '단독으로도, 재킷 안에 받쳐 입기에도 좋습니다.'],
  top_sweatshirt: ['데님이나 조거 팬츠와 편하게 입기 좋습니다.', '주말 캐주얼에 매일 손이 가는 상의입니다.'],
  top_hoodie: ['주말에 편하게 입기 좋은 후드입니다.', '가벼운 아우터 안에 겹쳐 입기 좋습니다.'],
  top_polo: ['재킷 안에도, 단독으로도 단정한 카라 티셔츠입니다.', '금요일 캐주얼에 잘 어울리는 상의입니다.'],
  bottom_slacks: [
    '셔츠와 니트, 티셔츠까지 두루 어울리는 팬츠입니다.',
    '앉았다 일어나도 편안한 출근용 팬츠입니다.',
  ],
  bottom_chino: ['셔츠와 니트에 두루 어울리는 팬츠입니다.', '출근룩과 주말룩에 모두 어울리는 팬츠입니다.'],
  bottom_denim: ['티셔츠와 셔츠에 두루 어울리는 데님입니다.', '주말 캐주얼에 매일 손이 가는 데님입니다.'],
  bottom_jogger: ['허리 밴딩으로 편하게 입는 팬츠입니다.', '주말 나들이와 가벼운 운동에 좋습니다.'],
  bottom_shorts: ['더운 날 가볍게 입기 좋은 반바지입니다.', '여름 휴가와 주말 나들이에 좋습니다.'],
  bag_briefcase: [
    '15인치 노트북과 서류를 함께 수납할 수 있습니다.',
    '출퇴근길 서류를 깔끔하게 정리해 줍니다.',
  ],
  bag_backpack: ['15인치 노트북을 넣을 수 있는 수납공간이 있습니다.', '출퇴근길 양손을 자유롭게 해 줍니다.'],
  bag_tote: ['노트북과 소지품을 넉넉하게 담을 수 있습니다.', '가볍게 어깨에 메기 좋은 가방입니다.'],
  bag_crossbody: ['지갑과 휴대폰만 가볍게 챙기기 좋습니다.', '주말 나들이에 가볍게 메기 좋은 가방입니다.'],
  acc_eyewear: ['가벼워서 하루 종일 써도 편안합니다.', '얼굴형을 가리지 않는 기본 디자인입니다.'],
  acc_socks: ['하루 종일 신어도 발이 편안합니다.', '정장과 캐주얼에 두루 어울리는 기본 양말입니다.'],
  sports_top: ['땀이 빠르게 마르는 기능성 상의입니다.', '라운딩과 러닝에 모두 좋습니다.'],
  sports_bottom: ['신축성이 좋아 스윙과 러닝이 편합니다.', '땀이 빠르게 마르는 기능성 팬츠입니다.'],
  sports_outer: ['바람과 가벼운 비를 막아 줍니다.', '라운딩과 러닝에 가볍게 걸치기 좋습니다.'],
  sports_shoes: ['쿠셔닝이 좋아 오래 걸어도 편안합니다.', '가벼워서 러닝과 워킹에 모두 좋습니다.'],
  sports_bag: ['운동복과 신발을 나눠 담을 수 있습니다.', '가볍게 들고 다니기 좋은 운동 가방입니다.'],
  sports_hat: ['햇볕을 가려 주는 가벼운 모자입니다.', '라운딩과 러닝에 모두 좋습니다.'],
  sports_accessory: ['운동할 때 챙기기 좋은 용품입니다.', '가볍게 챙겨 다니기 좋습니다.'],
};

/** Reviews of sports goods speak of them as shoes, bags or accessories when they are. */
function reviewKind(cat: CategoryDef): CategoryDef['main'] {
  if (cat.main !== 'sports') return cat.main;
  if (cat.product_type === 'SHOES') return 'shoes';
  if (cat.product_type === 'BAG') return 'bag';
  if (cat.product_type === 'ETC') return 'accessories';
  return 'sports';
}
function materialKind(kind: CategoryDef['main']): keyof typeof REVIEW_MATERIAL {
  if (kind === 'shoes' || kind === 'bag' || kind === 'accessories') return kind;
  return 'garment';
}
function sizeWordsKind(cat: CategoryDef): 'upper' | 'bottom' | 'shoes' {
  if (cat.product_type === 'SHOES') return 'shoes';
  return cat.product_type === 'BOTTOM' ? 'bottom' : 'upper';
}
/** A second remark of a 1–2 star review: more complaint, never praise. */
const REVIEW_GENERAL_MEH_LOW = [
  '배송도 생각보다 늦었어요.',
  '마감도 조금 아쉬워요.',
  '다음에는 다른 제품을 살 것 같아요.',
] as const;

/** A coupon row's name with its "{v}" replaced by what it gives ("5,000원", "7%"). */
function nameWithBenefit(r: Row): string {
  return String(r.name).replace(
    '{v}',
    benefitWords(r.discount_kind as 'FIXED' | 'PERCENT', Number(r.discount_value)),
  );
}

/** Fills a campaign's copy from its facts: {max} best rate of its items, {days}, {coupon}, {brands}, {until}. */
function fillCopy(text: string, facts: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = facts[k];
    if (v === undefined) throw new Error(`seed: no fact {${k}} for "${text}"`);
    return String(v);
  });
}

/**
 * A product's name: [fit] [material] base item, without a fit or a fabric the base item already
 * says and without two fabrics ("린넨 데님 셔츠").
 */
export function productName(baseItem: string, fit: string | null, material: string | null): string {
  const parts: string[] = [];
  if (fit && !baseItem.includes(fit.replace(/핏$/, ''))) parts.push(fit);
  if (material) {
    const head = material.split(' ')[0] ?? material;
    const twoFabrics = FABRIC_WORDS.some((w) => baseItem.includes(w)) && FABRIC_RE.test(material);
    if (!baseItem.includes(head) && !twoFabrics && !parts.some((p) => p.includes(head))) parts.push(material);
  }
  parts.push(baseItem);
  return parts.join(' ');
}

// ───────────────────────────── the seed ─────────────────────────────

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const productCount = opts.products ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isSafeInteger(productCount) || productCount < 1) {
    throw new RangeError(`products must be a positive integer, got ${productCount}`);
  }
  const now = new Date(opts.now ?? DEFAULT_SEED_NOW);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(t.products);
  if (existing && Number(existing.n) > 0) {
    throw new Error('seed: the database already has products; seed a freshly migrated, empty database');
  }

  const userCount = demoUserCount(productCount);
  const smallStages = 12;
  const progress = new Progress(3 + userCount + productCount + smallStages, opts.onProgress);

  return db.transaction(async (tx) => {
    const catalogueDate = new Date(opts.catalogueDate ?? now);
    const ctx = new SeedContext(tx as unknown as Db, productCount, userCount, now, catalogueDate, progress);
    await ctx.run();
    return ctx.w.counts;
  });
}

class SeedContext {
  readonly w: Writer;
  private readonly root: Rng;
  private readonly nowMs: number;
  private categoryIds = new Map<string, number>();
  private brandIds: number[] = [];
  private users: UserRef[] = [];
  /** Demo users without the well-known account (reviews and likes come from these). */
  private reviewers: UserRef[] = [];
  private displays: DisplayRef[] = [];
  private couponIds = new Map<string, number>();
  /** The coupon rows by key, for the copy that names their benefit. */
  private couponRows = new Map<string, Row>();
  /** SPEC.md §9 slacks event: the first slacks products, priced so the 50% event coupon gives SLACKS_EVENT_PRICES. */
  private slacksEventPlans = new Set<ProductPlan>();
  /** Their displays (every colourway), the event coupon's PRODUCT_DISPLAY scope. */
  private slacksEventDisplayIds: number[] = [];
  private styleIds: number[] = [];

  private readonly db: Db;
  private readonly productCount: number;
  private readonly userCount: number;
  private readonly now: Date;
  private readonly progress: Progress;

  constructor(
    db: Db,
    productCount: number,
    userCount: number,
    now: Date,
    catalogueDate: Date,
    progress: Progress,
  ) {
    this.db = db;
    this.productCount = productCount;
    this.userCount = userCount;
    this.now = now;
    this.progress = progress;
    this.w = new Writer(db);
    this.root = new Rng(`codiroom-seed-v${SEED_VERSION}:${productCount}:${catalogueDate.toISOString()}`);
    this.nowMs = now.getTime();
  }

  private ago(days: number): Date {
    return new Date(this.nowMs - days * DAY);
  }

  async run(): Promise<void> {
    await this.reference();
    await this.seedUsers();
    await this.catalogue();
    await this.stylesAndCodis();
    await this.coupons();
    await this.themes();
    await this.promotions();
    await this.timeSales();
    await this.posts();
    await this.banners();
    await this.keywordsMissionsQuizzes();
    await this.finish();
  }

  // ── measurement sets, categories, brands ──
  private async reference(): Promise<void> {
    await this.w.insert(
      'size_measurement_sets',
      t.sizeMeasurementSets,
      MEASUREMENT_SETS.map((m) => ({ ...m })),
    );
    this.progress.step(1, 'size_measurement_sets');

    const parentIds = await this.w.insertIds(
      'categories',
      t.categories,
      PARENT_CATEGORIES.map((p, i) => ({
        code: p.code,
        name: p.name,
        parent_id: null,
        main: p.main,
        sub: null,
        product_type: p.product_type,
        measurement_set: null,
        sort_order: i + 1,
      })),
    );
    PARENT_CATEGORIES.forEach((p, i) => {
      this.categoryIds.set(p.code, get(parentIds, i));
    });
    const leafIds = await this.w.insertIds(
      'categories',
      t.categories,
      CATEGORIES.map((c, i) => ({
        code: c.code,
        name: c.name,
        parent_id: this.categoryIds.get(c.main) ?? null,
        main: c.main,
        sub: c.sub,
        product_type: c.product_type,
        measurement_set: c.measurement_set,
        sort_order: i + 1,
      })),
    );
    CATEGORIES.forEach((c, i) => {
      this.categoryIds.set(c.code, get(leafIds, i));
    });
    this.progress.step(1, 'categories');

    // Brand likes are planned now (like_count is a column of brands); rows follow once users exist.
    const rng = this.root.fork('brands');
    this.brandLikePlan = BRANDS.map((b) => {
      const share = rng.float(0.02, 0.12) * (0.6 + b.weight / 5);
      return rng.sampleIndices(this.userCount - 1, Math.round((this.userCount - 1) * share));
    });
    this.brandIds = await this.w.insertIds(
      'brands',
      t.brands,
      BRANDS.map((b, i) => this.brandRow(b, i)),
    );
    this.progress.step(1, 'brands');
  }

  private brandLikePlan: number[][] = [];

  private brandRow(b: BrandDef, i: number): Row {
    const slug = brandSlug(b.name_en);
    return {
      name: b.name,
      name_en: b.name_en,
      slug,
      description: b.description,
      logo_url: `/api/images/brand/${slug}.svg`,
      is_contract: b.is_contract ?? false,
      today_shipping: b.today_shipping ?? false,
      fast_shipping_cutoff: b.fast_shipping_cutoff ?? null,
      allows_custom_order: b.allows_custom_order ?? false,
      shipping_fee: b.shipping_fee ?? (b.tier === 'premium' ? 0 : 3000),
      free_shipping_min: b.free_shipping_min ?? (b.tier === 'budget' ? 30_000 : 50_000),
      like_count: this.brandLikePlan[i]?.length ?? 0,
      created_at: this.ago(900 - i * 13),
    };
  }

  // ── users ──
  private async seedUsers(): Promise<void> {
    // 혜택·마케팅 알림 is the sign-up's marketing consent, given when the member signed up.
    const withMarketing = (on: boolean, at: Date) => ({
      is_benefit_alert: on,
      marketing_agreed_at: on ? at : null,
    });
    const rng = this.root.fork('users');
    const rows: Row[] = [];
    const bodies: { height: number; weight: number }[] = [];
    // The well-known account first (id 1 on a fresh database).
    rows.push({
      uuid: uuidFrom(rng),
      phone: DEMO_ACCOUNT.phone,
      name: DEMO_ACCOUNT.name,
      age: 36,
      gender: 'M',
      height: 176,
      weight: 72,
      stylequiz: false,
      referral_code: 'KIMCODI1',
      is_app_alert: true,
      is_benefit_alert: true,
      // Sign-up agreements (docs/ARCHITECTURE.md "Accounts"): given at sign-up, marketing included.
      terms_version: TERMS_VERSION,
      terms_agreed_at: this.ago(400),
      marketing_agreed_at: this.ago(400),
      created_at: this.ago(400),
      updated_at: this.ago(400),
    });
    bodies.push({ height: 176, weight: 72 });
    const A = 7_919_731; // odd and not a multiple of 5: i ↦ (A·i + B) mod 8·10⁷ is a bijection
    const B = 13_572_468;
    const R = 2_176_782_336; // 36⁶ for referral codes
    for (let i = 1; i < this.userCount; i++) {
      // Size Korea, men 30–59: height 171.5 ± 5.7 cm, weight 74.2 ± 10.6 kg, correlation 0.51.
      const height = rng.normalInt(171.5, 5.7, 155, 192);
      const weight = clamp(Math.round(74.2 + 0.948 * (height - 171.5) + rng.normal(0, 9.12)), 50, 120);
      const age = rng.weightedPick<number>([
        [rng.int(30, 34), 30],
        [rng.int(35, 39), 28],
        [rng.int(40, 44), 20],
        [rng.int(45, 49), 13],
        [rng.int(50, 55), 9],
      ]);
      const phone = `010${20_000_000 + ((A * i + B) % 80_000_000)}`;
      const created = rng.dateBetween(this.ago(1_000), this.ago(1));
      const quiz = rng.chance(0.6);
      rows.push({
        uuid: uuidFrom(rng),
        phone,
        name: `${rng.weighted(SURNAMES, SURNAME_WEIGHTS)}${rng.pick(GIVEN_NAMES)}`,
        age,
        gender: 'M',
        height,
        weight,
        stylequiz: quiz,
        curator_name: quiz && rng.chance(0.7) ? rng.pick(CURATORS) : null,
        referral_code: `CR${((1_000_003 * i + 7) % R).toString(36).toUpperCase().padStart(6, '0')}`,
        is_app_alert: rng.chance(0.55),
        ...withMarketing(rng.chance(0.45), created),
        is_nighttime_alert: rng.chance(0.15),
        terms_version: TERMS_VERSION,
        terms_agreed_at: created,
        created_at: created,
        updated_at: created,
      });
      bodies.push({ height, weight });
    }
    const ids: number[] = [];
    const size = 2_000;
    for (let i = 0; i < rows.length; i += size) {
      ids.push(...(await this.w.insertIds('users', t.users, rows.slice(i, i + size))));
      this.progress.step(Math.min(size, rows.length - i), 'users');
    }
    this.users = ids.map((id, i) => ({ id, ...get(bodies, i) }));
    this.reviewers = this.users.slice(1);

    // Brand likes (planned in reference()).
    const likeRows: Row[] = [];
    this.brandLikePlan.forEach((userIdxs, bi) => {
      for (const u of userIdxs) {
        likeRows.push({
          user_id: get(this.reviewers, u).id,
          like_type: 'BRAND',
          like_id: get(this.brandIds, bi),
          created_at: rng.dateBetween(this.ago(365), this.now),
        });
      }
    });
    await this.w.insert('likes', t.likes, likeRows);
  }

  // ── catalogue: products, displays, items, measurements, reviews, likes ──
  private async catalogue(): Promise<void> {
    const rng = this.root.fork('catalogue');
    const catWeights = CATEGORIES.map((c) => c.weight);
    const brandsFor = CATEGORIES.map((c) => {
      const idx: number[] = [];
      BRANDS.forEach((b, i) => {
        const ok = b.only ? b.only.includes(c.code) : b.mains.includes(c.main) && c.code !== 'acc_eyewear';
        if (ok) idx.push(i);
      });
      if (idx.length === 0) throw new Error(`no brand makes ${c.code}`);
      return idx;
    });
    const avgReviews = averageReviews(this.productCount);
    const avgLikes = 2.5;

    let made = 0;
    let serial = 0;
    while (made < this.productCount) {
      const batch: ProductPlan[] = [];
      let inBatch = 0;
      while (inBatch < CATALOGUE_BATCH && made + inBatch < this.productCount) {
        const ci = CATEGORIES.indexOf(rng.weighted(CATEGORIES, catWeights));
        const cat = get(CATEGORIES, ci);
        const brandChoices = get(brandsFor, ci);
        const brandIdx = rng.weighted(
          brandChoices,
          brandChoices.map((b) => get(BRANDS, b).weight),
        );
        const remaining = this.productCount - made - inBatch;
        const colours = Math.min(
          remaining,
          rng.weightedPick<number>([
            [1, 45],
            [2, 35],
            [3, 20],
          ]),
        );
        serial++;
        const plan = this.planProduct(rng, serial, cat, brandIdx, colours, avgReviews, avgLikes);
        this.slacksEventPrice(plan);
        batch.push(plan);
        inBatch += plan.displays.length;
      }
      await this.writeBatch(batch);
      made += inBatch;
      this.progress.step(inBatch, 'catalogue');
    }
  }

  /**
   * SPEC.md §9 "Event coupon prices for slacks on a list of product ids: 9900, 14900, 19900, 29500
   * (50% off)": the first slacks products planned (one per event price) get a discount price of twice
   * the event price, so the 50% event coupon (`event_slacks`) charges exactly that price. No draw of
   * the generator changes, so the rest of the catalogue is the same.
   */
  private slacksEventPrice(plan: ProductPlan): void {
    const k = this.slacksEventPlans.size;
    if (plan.cat.code !== 'bottom_slacks' || k >= SLACKS_EVENT_PRICES.length) return;
    plan.priceDiscount = get(SLACKS_EVENT_PRICES, k) * 2;
    // Like every seeded discount: at most 60% off the list price, list price in 100 won.
    plan.price = Math.max(
      plan.priceDiscount,
      Math.min(plan.price, Math.floor(plan.priceDiscount / 0.4 / 100) * 100),
    );
    this.slacksEventPlans.add(plan);
  }

  private planProduct(
    rng: Rng,
    serial: number,
    cat: CategoryDef,
    brandIdx: number,
    colours: number,
    avgReviews: number,
    avgLikes: number,
  ): ProductPlan {
    const brand = get(BRANDS, brandIdx);
    // Name: [fit] [material] base item, without the brand.
    const baseItem = rng.pick(cat.items);
    const fitWord = cat.fits.length > 0 && rng.chance(0.45) ? rng.pick(cat.fits) : null;
    const materialWord = cat.materials.length > 0 && rng.chance(0.55) ? rng.pick(cat.materials) : null;
    const name = productName(baseItem, fitWord, materialWord);

    // Price: position in the category's range by brand tier, on a log scale, rounded like shops do.
    const [min, max] = cat.price;
    const pos =
      brand.tier === 'budget'
        ? clamp(rng.normal(0.2, 0.14), 0, 0.6)
        : brand.tier === 'premium'
          ? clamp(rng.normal(0.75, 0.15), 0.4, 1)
          : clamp(rng.normal(0.45, 0.17), 0.1, 0.85);
    const raw = min * (max / min) ** pos;
    let price: number;
    if (raw < 100_000) {
      price = rng.chance(0.55) ? Math.ceil(raw / 1000) * 1000 - 100 : Math.round(raw / 1000) * 1000;
    } else {
      price = rng.chance(0.6) ? Math.round(raw / 10_000) * 10_000 - 1000 : Math.round(raw / 1000) * 1000;
    }
    price = clamp(price, min, max);
    let priceDiscount = price;
    if (rng.chance(0.6)) {
      const rate = rng.weighted(
        [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60],
        [4, 10, 8, 10, 7, 9, 6, 6, 4, 4, 2, 2],
      );
      priceDiscount = Math.floor((price * (100 - rate)) / 100 / 100) * 100;
    }

    const runKey = rng.pick(cat.sizeRuns);
    const sizes = rng.pick(SIZE_RUNS[runKey]);
    const createdAt = rng.dateBetween(this.ago(365), this.ago(0.5));
    const fo = fitOffset(name);
    const garment = cat.measurement_set && cat.measurement_set !== 'BAG' && cat.product_type !== 'ETC';
    const fit = !garment
      ? null
      : cat.product_type === 'BOTTOM'
        ? (['슬림핏', '레귤러핏', '세미와이드핏', '와이드핏'][fo + 1] ?? '레귤러핏')
        : cat.product_type === 'SHOES'
          ? null
          : (['슬림핏', '레귤러핏', '세미오버핏', '오버핏'][fo + 1] ?? '레귤러핏');
    // The material and the season come from the same facts as the name (seed/copy.ts): one draw
    // each, over the compositions and seasons that agree with it.
    const material = pickComposition(name, cat.compositions, rng.next());
    const season = pickSeason(`${name} ${material}`, cat.seasons, rng.next());
    const tags = [
      ...new Set([
        rng.pick(brand.tags),
        rng.pick(cat.tags),
        ...(rng.chance(0.3) ? [rng.pick(cat.tags)] : []),
      ]),
    ];
    const description = this.describe(rng, cat, brand, name, material, fit);
    const measurements = measureProduct(cat, sizes, name, rng);
    const truth = sizeTruth(serial, cat, fit, sizes, measurements);

    const colorKeys = rng.sample(cat.palette, colours) as ColorKey[];
    // Latent popularity of the product, shared by its colourways (the first colour sells best).
    const productZ = Math.exp(rng.normal(0, 1));
    const fastBrand = Boolean(brand.today_shipping || brand.fast_shipping_cutoff);
    const displays: DisplayPlan[] = colorKeys.map((colorKey, ci) => {
      const dCreated = new Date(
        Math.min(createdAt.getTime() + rng.int(0, ci === 0 ? 0 : 20) * DAY, this.nowMs - HOUR),
      );
      const ageDays = (this.nowMs - dCreated.getTime()) / DAY;
      const z = productZ * (ci === 0 ? 1 : rng.float(0.35, 0.9));
      const maturity = Math.min(1, ageDays / 60);
      const nReviews =
        ageDays < 3
          ? 0
          : Math.min(
              this.reviewers.length - 1,
              150,
              rng.poisson(((avgReviews * z) / 1.65) * maturity * 1.15),
            );
      const nLikes = Math.min(
        this.reviewers.length - 1,
        300,
        rng.poisson(((avgLikes * z) / 1.65) * (0.4 + 0.6 * maturity)),
      );
      const reviewUsers = rng.sampleIndices(this.reviewers.length, nReviews);
      const reviews = reviewUsers.map((u) => this.planReview(rng, cat, sizes, u, dCreated, truth));
      reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const likeUsers = rng.sampleIndices(this.reviewers.length, nLikes);
      const likeTimes = likeUsers.map(() => rng.dateBetween(dCreated, this.now));
      const stocks = sizes.map((_, si) => {
        const r = rng.next();
        const edge = si === 0 || si === sizes.length - 1;
        if (r < (edge ? 0.12 : 0.05)) return 0;
        if (r < (edge ? 0.24 : 0.13)) return rng.int(1, 3);
        return rng.int(5, edge ? 30 : 80);
      });
      const viewCount = Math.round(z * rng.float(300, 900) * (0.1 + maturity)) + nReviews * 25 + nLikes * 10;
      const salesCount = nReviews + Math.round(nReviews * rng.float(0.8, 2.5)) + rng.poisson(z);
      const recency = 0.5 + 0.5 * Math.exp(-ageDays / 90);
      const popularity =
        Math.round((salesCount * 3 + nLikes * 2 + nReviews * 4 + viewCount / 50) * recency * 100) / 100;
      return {
        colorKey,
        createdAt: dCreated,
        isFast: fastBrand ? rng.chance(0.85) : rng.chance(0.06),
        forceToday: !brand.today_shipping && rng.chance(0.015),
        stocks,
        reviews,
        likeUsers,
        likeTimes,
        viewCount,
        salesCount,
        popularity,
      };
    });

    return {
      serial,
      cat,
      brandIdx,
      name,
      baseItem,
      sizes,
      silhouette: rng.pick(cat.svg),
      price,
      priceDiscount,
      createdAt,
      material,
      fit,
      season,
      tags,
      description,
      measurements,
      displays,
    };
  }

  private describe(
    rng: Rng,
    cat: CategoryDef,
    brand: BrandDef,
    name: string,
    material: string,
    fit: string | null,
  ): string {
    const uses = USE_BY_CATEGORY[cat.code] ?? USE_BY_MAIN[cat.main];
    // Delicate materials (wool, cashmere, silk, leather, down) are not sold as easy care.
    const care = DELICATE_RE.test(material)
      ? ['드라이클리닝을 권장하며', '촉감이 부드러우며', '형태가 오래 유지되며']
      : ['관리가 쉽고', '착용감이 편안하며', '형태가 오래 유지되며'];
    const sentences = [
      `${brand.name}의 ${name}입니다.`,
      fit ? `${fit} 실루엣으로 체형을 자연스럽게 커버합니다.` : '',
      `${material} 소재로 ${rng.pick(care)} ${rng.pick(cat.product_type === 'SHOES' ? ['매일 신기 좋습니다.', '오래 두고 신기 좋습니다.'] : cat.measurement_set === 'TOP' || cat.measurement_set === 'BOTTOM' || cat.measurement_set === 'OUTER' ? ['매일 입기 좋습니다.', '오래 두고 입기 좋습니다.'] : ['매일 쓰기 좋습니다.', '오래 두고 쓰기 좋습니다.'])}`,
      rng.pick(uses),
    ];
    return sentences.filter(Boolean).join(' ');
  }

  private planReview(
    rng: Rng,
    cat: CategoryDef,
    sizes: readonly string[],
    userIdx: number,
    displayCreated: Date,
    truth: SizeTruth | null,
  ): ReviewPlan {
    const user = get(this.reviewers, userIdx);
    const rating = rng.weighted([5, 4, 3, 2, 1], [60, 27, 9, 3, 1]);
    const sized = sizes.length > 1;
    // Garments: the size a reviewer picks from the sheet and how it really fits them, from their
    // body (docs/ARCHITECTURE.md, "Sizing"); other products: the older rough rules.
    const sizeIdx = sized ? (truth ? pickFromSheet(truth, user, rng) : this.sizeFor(user, sizes, rng)) : 0;
    const sizeFeel = sized
      ? truth
        ? trueFeel(truth, user, sizeIdx, rng.next())
        : rng.weighted(['FIT', 'SMALL', 'LARGE'] as const, [64, 17, 19])
      : null;
    const isQuick = rng.chance(0.2);
    const parts: string[] = [];
    const size = get(sizes, sizeIdx);
    if (sized && !isQuick && rng.chance(0.35)) {
      const verb = cat.product_type === 'SHOES' ? '신는데' : '입는데';
      parts.push(`${user.height}cm ${user.weight}kg, 평소 ${size} ${verb} ${size} 사이즈로 주문했어요.`);
    }
    // What the reviewer says follows the rating, the size feel and the kind of product (the same
    // draws whatever the words, so the rest of the catalogue does not move).
    const kind = reviewKind(cat);
    const sizeWords = sizeFeel ? REVIEW_SIZE[sizeFeel][sizeWordsKind(cat)] : [];
    if (rating >= 4) {
      parts.push(rng.pick(REVIEW_BY_MAIN[kind]));
      if (sizeFeel) parts.push(rng.pick(sizeWords));
      if (rng.chance(0.5)) parts.push(rng.pick(REVIEW_MATERIAL[materialKind(kind)]));
      parts.push(rng.pick(REVIEW_GENERAL_GOOD));
    } else {
      parts.push(rng.pick(rating === 3 ? REVIEW_GENERAL_MEH : REVIEW_GENERAL_BAD));
      if (sizeFeel) parts.push(rng.pick(sizeWords));
      if (rng.chance(0.5)) parts.push(rng.pick(rating === 3 ? REVIEW_BY_MAIN[kind] : REVIEW_GENERAL_MEH_LOW));
    }
    const content = isQuick ? get(parts, 0) : [...new Set(parts)].join(' ');
    const photos = !isQuick && rng.chance(0.15) ? rng.int(1, 3) : 0;
    const from = displayCreated.getTime() + 2 * DAY;
    return {
      userIdx,
      rating,
      content,
      sizeIdx,
      sizeFeel,
      lengthFeel: rng.weighted(['FIT', 'SMALL', 'LARGE'] as const, [70, 14, 16]),
      isQuick,
      photos,
      helpful: rng.poisson(photos > 0 ? 4 : 1),
      sizeReview: sized && rng.chance(0.7),
      createdAt: new Date(from + Math.floor(rng.next() * Math.max(HOUR, this.nowMs - from))),
    };
  }

  /** The size a reviewer of this height and weight would pick from a run. */
  private sizeFor(user: UserRef, sizes: readonly string[], rng: Rng): number {
    const first = get(sizes, 0);
    const g0 = sizeGrade(first);
    let target: number;
    if (g0 >= 200) {
      target = Math.round((255 + (user.height - 165) * 1.2 + rng.normal(0, 4)) / 5) * 5; // shoes, mm
    } else if (g0 >= 20) {
      target = Math.round(28 + (user.weight - 58) / 3.3 + rng.normal(0, 0.6)); // waist inches
    } else {
      target = Math.round((user.weight - 60) / 8 + (user.height - 170) / 12 + 0.5 + rng.normal(0, 0.4));
    }
    let best = 0;
    let bestD = Number.POSITIVE_INFINITY;
    sizes.forEach((s, i) => {
      const d = Math.abs(sizeGrade(s) - target);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }

  /**
   * SPEC.md §9 "Shipping rules": colourways flagged almost sold-out (품절임박). Flagged from the
   * stock itself: every size still in stock but none with more than 3 left (the low-stock mark), for
   * the two weeks around the seed's clock.
   */
  private almostSoldOutWindow(stocks: number[]): Row {
    const inStock = stocks.filter((n) => n > 0);
    const flagged = inStock.length === stocks.length && inStock.length > 0 && inStock.every((n) => n <= 3);
    if (!flagged) return {};
    return { almost_sold_out_from: this.ago(1), almost_sold_out_until: this.ago(-13) };
  }

  private async writeBatch(batch: ProductPlan[]): Promise<void> {
    const productIds = await this.w.insertIds(
      'products',
      t.products,
      batch.map((p) => ({
        brand_id: get(this.brandIds, p.brandIdx),
        category_id: this.categoryIds.get(p.cat.code),
        name: p.name,
        product_type: p.cat.product_type,
        material: p.material,
        fit: p.fit,
        season: p.season,
        style_tags: p.tags,
        description: p.description,
        created_at: p.createdAt,
      })),
    );

    const displayRows: Row[] = [];
    const displayOwners: { p: ProductPlan; d: DisplayPlan; productId: number }[] = [];
    batch.forEach((p, pi) => {
      const productId = get(productIds, pi);
      for (const d of p.displays) {
        const color = COLORS[d.colorKey];
        const hex = color.hex.slice(1);
        const views = p.silhouette % 2 === 0 ? 4 : 3;
        const images = Array.from(
          { length: views },
          (_, v) => `/api/images/product/${p.cat.product_type}/${hex}/${p.silhouette + 10 * v}.webp`,
        );
        displayRows.push({
          product_id: productId,
          brand_id: get(this.brandIds, p.brandIdx),
          category_id: this.categoryIds.get(p.cat.code),
          name: p.name,
          product_type: p.cat.product_type,
          price: p.price,
          price_discount: p.priceDiscount,
          color_name: color.name,
          color_hex: color.hex,
          image_url: get(images, 0),
          images,
          is_fast: d.isFast,
          force_today_shipping: d.forceToday,
          ...this.almostSoldOutWindow(d.stocks),
          review_count: d.reviews.length,
          rating_sum: d.reviews.reduce((s, r) => s + r.rating, 0),
          like_count: d.likeUsers.length,
          view_count: d.viewCount,
          sales_count: d.salesCount,
          popularity: d.popularity,
          created_at: d.createdAt,
        });
        displayOwners.push({ p, d, productId });
      }
    });
    const displayIds = await this.w.insertIds('product_displays', t.productDisplays, displayRows);

    const itemRows: Row[] = [];
    const brandCodes = BRANDS.map((b) => brandSlug(b.name_en).replace(/-/g, '').slice(0, 3).toUpperCase());
    displayOwners.forEach(({ p, d, productId }, di) => {
      const color = COLORS[d.colorKey];
      p.sizes.forEach((size, si) => {
        itemRows.push({
          product_display_id: get(displayIds, di),
          product_id: productId,
          size_name: size,
          color_name: color.name,
          stock: get(d.stocks, si),
          sku: `${get(brandCodes, p.brandIdx)}-${String(p.serial).padStart(6, '0')}-${color.code}-${size}`,
          sort_order: si,
        });
      });
    });
    const itemIds = await this.w.insertIds('product_items', t.productItems, itemRows);

    const measurementRows: Row[] = [];
    batch.forEach((p, pi) => {
      const set = p.cat.measurement_set;
      if (!set) return;
      const productId = get(productIds, pi);
      for (const m of p.measurements) {
        measurementRows.push({ product_id: productId, size_name: m.size, set_code: set, values: m.base });
        measurementRows.push({
          product_id: productId,
          size_name: m.size,
          set_code: variantOf(set),
          values: m.alt,
        });
      }
    });
    await this.w.insert('size_measurements', t.sizeMeasurements, measurementRows);

    const reviewRows: Row[] = [];
    const reviewPhotos: number[] = [];
    const sizeReviewRows: Row[] = [];
    const likeRows: Row[] = [];
    let itemCursor = 0;
    displayOwners.forEach(({ p, d, productId }, di) => {
      const displayId = get(displayIds, di);
      for (const r of d.reviews) {
        const user = get(this.reviewers, r.userIdx);
        const size = get(p.sizes, r.sizeIdx);
        const itemId = get(itemIds, itemCursor + r.sizeIdx);
        reviewRows.push({
          user_id: user.id,
          product_display_id: displayId,
          product_item_id: itemId,
          rating: r.rating,
          content: r.content,
          size_feel: r.sizeFeel,
          size_name: size,
          height: user.height,
          weight: user.weight,
          is_quick: r.isQuick,
          photo_count: r.photos,
          helpful_count: r.helpful,
          created_at: r.createdAt,
        });
        reviewPhotos.push(r.photos);
        if (r.sizeReview && r.sizeFeel) {
          sizeReviewRows.push({
            user_id: user.id,
            product_display_id: displayId,
            product_item_id: itemId,
            size_name: size,
            fit: r.sizeFeel,
            length_feel: p.cat.product_type === 'SHOES' ? null : r.lengthFeel,
            height: user.height,
            weight: user.weight,
            created_at: r.createdAt,
            updated_at: r.createdAt,
          });
        }
      }
      d.likeUsers.forEach((u, li) => {
        likeRows.push({
          user_id: get(this.reviewers, u).id,
          like_type: 'PRODUCT',
          like_id: displayId,
          created_at: get(d.likeTimes, li),
        });
      });
      itemCursor += p.sizes.length;
      if (this.slacksEventPlans.has(p)) this.slacksEventDisplayIds.push(displayId);
      this.displays.push({
        id: displayId,
        productId,
        cat: p.cat,
        brandIdx: p.brandIdx,
        colorKey: d.colorKey,
        baseItem: p.baseItem,
        name: p.name,
        season: p.season,
        price: p.price,
        priceDiscount: p.priceDiscount,
        popularity: d.popularity,
        imageUrl: String(get(displayRows, di).image_url),
        tags: p.tags,
      });
    });
    const reviewIds = await this.w.insertIds('reviews', t.reviews, reviewRows);
    const photoRows: Row[] = [];
    reviewIds.forEach((id, i) => {
      const n = get(reviewPhotos, i);
      for (let o = 0; o < n; o++) photoRows.push({ review_id: id, image_url: '', order: o });
    });
    await this.w.insert('review_photos', t.reviewPhotos, photoRows);
    await this.w.insert('size_reviews', t.sizeReviews, sizeReviewRows);
    await this.w.insert('likes', t.likes, likeRows);
  }

  // ── styles and codi sets ──
  private async stylesAndCodis(): Promise<void> {
    const rng = this.root.fork('styles');
    const n = this.reviewers.length;
    const styleLikes = STYLES.map(() => rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.05 + 2))));
    this.styleIds = await this.w.insertIds(
      'styles',
      t.styles,
      STYLES.map((s, i) => ({
        name: s.name,
        description: s.description,
        image_url: '',
        tags: [...s.tags],
        like_count: get(styleLikes, i).length,
        created_at: this.ago(400 - i * 7),
      })),
    );
    await this.db.execute(
      sql`update ${t.styles} set image_url = '/api/images/style/' || id || '.webp' where image_url = ''`,
    );
    await this.likeRows('STYLE', this.styleIds, styleLikes, rng);

    // Codi sets: a style first, then pieces its occasion allows (seed/copy.ts CODI_OCCASIONS) in
    // one season, meeting what the style needs; the title names the pieces and the occasion.
    const pools = new Map<string, DisplayRef[]>();
    for (const d of this.displays) {
      const list = pools.get(d.cat.code) ?? [];
      list.push(d);
      pools.set(d.cat.code, list);
    }
    const hasTop = this.displays.some((d) => d.cat.product_type === 'TOP');
    const hasBottom = this.displays.some((d) => d.cat.product_type === 'BOTTOM');
    const codiCount = hasTop && hasBottom ? clamp(Math.round(this.productCount * 0.075), 20, 600) : 0;
    const codis: { row: Row; items: number[]; likes: number[] }[] = [];
    for (let c = 0; c < codiCount; c++) {
      let styleIdx = 0;
      let items: DisplayRef[] | null = null;
      for (let attempt = 0; attempt < 12 && !items; attempt++) {
        styleIdx = rng.int(0, STYLES.length - 1);
        items = this.dress(get(STYLES, styleIdx), pools, rng);
      }
      if (!items) continue;
      const style = get(STYLES, styleIdx);
      const lead = get(items, 0);
      const bottom = items.find((d) => d.cat.product_type === 'BOTTOM') ?? lead;
      const leadNoun = `${COLORS[lead.colorKey].name} ${lead.baseItem}`;
      const title = `${withWa(leadNoun)} ${COLORS[bottom.colorKey].name} ${bottom.baseItem}, ${style.occasion}`;
      const curator = rng.pick(CURATORS);
      codis.push({
        row: {
          style_id: get(this.styleIds, styleIdx),
          title,
          description: `${style.description}. ${withJosa(curator, '이/가')} 제안하는 코디입니다.`,
          image_url: lead.imageUrl,
          curator_name: curator,
          like_count: 0,
          created_at: this.ago(rng.float(1, 300)),
        },
        items: items.map((d) => d.id),
        likes: rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.02 + 1))),
      });
    }
    for (const c of codis) c.row.like_count = c.likes.length;
    const codiIds = await this.w.insertIds(
      'codi_sets',
      t.codiSets,
      codis.map((c) => c.row),
    );
    const itemRows: Row[] = [];
    codis.forEach((c, i) => {
      c.items.forEach((displayId, o) => {
        itemRows.push({ codi_id: get(codiIds, i), product_display_id: displayId, sort_order: o });
      });
    });
    await this.w.insert('codi_items', t.codiItems, itemRows);
    await this.likeRows(
      'CODI',
      codiIds,
      codis.map((c) => c.likes),
      rng,
    );
    this.progress.step(2, 'styles');
  }

  /**
   * Pieces of an outfit for a style: [outer?, top, bottom, shoes?] from the categories its occasion
   * allows, in the style's colours, no summer-only piece with a winter-only one, every need met;
   * null when the catalogue has no such outfit.
   */
  private dress(style: StyleDef, pools: Map<string, DisplayRef[]>, rng: Rng): DisplayRef[] | null {
    const occasion = CODI_OCCASIONS[style.occasion];
    const slotOf = (code: string): CodiSlot => {
      const type = CATEGORIES.find((c) => c.code === code)?.product_type;
      return type === 'OUTER' ? 'outer' : type === 'TOP' ? 'top' : type === 'BOTTOM' ? 'bottom' : 'shoes';
    };
    // A need naming categories of one slot is met by that slot's piece; others are checked after.
    const slotNeed = (slot: CodiSlot) =>
      style.needs?.find((n) => n.codes?.every((code) => slotOf(code) === slot));
    const meets = (d: DisplayRef, need: StyleNeed | undefined) =>
      !need ||
      ((!need.codes || need.codes.includes(d.cat.code)) &&
        (!need.colors || need.colors.includes(d.colorKey)) &&
        (!need.name || need.name.test(d.name)));
    const chosen: DisplayRef[] = [];
    const seasonsOk = (d: DisplayRef) =>
      !(style.noSummer && d.season === 'SS') && !seasonsClash([...chosen.map((x) => x.season), d.season]);
    const pick = (slot: CodiSlot): DisplayRef | null => {
      const need = slotNeed(slot);
      const codes = (occasion[slot] as readonly string[]).filter(
        (code) => !need?.codes || need.codes.includes(code),
      );
      const candidates = codes
        .flatMap((code) => pools.get(code) ?? [])
        .filter(
          (d) =>
            meets(d, need) &&
            seasonsOk(d) &&
            (slot === 'shoes' || !style.colors || style.colors.includes(d.colorKey)),
        );
      if (candidates.length === 0) return null;
      // Colours that go together: a colourful piece with neutral ones, not two of one colour.
      const neutral = new Set<ColorKey>(NEUTRAL_COLORS);
      const goes = candidates.filter((d) =>
        chosen.every(
          (x) => x.colorKey !== d.colorKey && (neutral.has(x.colorKey) || neutral.has(d.colorKey)),
        ),
      );
      return rng.pick(goes.length > 0 ? goes : candidates);
    };
    const top = pick('top');
    if (!top) return null;
    chosen.push(top);
    const bottom = pick('bottom');
    if (!bottom) return null;
    chosen.push(bottom);
    const wantsOuter = Boolean(slotNeed('outer')) || rng.chance(0.55);
    const outer = wantsOuter ? pick('outer') : null;
    if (wantsOuter && slotNeed('outer') && !outer) return null;
    if (outer) chosen.push(outer);
    const wantsShoes = Boolean(slotNeed('shoes')) || rng.chance(0.7);
    const shoes = wantsShoes ? pick('shoes') : null;
    if (wantsShoes && slotNeed('shoes') && !shoes) return null;
    if (shoes) chosen.push(shoes);
    if (!(style.needs ?? []).every((need) => chosen.some((d) => meets(d, need)))) return null;
    return [...(outer ? [outer] : []), top, bottom, ...(shoes ? [shoes] : [])];
  }

  private async likeRows(
    type: 'STYLE' | 'CODI' | 'CONTENT',
    ids: number[],
    plan: number[][],
    rng: Rng,
  ): Promise<void> {
    const rows: Row[] = [];
    plan.forEach((users, i) => {
      for (const u of users) {
        rows.push({
          user_id: get(this.reviewers, u).id,
          like_type: type,
          like_id: get(ids, i),
          created_at: rng.dateBetween(this.ago(300), this.now),
        });
      }
    });
    await this.w.insert('likes', t.likes, rows);
  }

  // ── coupon policies ──
  private async coupons(): Promise<void> {
    const p = kstParts(this.now);
    const monthStart = kstDate(p.year, p.month, 1);
    const monthEnd = new Date(
      kstDate(p.month === 12 ? p.year + 1 : p.year, p.month === 12 ? 1 : p.month + 1, 1).getTime() - 1000,
    );
    const outerIds = CATEGORIES.filter((c) => c.main === 'outer').map(
      (c) => this.categoryIds.get(c.code) as number,
    );
    const brandId = (en: string) =>
      get(
        this.brandIds,
        BRANDS.findIndex((b) => b.name_en === en),
      );
    const created = this.ago(60);
    const base = { created_at: created, issued_count: 0 };
    const policies: [string, Row][] = [
      [
        'welcome',
        {
          ...base,
          name: '신규 가입 웰컴 쿠폰 {v}',
          coupon_type: 'WELCOME',
          discount_kind: 'FIXED',
          discount_value: 5000,
          min_order_amount: 30_000,
          is_cart_coupon: true,
          valid_days: 14,
          is_downloadable: false,
        },
      ],
      [
        'first',
        {
          ...base,
          name: '첫 구매 {v} 할인 쿠폰',
          coupon_type: 'FIRST_PURCHASE',
          discount_kind: 'PERCENT',
          discount_value: FIRST_PURCHASE_COUPON_RATE_PERCENT,
          max_discount: FIRST_PURCHASE_COUPON_MAX_DISCOUNT,
          is_cart_coupon: true,
          valid_days: 30,
          is_downloadable: false,
        },
      ],
      [
        'promotion',
        {
          ...base,
          name: '가을 아우터 페스티벌 {v} 쿠폰',
          coupon_type: 'PROMOTION',
          discount_kind: 'PERCENT',
          discount_value: 10,
          max_discount: 30_000,
          min_order_amount: 50_000,
          scope: 'CATEGORY',
          scope_ids: outerIds,
          starts_at: this.ago(10),
          ends_at: this.ago(-20),
        },
      ],
      [
        'monthly',
        {
          ...base,
          name: `${p.month}월 이달의 코디 쿠폰 {v}`,
          coupon_type: 'MONTHLY_CODI_COUPON',
          discount_kind: 'PERCENT',
          discount_value: 8,
          max_discount: 15_000,
          min_order_amount: 70_000,
          is_cart_coupon: true,
          starts_at: monthStart,
          ends_at: monthEnd,
        },
      ],
      [
        'serial',
        {
          ...base,
          name: '시리얼 쿠폰 {v}',
          coupon_type: 'SERIAL',
          discount_kind: 'FIXED',
          discount_value: 10_000,
          min_order_amount: 50_000,
          is_cart_coupon: true,
          serial_code: 'CODIROOM2026',
          total_limit: 1000,
          is_downloadable: false,
          starts_at: this.ago(30),
          ends_at: this.ago(-60),
        },
      ],
      [
        'event_bf',
        {
          ...base,
          name: '블랙프라이데이 {v} 쿠폰',
          coupon_type: 'EVENT',
          discount_kind: 'PERCENT',
          discount_value: 15,
          max_discount: 20_000,
          min_order_amount: 50_000,
          is_cart_coupon: true,
          starts_at: this.ago(-20),
          ends_at: this.ago(-30),
        },
      ],
      [
        'event_app',
        {
          ...base,
          name: '앱 첫 로그인 {v} 쿠폰',
          coupon_type: 'EVENT',
          discount_kind: 'FIXED',
          discount_value: 3000,
          min_order_amount: 20_000,
          is_cart_coupon: true,
          valid_days: 7,
        },
      ],
      [
        'brand_ut',
        {
          ...base,
          name: '어반테일러 브랜드위크 {v} 쿠폰',
          coupon_type: 'BRAND',
          discount_kind: 'PERCENT',
          discount_value: 15,
          max_discount: 30_000,
          scope: 'BRAND',
          scope_ids: [brandId('URBAN TAILOR')],
          starts_at: this.ago(5),
          ends_at: this.ago(-9),
        },
      ],
      [
        'brand_bl',
        {
          ...base,
          name: '북촌레더 단독 {v} 쿠폰',
          coupon_type: 'BRAND',
          discount_kind: 'FIXED',
          discount_value: 10_000,
          min_order_amount: 100_000,
          scope: 'BRAND',
          scope_ids: [brandId('BUKCHON LEATHER')],
          starts_at: this.ago(3),
          ends_at: this.ago(-27),
        },
      ],
      [
        'event_slacks',
        {
          ...base,
          name: '출근룩 슬랙스 이벤트 {v} 쿠폰',
          coupon_type: 'PRODUCT',
          discount_kind: 'PERCENT',
          discount_value: SLACKS_EVENT_RATE_PERCENT,
          scope: 'PRODUCT_DISPLAY',
          scope_ids: this.slacksEventDisplayIds,
          starts_at: this.ago(3),
          ends_at: this.ago(-4),
        },
      ],
      [
        'event_weekend',
        {
          ...base,
          name: '주말 깜짝 {v} 쿠폰',
          coupon_type: 'EVENT_WEEKEND',
          discount_kind: 'PERCENT',
          discount_value: 10,
          max_discount: 10_000,
          min_order_amount: 30_000,
          is_cart_coupon: true,
          valid_days: 3,
          // Only event-random-coupon-weekend issues it (Fri–Sun KST).
          is_downloadable: false,
        },
      ],
    ];
    // A coupon's name states its rule: {v} is the amount or rate it gives.
    for (const [, r] of policies) r.name = nameWithBenefit(r);
    this.couponRows = new Map(policies);
    const ids = await this.w.insertIds(
      'coupon_policies',
      t.couponPolicies,
      policies.map(([, r]) => r),
    );
    policies.forEach(([k], i) => {
      this.couponIds.set(k, get(ids, i));
    });
    // SPEC.md §9 fixed codi coupon ids 1865, 1866 and 1867: inserted with explicit ids, then the
    // serial sequence is moved past them so that later inserts cannot collide.
    const [c1, c2, c3] = FIXED_CODI_COUPON_IDS;
    const codiRows: Row[] = [
      {
        ...base,
        id: c1,
        name: '코디 세트 {v} 할인',
        coupon_type: 'CODI',
        discount_kind: 'FIXED',
        discount_value: 3000,
        min_order_amount: 50_000,
        is_cart_coupon: true,
        valid_days: 14,
      },
      {
        ...base,
        id: c2,
        name: '코디 세트 {v} 할인',
        coupon_type: 'CODI',
        discount_kind: 'FIXED',
        discount_value: 5000,
        min_order_amount: 100_000,
        is_cart_coupon: true,
        valid_days: 14,
      },
      {
        ...base,
        id: c3,
        name: '코디 세트 {v} 할인',
        coupon_type: 'CODI',
        discount_kind: 'PERCENT',
        discount_value: 10,
        max_discount: 20_000,
        min_order_amount: 150_000,
        is_cart_coupon: true,
        valid_days: 14,
      },
    ];
    for (const r of codiRows) r.name = nameWithBenefit(r);
    this.couponRows.set('codi_max', codiRows[2] as Row);
    await this.w.insert('coupon_policies', t.couponPolicies, codiRows);
    await this.db.execute(
      sql`select setval(pg_get_serial_sequence('coupon_policies', 'id'), (select max(id) from coupon_policies))`,
    );
    this.progress.step(1, 'coupon_policies');
  }

  // ── themes and collections ──
  private async themes(): Promise<void> {
    const byPopularity = [...this.displays].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    const pickTop = (pred: (d: DisplayRef) => boolean, limit: number) =>
      byPopularity.filter(pred).slice(0, limit);
    const defs: { slug: string; kind: string; title: string; description: string; items: DisplayRef[] }[] = [
      {
        slug: 'outlet',
        kind: 'collection',
        title: '아울렛',
        description: '시즌오프 상품을 최대 {max}% 할인된 가격으로 만나보세요.',
        items: pickTop((d) => d.priceDiscount <= d.price * 0.7, 300),
      },
      {
        slug: 'office-look',
        kind: 'theme',
        title: '출근룩 완성',
        description: '셔츠, 슬랙스, 블레이저로 완성하는 단정한 출근룩',
        items: pickTop(
          (d) =>
            ['top_shirt', 'bottom_slacks', 'outer_blazer', 'shoes_derby', 'acc_necktie'].includes(d.cat.code),
          60,
        ),
      },
      {
        slug: 'fall-outer',
        kind: 'theme',
        title: '가을 아우터 특집',
        description: '트렌치코트부터 블루종까지, 지금 입기 좋은 아우터',
        items: pickTop((d) => d.cat.main === 'outer' && d.cat.code !== 'outer_padding', 60),
      },
      {
        slug: 'winter-knit',
        kind: 'theme',
        title: '겨울 니트 컬렉션',
        description: '캐시미어와 램스울, 따뜻하고 부드러운 니트',
        items: pickTop((d) => d.cat.code === 'top_knit' || d.cat.code === 'outer_cardigan', 60),
      },
      {
        slug: 'gift-accessories',
        kind: 'theme',
        title: '선물하기 좋은 액세서리',
        description: '넥타이, 벨트, 지갑, 머플러 선물 추천',
        items: pickTop((d) => d.cat.main === 'accessories' && d.cat.code !== 'acc_socks', 60),
      },
      {
        slug: 'comfort-pants',
        kind: 'theme',
        title: '하루 종일 편한 밴딩 팬츠',
        description: '허리 밴딩과 스트레치 소재로 편안한 출근 팬츠',
        items: pickTop((d) => d.cat.main === 'bottom' && /밴딩|이지|스트레치|조거/.test(d.name), 60),
      },
      {
        slug: 'weekend-golf',
        kind: 'theme',
        title: '주말 골프 & 아웃도어',
        description: '라운딩과 캠핑을 위한 기능성 웨어',
        items: pickTop((d) => d.cat.main === 'sports', 60),
      },
      {
        slug: 'new-arrivals',
        kind: 'collection',
        title: '이번 주 신상품',
        description: '새로 입고된 상품을 가장 먼저 만나보세요.',
        items: [...this.displays].sort((a, b) => b.id - a.id).slice(0, 60),
      },
    ];
    const outlet = defs.find((d) => d.slug === 'outlet');
    this.outletMaxRate = Math.max(
      0,
      ...(outlet?.items ?? []).map((x) => discountRate(x.price, x.priceDiscount)),
    );
    const ids = await this.w.insertIds(
      'themes',
      t.themes,
      defs.map((d, i) => ({
        slug: d.slug,
        kind: d.kind,
        title: d.title,
        description: fillCopy(d.description, { max: this.outletMaxRate }),
        image_url: `/api/images/banner/${200 + i + 1}.webp`,
        sort_order: i,
      })),
    );
    const rows: Row[] = [];
    defs.forEach((d, i) => {
      d.items.forEach((item, o) => {
        rows.push({ theme_id: get(ids, i), product_display_id: item.id, sort_order: o });
      });
    });
    await this.w.insert('theme_products', t.themeProducts, rows);
    this.themeIds = ids;
    this.progress.step(1, 'themes');
  }

  // ── promotions ──
  private async promotions(): Promise<void> {
    const rng = this.root.fork('promotions');
    const pick = (pred: (d: DisplayRef) => boolean, n: number) => {
      const pool = this.displays.filter(pred);
      return rng.sample(pool, n).sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    };
    const brandIdx = (en: string) => BRANDS.findIndex((b) => b.name_en === en);
    const ut = brandIdx('URBAN TAILOR');
    const defs: { id?: number; row: Row; items: DisplayRef[] }[] = [
      {
        row: {
          title: '가을 아우터 페스티벌',
          subtitle: '가을 아우터 최대 {max}%',
          promotion_type: 'SALE',
          benefit_label: '최대 {max}% 할인',
          coupon_policy_id: this.couponIds.get('promotion'),
          starts_at: this.ago(10),
          ends_at: this.ago(-20),
        },
        items: pick((d) => d.cat.main === 'outer' && d.priceDiscount < d.price, 40),
      },
      {
        row: {
          title: '출근룩 슬랙스 특가',
          subtitle: '슬랙스 {from}부터, {until}까지',
          promotion_type: 'EVENT_PRICE',
          benefit_label: '9,900원부터',
          coupon_policy_id: this.couponIds.get('event_slacks'),
          starts_at: this.ago(3),
          ends_at: this.ago(-4),
        },
        // The event coupon's displays first (SPEC.md slacks event prices), then other slacks.
        items: [
          ...this.displays.filter((d) => this.slacksEventDisplayIds.includes(d.id)),
          ...pick((d) => d.cat.code === 'bottom_slacks', 30).filter(
            (d) => !this.slacksEventDisplayIds.includes(d.id),
          ),
        ].slice(0, 30),
      },
      {
        row: {
          title: '어반테일러 브랜드 위크',
          subtitle: '브랜드 쿠폰 {coupon} 추가 할인',
          promotion_type: 'BRAND',
          benefit_label: '{coupon} 쿠폰',
          coupon_policy_id: this.couponIds.get('brand_ut'),
          starts_at: this.ago(5),
          ends_at: this.ago(-9),
        },
        items: pick((d) => d.brandIdx === ut, 40),
      },
      {
        row: {
          title: '첫 구매 혜택',
          subtitle: '첫 구매 시 {coupon} 추가 할인 (최대 {cap})',
          promotion_type: 'FIRST_PURCHASE',
          benefit_label: '첫 구매 {coupon}',
          coupon_policy_id: this.couponIds.get('first'),
          starts_at: this.ago(90),
          ends_at: this.ago(-275),
        },
        items: pick((d) => d.price <= 100_000, 30),
      },
      {
        row: {
          title: '블랙프라이데이 사전 알림',
          subtitle: '알림 신청하고 {coupon} 쿠폰 받기',
          promotion_type: 'SALE',
          benefit_label: '{coupon} 쿠폰',
          coupon_policy_id: this.couponIds.get('event_bf'),
          starts_at: this.ago(-20),
          ends_at: this.ago(-30),
        },
        items: pick((d) => d.priceDiscount <= d.price * 0.7, 40),
      },
      {
        row: {
          title: '여름 시즌오프',
          subtitle: '반팔과 반바지, 마지막 기회',
          promotion_type: 'SALE',
          benefit_label: '최대 {max}% 할인',
          starts_at: this.ago(75),
          ends_at: this.ago(45),
        },
        items: pick((d) => d.cat.code === 'top_tshirt' || d.cat.code === 'bottom_shorts', 30),
      },
      // SPEC.md §9 names promotion ids 123 and 297 and the special promotion 2050: created with
      // explicit ids (the serial sequence is moved past them below).
      {
        id: get(PROMOTION_IDS, 0),
        row: {
          title: '코디룸 베스트 코디 기획전',
          subtitle: '스타일리스트가 고른 이번 달 베스트',
          promotion_type: 'CODI',
          benefit_label: '코디 쿠폰 최대 {coupon}',
          coupon_policy_id: get(FIXED_CODI_COUPON_IDS, 2),
          starts_at: this.ago(14),
          ends_at: this.ago(-16),
        },
        items: pick((d) => d.cat.main === 'top' || d.cat.main === 'bottom', 40),
      },
      {
        id: get(PROMOTION_IDS, 1),
        row: {
          title: '브랜드 연합 프로모션',
          subtitle: '인기 브랜드 {brands}곳 동시 할인',
          promotion_type: 'BRAND',
          benefit_label: '최대 {max}% 할인',
          starts_at: this.ago(7),
          ends_at: this.ago(-7),
        },
        items: pick((d) => d.priceDiscount <= d.price * 0.8, 40),
      },
      {
        id: SPECIAL_PROMOTION_ID,
        row: {
          title: '코디룸 스페셜 위크',
          subtitle: '단 {days}일, 역대 최대 혜택',
          promotion_type: 'SPECIAL',
          benefit_label: '최대 {max}% + 쿠폰',
          coupon_policy_id: this.couponIds.get('monthly'),
          starts_at: this.ago(2),
          ends_at: this.ago(-5),
        },
        items: pick((d) => d.priceDiscount <= d.price * 0.6, 40),
      },
    ];
    // Each campaign's copy is filled from its own facts: its items' best rate, its length, its coupon.
    const couponByPolicyId = new Map<unknown, Row>();
    for (const [key, row] of this.couponRows)
      couponByPolicyId.set(key === 'codi_max' ? get(FIXED_CODI_COUPON_IDS, 2) : this.couponIds.get(key), row);
    for (const d of defs) {
      const coupon = couponByPolicyId.get(d.row.coupon_policy_id);
      const facts: Record<string, string | number> = {
        max: Math.max(0, ...d.items.map((x) => discountRate(x.price, x.priceDiscount))),
        days: Math.round(((d.row.ends_at as Date).getTime() - (d.row.starts_at as Date).getTime()) / DAY),
        brands: new Set(d.items.map((x) => x.brandIdx)).size,
        until: kstTimeLabel(d.row.ends_at as Date),
        from: benefitWords('FIXED', get(SLACKS_EVENT_PRICES, 0)),
        cap: benefitWords('FIXED', FIRST_PURCHASE_COUPON_MAX_DISCOUNT),
        ...(coupon
          ? {
              coupon: benefitWords(
                coupon.discount_kind as 'FIXED' | 'PERCENT',
                Number(coupon.discount_value),
              ),
            }
          : {}),
      };
      for (const key of ['title', 'subtitle', 'benefit_label'] as const)
        d.row[key] = fillCopy(String(d.row[key]), facts);
    }
    this.promotionRows = defs.map((d) => d.row);
    const rows = defs.map((d, i) => ({
      ...(d.id ? { id: d.id } : {}),
      description: `${String(d.row.subtitle)}. 기간 한정 혜택을 놓치지 마세요.`,
      image_url: `/api/images/banner/${300 + i + 1}.webp`,
      sort_order: i,
      created_at: this.ago(100),
      ...d.row,
    }));
    const plain = rows.filter((_, i) => !get(defs, i).id);
    const plainIds = await this.w.insertIds('promotions', t.promotions, plain);
    await this.w.insert(
      'promotions',
      t.promotions,
      rows.filter((_, i) => get(defs, i).id),
    );
    await this.db.execute(
      sql`select setval(pg_get_serial_sequence('promotions', 'id'), (select max(id) from promotions))`,
    );
    let k = 0;
    const ids = defs.map((d) => d.id ?? get(plainIds, k++));
    this.promotionIds = ids;
    const itemRows: Row[] = [];
    defs.forEach((d, i) => {
      d.items.forEach((item, o) => {
        itemRows.push({ promotion_id: get(ids, i), product_display_id: item.id, sort_order: o });
      });
    });
    await this.w.insert('promotion_products', t.promotionProducts, itemRows);
    this.progress.step(1, 'promotions');
  }

  private promotionIds: number[] = [];
  /** The promotions' rows (copy filled), in the order of promotionIds. */
  private promotionRows: Row[] = [];
  private themeIds: number[] = [];
  /** The outlet collection's best discount rate (its banner and description say it). */
  private outletMaxRate = 0;
  /** The running time sale's end (its banner says it and ends with it). */
  private timeSaleEnds: Date = new Date(0);

  // ── time sales ──
  private async timeSales(): Promise<void> {
    const rng = this.root.fork('time_sales');
    // Titles name the instants themselves (KST), never "오늘" or "내일", which go stale.
    const runningEnds = new Date(this.nowMs + 14 * HOUR);
    this.timeSaleEnds = runningEnds;
    const running = {
      title: `${kstTimeLabel(runningEnds)}까지 타임특가`,
      starts_at: new Date(this.nowMs - 10 * HOUR),
      ends_at: runningEnds,
      created_at: this.ago(3),
    };
    const p = kstParts(new Date(this.nowMs + DAY));
    // One time sale at a time (docs/ARCHITECTURE.md, "Time sales"): the next one never starts before this one ends.
    const tenAm = kstDate(p.year, p.month, p.day, 10);
    const upStart = tenAm > runningEnds ? tenAm : runningEnds;
    const upcoming = {
      title: `${kstTimeLabel(upStart)} 타임특가`,
      starts_at: upStart,
      ends_at: new Date(upStart.getTime() + DAY),
      created_at: this.ago(2),
    };
    const ids = await this.w.insertIds('time_sales', t.timeSales, [running, upcoming]);
    const pool = this.displays.filter((d) => d.priceDiscount >= 20_000);
    const chosen = rng.sample(pool, Math.min(pool.length, 36));
    const rows: Row[] = [];
    chosen.forEach((d, i) => {
      const isRunning = i % 2 === 0;
      const salePrice = Math.max(100, Math.floor((d.priceDiscount * rng.float(0.7, 0.88)) / 100) * 100);
      const limit = rng.int(3, 30) * 10;
      rows.push({
        time_sale_id: get(ids, isRunning ? 0 : 1),
        product_display_id: d.id,
        sale_price: Math.min(salePrice, d.priceDiscount - 100),
        stock_limit: limit,
        sold_count: isRunning ? rng.int(0, limit) : 0,
      });
    });
    await this.w.insert('time_sale_items', t.timeSaleItems, rows);
    this.progress.step(1, 'time_sales');
  }

  // ── magazine posts ──
  private async posts(): Promise<void> {
    const rng = this.root.fork('posts');
    const n = this.reviewers.length;
    const plans = POSTS.map((post, i) => {
      const published = this.ago(POSTS.length * 9 - i * 9 + rng.float(0, 5));
      // Every paragraph is written for its heading (POST_SECTION_TEXT); the tip is about the kinds
      // of products the post links to; particles follow the keyword (seed/copy.ts).
      const kind =
        post.category === '이벤트' ? 'event' : post.category === '브랜드 스토리' ? 'story' : 'guide';
      const intro = rng
        .pick(POST_INTROS[kind])
        .replaceAll('{k:을}', withEul(post.keyword))
        .replaceAll('{k}', post.keyword);
      const tips = POST_TIPS.filter((tip) => post.categories.some((code) => tip.codes.test(code)));
      const lines: string[] = [intro, ''];
      for (const heading of post.sections) {
        const text = POST_SECTION_TEXT[heading];
        if (!text) throw new Error(`seed: no paragraph for the heading "${heading}"`);
        lines.push(`## ${heading}`, '', text, '');
      }
      if (tips.length > 0) lines.push(`> 에디터 팁: ${rng.pick(tips).text}`, '');
      lines.push(
        post.ended
          ? `${withEul(post.keyword)} 아껴 주신 고객 여러분께 감사드립니다.`
          : `오늘 소개한 ${post.keyword} 아이템은 아래에서 바로 만나보실 수 있습니다.`,
      );
      if (post.forms) lines.push('', ...post.forms);
      const items = rng
        .sample(
          this.displays.filter((d) => post.categories.includes(d.cat.code)),
          rng.int(4, 8),
        )
        .map((d) => d.id);
      return {
        row: {
          title: post.title,
          subtitle: post.subtitle,
          body: lines.join('\n'),
          cover_image_url: `/api/images/banner/${100 + i + 1}.webp`,
          category: post.category,
          author: rng.pick(EDITORS),
          status: post.ended ? 'ENDED' : 'RUNNING',
          view_count: Math.round(rng.float(800, 25_000)),
          like_count: 0,
          published_at: published,
          created_at: new Date(published.getTime() - DAY),
        } as Row,
        items,
        likes: rng.sampleIndices(n, Math.min(n, rng.poisson(n * 0.04 + 1))),
      };
    });
    for (const p of plans) p.row.like_count = p.likes.length;
    const ids = await this.w.insertIds(
      'posts',
      t.posts,
      plans.map((p) => p.row),
    );
    const rows: Row[] = [];
    plans.forEach((p, i) => {
      p.items.forEach((displayId, o) => {
        rows.push({ post_id: get(ids, i), product_display_id: displayId, sort_order: o });
      });
    });
    await this.w.insert('post_products', t.postProducts, rows);
    await this.likeRows(
      'CONTENT',
      ids,
      plans.map((p) => p.likes),
      rng,
    );
    this.postIds = ids;
    this.progress.step(1, 'posts');
  }

  private postIds: number[] = [];

  // ── banners ──
  private async banners(): Promise<void> {
    const promo = (i: number) => `/promotion/${get(this.promotionIds, i)}`;
    // Every banner's copy comes from what it links to: a promotion banner is that promotion's copy
    // and ends with it; the time-sale banner names the sale's end in KST and ends with it.
    const promoRow = (i: number) => get(this.promotionRows, i);
    const special = this.promotionIds.indexOf(SPECIAL_PROMOTION_ID);
    const welcome = this.couponRows.get('welcome') as Row;
    const magazine = get(POSTS, 10);
    const defs: [string, string, string, string, Date | null][] = [
      [
        'home_top',
        String(promoRow(0).title),
        String(promoRow(0).subtitle),
        promo(0),
        promoRow(0).ends_at as Date,
      ],
      [
        'home_top',
        '출근룩 완성 기획전',
        '셔츠부터 구두까지 한 번에',
        `/theme/${get(this.themeIds, 1)}`,
        null,
      ],
      [
        'home_top',
        '타임특가',
        `${kstTimeLabel(this.timeSaleEnds)}까지, 한정 수량`,
        '/timeSale',
        this.timeSaleEnds,
      ],
      [
        'home_top',
        `아울렛 최대 ${this.outletMaxRate}%`,
        '시즌오프 인기 상품 모음',
        '/collection/outlet',
        null,
      ],
      [
        'home_top',
        String(promoRow(special).title),
        String(promoRow(special).subtitle),
        `/promotion/${SPECIAL_PROMOTION_ID}`,
        promoRow(special).ends_at as Date,
      ],
      [
        'home_middle',
        '신규 회원 웰컴 쿠폰',
        `가입하고 ${benefitWords('FIXED', Number(welcome.discount_value))} 쿠폰 받기`,
        '/signup',
        null,
      ],
      ['home_middle', '스타일 퀴즈', '3분 만에 나에게 맞는 코디 찾기', '/stylequiz', null],
      ['home_middle', '코디룸 매거진', magazine.subtitle, `/post/${get(this.postIds, 10)}`, null],
    ];
    await this.w.insert(
      'banners',
      t.banners,
      defs.map(([placement, title, subtitle, link, ends], i) => ({
        placement,
        title,
        subtitle,
        image_url: '',
        link_url: link,
        starts_at: this.ago(14),
        ends_at: ends,
        sort_order: i,
      })),
    );
    await this.db.execute(
      sql`update ${t.banners} set image_url = '/api/images/banner/' || id || '.webp' where image_url = ''`,
    );
    this.progress.step(1, 'banners');
  }

  // ── search keywords, missions, daily quizzes ──
  private async keywordsMissionsQuizzes(): Promise<void> {
    await this.w.insert(
      'search_keywords',
      t.searchKeywords,
      [OFFICE_WEAR_KEYWORD, ...SEARCH_KEYWORDS_EXTRA].map((keyword, i) => ({
        keyword,
        kind: 'recommended',
        sort_order: i,
      })),
    );
    await this.w.insert(
      'missions',
      t.missions,
      MISSIONS.map((m) => ({ ...m })),
    );
    const rng = this.root.fork('quizzes');
    const order = rng.shuffle(DAILY_QUIZZES.map((_, i) => i));
    const keys = ['A', 'B', 'C', 'D'];
    await this.w.insert(
      'daily_quizzes',
      t.dailyQuizzes,
      Array.from({ length: 14 }, (_, d) => {
        // Odd days ask a style question (no right answer, each option a style), even days trivia.
        if (d % 2 === 1) {
          const sq = get(DAILY_STYLE_QUESTIONS, ((d - 1) / 2) % DAILY_STYLE_QUESTIONS.length);
          return {
            quiz_date: kstDateString(new Date(this.nowMs + d * DAY)),
            question: sq.question,
            options: sq.options.map((o, i) => ({ key: get(keys, i), label: o.label, style: o.style })),
            answer: null,
            point: d % 7 === 6 ? 50 : 10,
          };
        }
        const q = get(DAILY_QUIZZES, get(order, d % order.length));
        return {
          quiz_date: kstDateString(new Date(this.nowMs + d * DAY)),
          question: q.question,
          options: q.options.map((label, i) => ({ key: get(keys, i), label })),
          answer: get(keys, q.answer),
          point: d % 7 === 6 ? 50 : 10,
        };
      }),
    );
    this.progress.step(3, 'missions');
  }

  private async finish(): Promise<void> {
    // Stored search forms of every product, brand, style, post and term (domains/search).
    await rebuildSearchIndex(this.db);
    // A review photo shows the reviewed product: its type and colour.
    await this.db.execute(
      sql`update ${t.reviewPhotos} p
          set image_url = '/api/images/review/' || d.product_type || '/' || ltrim(d.color_hex, '#') || '/' || p.id || '.webp'
          from ${t.reviews} r join ${t.productDisplays} d on d.id = r.product_display_id
          where r.id = p.review_id and p.image_url = ''`,
    );
    await this.w.insert('app_meta', t.appMeta, [
      {
        key: 'seed',
        value: { version: SEED_VERSION, products: this.productCount, seeded_at: this.now.toISOString() },
        updated_at: this.now,
      },
    ]);
    this.progress.step(this.progress.total, 'done');
  }
}
