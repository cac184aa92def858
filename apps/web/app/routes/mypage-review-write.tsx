/**
 * /mypage/reviews/write/:orderItemId and /mypage/reviews/edit/:reviewId: the review form — rating,
 * size feel, the reviewer's height and weight (prefilled from 내 사이즈, so the review counts for
 * bodies like theirs), text, up to five photos, and the size review (how it fits at chest, waist, length,
 * shoulder, sleeve, thigh as the product type has them). Saving writes the review, then the photos
 * (multipart), then the size review, and opens the product page with the review first.
 */
import {
  REVIEW_PHOTO_LIMITS,
  REVIEW_TEXT,
  type ReviewDetail,
  SIZE_REVIEW_AREAS_BY_TYPE,
  type SizeFeel,
  type SizeReviewArea,
  type SizeReviewItem,
} from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { PhotoPicker } from '../components/PhotoPicker';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { LoadingNote } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import { FEEL_LABEL } from '../reviews/ReviewParts';
import { type ReviewerBody, reviewerBody } from '../reviews/reviewer-body';
import styles from '../reviews/reviews.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage-review-write';

const AREA_LABEL: Record<SizeReviewArea, string> = {
  chest: '가슴',
  waist: '허리',
  length: '기장',
  shoulder: '어깨',
  sleeve: '소매',
  thigh: '허벅지',
};

type Target = {
  orderItemId: number;
  productDisplayId: number;
  productType: string;
  name: string;
  brandName: string;
  imageUrl: string;
  sizeName: string;
  review: ReviewDetail | null;
  sizeReview: SizeReviewItem | null;
  /** The height and weight to prefill: the review's own, else 내 사이즈's. */
  body: { height: number | null; weight: number | null };
};

/**
 * The member layout's header (routes/mypage-layout.tsx): 후기 수정 once the loaded target holds the
 * review, else 후기 쓰기 (also while the target loads).
 */
export const handle = memberHeader((data) =>
  (data as Target | undefined)?.review ? '후기 수정' : '후기 쓰기',
);

export function meta(_: Route.MetaArgs) {
  return [{ title: '후기 쓰기 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs): Promise<Target> {
  const api = browserApi();
  const init = { signal: request.signal };
  const [items, sizeReviews, sizeInfo] = await Promise.all([
    api.get('/api/reviews/reviews-to-write', undefined, init),
    api.get('/api/reviews/size-review-list', undefined, init),
    api.get('/api/users/user-size-info', undefined, init).catch(() => null),
  ]);
  let review: ReviewDetail | null = null;
  let orderItemId: number;
  if (params.reviewId) {
    review = await api.get(`/api/reviews/review-detail/${params.reviewId}`, undefined, init);
    if (!review.is_mine || review.order_item_id === null) throw new Response(null, { status: 404 });
    orderItemId = review.order_item_id;
  } else {
    orderItemId = Number(params.orderItemId);
  }
  const item = items.result.find((i) => i.order_item_id === orderItemId);
  if (!item) throw new Response(null, { status: 404 });
  if (!review && item.review_id !== null) {
    review = await api.get(`/api/reviews/review-detail/${item.review_id}`, undefined, init);
  }
  return {
    orderItemId,
    productDisplayId: item.product_display_id,
    productType: item.product_type,
    name: item.name,
    brandName: item.brand_name,
    imageUrl: item.image_url,
    sizeName: item.size_name,
    review,
    sizeReview: sizeReviews.result.find((s) => s.order_item_id === orderItemId) ?? null,
    body: {
      height: review?.height ?? sizeInfo?.height ?? null,
      weight: review?.weight ?? sizeInfo?.weight ?? null,
    },
  };
}

export function HydrateFallback() {
  return <LoadingNote />;
}

function FeelChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: SizeFeel | null;
  onChange: (v: SizeFeel) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {(['SMALL', 'FIT', 'LARGE'] as const).map((f) => (
        <button
          key={f}
          type="button"
          className={styles.choice}
          aria-pressed={value === f}
          onClick={() => onChange(f)}
        >
          {FEEL_LABEL[f]}
        </button>
      ))}
    </fieldset>
  );
}

type SaveInput = {
  rating: number;
  content: string;
  feel: SizeFeel | null;
  areas: Partial<Record<SizeReviewArea, SizeFeel>>;
  files: File[];
  body: ReviewerBody;
};

