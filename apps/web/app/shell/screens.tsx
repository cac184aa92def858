import { formatKst, MESSAGES } from '@codiroom/shared';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { useRootData } from '../lib/root-data';
import { shopperMessage } from '../lib/shopper-text';
import styles from './screens.module.css';
import { TABS } from './TabBar';

/** The contact-the-team link: a mail to the configured address (SITE_ERROR_CONTACT_EMAIL). */
export function reportMailHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replace('%40', '@')}?subject=${encodeURIComponent('[오류 제보]')}`;
}

/** SPEC.md §2: error fallback with go-home and reload buttons and a contact-the-team link. */
export function ErrorFallback() {
  // From the root loader's configuration; without it (the root loader itself failed) the link
  // goes to the shop's information page, which carries the support contacts.
  const address = useRootData()?.site.errorContactEmail;
  return (
    <main className={styles.screen} data-screen="error-fallback">
      <div className={styles.icon} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="30"
          height="30"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M12 6.5v7" />
          <path d="M12 17.5h.01" />
        </svg>
      </div>
      <h1 className={styles.title}>일시적인 오류가 발생했어요</h1>
      <p className={styles.text}>{MESSAGES.errorFallback}</p>
      <div className={styles.buttons}>
        <a className={styles.secondary} href="/">
          홈으로
        </a>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          새로고침
        </button>
      </div>
      <a className={styles.link} href={address ? reportMailHref(address) : '/info/faq'}>
        팀에 오류 알리기
      </a>
    </main>
  );
}

/** SPEC.md "Web status": flag on with a start and end window. */
export function MaintenanceScreen({ startAt, endAt }: { startAt: string; endAt: string }) {
  return (
    <main className={styles.screen} data-screen="maintenance">
      <div className={styles.icon} aria-hidden="true">
        {/* A wrench drawn inline: no emoji font needed. */}
        <svg
          viewBox="0 0 24 24"
          width="30"
          height="30"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7a2.1 2.1 0 0 0 3 3l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
        </svg>
      </div>
      <h1 className={styles.title}>더 나은 서비스를 위해 점검 중이에요</h1>
      <p className={styles.text}>
        점검 시간 동안 서비스 이용이 잠시 중단됩니다. 이용에 불편을 드려 죄송합니다.
      </p>
      <dl className={styles.window}>
        <dt>점검 시작</dt>
        <dd>
          <time dateTime={startAt}>{formatKst(startAt, 'md')}</time>
        </dd>
        <dt>점검 종료</dt>
        <dd>
          <time dateTime={endAt}>{formatKst(endAt, 'md')}</time>
        </dd>
      </dl>
    </main>
  );
}

/** SPEC.md "Web status": flag on without a window shows the delay message. */
export function LoadingDelayScreen() {
  return (
    <main className={styles.screen} data-screen="loading-delay" aria-busy="true">
      <div className={styles.spinner} aria-hidden="true" />
      <h1 className={styles.title}>잠시만 기다려주세요</h1>
      <p className={styles.text}>{MESSAGES.loadingDelay}</p>
    </main>
  );
}

/** SPEC.md §2/§8: overload error variant (502). */
export function OverloadScreen() {
  return (
    <main className={styles.screen} data-screen="overload">
      <div className={styles.code}>502</div>
      <h1 className={styles.title}>접속자가 많아요</h1>
      <p className={styles.text}>{MESSAGES.overload} 잠시 후 다시 시도해주세요.</p>
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          다시 시도
        </button>
      </div>
    </main>
  );
}

/** SPEC.md §2: error screen variant 4, shown when its flag is set. */
export function ErrorVariant4Screen() {
  const address = useRootData()?.site.errorContactEmail;
  return (
    <main className={styles.screen} data-screen="error4">
      <div className={styles.code}>ERROR</div>
      <h1 className={styles.title}>서비스 이용이 원활하지 않아요</h1>
      <p className={styles.text}>빠르게 복구하고 있어요. 잠시 후 다시 접속해주세요.</p>
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          새로고침
        </button>
      </div>
      <a className={styles.link} href={address ? reportMailHref(address) : '/info/faq'}>
        팀에 오류 알리기
      </a>
    </main>
  );
}

/**
 * 404: an unknown path, or a resource the API says is missing (e.g. 상품이 없습니다.). The shop's
 * header (back, search and cart) stays, with a search box and the main destinations, so the
 * shopper goes on from here; also when the root ErrorBoundary shows it (no Shell around it). The
 * fixed tab bar itself is not shown: SPEC.md §2 lists the pages it appears on.
 */
export function NotFoundView({ message }: { message?: string | undefined }) {
  const title = shopperMessage(message, NOT_FOUND_TITLE);
  return (
    <>
      <PageHeader />
      <main className={`${styles.screen} ${styles.withHeader}`} data-screen="not-found">
        <div className={styles.code}>404</div>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>주소가 바뀌었거나 더 이상 판매하지 않는 페이지예요.</p>
        <search className={styles.search} aria-label="상품 검색">
          <form action="/search" method="get">
            <label>
              <span className="visually-hidden">검색어</span>
              <input type="search" name="query" placeholder="찾으시는 상품을 검색해보세요" maxLength={50} />
            </label>
            <button type="submit" className={styles.primary}>
              검색
            </button>
          </form>
        </search>
        <nav className={styles.destinations} aria-label="바로 가기">
          {TABS.map((t) => (
            <Link key={t.key} to={t.href}>
              {t.icon}
              <span>{t.label}</span>
            </Link>
          ))}
        </nav>
      </main>
    </>
  );
}

const NOT_FOUND_TITLE = '페이지를 찾을 수 없어요';
