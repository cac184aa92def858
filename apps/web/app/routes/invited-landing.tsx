import { SIGN_UP_COUPON_TEXT } from '@codiroom/shared';
import { Link, useSearchParams } from 'react-router';
import { FramePage } from '../components/FramePage';
import page from '../styles/page.module.css';
import type { Route } from './+types/invited-landing';
import styles from './public.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '친구 초대 혜택 | 코디룸' }];
}

export default function InvitedLanding() {
  const [params] = useSearchParams();
  const code = params.get('referral_code') ?? params.get('code');
  return (
    <FramePage
      title="친구 초대"
      heading="친구가 코디룸에 초대했어요"
      text={`지금 가입하면 ${SIGN_UP_COUPON_TEXT}을 바로 드려요.`}
    >
      {code && (
        <p className={page.toolbar}>
          추천인 코드: <strong>{code}</strong>
        </p>
      )}
      <div className={styles.inviteBody}>
        <Link
          to={code ? `/signup?referral_code=${encodeURIComponent(code)}` : '/signup'}
          className={page.button}
        >
          가입하고 혜택 받기
        </Link>
      </div>
    </FramePage>
  );
}
