import type { HomeFeed } from '@codiroom/shared';
import { ProductCard } from '../components/ProductCard';
import { TabBar } from '../components/TabBar';
import { serverApi } from '../lib/api';
import type { Route } from './+types/home';
import styles from './home.module.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const feed = await serverApi(context).get<HomeFeed>('/api/contents/home-feed');
  const url = new URL(request.url);
  return { feed, origin: url.origin, pathname: url.pathname };
}

const TITLE = '코디룸 - 3040 남자 출근룩·데일리룩 패션 쇼핑';
const DESCRIPTION =
  '30대·40대·50대 직장인 남성을 위한 패션 쇼핑. 스타일리스트가 고른 코디, 무료 AI 스타일 큐레이션, 랭킹과 타임세일까지 코디룸에서 만나보세요.';

export function meta({ data }: Route.MetaArgs) {
  const origin = data?.origin ?? '';
  return [
    { title: TITLE },
    { name: 'description', content: DESCRIPTION },
    { tagName: 'link', rel: 'canonical', href: `${origin}/` },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: '코디룸' },
    { property: 'og:title', content: TITLE },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:url', content: `${origin}/` },
    { property: 'og:image', content: `${origin}/api/images/banner/1.svg` },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: '코디룸',
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      },
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { feed, pathname } = loaderData;
  const [popular, ...rest] = feed.sections;
  return (
    <>
      <header className={styles.header}>
        <a href="/" className={styles.logo} aria-label="코디룸 홈">
          CODIROOM
        </a>
        <div className={styles.actions}>
          <a href="/search" title="검색">
            <span className="visually-hidden">검색</span>
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <circle cx="11" cy="11" r="6.5" />
              <path d="M16 16l4 4" strokeLinecap="round" />
            </svg>
          </a>
          <a href="/cart" title="장바구니">
            <span className="visually-hidden">장바구니</span>
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            >
              <path d="M5 8h14l-1.2 12H6.2z" />
              <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
            </svg>
          </a>
        </div>
      </header>

      <main className={styles.main}>
        {feed.banners.length > 0 && (
          <section aria-label="기획전" className={styles.banners}>
            {feed.banners.map((b, i) => (
              <a key={b.id} href={b.link_url} className={styles.banner}>
                <img src={b.image_url} alt="" width={390} height={260} loading={i === 0 ? 'eager' : 'lazy'} />
                <span className={styles.bannerText}>
                  <strong>{b.title}</strong>
                  {b.subtitle && <span>{b.subtitle}</span>}
                </span>
              </a>
            ))}
          </section>
        )}

        {popular && (
          <section className={styles.section} aria-labelledby="sec-popular">
            <div className={styles.sectionHead}>
              <h2 id="sec-popular">{popular.title}</h2>
              {popular.link && <a href={popular.link}>전체보기</a>}
            </div>
            <ul className={styles.row}>
              {popular.products.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} rank={i + 1} eager={i < 3} />
                </li>
              ))}
            </ul>
          </section>
        )}

        {rest.map((s) => (
          <section key={s.key} className={styles.section} aria-labelledby={`sec-${s.key}`}>
            <div className={styles.sectionHead}>
              <h2 id={`sec-${s.key}`}>{s.title}</h2>
              {s.link && <a href={s.link}>전체보기</a>}
            </div>
            <ul className={styles.grid}>
              {s.products.slice(0, 9).map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <TabBar pathname={pathname} />
    </>
  );
}
