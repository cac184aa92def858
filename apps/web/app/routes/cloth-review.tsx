/**
 * /cloth_review/:id: every review of a product (the id is the product display's), with the
 * summary, the photo strip, the sorts (베스트, 최신순, 별점 높은순·낮은순, 포토) and filters (size,
 * height and weight ranges, and "나와 비슷한 체형" from the body the size recommendation saved).
 * ?review=ID opens with that review first (links to one review land here).
 */
import { REVIEW_SORTS, type ReviewSort, SIMILAR_BODY } from '@codiroom/shared';
import { Form, Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { pageParam } from '../lib/api';
import { reviewPageReads } from '../lib/page-reads.server';
import { orNotFound } from '../lib/reads.server';
import { RouteErrorBoundary } from '../lib/route-data';
import { PhotoStrip, ReviewCard, ReviewSummaryBlock } from '../reviews/ReviewParts';
import styles from '../reviews/reviews.module.css';
import { sizeBodyFrom } from '../reviews/SizeRecommendation';
import page from '../styles/page.module.css';
import type { Route } from './+types/cloth-review';

const SORT_LABEL: Record<ReviewSort, string> = {
  best: '베스트',
  newest: '최신순',
  rating_high: '별점 높은순',
  rating_low: '별점 낮은순',
  photo: '포토 후기',
};

const intOr = (v: string | null, min: number, max: number) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const sortParam = url.searchParams.get('sort') ?? 'best';
  const sort: ReviewSort = (REVIEW_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as ReviewSort)
    : 'best';
  const body = sizeBodyFrom(request.headers.get('cookie'));
  const similar = url.searchParams.get('similar') === '1' && body !== null;
  const size = url.searchParams.get('size')?.slice(0, 20) || undefined;
  const query = {
    page: pageParam(url),
    count: 10,
    ...(size ? { size } : {}),
    ...(similar && body
      ? {
          height_min: body.height - SIMILAR_BODY.height,
          height_max: body.height + SIMILAR_BODY.height,
          weight_min: Math.max(40, body.weight - SIMILAR_BODY.weight),
          weight_max: Math.min(160, body.weight + SIMILAR_BODY.weight),
        }
      : {
          height_min: intOr(url.searchParams.get('height_min'), 140, 210),
          height_max: intOr(url.searchParams.get('height_max'), 140, 210),
        }),
  };
  // In process on the server (web/reads-reviews.ts), over HTTP otherwise.
  const reads = reviewPageReads(context);
  const reviewId = intOr(url.searchParams.get('review'), 1, 999_999_999);
  const [list, photos, card, focused] = await Promise.all([
    orNotFound(reads.list(params.id, sort, query)),
    reads.photos(params.id, 12).catch(() => null),
    reads.card(params.id).catch(() => null),
    reviewId ? reads.review(reviewId).catch(() => null) : null,
  ]);
  return {
    id: Number(params.id),
    sort,
    list,
    photos,
    product: card,
    focused: focused && focused.product_display_id === Number(params.id) ? focused : null,
    body,
    similar,
    size: size ?? '',
  };
}

export function meta({ data }: Route.MetaArgs) {
  const name = data?.product ? `${data.product.brand_name} ${data.product.name}` : '상품';
  return [
    { title: `${name} 후기 | 코디룸` },
    { name: 'description', content: `${name} 구매 후기 ${data?.list.summary.review_count ?? 0}개` },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function ClothReview({ loaderData: d }: Route.ComponentProps) {
  const location = useLocation();
  const sortHref = (s: ReviewSort) => {
    const q = new URLSearchParams(location.search);
    q.set('sort', s);
    q.delete('page');
    return `${location.pathname}?${q.toString()}`;
  };
  return (
    <>
      <PageHeader title="후기" actions={false} titleAs="h1" />
      <main>
        {d.product && (
          <Link to={`/product/${d.id}`} className={`${page.intro} ${styles.itemLine}`}>
            <img src={d.product.image_url} alt="" width={64} height={76} />
            <span>
              <span className={styles.meta}>{d.product.brand_name}</span>
              <br />
              <strong>{d.product.name}</strong>
            </span>
          </Link>
        )}
        <section className={page.intro}>
          <ReviewSummaryBlock summary={d.list.summary} />
          {d.photos && <PhotoStrip strip={d.photos} />}
        </section>
        <nav className={page.tabs} aria-label="정렬">
          {REVIEW_SORTS.map((s) => (
            <Link
              key={s}
              to={sortHref(s)}
              className={s === d.sort ? `${page.tab} ${page.tabActive}` : page.tab}
              aria-current={s === d.sort ? 'page' : undefined}
            >
              {SORT_LABEL[s]}
            </Link>
          ))}
        </nav>
        <Form method="get" className={styles.filters} aria-label="후기 필터">
          <input type="hidden" name="sort" value={d.sort} />
          <label>
            사이즈 <input name="size" defaultValue={d.size} size={4} maxLength={20} placeholder="전체" />
          </label>
          {d.body ? (
            <label>
              <input type="checkbox" name="similar" value="1" defaultChecked={d.similar} /> 나와 비슷한 체형 (
              {d.body.height}cm · {d.body.weight}kg)
            </label>
          ) : (
            <span className={styles.meta}>
              상품 페이지에서 키·몸무게를 입력하면 비슷한 체형 후기를 볼 수 있어요.
            </span>
          )}
          <button type="submit" className={styles.smallButton}>
            적용
          </button>
        </Form>
        <section className={page.intro} aria-label="후기 목록">
          {d.focused && (
            <ul className={styles.list} aria-label="선택한 후기">
              <ReviewCard review={d.focused} />
            </ul>
          )}
          {d.list.result.length === 0 ? (
            <p className={page.muted}>조건에 맞는 후기가 없어요.</p>
          ) : (
            <ul className={styles.list}>
              {d.list.result
                .filter((r) => r.id !== d.focused?.id)
                .map((r) => (
                  <ReviewCard key={r.id} review={r} />
                ))}
            </ul>
          )}
        </section>
        <Pager page={d.list.pagination.page} totalPage={d.list.pagination.total_page} />
      </main>
    </>
  );
}
