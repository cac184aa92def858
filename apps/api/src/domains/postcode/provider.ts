/**
 * The postcode search interface (docs/ARCHITECTURE.md, 'Orders and payments', "Address search"):
 * one page of road addresses with their 5-digit postcodes for a keyword already cleaned by the shared
 * rule (`cleanAddressKeyword`: a road name, a building name or a 동, at least two characters).
 * Adapters: `juso.ts` (행정안전부 도로명주소 검색 API), `local.ts` (the stand-in), a disabled one
 * (production without a key). Choosing one is select.ts.
 */
import type { PostcodeAddress } from '@codiroom/shared';

export type PostcodePage = { total: number; results: PostcodeAddress[] };

export interface PostcodeProvider {
  /** 'juso' | 'local' | 'disabled' (shown in the answer's `provider`). */
  readonly name: string;
  search(keyword: string, page: number, size: number): Promise<PostcodePage>;
}
