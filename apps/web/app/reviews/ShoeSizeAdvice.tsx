/**
 * The product page's size advice for shoes (docs/ARCHITECTURE.md, "Sizing"): the shopper's usual
 * shoe size in, the size to take out, half a size up or down when the product's size reviews say it
 * runs small or large (packages/shared sizing.ts `shoeAdvice`), with the reason in words. The size
 * is kept in the `shoeSize` cookie so the next shoe page is answered by its loader; a member's
 * 내 사이즈 answers without asking.
 */
import { isUsualShoeSize as isShoeSize, type RecommendedSizeBody, USUAL_SHOE_SIZES } from '@codiroom/shared';
import { type FormEvent, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { parseCookies, writeBrowserCookie } from '../lib/cookies';
import { useMutation } from '../lib/use-mutation';
import styles from './reviews.module.css';
import { SizeAnswer } from './SizeAnswer';

export const SHOE_SIZE_COOKIE = 'shoeSize';
const YEAR_S = 365 * 86_400;

/** The usual shoe size: the form's query (?shoe_size=, the form without scripts) or the cookie. */
export function shoeSizeFrom(cookieHeader: string | null, url?: URL): string | null {
  const fromQuery = url?.searchParams.get('shoe_size');
  if (isShoeSize(fromQuery)) return fromQuery;
  const saved = parseCookies(cookieHeader)[SHOE_SIZE_COOKIE];
  return isShoeSize(saved) ? saved : null;
}

export function ShoeSizeAdvice({
  productDisplayId,
  answer,
  onAnswer,
  usual,
}: {
  productDisplayId: number;
  answer: RecommendedSizeBody | null;
  onAnswer: (a: RecommendedSizeBody) => void;
  usual: string | null;
}) {
  const [size, setSize] = useState(usual ?? '');
  const ask = useMutation(
    async (shoeSize: string) => {
      writeBrowserCookie(SHOE_SIZE_COOKIE, shoeSize, YEAR_S);
      return browserApi().request('GET', `/api/products/recommended-size/${productDisplayId}`, {
        query: { shoe_size: shoeSize },
      });
    },
    { revalidate: false, onSuccess: (d) => onAnswer(d) },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (isShoeSize(size)) void ask.run(size);
  }

  return (
    <section className={styles.recommend} aria-labelledby="shoe-size" data-testid="size-recommendation">
      <h3 id="shoe-size">내 사이즈 추천</h3>
      {/* Without scripts the form reloads the page with the size in the query (the loader answers). */}
      <form className={styles.bodyForm} method="get" onSubmit={submit} aria-label="신발 사이즈 입력">
        <label>
          평소 신발 사이즈(mm)
          <input
            inputMode="numeric"
            name="shoe_size"
            value={size}
            min={USUAL_SHOE_SIZES.min}
            max={USUAL_SHOE_SIZES.max}
            step={USUAL_SHOE_SIZES.step}
            type="number"
            required
            onChange={(e) => setSize(e.target.value)}
          />
        </label>
        {/* Enabled on the server's HTML: without scripts the browser checks the field (min, max, step). */}
        <button type="submit" className={styles.go} disabled={ask.pending}>
          추천
        </button>
      </form>
      {ask.error && (
        <p className={styles.explanation} role="alert">
          {ask.error}
        </p>
      )}
      {answer?.recommended_size && (
        <SizeAnswer size={answer.recommended_size} explanation={answer.explanation} />
      )}
      {answer && !answer.recommended_size && (
        <p className={styles.explanation}>이 상품에는 평소 사이즈가 없어요. 다른 사이즈를 골라 보세요.</p>
      )}
    </section>
  );
}
