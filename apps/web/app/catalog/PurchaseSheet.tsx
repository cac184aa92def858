/**
 * The product page's buy bar and purchase sheet (docs/ARCHITECTURE.md, "Buying"): a size, a
 * quantity bounded by its stock (maxBuyQuantity), then 장바구니 담기 (POST /api/carts) or 바로 구매 —
 * straight to the checkout of that size and quantity (buyNowPath: /payment's item lines, the cart
 * untouched). Sold-out sizes offer 재입고 알림 (a member's restock alert; a guest is asked to log
 * in). A sold-out product says 품절 and shows no prices, coupons or shipping promise here.
 */
import { formatWon, type ProductDetail } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LikeButton } from '../components/LikeButton';
import { rememberReturnPath } from '../lib/auth';
import { browserApi } from '../lib/browser-api';
import { setCartCount } from '../lib/cart-count';
import { adEvent, trackPixel } from '../lib/pixel';
import { useRootData } from '../lib/root-data';
import { useMutation } from '../lib/use-mutation';
import reviewStyles from '../reviews/reviews.module.css';
import { usePopups } from '../shell/popups';
import styles from './product.module.css';
import { buyIntentPath, buyNowPath, maxBuyQuantity, readBuyIntent, stepQuantity } from './purchase';
import sheetStyles from './purchase.module.css';
import { useRestockAlerts } from './use-restock-alerts';

