/**
 * A magazine post's body with its forms in place (the `:::quiz` / `:::survey` blocks of
 * packages/shared content-forms.ts) and the feedback buttons under it. The results are read after
 * hydration (they are the visitor's own) and replaced by what each answer returns.
 */
import { type AnswerResult, POST_FEEDBACK_VALUES, splitPostBody } from '@codiroom/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Markdown } from '../lib/markdown';
import { FeedbackButtons, PostQuestion } from './ContentForms';
import styles from './ContentForms.module.css';
import { loadPostResults, resultKey } from './form-api';

export function PostContent({
  postId,
  body,
  proseClass,
}: {
  postId: number;
  body: string;
  proseClass: string;
}) {
  const parts = useMemo(() => splitPostBody(body), [body]);
  const [results, setResults] = useState<Record<string, AnswerResult>>({});
  const merge = useCallback((rs: AnswerResult[]) => {
    setResults((prev) => {
      const next = { ...prev };
      for (const r of rs) next[resultKey(r)] = r;
      return next;
    });
  }, []);
  const refresh = useCallback(() => {
    const ac = new AbortController();
    void loadPostResults(postId, ac.signal).then(merge);
    return () => ac.abort();
  }, [postId, merge]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the post changes (refresh follows postId)
  useEffect(refresh, [refresh]);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body, in a fixed order
          <div key={i} className={proseClass}>
            <Markdown text={p.text} />
          </div>
        ) : (
          <PostQuestion
            key={resultKey(p.block)}
            postId={postId}
            block={p.block}
            result={results[resultKey(p.block)]}
            onResults={merge}
            onRefresh={refresh}
          />
        ),
      )}
      <section className={styles.box} aria-labelledby="post-feedback">
        <p id="post-feedback" className={styles.question}>
          이 글 어떠셨나요?
        </p>
        <FeedbackButtons
          values={POST_FEEDBACK_VALUES}
          result={results['post-feedback:0']}
          path={`/api/contents/posts/${postId}/feedback`}
          body={(value) => ({ value })}
          onResults={merge}
          label="글 평가"
        />
      </section>
    </>
  );
}
