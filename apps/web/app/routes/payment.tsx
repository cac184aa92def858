/**
 * /payment: the checkout of the cart lines (`?cart_ids=1,2`) or items (`?product_item_ids=&quantities=`).
 * Loads the order form (GET /api/orders/data: lines, server-computed money, saved and latest
 * addresses), lets the member pick or enter an address (the Daum postcode widget when reachable,
 * manual entry otherwise) and a delivery request, shows the price
 * breakdown and the terms, then creates the pending order (POST /api/orders, the server prices it
 * again) and hands over to the payment window: the sandbox page by default, Toss's SDK (loaded from
 * js.tosspayments.com) when the server runs with Toss keys.
 *
 * Coupons and points: the best combination (GET /api/orders/best-coupon-combs) is pre-selected;
 * the member may change it per line and cart-wide (options from products-with-coupons; each change
 * is checked by POST /api/orders/post-coupon3) and enter points ("모두 사용": the balance, at most
 * what is left to pay less 1 won). The breakdown shows both; POST /api/orders re-validates them.
 */
import {
  type BestCouponCombBody,
  type CreatedOrder,
  formatWon,
  INTEREST_FREE_CARD_DEFAULT_MIN,
  interestFreeAvailable,
  type OrderForm,
  type ProductsWithCouponsBody,
} from '@codiroom/shared';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { EmptyState } from '../components/ProductGrid';
import { browserApi } from '../lib/browser-api';
import { ItemLine, MoneyBreakdown } from '../orders/OrderParts';
import styles from '../orders/orders.module.css';
import page from '../styles/page.module.css';
import type { Route } from './+types/payment';

export function meta(_: Route.MetaArgs) {
  return [{ title: '주문/결제 | 코디룸' }, { name: 'robots', content: 'noindex' }];
}

const REQUESTS = [
  '문 앞에 놓아주세요',
  '경비실에 맡겨주세요',
  '배송 전 연락 부탁드립니다',
  '부재 시 휴대폰으로 연락주세요',
];

type TossWindow = Window & {
  TossPayments?: (clientKey: string) => {
    payment: (o: { customerKey: string }) => {
      requestPayment: (o: Record<string, unknown>) => Promise<void>;
    };
  };
};

type DaumWindow = Window & {
  daum?: {
    Postcode: new (o: {
      oncomplete: (d: { zonecode: string; roadAddress: string; address: string }) => void;
    }) => { open: () => void };
  };
};

/** The Daum (Kakao) postcode widget, when its script is reachable. */
function loadScript(src: string, ready: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ready()) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('load failed'));
    document.head.appendChild(s);
  });
}

function loadTossSdk(): Promise<void> {
  return loadScript('https://js.tosspayments.com/v2/standard', () =>
    Boolean((window as TossWindow).TossPayments),
  ).catch(() => {
    throw new Error('결제 모듈을 불러오지 못했습니다.');
  });
}

