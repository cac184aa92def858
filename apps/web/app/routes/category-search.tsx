import { SHOP_CATEGORIES, SHOP_CATEGORY_LABELS } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { brandReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import { SearchBox } from '../search/SearchBox';
import page from '../styles/page.module.css';
import type { Route } from './+types/category-search';
import styles from './public.module.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const brands = await brandReads(context)
    .all()
    .catch(() => ({ result: [] }));
  return { brands: brands.result, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '카테고리·브랜드 찾기 | 코디룸',
    description: '카테고리와 브랜드로 상품 찾기',
    origin: data?.origin ?? '',
    path: '/category/search',
  });
}

export default function CategorySearch({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="카테고리 검색" titleAs="h1" />
      <main>
        <SearchBox />
        <section className={page.section}>
          <div className={page.sectionHead}>
            <h2>카테고리</h2>
          </div>
          <nav className={`${page.chips} ${styles.wrap}`} aria-label="카테고리">
            {SHOP_CATEGORIES.map((c) => (
              <Link
                key={c}
                to={c === 'all' ? '/category' : `/category?category_main=${c}`}
                className={page.chip}
              >
                {SHOP_CATEGORY_LABELS[c]}
              </Link>
            ))}
          </nav>
        </section>
        <section className={page.section}>
          <div className={page.sectionHead}>
            <h2>브랜드</h2>
          </div>
          <ul className={`${page.cardList} ${styles.tightList}`}>
            {loaderData.brands.map((b) => (
              <li key={b.id}>
                <Link to={`/brands/${b.id}`}>
                  <strong>{b.name}</strong>{' '}
                  <span className={page.muted}>
                    {b.name_en} · {b.product_count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
