/**
 * /personal_color: the personal-colour quiz (docs/ARCHITECTURE.md, "Curations"). Anyone can take it;
 * the season and its palette show at once. A member's answer is saved; a guest's is kept on the
 * device (`personal_color_data`) and submitted at their next sign-in (lib/auth.ts).
 */
import {
  PERSONAL_COLOR_QUESTIONS,
  type PersonalColorResultBody,
  personalColorResult,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import styles from '../curation/stylequiz.module.css';
import { PERSONAL_COLOR_KEY } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { isLoggedInBrowser } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import type { Route } from './+types/personal-color';

export function meta(_: Route.MetaArgs) {
  return [
    { title: '퍼스널 컬러 테스트 | 코디룸' },
    { name: 'description', content: '다섯 가지 질문으로 알아보는 나의 퍼스널 컬러와 어울리는 옷 색깔' },
  ];
}

export default function PersonalColor() {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [result, setResult] = useState<PersonalColorResultBody | null>(null);
  const [kept, setKept] = useState(false);
  const save = useMutation(
    (body: { answers: Record<string, string> }) =>
      browserApi().request('POST', '/api/curations/personal-color-quiz', { body }),
    { revalidate: false, onSuccess: (d) => setResult(d) },
  );
  const complete = PERSONAL_COLOR_QUESTIONS.every((q) => answers[q.key]);

  function finish() {
    if (!complete) return;
    if (isLoggedInBrowser()) {
      void save.run({ answers });
      return;
    }
    // A guest: the result now, the answer kept until they sign in.
    try {
      window.localStorage.setItem(PERSONAL_COLOR_KEY, JSON.stringify({ answers }));
      setKept(true);
    } catch {}
    setResult(personalColorResult(answers));
  }

  return (
    <>
      <PageHeader title="퍼스널 컬러 테스트" actions={false} />
      <main>
        <section className={page.intro}>
          <h1>나에게 어울리는 색 찾기</h1>
          <p>다섯 가지 질문에 답하면 퍼스널 컬러와 어울리는 옷 색을 알려드려요.</p>
        </section>
        {result ? (
          <section className={page.intro} data-testid="personal-color-result">
            <h2>
              나의 퍼스널 컬러는 <strong>{result.label}</strong>
            </h2>
            <p>잘 어울리는 색: {result.palette.join(', ')}</p>
            <p className={page.muted}>MY큐레이션이 얼굴 가까이 오는 옷에 이 색들을 먼저 골라드려요.</p>
            {kept && (
              <p className={page.muted}>
                로그인하면 결과가 저장돼요. <Link to="/login">로그인</Link>
              </p>
            )}
          </section>
        ) : (
          <form className={styles.step} aria-label="퍼스널 컬러 질문" onSubmit={(e) => e.preventDefault()}>
            {PERSONAL_COLOR_QUESTIONS.map((q) => (
              <fieldset key={q.key} className={styles.group}>
                <legend>{q.question}</legend>
                {q.options.map((o) => (
                  <button
                    key={o.key}
                    type="button"
                    className={styles.option}
                    aria-pressed={answers[q.key] === o.key}
                    onClick={() => setAnswers({ ...answers, [q.key]: o.key })}
                  >
                    {o.label}
                  </button>
                ))}
              </fieldset>
            ))}
            {save.error && (
              <p className={page.error} role="alert">
                {save.error}
              </p>
            )}
            <button
              type="button"
              className={page.button}
              disabled={!complete || save.pending}
              onClick={finish}
            >
              결과 보기
            </button>
          </form>
        )}
      </main>
    </>
  );
}
