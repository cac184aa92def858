/**
 * Type tests of the API client (compiled by api-client.test.ts, "answer types follow the path"):
 * a call's answer type comes from its method and path (api-responses.ts), a path outside the map
 * does not compile, and the caller cannot choose the type. Every `@ts-expect-error` below must
 * stay an error: an unused one fails the compilation too.
 */
import { expectTypeOf } from 'vitest';
import { type ApiResult, createApiClient } from '../src/api-client.ts';
import type { ApiPath, ApiResponse } from '../src/api-responses.ts';
import type {
  AdminBanner,
  AdminProductRow,
  AdminRefundPreview,
  AdminTicket,
  AdminTicketTemplates,
  CartList,
  CodiSet,
  OperatorSessionBody,
  OrderForm,
  ProductCardList,
  ProductDetail,
  ReviewListBody,
  ShippingInfoBody,
  UserStatus,
} from '../src/index.ts';

const api = createApiClient({ fetch: (path, init) => fetch(path, init) });
declare const id: number;
declare const sort: 'best' | 'latest';

export async function answers() {
  expectTypeOf(await api.get(`/api/products/detail/${id}`)).toEqualTypeOf<ProductDetail>();
  expectTypeOf(await api.get('/api/carts')).toEqualTypeOf<CartList>();
  expectTypeOf(await api.get(`/api/reviews/product-reviews/${id}/${sort}`)).toEqualTypeOf<ReviewListBody>();
  expectTypeOf(await api.get(`/api/curations/codi-by-product/${id}`)).toEqualTypeOf<{ result: CodiSet[] }>();
  // A query string in the path keeps the route.
  expectTypeOf(
    await api.get(`/api/products/shipping-info?product_display_id=${id}`),
  ).toEqualTypeOf<ShippingInfoBody>();
  expectTypeOf(await api.getOr('/api/users/status', null)).toEqualTypeOf<UserStatus | null>();
  expectTypeOf(await api.productDisplayList([1, 2])).toEqualTypeOf<ProductCardList>();
  expectTypeOf(await api.get('/api/admin/auth/me')).toEqualTypeOf<OperatorSessionBody>();

  const r = await api.request('GET', `/api/orders/data?x=${id}`);
  expectTypeOf(r).toEqualTypeOf<ApiResult<OrderForm>>();
  if (r.ok) expectTypeOf(r.data).toEqualTypeOf<OrderForm>();

  // The same path answers by its method: POST /api/carts is not GET /api/carts.
  expectTypeOf(await api.post('/api/carts', {})).not.toEqualTypeOf<CartList>();
  expectTypeOf<ApiResponse<'GET', '/api/products/detail/5'>>().toEqualTypeOf<ProductDetail>();
  expectTypeOf<'/api/products/detail/5'>().toExtend<ApiPath<'GET'>>();
  expectTypeOf<'/api/products/detail/5'>().not.toExtend<ApiPath<'DELETE'>>();
}

export async function adminAnswers() {
  // The back office's calls are typed by their path too (admin-responses.ts).
  expectTypeOf(await api.get('/api/admin/banners')).toEqualTypeOf<{ result: AdminBanner[] }>();
  expectTypeOf((await api.get(`/api/admin/products?q=${id}`)).result).toEqualTypeOf<AdminProductRow[]>();
  // A literal segment beats a `{name}` one: templates are not a ticket, a ticket is not templates.
  expectTypeOf(await api.get('/api/admin/tickets/templates')).toEqualTypeOf<AdminTicketTemplates>();
  expectTypeOf(await api.get(`/api/admin/tickets/${id}`)).toEqualTypeOf<AdminTicket>();
  expectTypeOf(
    await api.get(`/api/admin/orders/items/${id}/refund-preview`),
  ).toEqualTypeOf<AdminRefundPreview>();
  // An upload is a typed POST with a FormData body.
  expectTypeOf(await api.post(`/api/admin/banners/${id}/image`, new FormData())).toEqualTypeOf<{
    id: number;
    image_url: string;
  }>();
  // @ts-expect-error an admin path outside the map
  await api.get('/api/admin/no-such-screen');
}

export async function wrongCalls() {
  // @ts-expect-error a path outside the map
  await api.get('/api/products/no-such-route');
  // @ts-expect-error a typo
  await api.get(`/api/product/detail/${id}`);
  // @ts-expect-error a path of another method (GET-only)
  await api.delete(`/api/products/detail/${id}`);
  // @ts-expect-error the caller no longer chooses the answer type
  await api.get<{ anything: true }>('/api/carts');
  // @ts-expect-error a plain string is not a known path
  await api.get('/api/carts' as string);
  const detail = await api.get(`/api/products/detail/${id}`);
  // @ts-expect-error the answer is a ProductDetail, not a cart
  detail.cart_items;
  // @ts-expect-error request checks method and path together
  await api.request('PATCH', '/api/carts');
}

export async function ownMap() {
  // A test of the client's mechanics may bring a map of its own.
  const open = createApiClient<{ 'GET /anything/{id}': { ok: true } }>({ fetch });
  expectTypeOf(await open.get('/anything/1')).toEqualTypeOf<{ ok: true }>();
  // @ts-expect-error not in that map
  await open.get('/api/carts');
}
