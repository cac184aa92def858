/**
 * /stylequiz: the style quiz (docs/ARCHITECTURE.md, "Style quiz") in five steps with a progress
 * bar — body and sizes, styles liked and disliked, colours liked and avoided, budget, occasions and
 * things to avoid, optional face and body photos — sent to POST /api/v1/curations/style-quiz. After sign-up the page opens with
 * ?type=sign_up (SPEC.md). The body and sizes start from the member's size info.
 */
import {
  BODY_SHAPES,
  FIT_PREFERENCES,
  OCCASION_LABEL,
  OCCASIONS,
  QUIZ_AVOIDS,
  QUIZ_COLORS,
  STYLE_TAGS,
  type StyleQuizPhoto,
  type StyleQuizRequest,
  type StyleQuizSaved,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cssVars } from '../components/css-vars';
import { PageHeader } from '../components/PageHeader';
import { QuizPhotos } from '../curation/QuizPhotos';
import styles from '../curation/stylequiz.module.css';
import { browserApi } from '../lib/browser-api';
import { adEvent, trackPixel } from '../lib/pixel';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/stylequiz';

const SHAPE_LABEL: Record<(typeof BODY_SHAPES)[number], string> = {
  slim: '마른 편',
  standard: '보통',
  muscular: '근육형',
  belly: '배가 나온 편',
};
const FIT_LABEL = { slim: '슬림하게', regular: '보통', loose: '여유있게' } as const;
const AVOID_LABEL: Record<(typeof QUIZ_AVOIDS)[number], string> = {
  shorts: '반바지',
  logo: '큰 로고',
  skinny: '스키니핏',
  oversized: '오버핏',
  loud_pattern: '화려한 패턴',
  bright_color: '밝은 원색',
};
const BUDGETS: [number | null, string][] = [
  [50_000, '5만원 이하'],
  [100_000, '10만원 이하'],
  [150_000, '15만원 이하'],
  [200_000, '20만원 이하'],
  [300_000, '30만원 이하'],
  [null, '상관없어요'],
];
/** Swatches of the shop's colour names (the seed's palette). */
const HEX: Record<string, string> = {
  블랙: '#1a1a1a',
  네이비: '#1f2a44',
  차콜: '#3a3d42',
  그레이: '#8c8f94',
  멜란지그레이: '#a9abae',
  라이트그레이: '#c9cacc',
  화이트: '#f5f5f2',
  아이보리: '#efe8d8',
  오트밀: '#d8cbb3',
  베이지: '#cbb89a',
  샌드: '#d6c3a0',
  카멜: '#b5864f',
  브라운: '#6b4a33',
  다크브라운: '#4a3426',
  카키: '#6b6b47',
  올리브: '#5c6140',
  스카이블루: '#9dc3e6',
  라이트블루: '#b8d0e8',
  블루: '#2f5d9e',
  연청: '#7d9cc0',
  중청: '#4f6f9a',
  진청: '#27344f',
  버건디: '#6d2433',
  와인: '#5a1f2b',
  그린: '#2f5d46',
  포레스트그린: '#2c4034',
  머스타드: '#c99a2e',
  핑크: '#e8b4b8',
  라벤더: '#b7a9d6',
  민트: '#a8d5c2',
  레드: '#b3282d',
  실버: '#b8bcc2',
};
const STEPS = ['체형과 사이즈', '스타일', '색상', '예산과 상황', '사진 (선택)'] as const;

export function meta(_: Route.MetaArgs) {
  return [{ title: '스타일 퀴즈 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = browserApi();
  const init = { signal: request.signal };
  const [info, photos] = await Promise.all([
    api.get('/api/users/user-size-info', undefined, init),
    api.get('/api/users/photos', undefined, init),
  ]);
  const quizPhotos: StyleQuizPhoto[] = photos.result.flatMap((p) =>
    p.source === 'STYLE_QUIZ' && (p.photo_type === 'FACE' || p.photo_type === 'BODY')
      ? [{ id: p.id, photo_type: p.photo_type, image_url: p.image_url, created_at: p.created_at }]
      : [],
  );
  return { info, photos: quizPhotos };
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="스타일 퀴즈" actions={false} titleAs="h1" />
      <LoadingNote />
    </>
  );
}

function toggle<T>(list: T[], v: T): T[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
}

function Choices<T extends string>({
  legend,
  options,
  chosen,
  label,
  onToggle,
  swatch,
}: {
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  label?: (v: T) => string;
  onToggle: (v: T) => void;
  swatch?: boolean;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className={styles.option}
          aria-pressed={chosen.includes(o)}
          onClick={() => onToggle(o)}
        >
          {swatch && (
            <span
              className={styles.swatch}
              style={cssVars({ '--swatch': HEX[o] ?? '#ccc' })}
              aria-hidden="true"
            />
          )}
          {label ? label(o) : o}
        </button>
      ))}
    </fieldset>
  );
}

type Style = (typeof STYLE_TAGS)[number];
type Color = (typeof QUIZ_COLORS)[number];

