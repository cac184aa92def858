import { LIKE_TYPES, type PaginatedProducts } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import page from '../styles/page.module.css';
import type { Route } from './+types/keep-products';

const LABEL: Record<(typeof LIKE_TYPES)[number], string> = {
  PRODUCT: '상품',
  BRAND: '브랜드',
  STYLE: '스타일',
  CODI: '코디',
  CONTENT: '콘텐츠',
};

export function meta(_: Route.MetaArgs) {
  return [{ title: '좋아요 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

export default function KeepProducts() {
  const [params] = useSearchParams();
  const type = (LIKE_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as string)
    : 'PRODUCT';
  const [products, setProducts] = useState<PaginatedProducts | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setLoaded(false);
    let live = true;
    void browserApi()
      .getOr<PaginatedProducts | null>('/api/likes/product-like-list', null, { page: 1, like_type: type })
      .then((body) => {
        if (!live) return;
        setProducts(body && Array.isArray(body.result) ? body : null);
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [type]);

  return (
    <>
      <PageHeader title="좋아요" back={false} titleAs="h1" />
      <main>
        <nav className={page.tabs} aria-label="좋아요 종류">
          {LIKE_TYPES.map((t) => (
            <Link
              key={t}
              to={`?type=${t}`}
              replace
              className={t === type ? `${page.tab} ${page.tabActive}` : page.tab}
            >
              {LABEL[t]}
            </Link>
          ))}
        </nav>
        {!loaded ? (
          <p className={page.toolbar} aria-busy="true">
            불러오는 중…
          </p>
        ) : products?.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState
            title={`좋아요한 ${LABEL[type as keyof typeof LABEL]}이 없어요`}
            text="마음에 드는 상품의 하트를 눌러 모아보세요."
            action={
              <Link
                to="/ranking"
                className={`${page.button} ${page.buttonOutline}`}
                style={{ width: 'auto', padding: '12px 20px' }}
              >
                인기 상품 보러가기
              </Link>
            }
          />
        )}
      </main>
    </>
  );
}
