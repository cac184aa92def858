import { formatWon } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { contentReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/time-sale';
import styles from './time-sale.module.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const body = await contentReads(context).timeSale();
  return { ...body, origin: new URL(request.url).origin };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta({
    title: '타임세일 - 오늘만 이 가격 | 코디룸',
    description: '정해진 시간, 한정 수량으로 만나는 코디룸 타임세일 특가.',
    origin: data?.origin ?? '',
    path: '/timeSale',
  });
}

function useCountdown(endIso: string | undefined, serverNow: string) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!endIso) return;
    const skew = Date.parse(serverNow) - Date.now();
    const tick = () => setLeft(Math.max(0, Date.parse(endIso) - (Date.now() + skew)));
    tick();
    const t = window.setInterval(tick, 1000);
    return () => window.clearInterval(t);
  }, [endIso, serverNow]);
  if (left === null) return '--:--:--';
  const s = Math.floor(left / 1000);
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

export default function TimeSalePage({ loaderData }: Route.ComponentProps) {
  const { running, upcoming, now } = loaderData;
  const countdown = useCountdown(running?.ends_at, now);
  return (
    <>
      <PageHeader title="타임세일" back={false} titleAs={running ? 'span' : 'h1'} />
      <main>
        {running ? (
          <>
            <section className={page.intro}>
              <h1>{running.title}</h1>
              <p>
                종료까지 <strong className={styles.countdown}>{countdown}</strong>
              </p>
            </section>
            <ul className={page.cardList}>
              {running.items.map((it, i) => (
                <li key={it.id}>
                  <Link to={`/product/${it.product_display_id}`} className={styles.item}>
                    <img
                      src={it.image_url}
                      alt={`${it.brand_name} ${it.name}`}
                      width={110}
                      height={132}
                      loading={i < 3 ? 'eager' : 'lazy'}
                      className={styles.thumb}
                    />
                    <span className={styles.body}>
                      <strong className={styles.brand}>{it.brand_name}</strong>
                      <span className={styles.name}>{it.name}</span>
                      <span>
                        <span className={styles.rate}>{it.sale_rate}%</span>{' '}
                        <strong>{formatWon(it.sale_price)}</strong>
                      </span>
                      <span className={page.muted}>
                        {it.remaining > 0
                          ? `한정 ${it.stock_limit}개 · ${it.remaining}개 남음`
                          : '한정 수량 소진'}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <EmptyState
            title="지금 진행 중인 타임세일이 없어요"
            text={upcoming ? `다음 타임세일: ${upcoming.title}` : undefined}
          />
        )}
      </main>
    </>
  );
}
