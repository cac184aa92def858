import { formatWon, shownTotal } from '@codiroom/shared';
import { Link } from 'react-router';
import { CodiCartButton } from '../catalog/CodiCartSheet';
import { LikeButton } from '../components/LikeButton';
import { PageHeader } from '../components/PageHeader';
import { ProductGrid } from '../components/ProductGrid';
import { contentReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/style-detail';
import styles from './public.module.css';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const style = await orNotFound(contentReads(context).style(params.id));
  return { style, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '스타일이 없습니다. | 코디룸' }];
  const { style: s, origin } = data;
  return seoMeta({
    title: `${s.name} 코디 | 코디룸`,
    description: s.description || `${s.name} 스타일 코디 ${s.codi_count}개`,
    origin,
    path: `/style/${s.id}`,
    image: s.image_url,
    jsonLd: [
      breadcrumbLd(origin, [
        { name: '홈', path: '/' },
        { name: '스타일', path: '/style' },
        { name: s.name, path: `/style/${s.id}` },
      ]),
    ],
  });
}

export default function StylePage({ loaderData }: Route.ComponentProps) {
  const { style: s } = loaderData;
  return (
    <>
      <PageHeader title={s.name} />
      <main>
        <div className={page.hero}>
          <img src={s.image_url} alt="" width={390} height={260} fetchPriority="high" />
        </div>
        <section className={page.intro}>
          <div className={styles.titleRow}>
            <h1>{s.name}</h1>
            <LikeButton likeId={s.id} likeType="STYLE" variant="plain" />
          </div>
          <p>{s.description}</p>
        </section>
        {s.codis.result.map((c) => (
          <section key={c.id} className={page.section} aria-labelledby={`codi-${c.id}`}>
            <div className={page.sectionHead}>
              <h2 id={`codi-${c.id}`}>
                <Link to={`/codybook/${c.id}`}>{c.title}</Link>
              </h2>
              <span className={page.muted}>
                {/* The sum of the cards' shown prices (docs/ARCHITECTURE.md, 'Prices'). */}
                {shownTotal(c.products) < c.total_price && <s>{formatWon(c.total_price)}</s>}{' '}
                {formatWon(shownTotal(c.products))}
              </span>
            </div>
            <ProductGrid products={c.products} eagerCount={0} />
            {c.products.length > 0 && (
              <div className={styles.codiCart}>
                <CodiCartButton codi={c} />
              </div>
            )}
          </section>
        ))}
      </main>
    </>
  );
}
