/**
 * Heart toggle for a like target (SPEC.md §3 like types). Optimistic: the shared like map changes
 * at once and rolls back when the call fails. Liking opens the like toast and, inside the app for a
 * logged-in member, the push-consent popup once per MARKETING_PUSH_POPUP_REPEAT_DAYS (SPEC.md §4).
 */
import type { LikeType } from '@codiroom/shared';
import { type MouseEvent, useEffect, useRef } from 'react';
import { browserApi } from '../lib/browser-api';
import { ensureLikesLoaded, setLiked, useLiked } from '../lib/like-store';
import { adEvent, trackPixel } from '../lib/pixel';
import { shouldShowPushConsent } from '../lib/push-consent';
import { useRootData } from '../lib/root-data';
import { usePopups } from '../shell/popups';
import styles from './LikeButton.module.css';

export const PUSH_CONSENT_DATE_KEY = 'pushConsentPopupDate';

function readStoredDate(): string | null {
  try {
    return window.localStorage.getItem(PUSH_CONSENT_DATE_KEY);
  } catch {
    return null;
  }
}

function storeDate(now: Date) {
  try {
    window.localStorage.setItem(PUSH_CONSENT_DATE_KEY, now.toISOString());
  } catch {
    // storage unavailable (private mode): the popup may show again, nothing else breaks.
  }
}

export function LikeButton({
  likeId,
  likeType = 'PRODUCT',
  className,
  variant = 'overlay',
}: {
  likeId: number;
  likeType?: LikeType;
  className?: string;
  variant?: 'overlay' | 'plain';
}) {
  const liked = useLiked(likeType, likeId);
  const popups = usePopups();
  const root = useRootData();
  const busy = useRef(false);

  const owner = `${root?.isLoggedIn ? 'member' : 'guest'}:${root?.guestId ?? ''}`;
  useEffect(() => {
    ensureLikesLoaded(owner, likeType);
  }, [owner, likeType]);

  async function toggle(e: MouseEvent<HTMLButtonElement>) {
    e.preventDefault();
    e.stopPropagation();
    if (busy.current) return;
    busy.current = true;
    const next = !liked;
    setLiked(likeType, likeId, next);
    try {
      // Left a direct call: an optimistic toggle of the shared like store (toasts, no loader data).
      if (next) {
        // A product like is an AddToWishlist conversion (the server's and the pixel's, one id).
        const ad = adEvent();
        await browserApi().post('/api/likes/post-like', { like_type: likeType, like_id: likeId }, undefined, {
          headers: ad.headers,
        });
        if (likeType === 'PRODUCT')
          trackPixel('AddToWishlist', { content_ids: [String(likeId)] }, ad.eventId);
      } else {
        await browserApi().delete('/api/likes', { like_type: likeType, id: likeId });
      }
      popups.open({ kind: 'likeToast', liked: next });
      if (next && likeType === 'PRODUCT') {
        const now = new Date();
        const show = shouldShowPushConsent({
          isApp: !!root?.isWebview,
          isLoggedIn: !!root?.isLoggedIn,
          storedDate: readStoredDate(),
          now,
        });
        if (show) {
          storeDate(now);
          // SPEC.md §4 Push consent: the answer is the member's marketing (benefit) alarm flag.
          popups.open({
            kind: 'pushConsent',
            onAnswer: (agreed) =>
              void browserApi()
                .post('/api/users/notification-permissions', {
                  is_benefit_alert: agreed,
                  ...(agreed ? { is_app_alert: true } : {}),
                })
                .catch(() => undefined),
          });
        }
      }
    } catch {
      setLiked(likeType, likeId, !next);
      popups.open({ kind: 'likeToast', liked: !next, message: '잠시 후 다시 시도해 주세요.' });
    } finally {
      busy.current = false;
    }
  }

  const classes = [styles.button, variant === 'plain' ? styles.dark : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={liked}
      aria-label={liked ? '좋아요 취소' : '좋아요'}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
