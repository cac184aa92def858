import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartBadgeText, ensureCartCountLoaded, useCartCount } from '../lib/cart-count';
import { headerAtTop } from '../lib/device';
import { useRootData } from '../lib/root-data';
import styles from './PageHeader.module.css';

const icon = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...icon}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4 4" />
    </svg>
  );
}

export function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...icon}>
      <path d="M5 8h14l-1.2 12H6.2z" />
      <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
    </svg>
  );
}

/** The cart shortcut with the number of cart lines as a badge (loaded on the client). */
function CartLink() {
  const root = useRootData();
  const owner = `${root?.isLoggedIn ? 'member' : 'guest'}:${root?.guestId ?? ''}`;
  useEffect(() => {
    ensureCartCountLoaded(owner);
  }, [owner]);
  const badge = cartBadgeText(useCartCount());
  return (
    <Link to="/cart" className={styles.iconButton} data-testid="header-cart">
      <CartIcon />
      {badge && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
      <span className="visually-hidden">장바구니{badge ? ` ${badge}개` : ''}</span>
    </Link>
  );
}

/** Header of 48px (SPEC.md §9): back button or logo, title, search and cart shortcuts. */
export function PageHeader({
  title,
  back = true,
  logo = false,
  actions = true,
  titleAs = 'span',
}: {
  title?: string;
  /** 'h1' on pages whose content has no heading of its own. */
  titleAs?: 'h1' | 'span';
  back?: boolean;
  logo?: boolean;
  actions?: boolean;
}) {
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    // SPEC.md §9 "Layout": the header-top state while the scroll is under 60px; past it the header
    // lifts off the page (a shadow). Set on the element directly: no re-render on scroll.
    let frame = 0;
    const update = () => {
      if (header.current) header.current.dataset.top = String(headerAtTop(window.scrollY));
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <header className={styles.header} ref={header} data-top="true" data-testid="page-header">
      <div className={styles.left}>
        {logo ? (
          <Link to="/" className={styles.logo}>
            CODIROOM<span className="visually-hidden"> 홈</span>
          </Link>
        ) : (
          back && (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {...icon}>
                <path d="M15 5l-7 7 7 7" />
              </svg>
              <span className="visually-hidden">뒤로 가기</span>
            </button>
          )
        )}
      </div>
      {/* The middle cell is always there (empty without a title), and every cell names its column,
          so the search and cart icons stay at the right end whatever the header gets. */}
      {title && titleAs === 'h1' ? (
        <h1 className={styles.title}>{title}</h1>
      ) : (
        <span className={styles.title}>{title}</span>
      )}
      <div className={styles.right}>
        {actions && (
          <>
            <Link to="/search" className={styles.iconButton}>
              <SearchIcon />
              <span className="visually-hidden">검색</span>
            </Link>
            <CartLink />
          </>
        )}
      </div>
    </header>
  );
}
