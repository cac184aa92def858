/**
 * /curation (MY큐레이션), by the member's status (docs/ARCHITECTURE.md, "Curations"): the style-quiz
 * invitation (guests and members without a quiz), "being prepared" (quiz done, curation not yet
 * published), the waiting list, or the curation itself — outfits with their reasons, the sizes
 * picked, the stylist's note, "이 코디 한번에 담기" and a rating. Opening it marks the curation viewed
 * (the tab's red dot goes).
 */

import {
  type CurationInfoBody,
  curationByline,
  type DailyQuizBody,
  formatWon,
  type StylingRequest,
  shownPrice,
  type UserMainStatus,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { OpenRequest, RequestAnother } from '../curation/RequestAnother';
import curationStyles from '../curation/stylequiz.module.css';
import { browserApi } from '../lib/browser-api';
import { setCartCount } from '../lib/cart-count';
import { parseCookies } from '../lib/cookies';
import { guestIdFor } from '../lib/guest-id';
import { contentReads } from '../lib/page-reads.server';
import { adEvent, trackPixel } from '../lib/pixel';
import { isLoggedInBrowser, LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import { isLoggedInFromStoredUserId } from '../lib/session-rules';
import { useMutation } from '../lib/use-mutation';
import reviewStyles from '../reviews/reviews.module.css';
import { usePopups } from '../shell/popups';
import page from '../styles/page.module.css';
import { CuratorChatForm } from '../support/ContactForms';
import type { Route } from './+types/curation';
import styles from './public.module.css';

type Curation = NonNullable<CurationInfoBody['curation']>;
type QuizHistory = { month: string; days: string[]; count: number; today_done: boolean };
/** PENDING: a member, until the browser has read their curation (the server has no token). */
type LoaderData = {
  status: UserMainStatus | 'GUEST' | 'PENDING';
  curation: Curation | null;
  quiz?: DailyQuizBody | null;
  /** A member's daily-quiz history: this KST month's answered days and whether today is done. */
  history?: QuizHistory | null;
  /** The member's open requests (waiting or being prepared) and AI curations left this month. */
  requests?: StylingRequest[];
  left?: number;
};

const ROLE_LABEL: Record<string, string> = {
  outer: '아우터',
  top: '상의',
  bottom: '하의',
  shoes: '신발',
  bag: '가방',
};

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'MY큐레이션 - 무료 AI 스타일 추천 | 코디룸' },
    {
      name: 'description',
      content: '스타일 퀴즈로 체형과 취향을 알려주시면 AI가 코디를 골라드리고, 스타일리스트가 다듬기도 해요.',
    },
  ];
}

/**
 * On the server: guests get the invitation and today's question rendered (no shift when the browser
 * loads); members a loading state their browser fills.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const cookies = parseCookies(request.headers.get('cookie'));
  const member = cookies.isLogin === 'true' && isLoggedInFromStoredUserId(cookies.userID);
  if (member) return { status: 'PENDING', curation: null };
  const guest = await guestIdFor(request, context);
  const quiz = guest
    ? await contentReads(context)
        .dailyQuiz(guest)
        .catch(() => null)
    : null;
  return { status: 'GUEST', curation: null, quiz };
}

/** Members: their curation (published drafts first) or their status; guests need no call. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LoaderData> {
  const api = browserApi();
  const init = { signal: request.signal };
  // getOr on purpose: today's question is an extra of the page (none on a day without one). The
  // call allows guests: they see the question too, and sign in to answer it.
  const quizCall = api.getOr('/api/curations/daily-quiz-today', null, undefined, init);
  if (!isLoggedInBrowser()) return { status: 'GUEST', curation: null, quiz: await quizCall };
  const historyCall = quizHistory(api, init);
  const [info, requests, pay] = await Promise.all([
    api.get('/api/curations/get-curation-info', undefined, init),
    // Extras of the page: without them the curation still shows.
    // null when it failed: then nothing is said about requests (not "none").
    api.getOr('/api/curations/get-styling-request', null, undefined, init),
    api.getOr('/api/curations/payment-type', null, undefined, init),
  ]);
  if (info.curation)
    return {
      status: 'CURATIONED',
      curation: info.curation,
      quiz: await quizCall,
      history: await historyCall,
      requests: requests?.result ?? [],
      left: pay?.next_ai_curation_left ?? 0,
    };
  const s = await api.get('/api/users/status-main', undefined, init);
  return {
    status: s.status,
    curation: null,
    quiz: await quizCall,
    history: await historyCall,
    ...(requests ? { requests: requests.result } : {}),
  };
}

/** daily-quiz-done and daily-quiz-done-monthly (this KST month); null when either fails. */
async function quizHistory(api: ReturnType<typeof browserApi>, init: { signal: AbortSignal }) {
  const [done, monthly] = await Promise.all([
    api.getOr('/api/curations/daily-quiz-done', null, undefined, init),
    api.getOr('/api/curations/daily-quiz-done-monthly', null, undefined, init),
  ]);
  if (!done || !monthly) return null;
  return { ...monthly, today_done: done.done } satisfies QuizHistory;
}

