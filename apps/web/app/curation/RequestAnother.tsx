/**
 * "다른 코디 요청하기" on /curation (docs/ARCHITECTURE.md, "Curations"): the member's open requests
 * (waiting, with the queue ahead, or being prepared, with the time it is due) and, when none is
 * open, the styles for a new curation (POST user-style with request: true), within the month's
 * AI curations (next_ai_curation_left).
 */
import { formatKst, STYLE_TAGS, type StylingRequest } from '@codiroom/shared';
import { useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import page from '../styles/page.module.css';
import styles from './stylequiz.module.css';

const MAX_STYLES = 5;

const timeOf = (iso: string) => formatKst(iso, 'md');

export function OpenRequest({ request }: { request: StylingRequest }) {
  return (
    <section className={page.intro} data-testid="styling-request">
      <h2>{request.status === 'WAITING' ? '새 큐레이션 대기 중이에요' : '새 큐레이션을 준비하고 있어요'}</h2>
      <p>
        {request.styles.join(' · ')}
        {request.status === 'WAITING'
          ? ` 스타일로 요청하셨어요. ${request.waiting_ahead ? `앞에 ${request.waiting_ahead}명이 기다리고 있어요.` : '곧 시작해요.'}`
          : ` 스타일로 AI가 고르고 있어요.${request.expected_at ? ` ${timeOf(request.expected_at)}까지 보내드릴게요.` : ''}`}
      </p>
    </section>
  );
}

export function RequestAnother({
  left,
  onRequested,
}: {
  left: number;
  onRequested: (r: StylingRequest) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const ask = useMutation(
    () =>
      browserApi().request('POST', '/api/curations/user-style', {
        body: { styles: chosen, request: true },
      }),
    {
      revalidate: false,
      onSuccess: (d) => {
        if (d.request) onRequested(d.request);
      },
    },
  );
  return (
    <section className={page.intro} aria-labelledby="request-another" data-testid="request-another">
      <h2 id="request-another">다른 코디 요청하기</h2>
      <p className={page.muted}>
        {left > 0
          ? `이번 달 AI 큐레이션이 ${left}번 남았어요.`
          : '이번 달 AI 큐레이션을 모두 받았어요. 다음 달 1일에 다시 생겨요.'}
      </p>
      {left > 0 && (
        <>
          <fieldset className={styles.group}>
            <legend>이번엔 어떤 스타일로 받아볼까요? (최대 {MAX_STYLES}개)</legend>
            {STYLE_TAGS.map((s) => (
              <button
                key={s}
                type="button"
                className={styles.option}
                aria-pressed={chosen.includes(s)}
                disabled={!chosen.includes(s) && chosen.length >= MAX_STYLES}
                onClick={() => setChosen(chosen.includes(s) ? chosen.filter((x) => x !== s) : [...chosen, s])}
              >
                {s}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className={page.button}
            disabled={chosen.length === 0 || ask.pending}
            onClick={() => ask.run()}
          >
            {ask.pending ? '요청 중…' : '이 스타일로 요청하기'}
          </button>
        </>
      )}
      {ask.error && (
        <p className={page.error} role="alert">
          {ask.error}
        </p>
      )}
    </section>
  );
}