export function PurchaseSheet({
  product: p,
  unitPrice,
  recommendedSize,
}: {
  product: ProductDetail;
  /** The shown unit price (live price) before the size's extra price. */
  unitPrice: number;
  recommendedSize: string | null;
}) {
  const popups = usePopups();
  const navigate = useNavigate();
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const soldOutItems = p.items.filter((i) => i.is_sold_out);
  const restock = useRestockAlerts(p.id, open && soldOutItems.length > 0);
  const item = p.items.find((i) => i.id === size && !i.is_sold_out) ?? null;
  const max = item ? maxBuyQuantity(item.stock) : 0;

  // Back from sign-in or sign-up after a guest's 바로 구매: the sheet reopens with the size and
  // quantity chosen before (buyIntentPath, kept in the address like any other page state).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product page
  useEffect(() => {
    const kept = readBuyIntent(window.location.search, p.items);
    if (!kept) return;
    setSize(kept.productItemId);
    setQuantity(kept.quantity);
    setOpen(true);
  }, [p.id]);

  // Not revalidated: the page's data does not change; the header's count comes with the answer.
  const cartAdd = useMutation(
    async (productItemId: number, q: number) => {
      // AddToCart: the server's event and the pixel's share one id.
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/carts', {
        body: { product_item_id: productItemId, quantity: q },
        headers: ad.headers,
      });
      if (r.ok) {
        trackPixel(
          'AddToCart',
          { content_ids: [String(p.id)], content_type: 'product', value: unitPrice * q, currency: 'KRW' },
          ad.eventId,
        );
      }
      return r;
    },
    {
      revalidate: false,
      onSuccess: (data) => {
        setCartCount(data.count);
        setOpen(false);
        popups.open({ kind: 'cart', productName: `${p.brand.name} ${p.name}` });
      },
    },
  );
  const message = cartAdd.error ?? restock.error;

  function pick(id: number) {
    setSize(id);
    const picked = p.items.find((i) => i.id === id);
    setQuantity((q) => Math.min(q, Math.max(1, maxBuyQuantity(picked?.stock ?? 0))));
    cartAdd.reset();
  }

  function buyNow() {
    if (!item) return;
    // The checkout is a member's page: a guest logs in first (SPEC.md §2 login gate).
    // Signing in (or up) comes back to this sheet with the choice kept.
    if (!loggedIn) {
      rememberReturnPath(buyIntentPath(p.id, item.id, quantity));
      popups.open({ kind: 'login', type: 'buy' });
      return;
    }
    void navigate(buyNowPath(item.id, quantity));
  }

  return (
    <>
      <div className={styles.buyBar} data-testid="buy-bar">
        <LikeButton likeId={p.id} variant="plain" />
        {p.is_sold_out && soldOutItems.length > 0 && (
          <button type="button" className={sheetStyles.restockOpen} onClick={() => setOpen(true)}>
            재입고 알림
          </button>
        )}
        <button type="button" className={styles.buy} disabled={p.is_sold_out} onClick={() => setOpen(true)}>
          {p.is_sold_out ? '품절' : '구매하기'}
        </button>
      </div>

      {open && (
        <div className={styles.sheetBackdrop}>
          <button
            type="button"
            className={styles.scrim}
            aria-label="닫기"
            tabIndex={-1}
            onClick={() => setOpen(false)}
          />
          <div className={styles.sheet} role="dialog" aria-modal="true" aria-label="사이즈 선택">
            <h2 className={styles.sheetTitle}>사이즈 선택</h2>
            <fieldset className={styles.sizeOptions}>
              <legend className="visually-hidden">사이즈</legend>
              {p.items.map((it) => (
                <button
                  key={it.id}
                  type="button"
                  aria-pressed={size === it.id}
                  disabled={it.is_sold_out}
                  className={
                    size === it.id ? `${styles.sizeOption} ${styles.sizeOptionActive}` : styles.sizeOption
                  }
                  onClick={() => pick(it.id)}
                >
                  {it.size_name}
                  {it.is_sold_out ? ' (품절)' : ''}
                  {it.size_name === recommendedSize && (
                    <span className={reviewStyles.recommendedBadge}>추천</span>
                  )}
                </button>
              ))}
            </fieldset>

            {soldOutItems.length > 0 && (
              <section className={sheetStyles.restock} aria-labelledby="restock-title">
                <h3 id="restock-title">품절된 사이즈 재입고 알림</h3>
                <ul>
                  {soldOutItems.map((it) => {
                    const asked = restock.has(it.id);
                    return (
                      <li key={it.id} data-testid="restock-row">
                        <span>{it.size_name}</span>
                        {asked && <span className={sheetStyles.asked}>알림 신청됨</span>}
                        <button
                          type="button"
                          aria-pressed={asked}
                          disabled={restock.pending}
                          onClick={() => restock.toggle(it.id)}
                        >
                          {asked ? `${it.size_name} 재입고 알림 취소` : `${it.size_name} 재입고 알림 신청`}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}

            {!p.is_sold_out && (
              <>
                {item && (
                  <div className={sheetStyles.quantityRow}>
                    <fieldset className={sheetStyles.stepper}>
                      <legend className="visually-hidden">수량</legend>
                      <button
                        type="button"
                        aria-label="수량 줄이기"
                        disabled={quantity <= 1}
                        onClick={() => setQuantity((q) => stepQuantity(q, -1, item.stock))}
                      >
                        −
                      </button>
                      <output aria-label="수량" data-testid="buy-quantity">
                        {quantity}
                      </output>
                      <button
                        type="button"
                        aria-label="수량 늘리기"
                        disabled={quantity >= max}
                        onClick={() => setQuantity((q) => stepQuantity(q, 1, item.stock))}
                      >
                        +
                      </button>
                    </fieldset>
                    <strong data-testid="buy-total">
                      {formatWon((unitPrice + item.extra_price) * quantity)}
                    </strong>
                  </div>
                )}
                {item?.is_low_stock && <p className={sheetStyles.low}>{item.stock}개 남았어요</p>}
                {message && (
                  <p className={styles.error} role="alert">
                    {message}
                  </p>
                )}
                <div className={sheetStyles.actions}>
                  <button
                    type="button"
                    className={sheetStyles.secondary}
                    disabled={item === null || cartAdd.pending}
                    onClick={() => item && void cartAdd.run(item.id, quantity)}
                  >
                    장바구니 담기
                  </button>
                  <button type="button" className={styles.buy} disabled={item === null} onClick={buyNow}>
                    바로 구매
                  </button>
                </div>
              </>
            )}
            {p.is_sold_out && message && (
              <p className={styles.error} role="alert">
                {message}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}
