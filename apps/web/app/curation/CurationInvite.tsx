import { useNavigate } from 'react-router';
import { browserApi } from '../lib/browser-api';
import { isLoggedInBrowser } from '../lib/route-data';
import { usePopups } from '../shell/popups';
import page from '../styles/page.module.css';

export function CurationInvite() {
  const popups = usePopups();
  const navigate = useNavigate();
  return (
    <section className={page.intro} data-testid="curation-invite">
      <p>체형과 취향에 맞춘 코디를 AI가 무료로 골라드리고, 스타일리스트가 다듬기도 해요.</p>
      <button
        type="button"
        className={`${page.button} ${page.buttonOutline}`}
        onClick={async () => {
          if (isLoggedInBrowser()) {
            const s = await browserApi()
              .get('/api/users/status-main')
              .catch(() => null);
            if (s && s.status !== 'NONE_STYLE_QUIZ') {
              void navigate('/curation');
              return;
            }
          }
          popups.open({ kind: 'styleQuiz' });
        }}
      >
        나에게 맞는 코디 추천받기
      </button>
    </section>
  );
}
