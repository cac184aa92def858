import {
  formatWon,
  MADE_TO_ORDER_LABEL,
  MADE_TO_ORDER_NOTE,
  type ProductDetail,
  type RecommendedSizeBody,
  shownPrice,
} from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CouponDownload } from '../benefits/CouponDownload';
import { ProductGallery } from '../catalog/ProductGallery';
import { ProductSizes } from '../catalog/ProductSizes';
import { ProductSummary } from '../catalog/ProductSummary';
import { PurchaseSheet } from '../catalog/PurchaseSheet';
import styles from '../catalog/product.module.css';
import { outfitSummaries, rowCards } from '../catalog/product-rows';
import { PageHeader } from '../components/PageHeader';
import { ProductCard } from '../components/ProductCard';
import { CurationInvite } from '../curation/CurationInvite';
import { guestIdFor } from '../lib/guest-id';
import { reviewPageReads } from '../lib/page-reads.server';
import { orNotFound, productReads } from '../lib/reads.server';
import { breadcrumbLd, seoMeta } from '../lib/seo';
import { InterestFreeNote } from '../payment/InterestFreeNote';
import { PhotoStrip, ReviewCard, ReviewSummaryBlock } from '../reviews/ReviewParts';
import reviewStyles from '../reviews/reviews.module.css';
import { ShoeSizeAdvice, shoeSizeFrom } from '../reviews/ShoeSizeAdvice';
import { SizeRecommendation, sizeBodyFrom } from '../reviews/SizeRecommendation';
import page from '../styles/page.module.css';
import type { Route } from './+types/product';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const id = Number(params.id);
  // Typed in-process reads (lib/reads.server.ts): the API routes' answers without HTTP or JSON.
  const reads = productReads(context);
  // The guest id tells live viewers apart (the detail read records the view); only a
  // server-issued one counts, so it is the one the root loader vouches for.
  const viewer = guestIdFor(request, context);
  // The body saved by the size recommendation (a cookie, so this loader can answer it).
  const body = sizeBodyFrom(request.headers.get('cookie'), new URL(request.url));
  // Shoes: the usual shoe size the advice saved (a cookie) or the form sent (?shoe_size=).
  const shoeSize = shoeSizeFrom(request.headers.get('cookie'), new URL(request.url));
  const focusId = new URL(request.url).searchParams.get('review');
  // Site content, the same for every viewer: in the HTML, so the line is drawn with the page.
  const interestFree = reads.interestFreeNotice().catch(() => null);
  const [product, grading, similar, shipping, matchup, codi, reviews, photos, recommended, focused] =
    await Promise.all([
      orNotFound(viewer.then((guest) => reads.detail(id, guest))),
      reads.sizeGrading(id).catch(() => null),
      reads.similar(id).catch(() => ({ result: [] })),
      reads.shipping(id).catch(() => null),
      reads.matchup(id).catch(() => ({ result: [] })),
      reads.codis(id).catch(() => null),
      reads.bestReviews(id, 3).catch(() => null),
      reads.reviewPhotos(id, 8).catch(() => null),
      body ? reads.recommendedSize(id, body).catch(() => null) : Promise.resolve(null),
      // ?review=ID (after writing one): that review first in the review section.
      focusId && /^\d{1,9}$/.test(focusId)
        ? reviewPageReads(context)
            .review(Number(focusId))
            .catch(() => null)
        : Promise.resolve(null),
    ]);
  // A shoe is sized from the usual shoe size and its reviews (sizing.ts shoeAdvice), not the body.
  const shoes = product.product_type === 'SHOES';
  const answer = shoes
    ? shoeSize
      ? await reads.recommendedSize(id, { shoe_size: shoeSize }).catch(() => null)
      : null
    : recommended;
  return {
    product,
    grading,
    // The rows as the page shows them (catalog/product-rows.ts).
    similar: rowCards(similar.result),
    shipping,
    matchup: rowCards(matchup.result),
    codis: outfitSummaries(codi?.result ?? []),
    reviews,
    photos,
    body,
    shoeSize,
    recommended: answer,
    focused: focused && focused.product_display_id === id ? focused : null,
    interestFree: await interestFree,
    origin: new URL(request.url).origin,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: '상품이 없습니다. | 코디룸' }];
  const { product: p, origin } = data;
  const shown = detailPrice(p);
  const title = `${p.brand.name} ${p.name} | 코디룸`;
  const description = `${p.brand.name} ${p.name} ${p.color_name}. ${
    shown.discount_rate > 0 ? `${shown.discount_rate}% 할인 ` : ''
  }${formatWon(shown.unit_price)}. ${p.description.slice(0, 80)}`;
  const url = `${origin}/product/${p.id}`;
  return seoMeta({
    title,
    description,
    origin,
    path: `/product/${p.id}`,
    image: p.image_url,
    type: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: p.name,
        image: p.images.map((i) => `${origin}${i}`),
        description: p.description,
        sku: String(p.id),
        color: p.color_name,
        brand: { '@type': 'Brand', name: p.brand.name },
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: 'KRW',
          price: shown.unit_price,
          availability: p.is_sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
        ...(p.rating !== null
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: p.rating,
                reviewCount: p.review_count,
              },
            }
          : {}),
      },
      breadcrumbLd(origin, [
        { name: '홈', path: '/' },
        { name: p.category.name, path: `/category?category_main=${p.category.main}` },
        { name: p.name, path: `/product/${p.id}` },
      ]),
    ],
  });
}

