/**
 * Korean postcode search (docs/ARCHITECTURE.md, 'Orders and payments', "Address search"): the
 * wire schemas of `GET /api/addresses/search` (an addition) and the keyword rule every provider
 * shares. The keyword rule follows the 도로명주소 검색 API (juso.go.kr): at least two characters,
 * no characters it refuses (`%`, `=`, `<`, `>`, `[`, `]`, quotes, `;` …) and no SQL words, which it
 * answers with an error instead of results.
 */
import { z } from 'zod';

export const ADDRESS_KEYWORD_MIN = 2;
export const ADDRESS_KEYWORD_MAX = 40;
/** Results per page (the juso API allows up to 100 per page). */
export const ADDRESS_SEARCH_PAGE_SIZE = 10;
export const ADDRESS_SEARCH_MAX_PAGE = 50;

/** Words the juso API refuses in a keyword (its "특수문자, SQL 예약어" check). */
const SQL_WORDS = /\b(OR|SELECT|INSERT|DELETE|UPDATE|CREATE|DROP|EXEC|UNION|FETCH|DECLARE|TRUNCATE)\b/i;

export const ADDRESS_KEYWORD_MSG = {
  short: `검색어를 ${ADDRESS_KEYWORD_MIN}글자 이상 입력해주세요.`,
  long: `검색어는 ${ADDRESS_KEYWORD_MAX}글자까지 입력할 수 있어요.`,
  invalid: '도로명, 건물명 또는 동 이름으로 검색해주세요. 특수문자는 사용할 수 없어요.',
} as const;

/**
 * The keyword as searched (spaces collapsed, trimmed), or the reason it cannot be: too short,
 * too long, a character outside letters, digits, spaces, '-', '.', ',', '(' and ')', or an SQL word.
 */
export function cleanAddressKeyword(
  raw: string,
): { ok: true; keyword: string } | { ok: false; detail: string } {
  const keyword = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if ([...keyword].length < ADDRESS_KEYWORD_MIN) return { ok: false, detail: ADDRESS_KEYWORD_MSG.short };
  if ([...keyword].length > ADDRESS_KEYWORD_MAX) return { ok: false, detail: ADDRESS_KEYWORD_MSG.long };
  if (!/^[\p{L}\p{N} .,()-]+$/u.test(keyword) || SQL_WORDS.test(keyword)) {
    return { ok: false, detail: ADDRESS_KEYWORD_MSG.invalid };
  }
  return { ok: true, keyword };
}

export const AddressSearchQuery = z.object({
  keyword: z.string().max(200),
  page: z.coerce.number().int().min(1).max(ADDRESS_SEARCH_MAX_PAGE).default(1),
});

export const PostcodeAddress = z.object({
  /** 5-digit 우편번호 (기초구역번호). */
  zipcode: z.string(),
  /** 도로명주소, e.g. "서울특별시 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)". */
  road_address: z.string(),
  /** 지번주소, e.g. "서울특별시 강남구 역삼동 737". */
  jibun_address: z.string(),
  building_name: z.string(),
});
export type PostcodeAddress = z.infer<typeof PostcodeAddress>;

export const AddressSearchBody = z.object({
  keyword: z.string(),
  page: z.number().int(),
  total_count: z.number().int(),
  has_next: z.boolean(),
  /** Which provider answered: `juso` (행정안전부 도로명주소 API) or `local` (the stand-in). */
  provider: z.string(),
  result: z.array(PostcodeAddress),
});
export type AddressSearchBody = z.infer<typeof AddressSearchBody>;
