import type { Route } from './+types/payment';
import { FramePage } from './frame';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문/결제 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function Payment() {
  return (
    <FramePage
      title="주문/결제"
      heading="주문/결제"
      text="장바구니에서 상품을 선택한 뒤 결제를 진행해주세요."
    />
  );
}
