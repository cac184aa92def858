import { ListingPage } from '../catalog/ListingPage';
import { pageParam } from '../lib/api';
import { listingReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { seoMeta } from '../lib/seo';
import type { Route } from './+types/collection';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^[a-z0-9_-]{1,100}$/i.test(params.theme)) throw new Response(null, { status: 404 });
  const body = await orNotFound(listingReads(context).collection(params.theme, pageParam(url)));
  return { ...body, origin: url.origin, slug: params.theme };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '컬렉션 | 코디룸' }];
  return seoMeta({
    title: `${data.theme.title} | 코디룸`,
    description: data.theme.description || `${data.theme.title} 상품 모음`,
    origin: data.origin,
    path: `/collection/${data.slug}`,
    image: data.theme.image_url ?? undefined,
  });
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { theme, products, slug } = loaderData;
  return (
    <ListingPage
      title={theme.title}
      subtitle={theme.description}
      image={theme.image_url}
      products={products}
      tabBarPage={slug === 'outlet'}
    />
  );
}
