import { Link } from 'react-router';
import { useRootData } from '../root';
import page from '../styles/page.module.css';
import type { Route } from './+types/curation';
import { FramePage } from './frame';
import styles from './public.module.css';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'MY큐레이션 - 무료 AI 스타일 추천 | 코디룸' },
    {
      name: 'description',
      content: '스타일 퀴즈로 체형과 취향을 알려주시면 스타일리스트와 AI가 코디를 추천해드려요.',
    },
  ];
}

export default function Curation() {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  return (
    <FramePage
      title="MY큐레이션"
      back={false}
      heading="나만을 위한 무료 스타일 큐레이션"
      text="3분 스타일 퀴즈로 체형, 사이즈, 취향을 알려주세요. 전문 스타일리스트와 AI가 출근룩부터 주말 코디까지 골라드려요."
    >
      <div className={styles.curationBody}>
        <Link to="/stylequiz" className={page.button}>
          스타일 퀴즈 시작하기
        </Link>
        {!loggedIn && (
          <p className={`${page.muted} ${styles.curationNote}`}>스타일 퀴즈는 로그인 후 이용할 수 있어요.</p>
        )}
      </div>
    </FramePage>
  );
}
