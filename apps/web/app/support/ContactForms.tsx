import { type ApiPathTo, SUPPORT_HOURS, type SubmissionAck } from '@codiroom/shared';
/**
 * The two contact requests that land in the support inbox beside 1:1 문의 (docs/ARCHITECTURE.md,
 * "Support"): a call-back (POST /api/contents/telephone-cs) and a message to the member's curator
 * (POST /api/contents/post-curator-chat). Either opens the thread at /mypage/inquiries/{id}.
 */
import { useNavigate } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';

function useContact<B>(path: ApiPathTo<'POST', SubmissionAck>) {
  const navigate = useNavigate();
  return useMutation((body: B) => browserApi().request('POST', path, { body }), {
    revalidate: false,
    onSuccess: (ack) => navigate(`/mypage/inquiries/${ack.id}`),
  });
}

/** The refused call's text and the submit button, pending while the call runs. */
function Send({ state, label }: { state: { pending: boolean; error: string | null }; label: string }) {
  return (
    <>
      {state.error && (
        <p className={page.error} role="alert">
          {state.error}
        </p>
      )}
      <button type="submit" className={page.button} disabled={state.pending}>
        {state.pending ? '보내는 중…' : label}
      </button>
    </>
  );
}

export function CallbackForm() {
  const send = useContact<{ phone?: string; preferred_time?: string; content: string }>(
    '/api/contents/telephone-cs',
  );
  return (
    <details className={my.padded} data-testid="callback">
      <summary>전화 상담 요청</summary>
      <form
        className={page.form}
        aria-label="전화 상담 요청"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const phone = String(f.get('phone') ?? '').trim();
          const time = String(f.get('preferred_time') ?? '').trim();
          void send.run({
            ...(phone ? { phone } : {}),
            ...(time ? { preferred_time: time } : {}),
            content: String(f.get('content') ?? ''),
          });
        }}
      >
        <p className={page.muted}>
          상담 시간({SUPPORT_HOURS})에 상담사가 전화드려요. 번호를 비워두면 회원 정보의 번호로 연락드려요.
        </p>
        <label>
          연락받을 번호 (선택)
          <input
            className={page.input}
            name="phone"
            inputMode="tel"
            maxLength={13}
            placeholder="010-0000-0000"
          />
        </label>
        <label>
          통화하기 편한 시간 (선택)
          <input
            className={page.input}
            name="preferred_time"
            maxLength={50}
            placeholder="예: 평일 오후 2시 이후"
          />
        </label>
        <label>
          상담 내용
          <textarea className={page.input} name="content" required minLength={2} maxLength={2000} rows={3} />
        </label>
        <Send state={send} label="전화 요청하기" />
      </form>
    </details>
  );
}

export function CuratorChatForm({ curatorName }: { curatorName: string | null }) {
  const send = useContact<{ message: string }>('/api/contents/post-curator-chat');
  return (
    <section className={page.intro} aria-labelledby="curator-chat">
      <h2 id="curator-chat">
        {curatorName ? `${curatorName} 스타일리스트에게 묻기` : '스타일리스트에게 묻기'}
      </h2>
      <form
        className={page.form}
        onSubmit={(e) => {
          e.preventDefault();
          void send.run({ message: String(new FormData(e.currentTarget).get('message') ?? '') });
        }}
      >
        <label>
          메시지
          <textarea
            className={page.input}
            name="message"
            required
            minLength={2}
            maxLength={1000}
            rows={3}
            placeholder="추천받은 코디나 사이즈에 대해 궁금한 점을 남겨주세요."
          />
        </label>
        <Send state={send} label="메시지 보내기" />
      </form>
    </section>
  );
}
