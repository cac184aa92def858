import { withJosa } from '@codiroom/shared';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { orNotFound, productReads } from '../lib/reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/product-similar';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  // In process on the server (web/reads.ts), over HTTP otherwise; the viewer counted by address,
  // as the detail route counts a request without a guest id.
  const reads = productReads(context);
  const id = Number(params.id);
  const [product, similar] = await Promise.all([
    orNotFound(reads.detail(id, null)),
    reads.similar(id).catch(() => ({ result: [] })),
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
