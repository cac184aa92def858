/** Shared page for product collections: /collection/{theme}, /theme/{id}, /promotion/{id}. */
import type { PaginatedProducts } from '@codiroom/shared';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/Pager';
import { EmptyState, ProductGrid } from '../components/ProductGrid';
import page from '../styles/page.module.css';

export function ListingPage({
  title,
  subtitle,
  image,
  badge,
  products,
  tabBarPage = false,
}: {
  title: string;
  subtitle?: string | null;
  image?: string | null;
  badge?: string | null;
  products: PaginatedProducts;
  tabBarPage?: boolean;
}) {
  return (
    <>
      <PageHeader title={title} back={!tabBarPage} />
      <main>
        {image && (
          <div className={page.hero}>
            <img src={image} alt="" width={390} height={260} fetchPriority="high" />
          </div>
        )}
        <section className={page.intro}>
          {badge && <p className={page.error}>{badge}</p>}
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </section>
        <div className={page.toolbar}>
          <span>
            상품 <strong>{products.total_count.toLocaleString('ko-KR')}</strong>개
          </span>
        </div>
        {products.result.length ? (
          <ProductGrid products={products.result} />
        ) : (
          <EmptyState title="준비 중인 상품이에요" />
        )}
        <Pager page={products.page} totalPage={products.total_page} />
      </main>
    </>
  );
}
