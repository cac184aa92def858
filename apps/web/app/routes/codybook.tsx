/**
 * /codybook/{id}: one outfit (코디) with its products at live prices (GET
 * /api/curations/codi-detail/{id}), the stylist who made it, a like, 코디 한번에 담기 (every piece
 * in one codi-to-cart call, catalog/CodiCartSheet.tsx) and the way to one's own curation
 * (docs/ARCHITECTURE.md, "Curations"). The product page and style pages link here.
 */
import { formatWon, shownTotal } from '@codiroom/shared';
import { CodiCartButton } from '../catalog/CodiCartSheet';
import { LikeButton } from '../components/LikeButton';
import { PageHeader } from '../components/PageHeader';
import { ProductGrid } from '../components/ProductGrid';
import { CurationInvite } from '../curation/CurationInvite';
import { contentReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/codybook';
import styles from './public.module.css';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const codi = await orNotFound(contentReads(context).codi(params.id));
  return { codi, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '코디가 없습니다. | 코디룸' }];
  const { codi: c, origin } = data;
  return seoMeta({
    title: `${c.title} | 코디룸`,
    description: c.description || `${c.title} 코디 상품 ${c.products.length}개`,
    origin,
    path: `/codybook/${c.id}`,
    image: c.image_url,
    jsonLd: [
      breadcrumbLd(origin, [
        { name: '홈', path: '/' },
        { name: '스타일', path: '/style' },
        { name: c.title, path: `/codybook/${c.id}` },
      ]),
    ],
  });
}

export default function CodybookPage({ loaderData }: Route.ComponentProps) {
  const { codi: c } = loaderData;
  const total = shownTotal(c.products);
  return (
    <>
      <PageHeader title="코디" />
      <main>
        <div className={page.hero}>
          <img src={c.image_url} alt="" width={390} height={468} fetchPriority="high" />
        </div>
        <section className={page.intro}>
          <div className={styles.titleRow}>
            <h1>{c.title}</h1>
            <LikeButton likeId={c.id} likeType="CODI" variant="plain" />
          </div>
          {c.curator_name && <p className={page.muted}>{c.curator_name} 스타일리스트의 코디</p>}
          <p>{c.description}</p>
          <p data-testid="codi-total">
            {/* The sum of the cards' shown prices (docs/ARCHITECTURE.md, 'Prices'). */}
            {total < c.total_price && <s className={page.muted}>{formatWon(c.total_price)}</s>}{' '}
            <strong>
              {c.products.length}개 상품 {formatWon(total)}
            </strong>
          </p>
          {c.products.length > 0 && <CodiCartButton codi={c} />}
        </section>
        <section className={page.section} aria-labelledby="codi-products">
          <div className={page.sectionHead}>
            <h2 id="codi-products">코디 상품</h2>
          </div>
          <ProductGrid products={c.products} eagerCount={2} />
        </section>
        <CurationInvite />
      </main>
    </>
  );
}
