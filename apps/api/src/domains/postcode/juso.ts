/**
 * The 행정안전부 도로명주소 검색 API adapter (business.juso.go.kr, "주소검색 API"):
 *   GET {JUSO_API_BASE}/addrlink/addrLinkApi.do?confmKey&currentPage&countPerPage&keyword&resultType=json
 * answers `{results: {common: {errorCode, errorMessage, totalCount}, juso: [{roadAddr, jibunAddr,
 * zipNo, bdNm, …}]}}`; errorCode "0" is success. Keyword errors (too short, too broad, special
 * characters, SQL words …) are the shopper's 400 with the API's message; a refused key, any other
 * code, a network failure or an unreadable answer is a 502 (the form still takes a typed address).
 */
import type { PostcodeAddress } from '@codiroom/shared';
import { HttpError } from '../../platform/errors.ts';
import type { PostcodePage, PostcodeProvider } from './provider.ts';

const TIMEOUT_MS = 5_000;
/** An answer of at most 100 addresses is a few tens of KiB. */
const MAX_ANSWER_CHARS = 1 << 20;
/** The API's error codes about the keyword itself (its guide's "검색어" errors). */
const KEYWORD_CODES = new Set([
  'E0005',
  'E0006',
  'E0008',
  'E0009',
  'E0010',
  'E0011',
  'E0012',
  'E0013',
  'E0015',
]);
export const JUSO_UNAVAILABLE = '주소 검색 서비스에 연결할 수 없어요. 우편번호와 주소를 직접 입력해주세요.';

type JusoRow = { roadAddr?: unknown; jibunAddr?: unknown; zipNo?: unknown; bdNm?: unknown };

const text = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');

export function parseJusoAnswer(body: unknown): PostcodePage {
  const results = (body as { results?: { common?: Record<string, unknown>; juso?: unknown } } | null)
    ?.results;
  const common = results?.common;
  if (!common) throw new HttpError(502, JUSO_UNAVAILABLE);
  const code = text(common.errorCode, 10);
  if (code !== '0') {
    if (KEYWORD_CODES.has(code))
      throw new HttpError(400, text(common.errorMessage, 200) || '검색어를 확인해주세요.');
    throw new HttpError(502, JUSO_UNAVAILABLE);
  }
  const rows = Array.isArray(results?.juso) ? (results.juso as JusoRow[]) : [];
  const list: PostcodeAddress[] = rows
    .map((r) => ({
      zipcode: text(r.zipNo, 10),
      road_address: text(r.roadAddr),
      jibun_address: text(r.jibunAddr),
      building_name: text(r.bdNm, 100),
    }))
    .filter((a) => /^\d{5}$/.test(a.zipcode) && a.road_address !== '');
  const total = Number(common.totalCount);
  return { total: Number.isSafeInteger(total) && total >= 0 ? total : list.length, results: list };
}

export class JusoPostcodeProvider implements PostcodeProvider {
  readonly name = 'juso';
  constructor(
    private readonly key: string,
    private readonly base: string,
  ) {}

  async search(keyword: string, page: number, size: number): Promise<PostcodePage> {
    const url = new URL('/addrlink/addrLinkApi.do', this.base);
    url.search = new URLSearchParams({
      confmKey: this.key,
      currentPage: String(page),
      countPerPage: String(size),
      keyword,
      resultType: 'json',
    }).toString();
    let raw: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      raw = await res.text();
      if (!res.ok || raw.length > MAX_ANSWER_CHARS) throw new Error(`juso answered ${res.status}`);
    } catch {
      throw new HttpError(502, JUSO_UNAVAILABLE);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new HttpError(502, JUSO_UNAVAILABLE);
    }
    return parseJusoAnswer(body);
  }
}
