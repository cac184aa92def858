import { withJosa } from '@codiroom/shared';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { or404, serverApi } from '../lib/api';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/product-similar';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const api = serverApi(context);
  const [product, similar] = await Promise.all([
    or404(api.get(`/api/products/detail/${params.id}`)),
    api
      .get('/api/v1/products/ai-similar-products', { product_display_id: params.id })
      .catch(() => ({ result: [] })),
  ]);
  return { product, similar: similar.result, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '상품이 없습니다. | 코디룸' }];
  return seoMeta({
    title: `${withJosa(data.product.name, '와/과')} 비슷한 상품 | 코디룸`,
    description: `${data.product.brand.name} ${withJosa(data.product.name, '와/과')} 카테고리·색상·핏·스타일·가격대가 비슷한 상품`,
    origin: data.origin,
    path: `/product/${data.product.id}/similar`,
  });
}

export default function Similar({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="비슷한 상품" titleAs="h1" />
      <main>
        <p className={page.toolbar}>{withJosa(loaderData.product.name, '와/과')} 비슷한 상품</p>
        {loaderData.similar.length ? (
          <ProductGrid products={loaderData.similar} />
        ) : (
          <EmptyState title="비슷한 상품이 없어요" />
        )}
      </main>
    </>
  );
}
