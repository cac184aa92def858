import { promotionDatesText } from '@codiroom/shared';
import { PromotionCoupon } from '../benefits/PromotionCoupon';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { pageParam } from '../lib/api';
import { contentReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/promotion-detail';
import styles from './promotion.module.css';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const body = await orNotFound(contentReads(context).promotion(params.id, pageParam(url)));
  // Not running: upcoming or ended (decided once here, so server and browser render the same).
  const p = body.promotion;
  const status: 'running' | 'upcoming' | 'ended' = p.is_running
    ? 'running'
    : Date.parse(p.starts_at) > Date.now()
      ? 'upcoming'
      : 'ended';
  return { ...body, status, origin: url.origin };
}

const STATUS_TEXT = { upcoming: '오픈 예정인 기획전이에요', ended: '종료된 기획전이에요' } as const;

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

/**
 * A promotion (기획전): its picture, dates (KST), coupon with the download, products and the terms
 * (유의사항) the API writes from the promotion's and the coupon's facts.
 */
export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { promotion: p, products, coupon, terms } = loaderData;
  return (
    <>
      <PageHeader title={p.title} />
      <main>
        {p.image_url && (
          <div className={page.hero}>
            <img src={p.image_url} alt="" width={390} height={260} fetchPriority="high" />
          </div>
        )}
        <section className={page.intro}>
          {loaderData.status === 'running' ? (
            p.benefit_label && <p className={page.error}>{p.benefit_label}</p>
          ) : (
            <p className={page.error}>{STATUS_TEXT[loaderData.status]}</p>
          )}
          <h1>{p.title}</h1>
          {p.subtitle && <p>{p.subtitle}</p>}
          <p className={styles.dates} data-testid="promotion-dates">
            <span className="visually-hidden">기간 </span>
            {promotionDatesText(p.starts_at, p.ends_at)}
          </p>
        </section>
        {coupon && <PromotionCoupon coupon={coupon} running={p.is_running} />}
        <div className={page.toolbar}>
          <span>
            상품 <strong>{products.total_count.toLocaleString('ko-KR')}</strong>개
          </span>
        </div>
        {products.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState title="준비 중인 상품이에요" />
        )}
        <Pager page={products.page} totalPage={products.total_page} />
        <section className={styles.terms} aria-labelledby="promotion-terms-title">
          <h2 id="promotion-terms-title">유의사항</h2>
          <ul>
            {terms.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
