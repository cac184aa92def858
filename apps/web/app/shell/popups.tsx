/**
 * SPEC.md §2 "Global popups" as one mechanism: any component calls `usePopups().open({...})`.
 * Kinds: size-level popup, login-required popup (type 'coupon' too), like toast, style-quiz popup,
 * cart popup, zoom image and the marketing push-consent popup.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import styles from './popups.module.css';

export type Popup =
  | { kind: 'sizeLevel'; productName?: string; level?: string | null; body?: string | null }
  | { kind: 'login'; type?: 'default' | 'coupon' | 'buy' }
  | { kind: 'likeToast'; liked: boolean; message?: string }
  | { kind: 'styleQuiz' }
  | { kind: 'cart'; productName?: string; imageUrl?: string }
  | { kind: 'zoomImage'; src: string; alt: string }
  | { kind: 'pushConsent'; onAnswer?: (agreed: boolean) => void }
  | { kind: 'accountRecovery'; message: string };

export type PopupKind = Popup['kind'];

type PopupApi = {
  open: (p: Popup) => void;
  close: (kind: PopupKind) => void;
  current: Popup[];
};

const PopupContext = createContext<PopupApi | null>(null);

export function usePopups(): PopupApi {
  const ctx = useContext(PopupContext);
  if (!ctx) throw new Error('usePopups outside PopupProvider');
  return ctx;
}

export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Popup[]>([]);
  const open = useCallback((p: Popup) => {
    setCurrent((list) => [...list.filter((x) => x.kind !== p.kind), p]);
  }, []);
  const close = useCallback((kind: PopupKind) => {
    setCurrent((list) => list.filter((x) => x.kind !== kind));
  }, []);
  const api = useMemo(() => ({ open, close, current }), [open, close, current]);
  return (
    <PopupContext.Provider value={api}>
      {children}
      <PopupHost popups={current} close={close} />
    </PopupContext.Provider>
  );
}

function Dialog({
  label,
  onClose,
  children,
  sheet = false,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  sheet?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop}>
      <button type="button" className={styles.scrim} aria-label="닫기" tabIndex={-1} onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={sheet ? styles.sheet : styles.dialog}
      >
        {children}
      </div>
    </div>
  );
}

function PopupHost({ popups, close }: { popups: Popup[]; close: (k: PopupKind) => void }) {
  return (
    <>
      {popups.map((p) => (
        <PopupView key={p.kind} popup={p} close={() => close(p.kind)} />
      ))}
    </>
  );
}

function PopupView({ popup, close }: { popup: Popup; close: () => void }) {
  useEffect(() => {
    if (popup.kind !== 'likeToast') return;
    const t = window.setTimeout(close, 2500);
    return () => window.clearTimeout(t);
  }, [popup, close]);

  switch (popup.kind) {
    case 'likeToast':
      return (
        <output className={styles.toast} aria-live="polite">
          <span>{popup.message ?? (popup.liked ? '좋아요 목록에 담았어요' : '좋아요를 취소했어요')}</span>
          {popup.liked && (
            <Link to="/keepProducts" onClick={close}>
              보러가기
            </Link>
          )}
        </output>
      );
    case 'login':
      return (
        <Dialog label="로그인이 필요해요" onClose={close}>
          <h2 className={styles.title}>로그인이 필요해요</h2>
          <p className={styles.text}>
            {popup.type === 'coupon'
              ? '쿠폰을 받으려면 로그인해주세요. 가입하면 웰컴 쿠폰도 드려요.'
              : popup.type === 'buy'
                ? '로그인하거나 가입하면 고른 사이즈와 수량 그대로 이어서 구매할 수 있어요.'
                : '로그인하고 좋아요, 장바구니, 쿠폰 혜택을 이어서 이용하세요.'}
          </p>
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={close}>
              다음에
            </button>
            <Link to="/login" className={styles.primary} onClick={close}>
              로그인하기
            </Link>
          </div>
        </Dialog>
      );
    case 'styleQuiz':
      return (
        <Dialog label="스타일 퀴즈" onClose={close}>
          <h2 className={styles.title}>3분 스타일 퀴즈로 무료 코디 받기</h2>
          <p className={styles.text}>
            체형과 취향을 알려주시면 AI가 나만의 코디를 골라드리고, 스타일리스트가 다듬기도 해요.
          </p>
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={close}>
              닫기
            </button>
            <Link to="/stylequiz" className={styles.primary} onClick={close}>
              퀴즈 시작
            </Link>
          </div>
        </Dialog>
      );
    case 'cart':
      return (
        <Dialog label="장바구니에 담았어요" onClose={close} sheet>
          <h2 className={styles.title}>장바구니에 담았어요</h2>
          {popup.productName && <p className={styles.text}>{popup.productName}</p>}
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={close}>
              쇼핑 계속하기
            </button>
            <Link to="/cart" className={styles.primary} onClick={close}>
              장바구니 보기
            </Link>
          </div>
        </Dialog>
      );
    case 'sizeLevel':
      return (
        <Dialog label="사이즈 레벨 안내" onClose={close} sheet>
          <h2 className={styles.title}>사이즈 레벨이란?</h2>
          <p className={styles.text}>
            {popup.productName ? `${popup.productName}의 ` : ''}실측 사이즈와 구매자 후기를 바탕으로 작게 나옴
            · 정사이즈 · 크게 나옴을 알려드려요. 평소 입는 사이즈를 기준으로 골라주세요.
          </p>
          {popup.level && (
            <p className={styles.text} data-testid="size-level">
              {popup.level}
            </p>
          )}
          {popup.body && <p className={styles.text}>{popup.body}</p>}
          <div className={styles.buttons}>
            <button type="button" className={styles.primary} onClick={close}>
              확인
            </button>
          </div>
        </Dialog>
      );
    case 'zoomImage':
      return (
        <Dialog label="이미지 확대" onClose={close}>
          <div className={styles.zoom}>
            <img src={popup.src} alt={popup.alt} width={600} height={720} />
          </div>
          <div className={styles.buttons}>
            <button type="button" className={styles.primary} onClick={close}>
              닫기
            </button>
          </div>
        </Dialog>
      );
    case 'accountRecovery':
      return (
        <Dialog label="계정 복구 안내" onClose={close}>
          <h2 className={styles.title}>이미 가입한 적이 있는 번호예요</h2>
          <p className={styles.text}>{popup.message}</p>
          <div className={styles.buttons}>
            <button type="button" className={styles.secondary} onClick={close}>
              닫기
            </button>
            <Link to="/password" className={styles.primary} onClick={close}>
              계정 복구하기
            </Link>
          </div>
        </Dialog>
      );
    case 'pushConsent':
      return (
        <Dialog label="혜택 알림 받기" onClose={close}>
          <h2 className={styles.title}>좋아요한 상품의 할인 소식을 알려드릴까요?</h2>
          <p className={styles.text}>
            가격 인하, 재입고, 쿠폰 소식을 앱 푸시로 보내드려요. 언제든지 설정에서 끌 수 있어요.
          </p>
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                popup.onAnswer?.(false);
                close();
              }}
            >
              괜찮아요
            </button>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                popup.onAnswer?.(true);
                close();
              }}
            >
              알림 받기
            </button>
          </div>
        </Dialog>
      );
  }
}