export default function Payment() {
  const location = useLocation();
  const [form, setForm] = useState<OrderForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<string>('new');
  const [request, setRequest] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [zipcode, setZipcode] = useState('');
  const [mainAddress, setMainAddress] = useState('');
  const [postcodeNote, setPostcodeNote] = useState<string | null>(null);

  async function searchAddress() {
    setPostcodeNote(null);
    try {
      await loadScript('https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js', () =>
        Boolean((window as DaumWindow).daum?.Postcode),
      );
      const Postcode = (window as DaumWindow).daum?.Postcode;
      if (!Postcode) throw new Error('no postcode');
      new Postcode({
        oncomplete: (d) => {
          setZipcode(d.zonecode);
          setMainAddress(d.roadAddress || d.address);
        },
      }).open();
    } catch {
      setPostcodeNote('주소 검색을 사용할 수 없어요. 우편번호와 주소를 직접 입력해주세요.');
    }
  }

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const params = new URLSearchParams();
    for (const k of ['cart_ids', 'product_item_ids', 'quantities']) {
      const v = q.get(k);
      if (v) params.set(k, v);
    }
    if (![...params.keys()].length) {
      setLoadError('주문할 상품이 없습니다.');
      return;
    }
    let live = true;
    void browserApi()
      .request<OrderForm>('GET', `/api/orders/data?${params.toString()}`)
      .then((r) => {
        if (!live) return;
        if (!r.ok) {
          setLoadError(r.detail || '주문 정보를 불러오지 못했습니다.');
          return;
        }
        setForm(r.data);
        const first = r.data.latest_address ?? r.data.addresses[0] ?? null;
        if (first) {
          setAddressId(first.id === 0 ? 'latest' : String(first.id));
          if (first.request) setRequest(first.request);
        }
      })
      .catch(() => live && setLoadError('네트워크 연결을 확인해주세요.'));
    return () => {
      live = false;
    };
  }, [location.search]);

  const [options, setOptions] = useState<ProductsWithCouponsBody | null>(null);
  const [lineCoupons, setLineCoupons] = useState<Record<number, number | null>>({});
  const [cartCoupons, setCartCoupons] = useState<number[]>([]);
  const [couponDiscount, setCouponDiscount] = useState(0);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [points, setPoints] = useState(0);

  const orderableLines = form ? form.lines.filter((l) => !l.is_sold_out) : [];
  const itemKey = orderableLines.map((l) => `${l.product_item_id}x${l.quantity}`).join(',');
  // Coupons need each item once (the server refuses coupons on an order naming an item twice).
  const couponable =
    orderableLines.length > 0 &&
    new Set(orderableLines.map((l) => l.product_item_id)).size === orderableLines.length;

  // The best combination, pre-selected, and every option for the selects.
  useEffect(() => {
    if (!couponable || !itemKey) return;
    const pairs = itemKey.split(',').map((p) => p.split('x'));
    const q = new URLSearchParams({
      product_item_ids: pairs.map((p) => p[0]).join(','),
      quantities: pairs.map((p) => p[1]).join(','),
    });
    let live = true;
    const api = browserApi();
    void Promise.all([
      api.request<BestCouponCombBody>('GET', `/api/orders/best-coupon-combs?${q.toString()}`),
      api.request<ProductsWithCouponsBody>('GET', `/api/orders/products-with-coupons?${q.toString()}`),
    ])
      .then(([best, opts]) => {
        if (!live) return;
        if (opts.ok) setOptions(opts.data);
        if (best.ok) {
          const r = best.data.result;
          setLineCoupons(Object.fromEntries(r.lines.map((l) => [l.product_item_id, l.coupon_id])));
          setCartCoupons(r.cart_coupon_ids);
          setCouponDiscount(r.total_discount);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [itemKey, couponable]);

  const chosenLines = useMemo(
    () =>
      Object.entries(lineCoupons).flatMap(([item, c]) =>
        c === null ? [] : [{ product_item_id: Number(item), coupon_id: c }],
      ),
    [lineCoupons],
  );

  /** Checks a changed choice with the server (post-coupon3) and shows its discount. */
  async function recheck(nextLines: Record<number, number | null>, nextCart: number[]) {
    setLineCoupons(nextLines);
    setCartCoupons(nextCart);
    setCouponError(null);
    setChecking(true);
    try {
      const r = await browserApi().request<BestCouponCombBody>('POST', '/api/orders/post-coupon3', {
        body: {
          items: orderableLines.map((l) => ({ product_item_id: l.product_item_id, quantity: l.quantity })),
          line_coupons: Object.entries(nextLines).flatMap(([item, c]) =>
            c === null ? [] : [{ product_item_id: Number(item), coupon_id: c }],
          ),
          cart_coupon_ids: nextCart,
        },
      });
      if (r.ok) setCouponDiscount(r.data.result.total_discount);
      else setCouponError(r.detail || '적용할 수 없는 쿠폰 조합입니다.');
    } finally {
      setChecking(false);
    }
  }

  const beforePoints = form ? form.money.amount - couponDiscount : 0;
  const maxPoints = form ? Math.max(0, Math.min(form.point_balance, beforePoints - 1)) : 0;
  const usedPoints = Math.min(points, maxPoints);
  const money = form
    ? {
        ...form.money,
        coupon_discount: couponDiscount,
        point_used: usedPoints,
        amount: beforePoints - usedPoints,
      }
    : null;

  const choices = form
    ? [
        ...(form.latest_address && form.latest_address.id === 0
          ? [{ key: 'latest', a: form.latest_address }]
          : []),
        ...form.addresses.map((a) => ({ key: String(a.id), a })),
      ]
    : [];
  const orderable = form ? form.lines.filter((l) => !l.is_sold_out) : [];

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form || busy) return;
    setError(null);
    const f = new FormData(e.currentTarget);
    const picked = choices.find((c) => c.key === addressId)?.a;
    const address = picked
      ? {
          recipient: picked.recipient,
          phone: picked.phone,
          zipcode: picked.zipcode,
          main_address: picked.main_address,
          detail_address: picked.detail_address,
        }
      : {
          recipient: String(f.get('recipient') ?? ''),
          phone: String(f.get('phone') ?? '').replace(/\D/g, ''),
          zipcode: String(f.get('zipcode') ?? ''),
          main_address: String(f.get('main_address') ?? ''),
          detail_address: String(f.get('detail_address') ?? ''),
        };
    const cartIds = orderable.flatMap((l) => (l.cart_id === null ? [] : [l.cart_id]));
    const body = {
      ...(cartIds.length === orderable.length && cartIds.length > 0
        ? { cart_ids: cartIds }
        : { items: orderable.map((l) => ({ product_item_id: l.product_item_id, quantity: l.quantity })) }),
      address,
      delivery_request: request || null,
      ...(couponable ? { line_coupons: chosenLines, cart_coupon_ids: cartCoupons } : {}),
      point: usedPoints,
    };
    setBusy(true);
    try {
      const r = await browserApi().request<CreatedOrder>('POST', '/api/orders', { body });
      if (!r.ok) {
        setError(r.detail || '주문을 만들지 못했습니다.');
        return;
      }
      const order = r.data;
      const origin = window.location.origin;
      if (form.payment.provider === 'toss' && form.payment.client_key) {
        await loadTossSdk();
        const toss = (window as TossWindow).TossPayments?.(form.payment.client_key);
        await toss?.payment({ customerKey: `codiroom-${order.id}` }).requestPayment({
          method: 'CARD',
          amount: { currency: 'KRW', value: order.amount },
          orderId: order.order_id,
          orderName: order.order_name,
          customerName: order.customer_name,
          successUrl: `${origin}/payment/success`,
          failUrl: `${origin}/payment/fail`,
        });
        return;
      }
      const q = new URLSearchParams({
        orderId: order.order_id,
        amount: String(order.amount),
        orderName: order.order_name,
        successUrl: '/payment/success',
        failUrl: '/payment/fail',
      });
      window.location.assign(`/api/payments/sandbox/checkout?${q.toString()}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : '잠시 후 다시 시도해주세요.');
    } finally {
      setBusy(false);
    }
  }

  if (loadError) {
    return (
      <>
        <PageHeader title="주문/결제" actions={false} titleAs="h1" />
        <main>
          <EmptyState
            title={loadError}
            action={
              <Link to="/cart" className={page.button}>
                장바구니로 가기
              </Link>
            }
          />
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title="주문/결제" actions={false} titleAs="h1" />
      {!form ? (
        <main className={styles.main}>
          <p aria-busy="true">불러오는 중…</p>
        </main>
      ) : (
        <form className={styles.main} onSubmit={submit} aria-label="주문서">
          <section className={styles.section} aria-labelledby="ship-title">
            <h2 id="ship-title">배송지</h2>
            {choices.map((c) => (
              <label key={c.key} className={styles.choice}>
                <input
                  type="radio"
                  name="address_choice"
                  checked={addressId === c.key}
                  onChange={() => setAddressId(c.key)}
                />
                <span>
                  <strong>{c.a.name}</strong> {c.a.recipient} · {c.a.phone}
                  <br />({c.a.zipcode}) {c.a.main_address} {c.a.detail_address}
                </span>
              </label>
            ))}
            <label className={styles.choice}>
              <input
                type="radio"
                name="address_choice"
                checked={addressId === 'new'}
                onChange={() => setAddressId('new')}
              />
              <span>새 배송지 입력</span>
            </label>
            {addressId === 'new' && (
              <div className={page.form} style={{ padding: '8px 0' }}>
                <label>
                  받는 분
                  <input
                    className={page.input}
                    name="recipient"
                    autoComplete="name"
                    required
                    maxLength={50}
                  />
                </label>
                <label>
                  연락처
                  <input
                    className={page.input}
                    name="phone"
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel"
                    required
                  />
                </label>
                <button
                  type="button"
                  className={`${page.button} ${page.buttonOutline}`}
                  onClick={searchAddress}
                >
                  주소 검색
                </button>
                {postcodeNote && <p className={page.muted}>{postcodeNote}</p>}
                <label>
                  우편번호
                  <input
                    className={page.input}
                    name="zipcode"
                    inputMode="numeric"
                    pattern="\d{5}"
                    maxLength={5}
                    autoComplete="postal-code"
                    required
                    value={zipcode}
                    onChange={(e) => setZipcode(e.target.value.replace(/\D/g, ''))}
                  />
                </label>
                <label>
                  주소
                  <input
                    className={page.input}
                    name="main_address"
                    autoComplete="address-line1"
                    required
                    value={mainAddress}
                    onChange={(e) => setMainAddress(e.target.value)}
                  />
                </label>
                <label>
                  상세 주소
                  <input className={page.input} name="detail_address" autoComplete="address-line2" />
                </label>
              </div>
            )}
            <label className={page.form} style={{ padding: '8px 0' }}>
              배송 요청사항
              <select className={page.input} value={request} onChange={(e) => setRequest(e.target.value)}>
                <option value="">선택 안 함</option>
                {REQUESTS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
          </section>

          <section className={styles.section} aria-labelledby="items-title">
            <h2 id="items-title">주문 상품 {orderable.length}개</h2>
            {form.lines.map((l) => (
              <ItemLine
                key={`${l.cart_id}-${l.product_item_id}`}
                name={l.name}
                brand_name={l.brand_name}
                image_url={l.image_url}
                size_name={l.size_name}
                color_name={l.color_name}
                quantity={l.quantity}
                amount={l.price * l.quantity}
              >
                {l.is_sold_out && <span className={page.error}>품절 · 주문에서 제외됩니다</span>}
              </ItemLine>
            ))}
          </section>

          <section className={styles.section} aria-labelledby="benefit-title">
            <h2 id="benefit-title">쿠폰 · 포인트</h2>
            {!couponable ? (
              <p className={page.muted}>같은 상품이 여러 번 담긴 주문에는 쿠폰을 사용할 수 없어요.</p>
            ) : (
              <div className={page.form} data-testid="coupons">
                {(options?.result ?? []).map((line) => (
                  <label key={line.product_item_id}>
                    {line.name} ({line.size_name}) 쿠폰
                    <select
                      className={page.input}
                      data-testid={`line-coupon-${line.product_item_id}`}
                      value={String(lineCoupons[line.product_item_id] ?? '')}
                      onChange={(e) =>
                        void recheck(
                          {
                            ...lineCoupons,
                            [line.product_item_id]: e.target.value ? Number(e.target.value) : null,
                          },
                          cartCoupons,
                        )
                      }
                    >
                      <option value="">
                        {line.coupons.length ? '쿠폰 선택 안 함' : '사용 가능한 쿠폰 없음'}
                      </option>
                      {line.coupons.map((c) => (
                        <option key={c.coupon_id} value={c.coupon_id}>
                          {c.name} (-{formatWon(c.discount)})
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
                {(options?.cart_coupons.length ?? 0) > 0 && (
                  <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend>장바구니 쿠폰</legend>
                    {options?.cart_coupons.map((c) => (
                      <label key={c.coupon_id} className={styles.choice}>
                        <input
                          type="checkbox"
                          data-testid={`cart-coupon-${c.coupon_id}`}
                          checked={cartCoupons.includes(c.coupon_id)}
                          onChange={(e) =>
                            void recheck(
                              lineCoupons,
                              e.target.checked
                                ? [...cartCoupons, c.coupon_id]
                                : cartCoupons.filter((id) => id !== c.coupon_id),
                            )
                          }
                        />
                        <span>
                          {c.name} (-{formatWon(c.discount)})
                        </span>
                      </label>
                    ))}
                  </fieldset>
                )}
                <p data-testid="coupon-discount">
                  쿠폰 할인 -{formatWon(couponDiscount)}
                  {checking ? ' · 확인 중…' : ''}
                </p>
                {couponError && (
                  <p className={page.error} role="alert">
                    {couponError}
                  </p>
                )}
              </div>
            )}
            <label className={page.form} style={{ padding: '8px 0' }}>
              포인트 (보유 {formatWon(form.point_balance)})
              <span style={{ display: 'flex', gap: 8 }}>
                <input
                  className={page.input}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={maxPoints}
                  step={1}
                  name="point"
                  aria-label="사용할 포인트"
                  value={points === 0 ? '' : String(usedPoints)}
                  placeholder="0"
                  onChange={(e) => setPoints(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
                />
                <button
                  type="button"
                  className={`${page.button} ${page.buttonOutline}`}
                  onClick={() => setPoints(maxPoints)}
                  disabled={maxPoints === 0}
                >
                  모두 사용
                </button>
              </span>
            </label>
          </section>

          <section className={styles.section} aria-labelledby="money-title">
            <h2 id="money-title">결제 금액</h2>
            <MoneyBreakdown money={money ?? form.money} />
            {interestFreeAvailable((money ?? form.money).amount) && (
              <p className={page.muted} data-testid="interest-free">
                {formatWon(INTEREST_FREE_CARD_DEFAULT_MIN)} 이상 결제 시 카드 무이자 할부 가능
              </p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="terms-title">
            <h2 id="terms-title">약관 동의</h2>
            <label className={styles.choice}>
              <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
              <span>주문 내용을 확인했으며, 구매조건 및 개인정보 제3자 제공에 동의합니다. (필수)</span>
            </label>
            {form.payment.provider === 'sandbox' && (
              <p className={page.muted}>테스트 결제로 진행되며 실제 결제가 이루어지지 않습니다.</p>
            )}
            {error && (
              <p className={page.error} role="alert">
                {error}
              </p>
            )}
          </section>

          <div className={styles.payBar}>
            <button
              className={page.button}
              type="submit"
              disabled={!agreed || busy || checking || couponError !== null || orderable.length === 0}
            >
              {formatWon((money ?? form.money).amount)} 결제하기
            </button>
          </div>
        </form>
      )}
    </>
  );
}
