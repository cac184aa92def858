import { useSearchParams } from 'react-router';
import page from '../styles/page.module.css';
import type { Route } from './+types/stylequiz';
import { FramePage } from './frame';

export function meta(_: Route.MetaArgs) {
  return [{ title: '스타일 퀴즈 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function StyleQuiz() {
  const [params] = useSearchParams();
  const afterSignUp = params.get('type') === 'sign_up';
  return (
    <FramePage
      title="스타일 퀴즈"
      heading={afterSignUp ? '가입을 환영해요! 스타일을 알려주세요' : '나에게 맞는 스타일 찾기'}
      text="키와 몸무게, 평소 사이즈, 좋아하는 스타일을 알려주시면 MY큐레이션을 준비해드려요."
    >
      <ol className={page.cardList}>
        <li>1. 체형과 사이즈</li>
        <li>2. 좋아하는 스타일</li>
        <li>3. 자주 입는 상황 (출근, 주말, 모임)</li>
      </ol>
    </FramePage>
  );
}