export default function ReviewWrite({ loaderData: t }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [rating, setRating] = useState(t.review?.rating ?? 0);
  const [content, setContent] = useState(t.review?.content ?? '');
  const [feel, setFeel] = useState<SizeFeel | null>(t.review?.size_feel ?? t.sizeReview?.fit ?? null);
  const [areas, setAreas] = useState<Partial<Record<SizeReviewArea, SizeFeel>>>(() => {
    const s = t.sizeReview;
    if (!s) return {};
    const out: Partial<Record<SizeReviewArea, SizeFeel>> = {};
    for (const a of SIZE_REVIEW_AREAS_BY_TYPE[t.productType] ?? []) {
      const v = s[a];
      if (v) out[a] = v;
    }
    return out;
  });
  const [files, setFiles] = useState<File[]>([]);
  const [height, setHeight] = useState(t.body.height === null ? '' : String(t.body.height));
  const [weight, setWeight] = useState(t.body.weight === null ? '' : String(t.body.weight));
  const reviewer = reviewerBody(height, weight);
  const havePhotos = t.review?.photos.length ?? 0;
  const areaList = SIZE_REVIEW_AREAS_BY_TYPE[t.productType] ?? [];

  const save = useMutation(
    async (v: SaveInput) => {
      const api = browserApi();
      const body = {
        rating: v.rating,
        content: v.content.trim(),
        ...(v.feel ? { size_feel: v.feel } : {}),
        ...v.body,
      };
      const saved = t.review
        ? await api.request('PUT', `/api/reviews/review/${t.review.id}`, { body })
        : await api.request('POST', '/api/reviews/review', {
            body: { order_item_id: t.orderItemId, ...body },
          });
      if (!saved.ok) return saved;
      const reviewId = saved.data.review.id;
      if (v.files.length > 0) {
        const form = new FormData();
        form.append('review_id', String(reviewId));
        for (const f of v.files) form.append('image_url', f, f.name);
        const photos = await api.request('POST', '/api/reviews/review-photo', {
          body: form,
        });
        if (!photos.ok) return photos;
      }
      if (v.feel) {
        const size = t.sizeReview
          ? await api.request('PUT', '/api/reviews/size-review', {
              body: { id: t.sizeReview.id, fit: v.feel, ...v.areas, ...v.body },
            })
          : await api.request('POST', '/api/reviews/size-review', {
              body: { order_item_id: t.orderItemId, fit: v.feel, ...v.areas, ...v.body },
            });
        if (!size.ok) return size;
      }
      return saved;
    },
    {
      revalidate: false,
      onSuccess: (d) => {
        void navigate(`/product/${t.productDisplayId}?review=${d.review.id}#reviews`);
      },
    },
  );

  const textOk = [...content.trim()].length >= REVIEW_TEXT.min;
  const ready = rating > 0 && textOk && 'body' in reviewer && !save.pending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || !('body' in reviewer)) return;
    void save.run({ rating, content, feel, areas, files, body: reviewer.body });
  }

  return (
    <main>
      <div className={`${page.intro} ${styles.itemLine}`}>
        <img src={t.imageUrl} alt="" width={64} height={76} />
        <span>
          <span className={styles.meta}>{t.brandName}</span>
          <br />
          <strong>{t.name}</strong>
          <br />
          <span className={styles.meta}>{t.sizeName} 구매</span>
        </span>
      </div>
      <form className={page.form} onSubmit={submit} aria-label="후기">
        <fieldset className={styles.ratingInput}>
          <legend>상품은 어떠셨나요?</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              aria-label={`별점 ${n}점`}
              aria-pressed={n <= rating}
              onClick={() => setRating(n)}
            >
              ★
            </button>
          ))}
        </fieldset>
        <FeelChoice legend="사이즈는 어땠나요? (전체)" value={feel} onChange={setFeel} />
        {feel &&
          areaList.map((a) => (
            <FeelChoice
              key={a}
              legend={AREA_LABEL[a]}
              value={areas[a] ?? null}
              onChange={(v) => setAreas((cur) => ({ ...cur, [a]: v }))}
            />
          ))}
        <fieldset className={styles.bodyInput}>
          <legend>내 체형 (비슷한 체형의 후기로 보여요)</legend>
          <label>
            키 (cm)
            <input
              name="height"
              inputMode="numeric"
              value={height}
              onChange={(e) => setHeight(e.target.value)}
              placeholder="175"
            />
          </label>
          <label>
            몸무게 (kg)
            <input
              name="weight"
              inputMode="numeric"
              value={weight}
              onChange={(e) => setWeight(e.target.value)}
              placeholder="72"
            />
          </label>
          {'error' in reviewer && (
            <span className={page.error} role="alert">
              {reviewer.error}
            </span>
          )}
        </fieldset>
        <label>
          후기 내용
          <textarea
            className={styles.textarea}
            name="content"
            value={content}
            maxLength={REVIEW_TEXT.max}
            placeholder={`착용감, 핏, 소재는 어땠나요? (${REVIEW_TEXT.min}자 이상)`}
            onChange={(e) => setContent(e.target.value)}
          />
          <span className={styles.meta}>
            {[...content.trim()].length}자{!textOk ? ` · ${REVIEW_TEXT.min}자 이상 써주세요` : ''}
          </span>
        </label>
        <PhotoPicker
          files={files}
          onChange={setFiles}
          max={REVIEW_PHOTO_LIMITS.count}
          already={havePhotos}
          accept="image/jpeg,image/png,image/webp,image/heic"
          hint="한 장에 10MB까지, 위치 정보는 지워서 저장해요."
        />
        {save.error && (
          <p className={page.error} role="alert">
            {save.error}
          </p>
        )}
        <button type="submit" className={page.button} disabled={!ready}>
          {save.pending ? '저장 중…' : t.review ? '수정하기' : '후기 등록'}
        </button>
      </form>
    </main>
  );
}
