import { FramePage } from '../components/FramePage';
import type { Route } from './+types/info';
import styles from './public.module.css';

const PAGES: Record<string, { title: string; body: string[] }> = {
  terms: {
    title: '이용약관',
    body: [
      '제1조(목적) 이 약관은 코디룸이 제공하는 온라인 쇼핑 서비스의 이용 조건과 절차, 회사와 회원의 권리·의무를 정합니다.',
      '제2조(청약철회) 회원은 상품을 받은 날부터 7일 이내에 청약을 철회할 수 있습니다. 단, 착용 흔적이 있거나 상품 가치가 현저히 감소한 경우는 제외됩니다.',
    ],
  },
  privacy: {
    title: '개인정보처리방침',
    body: [
      '코디룸은 주문, 배송, 고객 상담을 위해 이름, 휴대폰 번호, 주소를 수집하며 목적 달성 후 지체 없이 파기합니다.',
      '전자상거래법에 따라 계약·청약철회 기록은 5년, 소비자 불만 처리 기록은 3년 보관합니다.',
    ],
  },
  faq: {
    title: '고객센터',
    body: ['배송은 결제 후 영업일 기준 1~3일 걸려요. 빠른배송 상품은 평일 12시 이전 주문 시 당일 출고돼요.'],
  },
};

export function loader({ params }: Route.LoaderArgs) {
  const page = PAGES[params.slug];
  if (!page) throw new Response(null, { status: 404 });
  return page;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? '안내'} | 코디룸` }];
}

export default function Info({ loaderData }: Route.ComponentProps) {
  return (
    <FramePage title={loaderData.title} heading={loaderData.title}>
      <div className={styles.infoBody}>
        {loaderData.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </FramePage>
  );
}