/**
 * The page's shown price from the API's live fields, by the shared rule (cards use it too;
 * docs/ARCHITECTURE.md, 'Prices').
 */
function detailPrice(p: ProductDetail) {
  return shownPrice({ ...p, time_sale_price: p.time_sale?.sale_price ?? null });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const {
    product: p,
    grading,
    similar,
    shipping,
    matchup,
    codis,
    reviews,
    photos,
    body,
    shoeSize,
    focused,
    interestFree,
  } = loaderData;
  const shown = detailPrice(p);
  const [recommended, setRecommended] = useState<RecommendedSizeBody | null>(loaderData.recommended);

  useEffect(() => {
    // Recently viewed products live on the device (shown at /recent_products).
    try {
      const ids = JSON.parse(window.localStorage.getItem('recentProducts') ?? '[]') as number[];
      const next = [p.id, ...ids.filter((x) => x !== p.id)].slice(0, 50);
      window.localStorage.setItem('recentProducts', JSON.stringify(next));
    } catch {}
  }, [p.id]);

  return (
    <>
      <PageHeader />
      <main className={styles.main}>
        <ProductGallery images={p.images} label={`${p.brand.name} ${p.name}`} />
        <ProductSummary product={p} shown={shown} shipping={shipping} />
        {p.is_made_to_order && (
          <section className={styles.block} aria-labelledby="made-to-order" data-testid="made-to-order">
            <h2 id="made-to-order">{MADE_TO_ORDER_LABEL} 상품</h2>
            <p className={styles.desc}>{MADE_TO_ORDER_NOTE}</p>
          </section>
        )}

        {/* ── BENEFITS SLOT (benefits/coupons engineer): render the coupon-download block for p.id here.
            Keep this wrapper; it is the only place the product page shows benefits. ── */}
        <div data-slot="product-benefits">
          {/* A sold-out product shows no coupon prices (docs/ARCHITECTURE.md, "Buying"). */}
          {!p.is_sold_out && <CouponDownload productDisplayId={p.id} />}
          {!p.is_sold_out && (
            <InterestFreeNote
              amount={shown.unit_price}
              className={styles.interestFree}
              notice={interestFree}
            />
          )}
        </div>

        <ProductSizes
          productName={p.name}
          items={p.items}
          grading={grading}
          body={recommended?.body ?? null}
          summary={reviews?.summary ?? null}
          // The model's offset only from a modelled answer (a shoe's advice has no sheet offset).
          offset={
            recommended && (recommended.basis === 'body' || recommended.basis === 'body_and_reviews')
              ? { value: recommended.offset, reviews: recommended.reviews_used }
              : null
          }
        >
          {p.product_type === 'SHOES' ? (
            <ShoeSizeAdvice
              productDisplayId={p.id}
              answer={recommended}
              onAnswer={setRecommended}
              usual={shoeSize}
            />
          ) : (
            <SizeRecommendation
              productDisplayId={p.id}
              answer={recommended}
              onAnswer={setRecommended}
              body={body}
            />
          )}
        </ProductSizes>

        {p.description && (
          <section className={styles.block} aria-labelledby="desc">
            <h2 id="desc">상품 정보</h2>
            <p className={styles.desc}>{p.description}</p>
            {p.style_tags.length > 0 && (
              <p className={styles.tags}>
                {p.style_tags.map((t) => (
                  <span key={t}>#{t}</span>
                ))}
              </p>
            )}
          </section>
        )}

        <section
          className={styles.block}
          aria-labelledby="reviews"
          data-slot="product-reviews"
          data-track-section="product_reviews"
        >
          <div className={styles.blockHead}>
            <h2 id="reviews">후기 {reviews ? reviews.summary.review_count.toLocaleString('ko-KR') : ''}</h2>
            {reviews && reviews.summary.review_count > 0 && (
              <Link to={`/cloth_review/${p.id}`} className={styles.linkButton}>
                전체보기 <span aria-hidden="true">›</span>
              </Link>
            )}
          </div>
          {reviews && reviews.summary.review_count > 0 ? (
            <>
              <ReviewSummaryBlock summary={reviews.summary} />
              {photos && <PhotoStrip strip={photos} />}
              <ul className={reviewStyles.list}>
                {focused && <ReviewCard review={focused} />}
                {reviews.result
                  .filter((r) => r.id !== focused?.id)
                  .map((r) => (
                    <ReviewCard key={r.id} review={r} />
                  ))}
              </ul>
              <Link to={`/cloth_review/${p.id}`} className={reviewStyles.more}>
                후기 {reviews.summary.review_count.toLocaleString('ko-KR')}개 모두 보기
              </Link>
            </>
          ) : (
            <p className={styles.note}>아직 후기가 없어요. 첫 후기를 남겨주세요.</p>
          )}
        </section>

        {matchup.length > 0 && (
          <section className={page.section} aria-labelledby="matchup" data-track-section="product_matchup">
            <div className={page.sectionHead}>
              <h2 id="matchup">함께 코디하면 좋은 상품</h2>
            </div>
            <ul className={page.row}>
              {matchup.map((m) => (
                <li key={m.id}>
                  <ProductCard product={m} />
                </li>
              ))}
            </ul>
          </section>
        )}

        {codis.length > 0 && (
          <section className={page.section} aria-labelledby="codis" data-track-section="product_codis">
            <div className={page.sectionHead}>
              <h2 id="codis">이 상품이 들어간 코디</h2>
            </div>
            <ul className={styles.codis}>
              {codis.map((c) => (
                <li key={c.id} className={styles.codi}>
                  <img src={c.image_url} alt={c.title} width={120} height={144} loading="lazy" />
                  <div>
                    <Link to={`/codybook/${c.id}`}>
                      <strong>{c.title}</strong>
                    </Link>
                    <p className={styles.note}>
                      {c.product_count}개 상품 · {formatWon(c.total)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <CurationInvite />
          </section>
        )}

        {similar.length > 0 && (
          <section className={page.section} aria-labelledby="similar" data-track-section="product_similar">
            <div className={page.sectionHead}>
              <h2 id="similar">비슷한 상품</h2>
              <Link to={`/product/${p.id}/similar`}>전체보기</Link>
            </div>
            <ul className={page.row}>
              {similar.map((s) => (
                <li key={s.id}>
                  <ProductCard product={s} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>

      <PurchaseSheet
        product={p}
        unitPrice={shown.unit_price}
        recommendedSize={recommended?.recommended_size ?? null}
      />
    </>
  );
}
