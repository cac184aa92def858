/**
 * /admin/products/{id} (MD): one product — each colourway with its prices, sale state, photos and
 * sizes (stock, extra price), and the size table (added or edited after saving). Each change is
 * saved on its own and reaches the storefront at once; photos are re-encoded by the server (card and
 * detail variants). Starting the sale of a colourway without photos asks first.
 */
import {
  type AdminProductDetail,
  DisplayUpdateRequest,
  formatWon,
  ItemUpdateRequest,
  ProductMeasurementsRequest,
} from '@codiroom/shared';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';
import { kstInputValue, kstInstant } from './format';

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return adminApi.get(`/api/admin/products/${params.id}`, undefined, {
    signal: request.signal,
  });
}

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message ?? '입력을 확인해주세요.';

export default function AdminProduct({ loaderData: p }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const [message, setMessage] = useState<string | null>(
    params.get('created')
      ? p.displays.some((d) => d.is_active)
        ? '등록했어요. 스토어에 바로 보여요.'
        : '판매 전(임시 저장)으로 등록했어요. 사진을 올린 뒤 판매 시작을 누르면 스토어에 보여요.'
      : null,
  );
  const [error, setError] = useState<string | null>(null);
  const save = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      setError(null);
      setMessage(done);
      await revalidator.revalidate();
    } catch (err) {
      setMessage(null);
      setError(errorText(err));
    }
  };
  return (
    <>
      <p>
        <Link to="/admin/products">← 상품</Link>
      </p>
      <h1>
        {p.brand_name} {p.name}
      </h1>
      <p className={styles.muted}>
        {p.category_name}
        {p.style_tags.length > 0 && ` · ${p.style_tags.join(', ')}`}
        {p.material && ` · ${p.material}`}
      </p>
      {message && <output className={styles.ok}>{message}</output>}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {p.displays.map((d) => (
        <section
          key={d.id}
          className={styles.card}
          aria-label={`${d.color_name} 색상`}
          data-testid="admin-display"
        >
          <div className={styles.pick}>
            <img src={d.image_url} alt="" />
            <div>
              <h2>
                {d.color_name} <span className={styles.tag}>{d.is_active ? '판매중' : '판매 전·중지'}</span>
                {!d.has_photos && <span className={styles.tag}>사진 없음</span>}
              </h2>
              <p className={styles.muted}>
                {formatWon(d.price)} → {formatWon(d.price_discount)} ·{' '}
                <a href={`/product/${d.id}`} target="_blank" rel="noopener noreferrer">
                  상품 페이지
                </a>
              </p>
            </div>
          </div>
          <form
            className={styles.toolbar}
            aria-label={`${d.color_name} 가격`}
            onSubmit={(e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              const body = DisplayUpdateRequest.safeParse({
                price: Number(f.get('price')),
                price_discount: Number(f.get('price_discount')),
              });
              if (!body.success) return setError(firstIssue(body));
              void save(
                () => adminApi.patch(`/api/admin/products/displays/${d.id}`, body.data),
                '가격을 바꿨어요.',
              );
            }}
          >
            <label className={styles.field}>
              정가
              <input className={styles.input} name="price" inputMode="numeric" defaultValue={d.price} />
            </label>
            <label className={styles.field}>
              판매가
              <input
                className={styles.input}
                name="price_discount"
                inputMode="numeric"
                defaultValue={d.price_discount}
              />
            </label>
            <button type="submit" className={styles.ghost}>
              가격 저장
            </button>
            <button
              type="button"
              className={styles.ghost}
              onClick={() => {
                if (
                  !d.is_active &&
                  !d.has_photos &&
                  !window.confirm(
                    `${d.color_name}: 사진이 없어요. 판매를 시작하면 스토어에 사진 대신 기본 그림이 보여요. 그래도 판매할까요?`,
                  )
                )
                  return;
                void save(
                  () => adminApi.patch(`/api/admin/products/displays/${d.id}`, { is_active: !d.is_active }),
                  d.is_active ? '판매를 멈췄어요.' : '판매를 시작했어요.',
                );
              }}
            >
              {d.is_active ? '판매 중지' : '판매 시작'}
            </button>
          </form>
          <form
            className={styles.toolbar}
            aria-label={`${d.color_name} 품절임박 기간`}
            onSubmit={(e) => {
              e.preventDefault();
              const f = new FormData(e.currentTarget);
              const v = (k: string) => kstInstant(String(f.get(k) ?? ''));
              const body = DisplayUpdateRequest.safeParse({
                almost_sold_out_from: v('almost_sold_out_from'),
                almost_sold_out_until: v('almost_sold_out_until'),
              });
              if (!body.success) return setError(firstIssue(body));
              void save(
                () => adminApi.patch(`/api/admin/products/displays/${d.id}`, body.data),
                body.data.almost_sold_out_from ? '품절임박 기간을 정했어요.' : '품절임박 표시를 지웠어요.',
              );
            }}
          >
            <label className={styles.field}>
              품절임박 시작 (KST)
              <input
                className={styles.input}
                type="datetime-local"
                name="almost_sold_out_from"
                defaultValue={kstInputValue(d.almost_sold_out_from)}
              />
            </label>
            <label className={styles.field}>
              품절임박 끝 (그 분까지)
              <input
                className={styles.input}
                type="datetime-local"
                name="almost_sold_out_until"
                defaultValue={kstInputValue(d.almost_sold_out_until)}
              />
            </label>
            <button type="submit" className={styles.ghost}>
              기간 저장
            </button>
          </form>
          <label className={styles.field}>
            사진 올리기 (최대 5장, 첫 장이 대표 사진)
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(e) => {
                const files = [...(e.currentTarget.files ?? [])].slice(0, 5);
                if (files.length === 0) return;
                const form = new FormData();
                for (const file of files) form.append('image', file);
                void save(
                  () => adminApi.post(`/api/admin/products/displays/${d.id}/images`, form),
                  `사진 ${files.length}장을 올렸어요.`,
                );
              }}
            />
          </label>
          <table className={styles.table} aria-label={`${d.color_name} 사이즈별 재고`}>
            <thead>
              <tr>
                <th>사이즈</th>
                <th title="재고 CSV의 product_item_id">옵션 번호</th>
                <th title="재고 CSV의 sku">SKU</th>
                <th>재고</th>
                <th>추가 금액</th>
                <th>판매</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((i) => (
                <tr key={i.id}>
                  <th scope="row">{i.size_name}</th>
                  <td>{i.id}</td>
                  <td>
                    <code>{i.sku}</code>
                  </td>
                  <td>
                    <form
                      className={styles.toolbar}
                      aria-label={`${d.color_name} ${i.size_name} 재고`}
                      onSubmit={(e) => {
                        e.preventDefault();
                        const body = ItemUpdateRequest.safeParse({
                          stock: Number(new FormData(e.currentTarget).get('stock')),
                        });
                        if (!body.success) return setError(firstIssue(body));
                        void save(
                          () => adminApi.patch(`/api/admin/products/items/${i.id}`, body.data),
                          `${d.color_name} ${i.size_name} 재고를 바꿨어요.`,
                        );
                      }}
                    >
                      <input
                        className={styles.input}
                        name="stock"
                        aria-label="재고"
                        inputMode="numeric"
                        defaultValue={i.stock}
                        size={6}
                      />
                      <button type="submit" className={styles.ghost}>
                        저장
                      </button>
                    </form>
                  </td>
                  <td>{formatWon(i.extra_price)}</td>
                  <td>{i.is_active ? '판매중' : '중지'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {p.measurement_fields.length > 0 && (
        <MeasurementsEditor
          key={JSON.stringify(p.measurements)}
          product={p}
          onSave={(body, done) =>
            save(() => adminApi.put(`/api/admin/products/${p.id}/measurements`, body), done)
          }
          onInvalid={setError}
        />
      )}
    </>
  );
}

/**
 * The size table of a saved product, per size the product has and field of its category's set;
 * saved whole (PUT …/measurements). A value that is not a number is highlighted with a Korean message.
 */
function MeasurementsEditor({
  product: p,
  onSave,
  onInvalid,
}: {
  product: AdminProductDetail;
  onSave: (body: ProductMeasurementsRequest, done: string) => Promise<void>;
  onInvalid: (message: string) => void;
}) {
  const sizes = [...new Set(p.displays.flatMap((d) => d.items.map((i) => i.size_name)))];
  const [values, setValues] = useState<Record<string, Record<string, string>>>(() =>
    Object.fromEntries(
      p.measurements.map((m) => [
        m.size_name,
        Object.fromEntries(Object.entries(m.values).map(([k, v]) => [k, String(v)])),
      ]),
    ),
  );
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  return (
    <section className={styles.card} aria-labelledby="measures">
      <h2 id="measures">실측 사이즈표 (cm)</h2>
      {p.measurements.length === 0 && (
        <p className={styles.muted}>아직 사이즈표가 없어요. 값을 넣고 저장하세요.</p>
      )}
      <form
        aria-label="실측 사이즈표"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const measured = sizes
            .map((size_name) => ({
              size_name,
              values: Object.fromEntries(
                p.measurement_fields
                  .map((f) => [f.key, (values[size_name]?.[f.key] ?? '').trim()] as const)
                  .filter(([, v]) => v !== '')
                  .map(([k, v]) => [k, Number(v)]),
              ),
            }))
            .filter((m) => Object.keys(m.values).length > 0);
          const body = ProductMeasurementsRequest.safeParse({ measurements: measured });
          if (!body.success) {
            const bad = body.error.issues.map((i) => {
              const size = measured[Number(i.path[1])]?.size_name ?? '';
              const key = String(i.path[3] ?? '');
              const label = p.measurement_fields.find((f) => f.key === key)?.label ?? '';
              return { id: `${size}.${key}`, text: `${size} ${label}: ${i.message}` };
            });
            setInvalid(new Set(bad.map((b) => b.id)));
            onInvalid(bad.map((b) => b.text).join(' · '));
            return;
          }
          setInvalid(new Set());
          void onSave(body.data, '사이즈표를 저장했어요.');
        }}
      >
        <table className={styles.table}>
          <thead>
            <tr>
              <th>사이즈</th>
              {p.measurement_fields.map((f) => (
                <th key={f.key}>{f.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizes.map((size) => (
              <tr key={size}>
                <th scope="row">{size}</th>
                {p.measurement_fields.map((f) => (
                  <td key={f.key}>
                    <input
                      className={styles.input}
                      aria-label={`${size} ${f.label}`}
                      inputMode="decimal"
                      size={5}
                      value={values[size]?.[f.key] ?? ''}
                      aria-invalid={invalid.has(`${size}.${f.key}`) || undefined}
                      onChange={(e) =>
                        setValues((m) => ({ ...m, [size]: { ...m[size], [f.key]: e.target.value } }))
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" className={styles.ghost}>
          사이즈표 저장
        </button>
      </form>
    </section>
  );
}
