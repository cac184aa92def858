import { promotionDatesText } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { contentReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/promotion-list';
import styles from './promotion.module.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const list = await contentReads(context).promotions();
  return { list: list.result, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '기획전 | 코디룸',
    description: '지금 진행 중인 코디룸 기획전과 쿠폰 혜택',
    origin: data?.origin ?? '',
    path: '/promotion',
  });
}

export default function PromotionList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="기획전" titleAs="h1" />
      <main>
        {loaderData.list.length === 0 ? (
          <EmptyState title="진행 중인 기획전이 없어요" />
        ) : (
          <ul className={page.cardList}>
            {loaderData.list.map((p, i) => (
              <li key={p.id}>
                <Link to={`/promotion/${p.id}`} className={page.wideCard}>
                  {p.image_url && (
                    <img
                      src={p.image_url}
                      alt=""
                      width={390}
                      height={260}
                      loading={i < 2 ? 'eager' : 'lazy'}
                    />
                  )}
                  {p.benefit_label && <span>{p.benefit_label}</span>}
                  <strong>{p.title}</strong>
                  <span>{p.subtitle}</span>
                  <span className={styles.cardDates}>{promotionDatesText(p.starts_at, p.ends_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
