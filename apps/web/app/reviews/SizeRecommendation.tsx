/**
 * The product page's size recommendation (docs/ARCHITECTURE.md, "Sizing"): height, weight and fit
 * preference in, the recommended size with its confidence, the one-line explanation and each
 * size's chance of small / fits / large out. The body is kept in the `sizeBody` cookie so the next
 * product page is answered by its loader; a member can save it to their size info too.
 */
import {
  COOKIE_MAX_AGE,
  FIT_PREFERENCES,
  type FitPreference,
  fitPercent,
  type RecommendedSizeBody,
  SIZE_SHEET_VIEW_COOKIE,
  sizeSheetMode,
} from '@codiroom/shared';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { cssVars } from '../components/css-vars';
import { SheetSelect } from '../components/SheetSelect';
import { browserApi } from '../lib/browser-api';
import { parseCookies, writeBrowserCookie } from '../lib/cookies';
import { useRootData } from '../lib/root-data';
import { useMutation } from '../lib/use-mutation';
import styles from './reviews.module.css';
import { SizeAnswer } from './SizeAnswer';

export const SIZE_BODY_COOKIE = 'sizeBody';
const YEAR_S = 365 * 86_400;
const FIT_LABEL: Record<FitPreference, string> = { slim: '슬림하게', regular: '보통', loose: '여유있게' };

export type SizeBody = { height: number; weight: number; fit: FitPreference };

const bodyOf = (
  h: string | null | undefined,
  w: string | null | undefined,
  fit: string | null | undefined,
) => {
  if (!h || !w || !/^\d{3}$/.test(h) || !/^\d{2,3}$/.test(w)) return null;
  const height = Number(h);
  const weight = Number(w);
  if (height < 140 || height > 210 || weight < 40 || weight > 160) return null;
  const f = (FIT_PREFERENCES as readonly string[]).includes(fit ?? '') ? (fit as FitPreference) : 'regular';
  return { height, weight, fit: f };
};

/**
 * The body to answer with: the form's query (?height=&weight=&fit=, the form without scripts) or
 * the `sizeBody` cookie ("175-72-regular") the form saved; null when neither is valid.
 */
export function sizeBodyFrom(cookieHeader: string | null, url?: URL): SizeBody | null {
  const q = url?.searchParams;
  const fromQuery = q ? bodyOf(q.get('height'), q.get('weight'), q.get('fit')) : null;
  if (fromQuery) return fromQuery;
  const raw = parseCookies(cookieHeader)[SIZE_BODY_COOKIE];
  const m = raw ? /^(\d{3})-(\d{2,3})-(slim|regular|loose)$/.exec(raw) : null;
  return m ? bodyOf(m[1], m[2], m[3]) : null;
}

/** A share as a whole percent, floored (fitPercent: the headline and the rows read one rule). */
const pct = (v: number) => `${fitPercent(v)}%`;

