/**
 * /cart: the member's or guest's cart, loaded by the clientLoader (a member's abandoned payment
 * attempt released first, then GET /api/carts; a 5xx reaches
 * the ErrorBoundary instead of an empty cart). Codi entries group
 * the lines of one codi set; product entries hold one line. Quantity changes and deletes are
 * optimistic and rolled back when the server refuses. Totals and per-brand shipping are computed
 * from the selected lines that can be ordered (cartMoney, the API's own rules). 옵션 변경 opens a
 * sheet of the product's other sizes and colours (cart/CartOptionSheet.tsx); the cart is then loaded
 * again (a change may join two lines).
 */
import {
  type ApiResult,
  type CartLine,
  type CartList,
  cartMoney,
  formatDiscount,
  formatWon,
  isOrderable,
} from '@codiroom/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CartOptionSheet } from '../cart/CartOptionSheet';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { setCartCount } from '../lib/cart-count';
import { LoadingNote, RouteErrorBoundary } from '../lib/route-data';
import { useMutation } from '../lib/use-mutation';
import { releaseAbandonedAttempts } from '../payment/release-attempts';
import page from '../styles/page.module.css';
import type { Route } from './+types/cart';
import styles from './cart.module.css';

export function meta(_: Route.MetaArgs) {
  return [{ title: '장바구니 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const linesOf = (list: CartList | null): CartLine[] => list?.result.flatMap((e) => e.product_list) ?? [];

/** The list with `fn` applied to every line (null drops it); emptied entries disappear. */
function mapLines(list: CartList, fn: (l: CartLine) => CartLine | null): CartList {
  const result = list.result
    .map((e) => ({ ...e, product_list: e.product_list.flatMap((l) => fn(l) ?? []) }))
    .filter((e) => e.product_list.length > 0) as CartList['result'];
  return { ...list, result, count: result.reduce((s, e) => s + e.product_list.length, 0) };
}

/** Applies a change on screen at once and undoes it when the call is refused or fails. */
async function optimistic<T>(apply: () => void, undo: () => void, call: () => Promise<ApiResult<T>>) {
  apply();
  try {
    const r = await call();
    if (!r.ok) undo();
    return r;
  } catch (e) {
    undo();
    throw e;
  }
}

/**
 * The cart of the browser's session (member token or guest id); a member's abandoned payment
 * attempt is released first, so the units it held are not shown sold out (release-attempts.ts).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = browserApi();
  await releaseAbandonedAttempts(api, request.signal);
  const body = await api.get('/api/carts', undefined, { signal: request.signal });
  const list = body && Array.isArray(body.result) ? body : null;
  if (list) setCartCount(linesOf(list).length);
  return list;
}

export const ErrorBoundary = RouteErrorBoundary;

export function HydrateFallback() {
  return (
    <>
      <PageHeader title="장바구니" />
      <main className={styles.main}>
        <h1 className="visually-hidden">장바구니</h1>
        <LoadingNote />
      </main>
    </>
  );
}

const orderableIds = (list: CartList | null) =>
  new Set(
    linesOf(list)
      .filter(isOrderable)
      .map((l) => l.id),
  );

export default function Cart({ loaderData }: Route.ComponentProps) {
  // Quantity changes and deletes are optimistic: the page keeps its own copy of the loaded list,
  // taken again whenever the loader brings a new one.
  const [loaded, setLoaded] = useState(loaderData);
  const [list, setList] = useState<CartList | null>(loaderData);
  const [selected, setSelected] = useState<Set<number>>(() => orderableIds(loaderData));
  const [changing, setChanging] = useState<CartLine | null>(null);
  if (loaded !== loaderData) {
    setLoaded(loaderData);
    setList(loaderData);
    setSelected(orderableIds(loaderData));
  }

  const lines = linesOf(list);
  const chosen = useMemo(() => lines.filter((l) => selected.has(l.id) && isOrderable(l)), [lines, selected]);
  const money = useMemo(() => cartMoney(chosen), [chosen]);
  const orderable = lines.filter(isOrderable);
  const allSelected = orderable.length > 0 && orderable.every((l) => selected.has(l.id));

  function toggle(id: number) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(orderable.map((l) => l.id)));
  }

  // Not revalidated: the page's copy already matches the server, and a new load would reset the selection.
  const quantityChange = useMutation(
    (line: CartLine, quantity: number) =>
      optimistic(
        () => setList((cur) => cur && mapLines(cur, (l) => (l.id === line.id ? { ...l, quantity } : l))),
        () =>
          setList(
            (cur) => cur && mapLines(cur, (l) => (l.id === line.id ? { ...l, quantity: line.quantity } : l)),
          ),
        () => browserApi().request('PATCH', `/api/carts/${line.id}`, { body: { quantity } }),
      ),
    { revalidate: false },
  );
  const removal = useMutation(
    (ids: number[], snapshot: CartList) => {
      const gone = new Set(ids);
      return optimistic(
        () => setList((cur) => cur && mapLines(cur, (l) => (gone.has(l.id) ? null : l))),
        () => setList(snapshot),
        () => browserApi().request('DELETE', '/api/carts', { body: { ids } }),
      );
    },
    { revalidate: false },
  );
  const message = quantityChange.error ?? removal.error;

  async function changeQuantity(line: CartLine, quantity: number) {
    if (!list || quantity < 1 || quantity > line.max_quantity || quantity === line.quantity) return;
    removal.reset();
    await quantityChange.run(line, quantity);
  }

  async function remove(ids: number[]) {
    if (!list || ids.length === 0) return;
    quantityChange.reset();
    const r = await removal.run(ids, list);
    if (!r?.ok) return;
    setCartCount(r.data.count);
    const gone = new Set(ids);
    setSelected((s) => new Set([...s].filter((id) => !gone.has(id))));
  }

  const checkoutHref = `/payment?cart_ids=${chosen.map((l) => l.id).join(',')}`;

  return (
    <>
      <PageHeader title="장바구니" />
      <main className={styles.main}>
        <h1 className="visually-hidden">장바구니</h1>
        {!list || list.result.length === 0 ? (
          <EmptyState
            title="장바구니가 비어 있어요"
            text="마음에 드는 상품을 담아보세요."
            action={
              <Link to="/" className={`${page.button} ${page.buttonOutline} ${styles.emptyAction}`}>
                쇼핑 계속하기
              </Link>
            }
          />
        ) : (
          <>
            <div className={styles.toolbar}>
              <label className={styles.check}>
                <input type="checkbox" checked={allSelected} onChange={toggleAll} />
                전체 선택 ({chosen.length}/{orderable.length})
              </label>
              <button
                type="button"
                className={styles.textButton}
                disabled={selected.size === 0}
                onClick={() => void remove(lines.filter((l) => selected.has(l.id)).map((l) => l.id))}
              >
                선택 삭제
              </button>
            </div>
            {message && (
              <p className={`${page.error} ${styles.message}`} role="alert">
                {message}
              </p>
            )}
            <ul className={styles.entries}>
              {list.result.map((entry) => (
                <li
                  key={entry.type === 'codi' ? `codi-${entry.data.codi_id}` : `line-${entry.data.id}`}
                  className={styles.entry}
                >
                  {entry.type === 'codi' && (
                    <div className={styles.codiHead}>
                      {entry.data.image_url && (
                        <img src={entry.data.image_url} alt="" width={40} height={48} loading="lazy" />
                      )}
                      <span className={styles.codiBadge}>코디</span>
                      <strong>{entry.data.title}</strong>
                    </div>
                  )}
                  <ul className={styles.lines}>
                    {entry.product_list.map((line) => (
                      <LineRow
                        key={line.id}
                        line={line}
                        selected={selected.has(line.id)}
                        onToggle={() => toggle(line.id)}
                        onQuantity={(q) => void changeQuantity(line, q)}
                        onDelete={() => void remove([line.id])}
                        onOptions={() => setChanging(line)}
                      />
                    ))}
                  </ul>
                </li>
              ))}
            </ul>

            <section className={styles.summary} aria-label="결제 예정 금액">
              {money.brands.map((b) => (
                <p key={b.brand_id} className={styles.shipRow}>
                  <span>{b.brand_name} 배송비</span>
                  <span>
                    {b.shipping_fee === 0 ? '무료' : formatWon(b.shipping_fee)}
                    {b.shipping_fee > 0 && (
                      <small className={styles.hint}>
                        {' '}
                        ({formatWon(b.free_shipping_min - b.subtotal)} 더 담으면 무료)
                      </small>
                    )}
                  </span>
                </p>
              ))}
              <dl className={styles.totals}>
                <dt>총 상품금액</dt>
                <dd data-testid="total-price">{formatWon(money.totals.total_price)}</dd>
                <dt>할인 금액</dt>
                <dd>{formatDiscount(money.totals.total_discount)}</dd>
                <dt>배송비</dt>
                <dd>{formatWon(money.totals.shipping_fee)}</dd>
                <dt className={styles.grand}>결제 예정 금액</dt>
                <dd className={styles.grand} data-testid="cart-total">
                  {formatWon(money.totals.total)}
                </dd>
              </dl>
            </section>

            <div className={styles.buyBar}>
              {chosen.length > 0 ? (
                <Link to={checkoutHref} className={page.button}>
                  {formatWon(money.totals.total)} 주문하기
                </Link>
              ) : (
                <button type="button" className={page.button} disabled>
                  주문할 상품을 선택해주세요
                </button>
              )}
            </div>
          </>
        )}
      </main>
      {changing && <CartOptionSheet line={changing} onClose={() => setChanging(null)} />}
    </>
  );
}

function LineRow({
  line,
  selected,
  onToggle,
  onQuantity,
  onDelete,
  onOptions,
}: {
  line: CartLine;
  selected: boolean;
  onToggle: () => void;
  onQuantity: (q: number) => void;
  onDelete: () => void;
  onOptions: () => void;
}) {
  const label = `${line.brand_name} ${line.name}`;
  return (
    <li
      className={line.is_sold_out ? `${styles.line} ${styles.soldOut}` : styles.line}
      data-testid="cart-line"
    >
      <input
        type="checkbox"
        className={styles.lineCheck}
        checked={selected && !line.is_sold_out}
        disabled={line.is_sold_out}
        onChange={onToggle}
        aria-label={`${label} 선택`}
      />
      <Link to={`/product/${line.product_display_id}`} className={styles.thumb}>
        <img src={line.image_url} alt={label} width={80} height={96} loading="lazy" />
      </Link>
      <div className={styles.info}>
        <p className={styles.brand}>{line.brand_name}</p>
        <p className={styles.name}>{line.name}</p>
        <p className={page.muted}>
          <span data-testid="line-option">
            {line.color_name} / {line.size_name}
          </span>{' '}
          <button
            type="button"
            className={styles.optionButton}
            aria-label={`${label} 옵션 변경`}
            onClick={onOptions}
          >
            옵션 변경
          </button>
        </p>
        <p className={styles.badges}>
          {line.is_sold_out && <span className={styles.badgeSold}>품절</span>}
          {line.is_low_stock && !line.is_sold_out && (
            <span className={styles.badgeLow}>품절 임박 · {line.stock}개 남음</span>
          )}
        </p>
        <div className={styles.bottom}>
          <fieldset className={styles.stepper}>
            <legend className="visually-hidden">{`${label} 수량`}</legend>
            <button
              type="button"
              aria-label="수량 줄이기"
              disabled={line.is_sold_out || line.quantity <= 1}
              onClick={() => onQuantity(line.quantity - 1)}
            >
              −
            </button>
            <output aria-label="수량" data-testid="line-quantity">
              {line.quantity}
            </output>
            <button
              type="button"
              aria-label="수량 늘리기"
              disabled={line.is_sold_out || line.quantity >= line.max_quantity}
              onClick={() => onQuantity(line.quantity + 1)}
            >
              +
            </button>
          </fieldset>
          <div className={styles.price}>
            {line.list_price > line.price && <del>{formatWon(line.list_price * line.quantity)}</del>}
            <strong>{formatWon(line.price * line.quantity)}</strong>
            {line.is_time_sale && <span className={styles.timeSale}>타임세일</span>}
          </div>
        </div>
      </div>
      <button type="button" className={styles.remove} aria-label={`${label} 삭제`} onClick={onDelete}>
        ×
      </button>
    </li>
  );
}
