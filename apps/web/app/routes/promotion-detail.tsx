import type { PromotionDetailBody } from '@codiroom/shared';
import { or404, pageParam, serverApi } from '../lib/api';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/promotion-detail';
import { ListingPage } from './listing';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const body = await or404(
    serverApi(context).get<PromotionDetailBody>(`/api/contents/promotion-detail/${params.id}`, {
      page: pageParam(url),
    }),
  );
  return { ...body, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '기획전 | 코디룸' }];
  const p = data.promotion;
  return seoMeta({
    title: `${p.title} | 코디룸 기획전`,
    description: p.subtitle || p.description || p.title,
    origin: data.origin,
    path: `/promotion/${p.id}`,
    image: p.image_url ?? undefined,
  });
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const p = loaderData.promotion;
  return (
    <ListingPage
      title={p.title}
      subtitle={p.subtitle}
      image={p.image_url}
      badge={p.is_running ? p.benefit_label : '종료된 기획전이에요'}
      products={loaderData.products}
    />
  );
}
