import { benefitWords } from './copy.ts';
import type { CategoryDef, ColorKey, REVIEW_MATERIAL } from './data.ts';
import type { SizeMeasurement } from './measurements.ts';
import { clamp, type Row } from './writer.ts';

export interface UserRef {
  id: number;
  height: number;
  weight: number;
}

export interface DisplayRef {
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

export interface ReviewPlan {
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

export interface DisplayPlan {
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

export interface ProductPlan {
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
export const FABRIC_WORDS = [
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
export const FABRIC_RE =
  /린넨|데님|코듀로이|캐시미어|스웨이드|레더|가죽|캔버스|나일론|실크|울|코튼|텐셀|알파카|램스|메리노|트윌|헤링본|멜톤|트로피컬|개버딘|카프|소가죽|구스다운|덕다운|웰론|아세테이트|티타늄|테리|피케|실켓|수피마|플리스/;

/** How many demo users a catalogue gets: products / 7, at least 60, at most 20,000. */
export function demoUserCount(products: number): number {
  return clamp(Math.round(products / 7), 60, 20_000);
}

/** Average reviews per display: 3, thinning out for very large catalogues (≥ 0.5 always). */
export function averageReviews(products: number): number {
  if (products <= 20_000) return 3;
  if (products <= 50_000) return 2.5;
  return 2;
}

/** What a product is for, by category (descriptions), else by main category. */
export const USE_BY_MAIN: Record<CategoryDef['main'], readonly string[]> = {
  outer: ['가볍게 걸치기 좋은 아우터입니다.', '활용도 높은 아우터입니다.'],
  top: ['단독으로도, 레이어드로도 좋습니다.', '매일 손이 가는 기본 상의입니다.'],
  bottom: ['상의를 가리지 않고 두루 어울리는 팬츠입니다.', '편안하게 입는 기본 팬츠입니다.'],
  shoes: ['하루 종일 신어도 편안하도록 쿠션 인솔을 더했습니다.', '어디에나 어울리는 기본 디자인입니다.'],
  bag: ['필요한 소지품을 깔끔하게 정리해 줍니다.', '가볍게 들기 좋은 가방입니다.'],
  accessories: ['선물용 박스에 담아 보내드립니다.', '작은 디테일로 전체 룩의 완성도를 높여 줍니다.'],
  sports: ['운동할 때 움직임이 편하도록 만들었습니다.', '주말 운동에 가볍게 쓰기 좋습니다.'],
};
export const USE_BY_CATEGORY: Record<string, readonly string[]> = {
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
export function reviewKind(cat: CategoryDef): CategoryDef['main'] {
  if (cat.main !== 'sports') return cat.main;
  if (cat.product_type === 'SHOES') return 'shoes';
  if (cat.product_type === 'BAG') return 'bag';
  if (cat.product_type === 'ETC') return 'accessories';
  return 'sports';
}
export function materialKind(kind: CategoryDef['main']): keyof typeof REVIEW_MATERIAL {
  if (kind === 'shoes' || kind === 'bag' || kind === 'accessories') return kind;
  return 'garment';
}
export function sizeWordsKind(cat: CategoryDef): 'upper' | 'bottom' | 'shoes' {
  if (cat.product_type === 'SHOES') return 'shoes';
  return cat.product_type === 'BOTTOM' ? 'bottom' : 'upper';
}
/** A second remark of a 1–2 star review: more complaint, never praise. */
export const REVIEW_GENERAL_MEH_LOW = [
  '배송도 생각보다 늦었어요.',
  '마감도 조금 아쉬워요.',
  '다음에는 다른 제품을 살 것 같아요.',
] as const;

/** A coupon row's name with its "{v}" replaced by what it gives ("5,000원", "7%"). */
export function nameWithBenefit(r: Row): string {
  return String(r.name).replace(
    '{v}',
    benefitWords(r.discount_kind as 'FIXED' | 'PERCENT', Number(r.discount_value)),
  );
}

/** Fills a campaign's copy from its facts: {max} best rate of its items, {days}, {coupon}, {brands}, {until}. */
export function fillCopy(text: string, facts: Record<string, string | number>): string {
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
