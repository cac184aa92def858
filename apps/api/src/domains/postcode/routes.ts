/**
 * GET /api/addresses/search?keyword&page — Korean postcode search for the address book and the
 * checkout (an addition, not in API-CATALOGUE.md). Members only (the real provider is a keyed,
 * rate-limited public API). The keyword follows the shared rule (`cleanAddressKeyword`): 2–40
 * characters, letters, digits, spaces and - . , ( ); anything else is a 400 before any provider.
 */
import {
  ADDRESS_SEARCH_MAX_PAGE,
  ADDRESS_SEARCH_PAGE_SIZE,
  AddressSearchBody,
  AddressSearchQuery,
  cleanAddressKeyword,
  ErrorBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { postcodeProviderOf } from './select.ts';

export const postcodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/addresses/search',
    {
      config: { access: 'token' },
      schema: {
        tags: ['addresses'],
        summary:
          '[addition, not in API-CATALOGUE.md] Postcode search: road addresses and 5-digit postcodes by road name, building name or 동',
        description:
          `${ADDRESS_SEARCH_PAGE_SIZE} results a page, pages 1–${ADDRESS_SEARCH_MAX_PAGE}. The 행정안전부 도로명주소 API ` +
          'with JUSO_API_KEY, a local stand-in outside production otherwise (503 in production without a key).',
        querystring: AddressSearchQuery,
        response: { 200: AddressSearchBody, 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const clean = cleanAddressKeyword(req.query.keyword);
      if (!clean.ok) throw badRequest(clean.detail);
      const provider = postcodeProviderOf(ctx);
      const page = req.query.page;
      const found = await provider.search(clean.keyword, page, ADDRESS_SEARCH_PAGE_SIZE);
      return {
        keyword: clean.keyword,
        page,
        total_count: found.total,
        has_next: page * ADDRESS_SEARCH_PAGE_SIZE < found.total && page < ADDRESS_SEARCH_MAX_PAGE,
        provider: provider.name,
        result: found.results.slice(0, ADDRESS_SEARCH_PAGE_SIZE),
      };
    },
  );
};