clientLoader.hydrate = true as const;

export const ErrorBoundary = RouteErrorBoundary;

function Invitation({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section className={page.intro}>
      <h2>나만을 위한 무료 스타일 큐레이션</h2>
      <p>
        3분 스타일 퀴즈로 체형, 사이즈, 취향을 알려주세요. AI가 출근룩부터 주말 코디까지 골라드리고,
        스타일리스트가 다듬기도 해요.
      </p>
      <div className={styles.curationBody}>
        <Link to="/stylequiz" className={page.button}>
          스타일 퀴즈 시작하기
        </Link>
        {!loggedIn && (
          <p className={`${page.muted} ${styles.curationNote}`}>스타일 퀴즈는 로그인 후 이용할 수 있어요.</p>
        )}
      </div>
    </section>
  );
}

function Outfit({
  outfit,
  n,
  curationId,
}: {
  outfit: Curation['outfits'][number];
  n: number;
  curationId: number;
}) {
  const popups = usePopups();
  const buyable = outfit.items.filter((i) => i.product_item_id !== null);
  const total = buyable.reduce((s, i) => s + shownPrice(i.product).unit_price, 0);
  const buy = useMutation(
    async () => {
      if (buyable.length === 0)
        return { ok: false as const, status: 400, data: null, detail: '담을 수 있는 상품이 없어요.' };
      // The whole outfit in one call: codi-to-cart with this curation's outfit (one AddToCart).
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/carts/codi-to-cart', {
        body: {
          curation_id: curationId,
          outfit: outfit.index,
          items: buyable.map((i) => ({ product_item_id: i.product_item_id, quantity: 1 })),
        },
        headers: ad.headers,
      });
      if (r.ok)
        trackPixel('AddToCart', { value: total, currency: 'KRW', content_type: 'product' }, ad.eventId);
      return r;
    },
    {
      revalidate: false,
      onSuccess: (d) => {
        setCartCount(d.count);
        popups.open({ kind: 'cart', productName: `${n}번 코디 ${buyable.length}개 상품` });
      },
    },
  );
  return (
    <section className={page.section} aria-labelledby={`outfit-${n}`} data-testid="outfit">
      <div className={page.sectionHead}>
        <h2 id={`outfit-${n}`}>{n}번 코디</h2>
      </div>
      <ul className={curationStyles.outfitList}>
        {outfit.items.map((i) => (
          <li key={`${i.role}-${i.product.id}`} className={`${reviewStyles.card} ${reviewStyles.itemLine}`}>
            <img src={i.product.image_url} alt="" width={64} height={76} loading="lazy" />
            <div>
              <p className={reviewStyles.meta}>
                {ROLE_LABEL[i.role] ?? i.role} · {i.product.brand_name}
              </p>
              <Link to={`/product/${i.product.id}`}>
                <strong>{i.product.name}</strong>
              </Link>
              <p className={reviewStyles.meta}>
                {formatWon(shownPrice(i.product).unit_price)}
                {i.size_name ? ` · 추천 사이즈 ${i.size_name}` : ''}
                {i.product_item_id === null ? ' · 품절' : ''}
              </p>
              <p className={reviewStyles.bodyInfo} data-testid="pick-reasons">
                {/* Sentences since the engine writes them; older curations' phrases read as one line. */}
                {i.reasons.join(i.reasons.some((r) => r.endsWith('.')) ? ' ' : ' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className={styles.curationBody}>
        <button
          type="button"
          className={page.button}
          disabled={buy.pending || buyable.length === 0}
          onClick={() => buy.run()}
        >
          이 코디 한번에 담기 · {formatWon(total)}
        </button>
        {buy.error && <p className={page.error}>{buy.error}</p>}
      </div>
    </section>
  );
}

function TodayQuiz({
  quiz,
  member,
  history,
}: {
  quiz: DailyQuizBody;
  member: boolean;
  history: QuizHistory | null;
}) {
  const [answered, setAnswered] = useState(quiz.answered);
  const popups = usePopups();
  // Today's answer counts in the month's history at once (daily-quiz-done said not yet).
  const today = !history?.today_done && answered !== null;
  const days = history
    ? [...history.days, ...(today && !history.days.includes(quiz.quiz_date) ? [quiz.quiz_date] : [])].filter(
        (d) => d.startsWith(history.month),
      )
    : [];
  const answer = useMutation(
    (key: string) =>
      browserApi().request('POST', '/api/curations/daily-quiz-today', { body: { answer: key } }),
    { revalidate: false },
  );
  return (
    <section className={page.intro} aria-labelledby="daily-quiz" data-testid="daily-quiz">
      <h2 id="daily-quiz">오늘의 스타일 퀴즈</h2>
      <p>{quiz.question}</p>
      <div className={reviewStyles.actions}>
        {quiz.options.map((o) => (
          <button
            key={o.key}
            type="button"
            className={reviewStyles.smallButton}
            aria-pressed={answered === o.key}
            disabled={answered !== null || answer.pending}
            onClick={async () => {
              // Answering needs an account (the answer feeds the member's curation and missions).
              if (!member) {
                popups.open({ kind: 'login' });
                return;
              }
              const r = await answer.run(o.key);
              if (r?.ok) setAnswered(o.key);
            }}
          >
            {o.label}
          </button>
        ))}
      </div>
      {answered !== null && (
        <output className={page.muted}>오늘의 퀴즈 완료! 답변은 다음 큐레이션에 반영돼요.</output>
      )}
      {answer.error && <p className={page.error}>{answer.error}</p>}
      {!member && (
        <p className={page.muted}>
          <Link to="/login">로그인</Link>하고 답하면 참여 기록이 쌓이고 다음 큐레이션에 반영돼요.
        </p>
      )}
      {member && history && (
        <p className={page.muted} data-testid="daily-quiz-history">
          {Number(history.month.slice(5))}월 참여 {days.length}일
          {days.length > 0 && ` · ${days.map((d) => d.slice(5).replace('-', '.')).join(', ')}`}
        </p>
      )}
    </section>
  );
}

/** The personal-colour quiz: MY큐레이션 picks the colours near the face from its season. */
function PersonalColorInvite() {
  return (
    <section className={page.intro} aria-labelledby="personal-color">
      <h2 id="personal-color">퍼스널 컬러 진단</h2>
      <p>다섯 가지 질문으로 나에게 어울리는 옷 색을 알아보세요. 결과는 큐레이션의 색 선택에 반영돼요.</p>
      <Link to="/personal_color" className={`${page.button} ${page.buttonOutline}`}>
        퍼스널 컬러 진단하기
      </Link>
    </section>
  );
}

function Rating({ curation }: { curation: Curation }) {
  const [rating, setRating] = useState(curation.rating ?? 0);
  const [wanted, setWanted] = useState('');
  const [done, setDone] = useState(curation.rating !== null);
  const rate = useMutation(
    (value: number) =>
      browserApi().request('POST', '/api/curations/post-rating', {
        body: { id: curation.id, rating: value, ...(wanted.trim() ? { wanted_detail: wanted.trim() } : {}) },
      }),
    { revalidate: false, onSuccess: () => setDone(true) },
  );
  return (
    <section className={page.intro} aria-labelledby="rate">
      <h2 id="rate">이번 큐레이션은 어떠셨나요?</h2>
      <fieldset className={reviewStyles.ratingInput}>
        <legend className="visually-hidden">별점</legend>
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
      <label className={reviewStyles.meta}>
        다음에 더 보고 싶은 스타일
        <input
          className={page.input}
          value={wanted}
          maxLength={500}
          onChange={(e) => setWanted(e.target.value)}
        />
      </label>
      <button
        type="button"
        className={page.button}
        disabled={rating === 0 || rate.pending}
        onClick={() => rate.run(rating)}
      >
        평가 보내기
      </button>
      {done && <output className={page.muted}>평가해 주셔서 고마워요. 다음 큐레이션에 반영할게요.</output>}
      {rate.error && <p className={page.error}>{rate.error}</p>}
    </section>
  );
}

/** The open request, or the way to ask for another curation. */
function Requests({ initial, left }: { initial: StylingRequest[]; left: number }) {
  const [requests, setRequests] = useState(initial);
  const [stillLeft, setStillLeft] = useState(left);
  const open = requests[0];
  if (open) return <OpenRequest request={open} />;
  return (
    <RequestAnother
      left={stillLeft}
      onRequested={(r) => {
        setRequests([r]);
        setStillLeft(Math.max(0, stillLeft - 1));
      }}
    />
  );
}

export default function CurationPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="MY큐레이션" back={false} titleAs="h1" />
      <main>
        {d.quiz && <TodayQuiz quiz={d.quiz} member={d.status !== 'GUEST'} history={d.history ?? null} />}
        {d.status === 'PENDING' ? (
          <LoadingNote />
        ) : d.curation ? (
          <>
            <section className={page.intro} data-testid="curation">
              {/* Who made it, honestly (curation-rules.ts curationByline). */}
              <h2 data-testid="curation-byline">{curationByline(d.curation)}</h2>
              {d.curation.curator_note && (
                <p className={reviewStyles.content} data-testid="curator-note">
                  {d.curation.curator_note}
                </p>
              )}
              {/* A curator's note replaces the draft's (she started from it in the back office). */}
              {!d.curation.curator_note && d.curation.message && (
                <p className={reviewStyles.content}>{d.curation.message}</p>
              )}
            </section>
            {d.curation.outfits.map((o, i) => (
              <Outfit key={o.index} outfit={o} n={i + 1} curationId={(d.curation as Curation).id} />
            ))}
            <Rating curation={d.curation} />
            <CuratorChatForm curatorName={d.curation.curator_name ?? null} />
            <Requests initial={d.requests ?? []} left={d.left ?? 0} />
          </>
        ) : d.status === 'NONE_CURATIONED' && d.requests?.length === 0 ? (
          // Quiz taken, nothing being prepared: the rules left too little (requests.ts), said so.
          <section className={page.intro} data-testid="curation-unfilled">
            <h2>조건에 맞는 코디를 찾지 못했어요</h2>
            <p>
              답해주신 한 벌 예산, 계절, 피하고 싶은 아이템과 사이즈에 맞는 상품이 지금은 부족해요. 조건을
              넓혀 다시 해보시면 바로 코디를 골라드릴게요.
            </p>
            <Link to="/stylequiz" className={page.button}>
              스타일 퀴즈 다시 하기
            </Link>
          </section>
        ) : d.status === 'NONE_CURATIONED' ? (
          <section className={page.intro} data-testid="curation-preparing">
            <h2>큐레이션을 준비하고 있어요</h2>
            <p>
              스타일 퀴즈 답변을 바탕으로 AI가 코디를 고르고 있어요. 스타일리스트가 다듬을 수도 있어요.
              완성되면 알려드릴게요.
            </p>
          </section>
        ) : d.status === 'WAITING_LIST' ? (
          <section className={page.intro} data-testid="curation-waiting">
            <h2>큐레이션 대기 중이에요</h2>
            <p>신청이 많아 순서대로 준비하고 있어요. 조금만 기다려 주세요.</p>
          </section>
        ) : (
          <Invitation loggedIn={d.status !== 'GUEST'} />
        )}
        <PersonalColorInvite />
      </main>
    </>
  );
}
