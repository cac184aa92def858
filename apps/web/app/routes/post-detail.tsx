import { formatKst } from '@codiroom/shared';
import { LikeButton } from '../components/LikeButton';
import { PageHeader } from '../components/PageHeader';
import { ProductGrid } from '../components/ProductGrid';
import { PostContent } from '../contents/PostContent';
import { contentReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/post-detail';
import styles from './public.module.css';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const post = await orNotFound(contentReads(context).post(params.id));
  return { post, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '현재 진행중인 컨텐츠가 아닙니다. | 코디룸' }];
  const { post: p, origin } = data;
  return seoMeta({
    title: `${p.title} | 코디룸 매거진`,
    description: p.subtitle || p.body.slice(0, 120),
    origin,
    path: `/post/${p.id}`,
    image: p.cover_image_url,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: p.title,
        description: p.subtitle,
        image: [`${origin}${p.cover_image_url}`],
        datePublished: p.published_at,
        author: { '@type': 'Person', name: p.author },
        publisher: {
          '@type': 'Organization',
          name: '코디룸',
          logo: { '@type': 'ImageObject', url: `${origin}/favicon.svg` },
        },
        mainEntityOfPage: `${origin}/post/${p.id}`,
      },
      breadcrumbLd(origin, [
        { name: '홈', path: '/' },
        { name: '매거진', path: '/post' },
        { name: p.title, path: `/post/${p.id}` },
      ]),
    ],
  });
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post: p } = loaderData;
  return (
    <>
      <PageHeader title="매거진" />
      <main>
        <article>
          <div className={page.hero}>
            <img src={p.cover_image_url} alt="" width={390} height={260} fetchPriority="high" />
          </div>
          <header className={`${page.intro} ${styles.postIntro}`}>
            <p className={page.muted}>
              {p.category} · {p.author} ·{' '}
              <time dateTime={p.published_at}>{formatKst(p.published_at, 'date')}</time>
            </p>
            <div className={`${styles.titleRow} ${styles.postTitle}`}>
              <h1>{p.title}</h1>
              {/* A CONTENT like: the post then shows in the 콘텐츠 tab of /keepProducts. */}
              <LikeButton likeId={p.id} likeType="CONTENT" variant="plain" />
            </div>
            {p.subtitle && <p>{p.subtitle}</p>}
          </header>
          <PostContent postId={p.id} body={p.body} proseClass={page.prose ?? ''} />
        </article>
        {p.products.length > 0 && (
          <section className={page.section} aria-labelledby="post-products">
            <div className={page.sectionHead}>
              <h2 id="post-products">이 글에 나온 상품</h2>
            </div>
            <ProductGrid products={p.products} eagerCount={0} />
          </section>
        )}
      </main>
    </>
  );
}
