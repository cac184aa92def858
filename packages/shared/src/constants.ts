/**
 * Business constants and limits from SPEC.md (sections 2, 3 and 9).
 * One source for the API and the storefront.
 */

export const CURRENCY = 'KRW' as const;
export const DELIVERY_CATEGORY = 'home_delivery' as const;
export const TIME_ZONE = 'Asia/Seoul' as const;

/** SPEC.md §9 "Time and money". */
export const WEB_STATUS_POLL_MS = 300_000;
export const SCROLL_RESTORE_RETRY_MS = 100;
export const TOKEN_WAIT_POLL_MS = 10_000;
export const MARKETING_PUSH_POPUP_REPEAT_DAYS = 7;

const DAY = 24 * 60 * 60;
/** Cookie lifetimes in seconds. */
export const COOKIE_MAX_AGE = {
  accessToken: 10 * DAY,
  isLogin: 10 * DAY,
  refreshToken: 30 * DAY,
  userID: 30 * DAY,
  guestID: 30 * DAY,
  sizeSheetView: 1 * DAY,
  /** Not given by the spec: a device's kind changes rarely, so as long as the guest id. */
  isPC: 30 * DAY,
} as const;

/** SPEC.md §9 "Layout" — used as design tokens by the storefront. */
export const LAYOUT = {
  maxWidth: 480,
  bottomBarHeightRem: 6.5,
  headerTopScrollThreshold: 60,
  bottomScrollThreshold: 10,
  headerHeight: 48,
  navigationHeight: 42,
  fixedTopUiHeight: 90,
  bottomSheetHeaderHeight: 40,
  breakpoints: { desktop: 1024, tablet: 768, mobile: 320 },
} as const;

export type TypeStyle = { size: number; lineHeight: number; weight: 400 | 500 | 600 | 700 };
/** SPEC.md §9 type scale (px, line height as a ratio). */
export const TYPE_SCALE = {
  Large_Title: { size: 24, lineHeight: 1.3, weight: 700 },
  Title_1: { size: 22, lineHeight: 1.3, weight: 700 },
  Title_2: { size: 20, lineHeight: 1.3, weight: 700 },
  Title_3: { size: 18, lineHeight: 1.3, weight: 700 },
  Body_1: { size: 16, lineHeight: 1.4, weight: 400 },
  Body_2: { size: 15, lineHeight: 1.4, weight: 400 },
  Body_3: { size: 14, lineHeight: 1.4, weight: 400 },
  Body_4: { size: 13, lineHeight: 1.4, weight: 400 },
  Detail_1: { size: 12, lineHeight: 1.3, weight: 400 },
  Detail_2: { size: 11, lineHeight: 1.2, weight: 400 },
  Caption: { size: 10, lineHeight: 1.2, weight: 400 },
} as const satisfies Record<string, TypeStyle>;
export const FONT_WEIGHTS = { Bold: 700, Semi_Bold: 600, Medium: 500, Regular: 400 } as const;

/**
 * SPEC.md §9 "Coupons and prices". Its "85% of the discount price" first-discount price is not used:
 * the shop's first-purchase benefit is this coupon (docs/ARCHITECTURE.md, 'Prices').
 */
export const FIRST_PURCHASE_COUPON_RATE_PERCENT = 7;
export const FIRST_PURCHASE_COUPON_MAX_DISCOUNT = 10_000;
/**
 * What a new member is promised (and given at sign-up, once per person): the first-purchase coupon.
 * Here, not in account.ts, so the shell's welcome does not pull the form schemas into every page.
 */
export const SIGN_UP_COUPON_TEXT = `첫 구매 ${FIRST_PURCHASE_COUPON_RATE_PERCENT}% 할인 쿠폰(최대 ${FIRST_PURCHASE_COUPON_MAX_DISCOUNT.toLocaleString('ko-KR')}원)`;
export const FIXED_CODI_COUPON_IDS = [1865, 1866, 1867] as const;
export const INTEREST_FREE_CARD_DEFAULT_MIN = 50_000;
export const PROMOTION_IDS = [123, 297] as const;
export const SPECIAL_PROMOTION_ID = 2050;
export const SLACKS_EVENT_PRICES = [9900, 14900, 19900, 29500] as const;
/** SPEC.md §9: the slacks event coupon takes 50% off (a PERCENT coupon scoped to the event's product displays). */
export const SLACKS_EVENT_RATE_PERCENT = 50;

/** SPEC.md §9 "Lists and sizes". */
export const CLOSET_V1_DEFAULT_LIMIT = 10;
export const CLOSET_V1_DEFAULT_PAGE = 1;
export const OUTLET_LIMIT = 10;
export const PREFERRED_PRODUCTS_LIMIT = 10;
export const PHOTO_REVIEWS_DEFAULT_COUNT = 3;
export const IMAGE_RESIZE_DEFAULTS = { width: 800, format: 'webp', quality: 100 } as const;
export const CAMPAIGN_CODE_MIN = 1;
export const CAMPAIGN_CODE_MAX = 16;

