/**
 * The content forms of a page (SPEC.md "Contents"): a post's quiz and survey questions (the blocks
 * of its body), its feedback buttons, and the daily look's like/dislike — each shows its results
 * (counts and percentages from the server's tally) once the visitor has answered. Quizzes take one
 * answer (a repeat is refused by the server); surveys and feedback can be changed.
 */
import {
  type AnswerResult,
  FEEDBACK_LABEL,
  type FormAck,
  josaOf,
  type PostFormBlock,
} from '@codiroom/shared';
import { useState } from 'react';
import { useMutation } from '../lib/use-mutation';
import styles from './ContentForms.module.css';
import { type FormPath, sendAnswer } from './form-api';

type OnResults = (results: AnswerResult[]) => void;

function useAnswer(onResults: OnResults, onRefused?: () => void) {
  const m = useMutation((path: FormPath, body: object) => sendAnswer(path, body), {
    revalidate: false,
    onSuccess: (ack: FormAck) => onResults(ack.results),
  });
  const run = async (path: FormPath, body: object) => {
    const res = await m.run(path, body);
    if (res && !res.ok && res.status === 409) onRefused?.();
  };
  return { ...m, run };
}

export function ResultBars({
  result,
  label = (v) => v,
}: {
  result: AnswerResult;
  label?: (v: string) => string;
}) {
  const mine = new Set(Array.isArray(result.my_answer) ? result.my_answer : [String(result.my_answer)]);
  return (
    <ul className={styles.options} aria-label="참여 결과">
      {result.options.map((o) => {
        const cls = [
          styles.bar,
          mine.has(o.value) && styles.mine,
          result.correct_answer === o.value && styles.correct,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={o.value} className={cls} data-testid="result-bar">
            <span className={styles.fill} style={{ width: `${o.percent}%` }} aria-hidden="true" />
            <span>
              {label(o.value)}
              {result.correct_answer === o.value && ' ✓ 정답'}
              {mine.has(o.value) && ' (내 선택)'}
            </span>
            <span>
              {o.percent}% · {o.count}명
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const FORM_TITLE: Record<string, string> = {
  'post-quiz': '퀴즈',
  'post-mini-quiz': '미니 퀴즈',
  'post-survey': '설문',
};

/** One quiz or survey question of a post. */
export function PostQuestion({
  postId,
  block,
  result,
  onResults,
  onRefresh,
}: {
  postId: number;
  block: PostFormBlock;
  result: AnswerResult | undefined;
  onResults: OnResults;
  onRefresh: () => void;
}) {
  const answer = useAnswer(onResults, onRefresh);
  const [choice, setChoice] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const survey = block.form === 'post-survey';
  const answered = result?.my_answer !== null && result?.my_answer !== undefined;
  const submit = (value: string) =>
    survey
      ? answer.run('/api/contents/post-survey', { post_id: postId, answers: { [block.question_id]: value } })
      : answer.run(`/api/contents/${block.form}`, {
          post_id: postId,
          question_id: block.question_id,
          answer: value,
        });
  const showResults = answered && result && !changing;
  return (
    <section className={styles.box} aria-label={FORM_TITLE[block.form]} data-testid={`form-${block.form}`}>
      <p className={styles.kicker}>{FORM_TITLE[block.form]}</p>
      <p className={styles.question}>{block.question}</p>
      {showResults ? (
        <>
          <ResultBars result={result} />
          <output className={styles.note}>
            {result.is_correct === true && '정답이에요! '}
            {result.is_correct === false &&
              `아쉬워요. 정답은 '${result.correct_answer}'${josaOf(String(result.correct_answer), '이에요/예요')}. `}
            {result.total}명이 참여했어요.
          </output>
          {survey && (
            <button type="button" className={styles.submit} onClick={() => setChanging(true)}>
              다시 고르기
            </button>
          )}
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (choice) void submit(choice).then(() => setChanging(false));
          }}
        >
          <ul className={styles.options}>
            {block.options.map((o) => (
              <li key={o}>
                <button
                  type="button"
                  className={styles.option}
                  aria-pressed={choice === o}
                  onClick={() => setChoice(o)}
                >
                  {o}
                </button>
              </li>
            ))}
          </ul>
          <button type="submit" className={styles.submit} disabled={!choice || answer.pending}>
            {survey ? '투표하기' : '정답 제출'}
          </button>
        </form>
      )}
      {answer.error && (
        <p className={styles.error} role="alert">
          {answer.error}
        </p>
      )}
    </section>
  );
}

/** Buttons with counts: the post's feedback (like, dislike, helpful) or the daily look's. */
export function FeedbackButtons({
  values,
  result,
  path,
  body,
  onResults,
  label,
}: {
  values: readonly string[];
  result: AnswerResult | undefined;
  path: FormPath;
  body: (value: string) => object;
  onResults: OnResults;
  label: string;
}) {
  const answer = useAnswer(onResults);
  const countOf = (v: string) => result?.options.find((o) => o.value === v)?.count ?? 0;
  return (
    <div>
      <fieldset className={styles.feedback} aria-label={label}>
        {values.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={result?.my_answer === v}
            disabled={answer.pending}
            onClick={() => void answer.run(path, body(v))}
            data-testid={`feedback-${v}`}
          >
            {FEEDBACK_LABEL[v] ?? v} {countOf(v)}
          </button>
        ))}
      </fieldset>
      {answer.error && (
        <p className={styles.error} role="alert">
          {answer.error}
        </p>
      )}
    </div>
  );
}
