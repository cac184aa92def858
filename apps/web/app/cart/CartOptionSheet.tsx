/**
 * The cart's option change (docs/ARCHITECTURE.md, "Carts"): a sheet with the line's product's
 * colours and sizes and their stock (GET /api/carts/{id}/options, an addition); the choice goes to
 * PATCH /api/carts/{id} with the new product_item_id — the server joins a line of that item and
 * keeps the quantity within its stock — and the cart is loaded again.
 */
import type { CartLine, CartLineOptions } from '@codiroom/shared';
import { useEffect, useState } from 'react';
import product from '../catalog/product.module.css';
import { maxBuyQuantity } from '../catalog/purchase';
import styles from '../catalog/purchase.module.css';
import { cssVars } from '../components/css-vars';
import { browserApi, guestHeaders } from '../lib/browser-api';
import { useMutation } from '../lib/use-mutation';
import sheet from './cart-option.module.css';

export function CartOptionSheet({ line, onClose }: { line: CartLine; onClose: () => void }) {
  const [options, setOptions] = useState<CartLineOptions | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [colour, setColour] = useState(line.product_display_id);
  const [item, setItem] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void browserApi()
      .request('GET', `/api/carts/${line.id}/options`, { headers: guestHeaders() })
      .then((r) => {
        if (!live) return;
        if (r.ok) setOptions(r.data);
        else setFailed(r.detail);
      })
      .catch(() => live && setFailed('옵션을 불러오지 못했어요.'));
    return () => {
      live = false;
    };
  }, [line.id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const colours = options?.colours ?? [];
  const current = colours.find((c) => c.product_display_id === colour) ?? colours[0];
  const target = current?.items.find((i) => i.id === item) ?? null;
  const change = useMutation(
    (itemId: number, quantity: number) =>
      browserApi().request('PATCH', `/api/carts/${line.id}`, {
        body: { quantity, product_item_id: itemId, is_size_selected_by_user: true },
      }),
    { onSuccess: onClose },
  );

  return (
    <div className={product.sheetBackdrop}>
      <button type="button" className={product.scrim} aria-label="닫기" tabIndex={-1} onClick={onClose} />
      <div
        className={`${product.sheet} ${styles.tall}`}
        role="dialog"
        aria-modal="true"
        aria-label="옵션 변경"
      >
        <h2 className={product.sheetTitle}>옵션 변경</h2>
        <p className={sheet.now}>
          {line.brand_name} {line.name} · 현재 {line.color_name} / {line.size_name}
        </p>
        {failed && (
          <p className={product.error} role="alert">
            {failed}
          </p>
        )}
        {!options && !failed && <p aria-busy="true">불러오는 중…</p>}
        {colours.length > 0 && (
          <fieldset className={sheet.colours}>
            <legend>색상</legend>
            {colours.map((c) => (
              <button
                key={c.product_display_id}
                type="button"
                aria-pressed={current?.product_display_id === c.product_display_id}
                onClick={() => {
                  setColour(c.product_display_id);
                  setItem(null);
                }}
              >
                <span
                  className={sheet.swatch}
                  style={cssVars({ '--swatch': c.color_hex })}
                  aria-hidden="true"
                />
                {c.color_name}
              </button>
            ))}
          </fieldset>
        )}
        {current && (
          <fieldset className={product.sizeOptions}>
            <legend className={sheet.legend}>사이즈</legend>
            {current.items.map((i) => {
              const isCurrent = i.id === line.product_item_id;
              return (
                <button
                  key={i.id}
                  type="button"
                  aria-pressed={item === i.id}
                  disabled={i.is_sold_out || isCurrent}
                  className={
                    item === i.id ? `${product.sizeOption} ${product.sizeOptionActive}` : product.sizeOption
                  }
                  onClick={() => setItem(i.id)}
                >
                  {i.size_name}
                  {i.is_sold_out ? ' (품절)' : isCurrent ? ' (현재)' : ''}
                  {!i.is_sold_out && i.stock <= 3 && <small className={sheet.left}>{i.stock}개 남음</small>}
                </button>
              );
            })}
          </fieldset>
        )}
        {target && target.stock < line.quantity && (
          <p className={styles.low}>
            재고가 {target.stock}개라 수량을 {target.stock}개로 바꿔 담아요.
          </p>
        )}
        {change.error && (
          <p className={product.error} role="alert">
            {change.error}
          </p>
        )}
        <button
          type="button"
          className={product.buy}
          disabled={!target || change.pending}
          onClick={() =>
            target && void change.run(target.id, Math.min(line.quantity, maxBuyQuantity(target.stock)))
          }
        >
          변경하기
        </button>
      </div>
    </div>
  );
}
