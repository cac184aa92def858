import { Link } from 'react-router';
import { EmptyState } from '../components/ProductGrid';
import page from '../styles/page.module.css';
import type { Route } from './+types/cart';
import { FramePage } from './frame';

export function meta(_: Route.MetaArgs) {
  return [{ title: '장바구니 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function Cart() {
  return (
    <FramePage title="장바구니" heading="장바구니">
      <EmptyState
        title="장바구니가 비어 있어요"
        text="마음에 드는 상품을 담아보세요."
        action={
          <Link
            to="/"
            className={`${page.button} ${page.buttonOutline}`}
            style={{ width: 'auto', padding: '12px 20px' }}
          >
            쇼핑 계속하기
          </Link>
        }
      />
    </FramePage>
  );
}