export default function StyleQuiz({ loaderData: { info, photos } }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const afterSignUp = params.get('type') === 'sign_up';
  const [step, setStep] = useState(0);
  const [height, setHeight] = useState(info.height ? String(info.height) : '');
  const [weight, setWeight] = useState(info.weight ? String(info.weight) : '');
  const [shape, setShape] = useState<(typeof BODY_SHAPES)[number] | null>(null);
  const [fit, setFit] = useState<(typeof FIT_PREFERENCES)[number]>(info.fit_preference ?? 'regular');
  const [top, setTop] = useState(info.sizes.TOP ?? '');
  const [bottom, setBottom] = useState(info.sizes.BOTTOM ?? '');
  // Shoes are picked only in the member's own shoe size (docs/ARCHITECTURE.md, "Curation engine").
  const [shoes, setShoes] = useState(info.sizes.SHOES ?? '');
  const [liked, setLiked] = useState<Style[]>([]);
  const [disliked, setDisliked] = useState<Style[]>([]);
  const [likedColors, setLikedColors] = useState<Color[]>([]);
  const [avoidedColors, setAvoidedColors] = useState<Color[]>([]);
  const [budget, setBudget] = useState<number | null>(150_000);
  const [occasions, setOccasions] = useState<(typeof OCCASIONS)[number][]>([]);
  const [avoid, setAvoid] = useState<(typeof QUIZ_AVOIDS)[number][]>([]);
  const [saved, setSaved] = useState<StyleQuizSaved | null>(null);

  const save = useMutation(
    async (body: StyleQuizRequest) => {
      // SubmitApplication: the server's event and the pixel's share one id.
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/v1/curations/style-quiz', {
        body,
        headers: ad.headers,
      });
      if (r.ok) trackPixel('SubmitApplication', {}, ad.eventId);
      return r;
    },
    { revalidate: false, onSuccess: (d) => setSaved(d) },
  );

  const h = Number(height);
  const w = Number(weight);
  const bodyOk = (height === '' && weight === '') || (h >= 140 && h <= 210 && w >= 40 && w <= 160);
  const stepOk = [bodyOk, liked.length > 0, true, occasions.length > 0, true][step] ?? false;

  function submit() {
    const sizes: Record<string, string> = {};
    if (top.trim()) sizes.TOP = top.trim();
    if (bottom.trim()) sizes.BOTTOM = bottom.trim();
    if (shoes.trim()) sizes.SHOES = shoes.trim();
    void save.run({
      ...(height && weight ? { height: h, weight: w } : {}),
      ...(shape ? { body_shape: shape } : {}),
      fit_preference: fit,
      ...(Object.keys(sizes).length ? { sizes } : {}),
      liked_styles: liked,
      disliked_styles: disliked,
      liked_colors: likedColors,
      avoided_colors: avoidedColors,
      budget_max: budget,
      occasions,
      avoid,
    });
  }

  if (saved) {
    return (
      <>
        <PageHeader title="스타일 퀴즈" actions={false} titleAs="h1" />
        <main className={styles.done} data-testid="quiz-done">
          <h2>스타일 퀴즈를 마쳤어요</h2>
          {saved.curation_unfilled ? (
            // The rules are kept, never bent: the member is told and offered to widen them.
            <p className={page.muted} data-testid="quiz-unfilled">
              지금은 답해주신 조건(한 벌 예산, 계절, 피하고 싶은 아이템, 사이즈)에 맞는 상품이 부족해 코디를
              만들지 못했어요. 예산을 늘리거나 피하고 싶은 항목을 줄여 다시 해보세요.
              {saved.issued_coupon_policy_ids.length > 0 && ' 코디 쿠폰은 쿠폰함에 넣어드렸어요.'}
            </p>
          ) : (
            <p className={page.muted}>
              취향에 맞춰 MY큐레이션을 준비할게요.
              {saved.issued_coupon_policy_ids.length > 0 && ' 코디 쿠폰도 쿠폰함에 넣어드렸어요.'}
            </p>
          )}
          {saved.curation_unfilled ? (
            <button
              type="button"
              className={page.button}
              onClick={() => {
                setSaved(null);
                setStep(0);
              }}
            >
              조건 바꿔 다시 하기
            </button>
          ) : (
            <Link to="/curation" className={page.button}>
              MY큐레이션 보기
            </Link>
          )}
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title="스타일 퀴즈" actions={false} />
      <main>
        <section className={page.intro}>
          <h1>{afterSignUp ? '가입을 환영해요! 스타일을 알려주세요' : '나에게 맞는 스타일 찾기'}</h1>
          <p>
            {step + 1}/{STEPS.length} · {STEPS[step]}
          </p>
        </section>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="퀴즈 진행"
          aria-valuemin={0}
          aria-valuemax={STEPS.length}
          aria-valuenow={step + 1}
        >
          <div
            className={styles.progressFill}
            style={cssVars({ '--done': `${((step + 1) / STEPS.length) * 100}%` })}
          />
        </div>
        <form className={styles.step} aria-label={STEPS[step]} onSubmit={(e) => e.preventDefault()}>
          {step === 0 && (
            <>
              <div className={styles.row}>
                <label>
                  키 (cm)
                  <input
                    className={page.input}
                    type="number"
                    inputMode="numeric"
                    value={height}
                    onChange={(e) => setHeight(e.target.value)}
                  />
                </label>
                <label>
                  몸무게 (kg)
                  <input
                    className={page.input}
                    type="number"
                    inputMode="numeric"
                    value={weight}
                    onChange={(e) => setWeight(e.target.value)}
                  />
                </label>
                <label>
                  평소 상의 사이즈
                  <input
                    className={page.input}
                    value={top}
                    maxLength={20}
                    placeholder="예: L"
                    onChange={(e) => setTop(e.target.value)}
                  />
                </label>
                <label>
                  평소 바지 사이즈
                  <input
                    className={page.input}
                    value={bottom}
                    maxLength={20}
                    placeholder="예: 32"
                    onChange={(e) => setBottom(e.target.value)}
                  />
                </label>
                <label>
                  신발 사이즈 (mm)
                  <input
                    className={page.input}
                    value={shoes}
                    maxLength={20}
                    inputMode="numeric"
                    placeholder="예: 270 · 비우면 신발은 추천하지 않아요"
                    data-testid="quiz-shoe-size"
                    onChange={(e) => setShoes(e.target.value)}
                  />
                </label>
              </div>
              <Choices
                legend="체형"
                options={BODY_SHAPES}
                chosen={shape ? [shape] : []}
                label={(v) => SHAPE_LABEL[v]}
                onToggle={(v) => setShape(shape === v ? null : v)}
              />
              <Choices
                legend="선호 핏"
                options={FIT_PREFERENCES}
                chosen={[fit]}
                label={(v) => FIT_LABEL[v]}
                onToggle={setFit}
              />
              {!bodyOk && <p className={page.error}>키(140~210cm)와 몸무게(40~160kg)를 함께 입력해주세요.</p>}
            </>
          )}
          {step === 1 && (
            <>
              <Choices
                legend="좋아하는 스타일 (1개 이상)"
                options={STYLE_TAGS}
                chosen={liked}
                onToggle={(v) => {
                  setLiked(toggle(liked, v));
                  setDisliked(disliked.filter((x) => x !== v));
                }}
              />
              <Choices
                legend="피하고 싶은 스타일"
                options={STYLE_TAGS.filter((s) => !liked.includes(s))}
                chosen={disliked}
                onToggle={(v) => setDisliked(toggle(disliked, v))}
              />
            </>
          )}
          {step === 2 && (
            <>
              <Choices
                legend="좋아하는 색"
                options={QUIZ_COLORS}
                chosen={likedColors}
                swatch
                onToggle={(v) => {
                  setLikedColors(toggle(likedColors, v));
                  setAvoidedColors(avoidedColors.filter((x) => x !== v));
                }}
              />
              <Choices
                legend="피하고 싶은 색"
                options={QUIZ_COLORS.filter((c) => !likedColors.includes(c))}
                chosen={avoidedColors}
                swatch
                onToggle={(v) => setAvoidedColors(toggle(avoidedColors, v))}
              />
            </>
          )}
          {step === 3 && (
            <>
              <fieldset className={styles.group}>
                <legend>한 벌 예산</legend>
                {BUDGETS.map(([v, label]) => (
                  <button
                    key={label}
                    type="button"
                    className={styles.option}
                    aria-pressed={budget === v}
                    onClick={() => setBudget(v)}
                  >
                    {label}
                  </button>
                ))}
              </fieldset>
              <Choices
                legend="자주 입는 상황 (1개 이상)"
                options={OCCASIONS}
                chosen={occasions}
                label={(v) => OCCASION_LABEL[v]}
                onToggle={(v) => setOccasions(toggle(occasions, v))}
              />
              <Choices
                legend="피하고 싶은 것"
                options={QUIZ_AVOIDS}
                chosen={avoid}
                label={(v) => AVOID_LABEL[v]}
                onToggle={(v) => setAvoid(toggle(avoid, v))}
              />
            </>
          )}
          {step === 4 && <QuizPhotos initial={photos} />}
          {save.error && (
            <p className={page.error} role="alert">
              {save.error}
            </p>
          )}
        </form>
        <div className={styles.nav}>
          {step > 0 && (
            <button
              type="button"
              className={`${page.button} ${page.buttonOutline}`}
              onClick={() => setStep(step - 1)}
            >
              이전
            </button>
          )}
          {step < STEPS.length - 1 ? (
            <button
              type="button"
              className={page.button}
              disabled={!stepOk}
              onClick={() => setStep(step + 1)}
            >
              다음
            </button>
          ) : (
            <button type="button" className={page.button} disabled={!stepOk || save.pending} onClick={submit}>
              {save.pending ? '저장 중…' : '완료'}
            </button>
          )}
        </div>
      </main>
    </>
  );
}
