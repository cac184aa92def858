/**
 * 코디 한번에 담기 (docs/ARCHITECTURE.md, "Buying"): an outfit's pieces in a sheet, each with its
 * sizes (GET /api/products/product-items/{id}, loaded when the sheet opens); the shopper picks a
 * size per piece and every piece goes into the cart in one codi-to-cart call (SPEC.md §5's body
 * normalisation, normaliseCodiToCartBody). Sold-out pieces are skipped with a note (codiCartItems).
 */
import {
  type CodiSet,
  formatWon,
  normaliseCodiToCartBody,
  type ProductItemsBody,
  shownPrice,
} from '@codiroom/shared';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { setCartCount } from '../lib/cart-count';
import { adEvent, trackPixel } from '../lib/pixel';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';
import page from '../styles/page.module.css';
import styles from './product.module.css';
import { codiCartItems } from './purchase';
import sheetStyles from './purchase.module.css';

type Piece = { product: CodiSet['products'][number]; items: ProductItemsBody['items'] };

export function CodiCartButton({ codi }: { codi: CodiSet }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={page.button}
        onClick={() => setOpen(true)}
        data-testid="codi-cart-open"
      >
        코디 한번에 담기
      </button>
      {open && <CodiCartSheet codi={codi} onClose={() => setOpen(false)} />}
    </>
  );
}

function CodiCartSheet({ codi, onClose }: { codi: CodiSet; onClose: () => void }) {
  const popups = usePopups();
  const [pieces, setPieces] = useState<Piece[] | null>(null);
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all(
      codi.products.map(async (product) => {
        const body = await browserApi().getOr(
          `/api/products/product-items/${product.product_display_id}`,
          null,
        );
        return { product, items: body?.items ?? [] };
      }),
    ).then((list) => {
      if (live) setPieces(list);
    });
    return () => {
      live = false;
    };
  }, [codi.products]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const pick = codiCartItems(
    (pieces ?? []).map((p) => ({ product_display_id: p.product.product_display_id, items: p.items })),
    chosen,
  );
  const nameOf = (displayId: number) =>
    pieces?.find((p) => p.product.product_display_id === displayId)?.product;
  const skippedNames = pick.skipped.map((id) => nameOf(id)?.name ?? '').filter(Boolean);

  const add = useMutation(
    async () => {
      const ad = adEvent();
      const r = await browserApi().request('POST', '/api/carts/codi-to-cart', {
        body: normaliseCodiToCartBody({ codi_id: codi.id, items: pick.items }),
        headers: ad.headers,
      });
      if (r.ok) {
        const value = pick.items.reduce((s, i) => {
          const piece = pieces?.find((p) => p.items.some((x) => x.id === i.product_item_id));
          return s + (piece ? shownPrice(piece.product).unit_price : 0);
        }, 0);
        trackPixel('AddToCart', { value, currency: 'KRW', content_type: 'product' }, ad.eventId);
      }
      return r;
    },
    {
      revalidate: false,
      onSuccess: (d) => {
        setCartCount(d.count);
        onClose();
        const skipped = pick.skipped.length > 0 ? ` (품절 ${pick.skipped.length}개 제외)` : '';
        popups.open({
          kind: 'cart',
          productName: `${codi.title} 코디 ${pick.items.length}개 상품${skipped}`,
        });
      },
    },
  );

  function submit() {
    if (pick.missing.length > 0) {
      setNote(`사이즈를 골라주세요: ${pick.missing.map((id) => nameOf(id)?.name ?? '').join(', ')}`);
      return;
    }
    setNote(null);
    void add.run();
  }

  const message = note ?? add.error;
  return (
    <div className={styles.sheetBackdrop}>
      <button type="button" className={styles.scrim} aria-label="닫기" tabIndex={-1} onClick={onClose} />
      <div
        className={`${styles.sheet} ${sheetStyles.tall}`}
        role="dialog"
        aria-modal="true"
        aria-label="코디 한번에 담기"
      >
        <h2 className={styles.sheetTitle}>코디 한번에 담기</h2>
        {pieces === null ? (
          <p aria-busy="true">불러오는 중…</p>
        ) : (
          <ul className={sheetStyles.pieces}>
            {pieces.map(({ product, items }) => {
              const soldOut = !items.some((i) => i.stock > 0);
              const label = `${product.brand_name} ${product.name}`;
              return (
                <li key={product.product_display_id} data-testid="codi-piece">
                  <img src={product.image_url} alt="" width={56} height={67} loading="lazy" />
                  <div>
                    <p className={sheetStyles.pieceName}>{label}</p>
                    {soldOut ? (
                      <p className={sheetStyles.low}>품절이라 담지 않아요</p>
                    ) : (
                      <fieldset className={sheetStyles.pieceSizes}>
                        <legend className="visually-hidden">{`${label} 사이즈`}</legend>
                        {items.map((it) => (
                          <button
                            key={it.id}
                            type="button"
                            aria-pressed={chosen.get(product.product_display_id) === it.id}
                            disabled={it.stock <= 0}
                            onClick={() =>
                              setChosen((m) => new Map(m).set(product.product_display_id, it.id))
                            }
                          >
                            {it.size_name}
                          </button>
                        ))}
                      </fieldset>
                    )}
                  </div>
                  <span className={sheetStyles.piecePrice}>{formatWon(shownPrice(product).unit_price)}</span>
                </li>
              );
            })}
          </ul>
        )}
        {skippedNames.length > 0 && (
          <p className={sheetStyles.skipNote} data-testid="codi-skip-note">
            품절된 {skippedNames.length}개 상품({skippedNames.join(', ')})은 빼고 담아요.
          </p>
        )}
        {message && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
        <button
          type="button"
          className={styles.buy}
          disabled={pieces === null || add.pending || pick.items.length + pick.missing.length === 0}
          onClick={submit}
        >
          {pieces !== null && pick.items.length + pick.missing.length === 0
            ? '모두 품절이에요'
            : `${pick.items.length + pick.missing.length}개 상품 장바구니 담기`}
        </button>
      </div>
    </div>
  );
}
