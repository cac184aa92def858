import { ListingPage } from '../catalog/ListingPage';
import { pageParam } from '../lib/api';
import { listingReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/theme';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const body = await orNotFound(listingReads(context).theme(params.id, pageParam(url)));
  return { ...body, origin: url.origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '테마 | 코디룸' }];
  return seoMeta({
    title: `${data.theme.title} | 코디룸`,
    description: data.theme.description || `${data.theme.title} 테마 상품`,
    origin: data.origin,
    path: `/theme/${data.theme.id}`,
    image: data.theme.image_url ?? undefined,
  });
}

export default function Theme({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      title={loaderData.theme.title}
      subtitle={loaderData.theme.description}
      image={loaderData.theme.image_url}
      products={loaderData.products}
    />
  );
}