/** SPEC.md §3 enumerations. */
export const PRODUCT_TYPES = ['TOP', 'BOTTOM', 'OUTER', 'ETC', 'SHOES', 'BAG'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  TOP: '상의',
  BOTTOM: '바지',
  OUTER: '아우터',
  ETC: '기타',
  SHOES: '신발',
  BAG: '가방',
};
export const PHOTO_TYPES = ['FACE', 'BODY'] as const;
export const LIKE_TYPES = ['PRODUCT', 'BRAND', 'STYLE', 'CODI', 'CONTENT'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];
export const SOCIAL_TYPES = ['KAKAO', 'APPLE', 'NAVER'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];
/** A review's size feel: runs small, fits, runs big. */
export const SIZE_FEELS = ['SMALL', 'FIT', 'LARGE'] as const;
export type SizeFeel = (typeof SIZE_FEELS)[number];
/** The size-sheet field sets of the categories; each has a '2' variant (EYEWEAR2 in mm). */
export const MEASUREMENT_SET_CODES = [
  'TOP',
  'TOP2',
  'BOTTOM',
  'BOTTOM2',
  'OUTER',
  'OUTER2',
  'BAG',
  'BAG2',
  'TIE_BELT',
  'TIE_BELT2',
  'EYEWEAR',
  'EYEWEAR2',
  'CAP',
  'CAP2',
  'SHOES',
  'SHOES2',
] as const;
/** Kinds of storefront log entries (SPEC.md §7 loggers) kept in event_logs. */
export const LOG_KINDS = ['ACTIVE_USER', 'PAGE', 'ERROR', 'SECTION', 'EVENT'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const USER_MAIN_STATUSES = [
  'NONE_STYLE_QUIZ',
  'NONE_CURATIONED',
  'CURATIONED',
  'WAITING_LIST',
] as const;

/** SPEC.md §2 "Tabs and filters". */
export const SHOP_CATEGORIES = [
  'all',
  'outer',
  'top',
  'bottom',
  'shoes',
  'bag',
  'accessories',
  'sports',
] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const SHOP_CATEGORY_LABELS: Record<ShopCategory, string> = {
  all: '전체',
  outer: '아우터',
  top: '상의',
  bottom: '바지',
  shoes: '신발',
  bag: '가방',
  accessories: '액세서리',
  sports: '스포츠',
};
export const SPORTS_SUB_CATEGORIES = ['top', 'bottom', 'outer', 'shoes', 'bag', 'hat', 'accessory'] as const;
export const SPORTS_SUB_CATEGORY_LABELS: Record<(typeof SPORTS_SUB_CATEGORIES)[number], string> = {
  top: '상의',
  bottom: '하의',
  outer: '아우터',
  shoes: '신발',
  bag: '가방',
  hat: '모자',
  accessory: '용품',
};

/** SPEC.md §2 public links exposed to crawlers (the office-wear keyword for /search). */
export const OFFICE_WEAR_KEYWORD = '출근룩';
export const PUBLIC_CRAWLER_LINKS = [
  '/',
  '/category',
  '/style',
  `/search?query=${encodeURIComponent(OFFICE_WEAR_KEYWORD)}`,
  '/ranking',
  '/collection/outlet',
  '/timeSale',
  '/post',
] as const;

/** SPEC.md §8 user-facing messages. */
export const MESSAGES = {
  productMissing: '상품이 없습니다.',
  brandMissing: '브랜드가 존재하지 않습니다',
  postNotRunning: '현재 진행중인 컨텐츠가 아닙니다.',
  styleMissing: '스타일이 없습니다.',
  tokenRequired: 'Token Required',
  loadingDelay: '접속자가 많아 로딩이 지연되고 있습니다. 잠시만 기다려주세요.',
  overload: '접속자가 많아 서비스 이용이 원활하지 않습니다.',
  errorFallback: '새로고침 버튼을 눌러주세요. 계속 같은 화면이 나타나면 팀에 오류 알리기 버튼을 눌러주세요.',
  couponDownloadFallback: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  duplicatePhone: '이미 가입된 번호입니다.',
  duplicateSocialId: '중복된 소셜 아이디입니다.',
  duplicateEmail: '이미 가입된 이메일입니다.',
  userNameTooLong: '고객명이 50자 이상이어서 회원가입이 불가능합니다.',
} as const;

/** Largest quantity of one cart line. */
export const CART_MAX_QUANTITY = 99;
