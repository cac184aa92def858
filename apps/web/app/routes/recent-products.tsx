import type { ProductCardList } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import type { Route } from './+types/recent-products';
import { FramePage } from './frame';

export function meta(_: Route.MetaArgs) {
  return [{ title: '최근 본 상품 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

/** Recently viewed product display ids are kept on the device (local storage `recentProducts`). */
export default function RecentProducts() {
  const [list, setList] = useState<ProductCardList['result'] | null>(null);
  useEffect(() => {
    let ids: number[] = [];
    try {
      ids = JSON.parse(window.localStorage.getItem('recentProducts') ?? '[]') as number[];
    } catch {}
    if (!ids.length) {
      setList([]);
      return;
    }
    fetch(`/api/products/product-display-list?product_display_list=${ids.slice(0, 50).join(',')}`)
      .then((r) => (r.ok ? (r.json() as Promise<ProductCardList>) : { result: [] }))
      .then((b) => setList(b.result))
      .catch(() => setList([]));
  }, []);
  return (
    <FramePage title="최근 본 상품" heading="최근 본 상품">
      {list === null ? null : list.length ? (
        <ProductGrid products={list} />
      ) : (
        <EmptyState title="최근 본 상품이 없어요" />
      )}
    </FramePage>
  );
}
