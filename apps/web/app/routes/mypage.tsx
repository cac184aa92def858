import { formatWon, SIGN_UP_COUPON_TEXT, type UserDetail } from '@codiroom/shared';
import { Link } from 'react-router';
import { ReferralCard } from '../benefits/ReferralCard';
import { Footer } from '../components/Footer';
import { PlacementBanners, useBanners } from '../contents/PlacementBanners';
import { browserApi } from '../lib/browser-api';
import { memberHeader } from '../lib/member-header';
import { useRootData } from '../lib/root-data';
import { isLoggedInBrowser } from '../lib/route-data';
import { logoutLocally } from '../lib/session';
import my from '../styles/mypage.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/mypage';

/** The member layout's header (routes/mypage-layout.tsx). */
export const handle = memberHeader('마이페이지', true);

export function meta(_: Route.MetaArgs) {
  return [{ title: '마이페이지 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const MENU = [
  ['/mypage/notifications', '알림'],
  ['/mypage/settings/notifications', '알림 설정'],
  ['/mypage/profile', '회원 정보 수정'],
  ['/mypage/addresses', '배송지 관리'],
  ['/mypage/orders', '주문·배송 조회'],
  ['/mypage/claims', '취소·반품·교환 내역'],
  ['/mypage/coupons', '쿠폰함'],
  ['/mypage/points', '포인트'],
  ['/mypage/missions', '미션'],
  ['/mypage/reviews', '내 후기'],
  ['/mypage/closet', '옷장'],
  ['/personal_color', '퍼스널 컬러 진단'],
  ['/mypage/size', '내 사이즈 정보'],
  ['/recent_products', '최근 본 상품'],
  ['/mypage/inquiries', '1:1 문의'],
  ['/info/faq', '고객센터'],
] as const;

/** The member's greeting (browser-held session); guests get the sign-in prompt without a call. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!isLoggedInBrowser()) return { me: null, referralCode: null };
  const api = browserApi();
  const [me, referral] = await Promise.all([
    api.get('/api/users/user-detail', undefined, { signal: request.signal }),
    // An extra of the page: without it the rest still shows.
    api.getOr('/api/users/referral-code', null, undefined, {
      signal: request.signal,
    }),
  ]);
  return { me, referralCode: referral?.referral_code ?? null };
}

export function HydrateFallback() {
  return <MyPageView me={null} referralCode={null} />;
}

export default function MyPage({ loaderData }: Route.ComponentProps) {
  return <MyPageView me={loaderData.me} referralCode={loaderData.referralCode} />;
}

function MyPageView({ me, referralCode }: { me: UserDetail | null; referralCode: string | null }) {
  const root = useRootData();
  const loggedIn = root?.isLoggedIn ?? false;
  const banners = useBanners('mypage');
  return (
    <>
      <main>
        {loggedIn ? (
          <section className={page.intro} aria-busy={me === null}>
            <h1>{me ? `${me.name}님, 반가워요!` : '반가워요!'}</h1>
            <p>
              {me?.phone ?? ''}
              {me ? ` · 포인트 ${formatWon(me.point)}` : ''}
            </p>
          </section>
        ) : (
          <section className={page.intro}>
            <h1>로그인하고 혜택 받기</h1>
            <p>가입하면 {SIGN_UP_COUPON_TEXT}과 무료 스타일 큐레이션을 드려요.</p>
            <div className={my.actions}>
              <Link to="/login" className={page.button}>
                로그인 / 회원가입
              </Link>
            </div>
          </section>
        )}
        {loggedIn && referralCode && <ReferralCard code={referralCode} />}
        <nav aria-label="마이페이지 메뉴">
          <ul className={`${page.cardList} ${my.menu}`}>
            {MENU.map(([href, label]) => (
              <li key={href}>
                <Link to={href} className={my.menuLink}>
                  <span>
                    {label}
                    {href === '/mypage/notifications' && (me?.unread_notifications ?? 0) > 0 && (
                      <span className={my.badge} data-testid="unread-notifications">
                        {me?.unread_notifications}
                      </span>
                    )}
                  </span>
                  <span aria-hidden="true">›</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PlacementBanners banners={banners} placement="mypage" />
        {loggedIn && (
          <div className={my.padded}>
            <button
              type="button"
              className={`${page.button} ${page.buttonOutline}`}
              onClick={() => logoutLocally()}
            >
              로그아웃
            </button>
          </div>
        )}
      </main>
      <Footer />
    </>
  );
}