export function SizeRecommendation({
  productDisplayId,
  answer,
  onAnswer,
  body,
}: {
  productDisplayId: number;
  answer: RecommendedSizeBody | null;
  onAnswer: (a: RecommendedSizeBody) => void;
  body: SizeBody | null;
}) {
  const [height, setHeight] = useState(body ? String(body.height) : '');
  const [weight, setWeight] = useState(body ? String(body.weight) : '');
  const [fit, setFit] = useState<FitPreference>(body?.fit ?? 'regular');
  const [save, setSave] = useState(true);
  const ask = useMutation(
    async (b: SizeBody, saveToProfile: boolean) => {
      writeBrowserCookie(SIZE_BODY_COOKIE, `${b.height}-${b.weight}-${b.fit}`, YEAR_S);
      if (saveToProfile) {
        // The member's size info follows (the recommendation reads it on their other devices).
        await browserApi().request('POST', '/api/users/user-size-info', {
          body: { height: b.height, weight: b.weight, fit_preference: b.fit },
        });
      }
      return browserApi().request('GET', `/api/products/recommended-size/${productDisplayId}`, {
        query: { height: b.height, weight: b.weight, fit: b.fit },
      });
    },
    { revalidate: false, onSuccess: (d) => onAnswer(d) },
  );
  // From the root loader (the same on the server and in the browser: no hydration mismatch).
  const root = useRootData();
  const loggedIn = root?.isLoggedIn ?? false;
  const mode = sizeSheetMode({ hasBody: !!body, hasAnswer: !!answer, seenToday: !!root?.sizeSheetSeen });
  const [opened, setOpened] = useState(false);
  const section = useRef<HTMLElement>(null);
  useSeenOnce(section, mode === 'nudge');

  function submit(e: FormEvent) {
    e.preventDefault();
    const h = Number(height);
    const w = Number(weight);
    if (!Number.isInteger(h) || !Number.isInteger(w)) return;
    void ask.run({ height: h, weight: w, fit }, loggedIn && save);
  }

  const modelled = answer && answer.basis !== 'none' && answer.sizes.some((s) => s.ease !== null);
  // The headline likelihood is the recommended size's own row, so it always equals its "맞음".
  const chosen = answer?.sizes.find((s) => s.size_name === answer.recommended_size && s.ease !== null);
  if (mode === 'collapsed' && !opened) {
    return (
      <section className={styles.recommend} data-testid="size-recommendation" data-mode="collapsed">
        <button type="button" className={styles.openLine} onClick={() => setOpened(true)}>
          내 사이즈 추천 받기 <span aria-hidden="true">›</span>
        </button>
      </section>
    );
  }
  return (
    <section
      ref={section}
      className={styles.recommend}
      aria-labelledby="size-recommend"
      data-testid="size-recommendation"
      data-mode={mode}
    >
      <h3 id="size-recommend">내 사이즈 추천</h3>
      {mode === 'nudge' && (
        <p className={styles.meta} data-testid="size-nudge">
          키와 몸무게만 알려주시면 이 상품에서 맞을 사이즈를 알려드려요.
        </p>
      )}
      {/* Without scripts the form reloads the page with the body in the query (the loader answers). */}
      <form className={styles.bodyForm} method="get" onSubmit={submit} aria-label="체형 입력">
        <label>
          키(cm)
          <input
            inputMode="numeric"
            name="height"
            value={height}
            min={140}
            max={210}
            type="number"
            required
            onChange={(e) => setHeight(e.target.value)}
          />
        </label>
        <label>
          몸무게(kg)
          <input
            inputMode="numeric"
            name="weight"
            value={weight}
            min={40}
            max={160}
            type="number"
            required
            onChange={(e) => setWeight(e.target.value)}
          />
        </label>
        <SheetSelect
          className={styles.fit}
          label="선호 핏"
          name="fit"
          value={fit}
          onChange={(v) => setFit(v as FitPreference)}
          options={FIT_PREFERENCES.map((f) => ({ value: f, label: FIT_LABEL[f] }))}
        />
        <button type="submit" className={styles.go} disabled={ask.pending}>
          추천
        </button>
      </form>
      {loggedIn && (
        <label className={styles.meta}>
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> 내 사이즈
          정보에 저장
        </label>
      )}
      {ask.error && (
        <p className={styles.explanation} role="alert">
          {ask.error}
        </p>
      )}
      {answer?.recommended_size && (
        <SizeAnswer
          size={answer.recommended_size}
          explanation={answer.explanation}
          meta={
            modelled &&
            chosen && (
              <span className={styles.meta} data-testid="size-confidence">
                {' '}
                · 잘 맞을 확률 {pct(chosen.fits)}
              </span>
            )
          }
        >
          {modelled && (
            <ul className={styles.probabilities} aria-label="사이즈별 착용감 예상">
              {answer.sizes
                .filter((s) => s.ease !== null)
                .map((s) => (
                  <li key={s.size_name} className={styles.probability} data-size={s.size_name}>
                    <span>
                      {s.size_name}
                      {s.is_sold_out ? ' 품절' : ''}
                    </span>
                    <span
                      className={styles.stack}
                      role="img"
                      aria-label={`${s.size_name}: 작음 ${pct(s.small)}, 맞음 ${pct(s.fits)}, 큼 ${pct(s.large)}`}
                    >
                      <span className={styles.stackSmall} style={cssVars({ '--small': pct(s.small) })} />
                      <span className={styles.stackFits} style={cssVars({ '--fits': pct(s.fits) })} />
                      <span className={styles.stackLarge} style={cssVars({ '--large': pct(s.large) })} />
                    </span>
                    <span data-testid="size-fits">맞음 {pct(s.fits)}</span>
                  </li>
                ))}
            </ul>
          )}
        </SizeAnswer>
      )}
      {answer && !answer.recommended_size && (
        <p className={styles.explanation}>이 상품은 키와 몸무게로 추천할 수 있는 사이즈 정보가 없어요.</p>
      )}
    </section>
  );
}

/**
 * Sets the size-sheet view cookie (1 day) once the nudge has been half on screen: later product
 * pages that day show the recommendation as one line (sizeSheetMode).
 */
function useSeenOnce(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        writeBrowserCookie(SIZE_SHEET_VIEW_COOKIE, '1', COOKIE_MAX_AGE.sizeSheetView);
        io.disconnect();
      },
      { threshold: 0.5 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, active]);
}
