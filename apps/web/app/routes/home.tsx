import { OUTLET_LIMIT } from '@codiroom/shared';
import { Link } from 'react-router';
import { Footer } from '../components/Footer';
import { PageHeader } from '../components/PageHeader';
import { ProductCard } from '../components/ProductCard';
import { ProductGrid } from '../components/ProductGrid';
import { DailyLookCard } from '../contents/DailyLookCard';
import { HomeBanners } from '../contents/HomeBanners';
import styles from '../contents/home.module.css';
import { PlacementBanners } from '../contents/PlacementBanners';
import { parseCookies } from '../lib/cookies';
import { guestIdFor } from '../lib/guest-id';
import { homeReads, siteReads } from '../lib/page-reads.server';
import { seoMeta } from '../lib/seo';
import page from '../styles/page.module.css';
import type { Route } from './+types/home';

export async function loader({ context, request }: Route.LoaderArgs) {
  // In process on the server (web/reads-home.ts, reads-site.ts), over HTTP otherwise.
  const home = homeReads(context);
  const cookies = parseCookies(request.headers.get('cookie'));
  // The visitor's server-issued guest id: the cookie's, or on a first visit the new one the root
  // loader stores (it owns nothing yet, so the feed is the curated one). The guest id or the
  // member's token picks the personal section.
  const guestId = await guestIdFor(request, context);
  const token = cookies.isLogin === 'true' && cookies.accessToken ? cookies.accessToken : null;
  // The look of the day is public and the same for everyone; the page renders without it.
  const look = home.dailyLook().catch(() => null);
  // The back office's home_middle banners, under the first section; the page renders without them.
  const middle = siteReads(context)
    .banners('home_middle')
    .then((b) => b.result)
    .catch(() => []);
  const feed = await (token
    ? // A member's feed is read as the member, the token checked as the API checks it.
      home
        .memberFeed(token, guestId)
        // An expired token is refreshed by the browser later; the page still renders for the guest.
        .catch(() => home.feed(guestId))
    : home.feed(guestId));
  return { feed, look: await look, middle: await middle, origin: new URL(request.url).origin };
}

const TITLE = '코디룸 - 3040 남자 출근룩·데일리룩 패션 쇼핑';
const DESCRIPTION =
  '30대·40대·50대 직장인 남성을 위한 패션 쇼핑. 스타일리스트가 고른 코디, 무료 AI 스타일 큐레이션, 랭킹과 타임세일까지 코디룸에서 만나보세요.';

export function meta({ data, matches }: Route.MetaArgs) {
  const origin = data?.origin ?? '';
  const site = (
    matches[0]?.data as
      | { site?: { supportPhone: string; company: string; businessNumber: string } }
      | undefined
  )?.site;
  return seoMeta({
    title: TITLE,
    description: DESCRIPTION,
    origin,
    path: '/',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: '코디룸',
        legalName: site?.company,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        taxID: site?.businessNumber,
        contactPoint: {
          '@type': 'ContactPoint',
          telephone: site?.supportPhone,
          contactType: 'customer service',
          areaServed: 'KR',
          availableLanguage: 'Korean',
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: '코디룸',
        url: `${origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${origin}/search?query={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { feed } = loaderData;
  const [popular, ...rest] = feed.sections;
  return (
    <>
      <PageHeader logo back={false} />
      <main className={styles.main}>
        {feed.banners.length > 0 && <HomeBanners banners={feed.banners} />}

        <nav className={styles.shortcuts} aria-label="바로가기">
          {[
            ['/ranking', '랭킹'],
            ['/timeSale', '타임세일'],
            ['/style', '스타일'],
            ['/post', '매거진'],
            ['/collection/outlet', '아울렛'],
          ].map(([href, label]) => (
            <Link key={href} to={href as string} className={page.chip}>
              {label}
            </Link>
          ))}
        </nav>

        {loaderData.look && <DailyLookCard look={loaderData.look} />}

        {popular && (
          <section className={page.section} aria-labelledby="sec-popular" data-track-section="home_popular">
            <div className={page.sectionHead}>
              <h2 id="sec-popular">{popular.title}</h2>
              {popular.link && <Link to={popular.link}>전체보기</Link>}
            </div>
            <ul className={page.row}>
              {popular.products.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} rank={i + 1} eager={i < 3} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <PlacementBanners banners={loaderData.middle} placement="home_middle" />

        {rest.map((s) =>
          s.key === 'outlet' ? (
            // SPEC.md §9 "Outlet limit 10": a strip of up to ten outlet products.
            <section
              key={s.key}
              className={page.section}
              aria-labelledby="sec-outlet"
              data-track-section="home_outlet"
            >
              <div className={page.sectionHead}>
                <h2 id="sec-outlet">{s.title}</h2>
                {s.link && <Link to={s.link}>전체보기</Link>}
              </div>
              <ul className={page.row} data-testid="home-outlet">
                {s.products.slice(0, OUTLET_LIMIT).map((p) => (
                  <li key={p.id}>
                    <ProductCard product={p} />
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <section
              key={s.key}
              className={page.section}
              aria-labelledby={`sec-${s.key}`}
              data-track-section={`home_${s.key}`}
            >
              <div className={page.sectionHead}>
                <h2 id={`sec-${s.key}`}>{s.title}</h2>
                {s.link && <Link to={s.link}>전체보기</Link>}
              </div>
              <ProductGrid products={s.products.slice(0, 9)} eagerCount={0} />
            </section>
          ),
        )}
      </main>
      <Footer />
    </>
  );
}
