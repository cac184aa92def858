/**
 * /admin/products/new (MD): a product with its colourways, the sizes of each (stock, extra price)
 * and the size table of its category's measurement set. The form is checked with the API's own
 * schema (ProductCreateRequest) before it is sent; the server checks it again (brand, category,
 * measurement fields). A new product is a draft (not on sale) unless 바로 판매 is ticked, which asks
 * first, since it has no photos yet. A refused field is highlighted with a Korean message.
 */
import { ProductCreateRequest } from '@codiroom/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/product-new';
import styles from './admin.module.css';
import { adminApi, errorText } from './api';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminApi.get('/api/admin/catalog/options', undefined, {
    signal: request.signal,
  });
}

type Size = { size_name: string; stock: string; extra_price: string };
type Color = { color_name: string; color_hex: string; sizes: Size[] };
const newSize = (size_name = ''): Size => ({ size_name, stock: '0', extra_price: '0' });
const newColor = (): Color => ({
  color_name: '',
  color_hex: '#222222',
  sizes: ['M', 'L', 'XL'].map((s) => newSize(s)),
});
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

type Issue = { path: PropertyKey[]; message: string };
const BASIC_LABELS: Record<string, string> = {
  brand_id: '브랜드',
  category_id: '카테고리',
  name: '상품명',
  description: '상품 설명',
  material: '소재',
  fit: '핏',
  season: '시즌',
  style_tags: '스타일',
  price: '정가',
  price_discount: '판매가',
  colors: '색상',
  measurements: '실측 사이즈표',
};
const SIZE_LABELS: Record<string, string> = { size_name: '사이즈', stock: '재고', extra_price: '추가 금액' };

/**
 * A schema issue as the field it concerns: the input's key (what is highlighted) and a Korean label
 * ("색상 1 · M 재고", "실측 사이즈표 · M 소매"), never the schema path.
 */
function describeIssue(
  issue: Issue,
  colors: Color[],
  measured: { size_name: string }[],
  fieldLabel: (k: string) => string,
): { key: string; label: string } {
  const [a, b, c, d, e] = issue.path.map(String);
  if (a === 'colors' && b !== undefined) {
    const color = `색상 ${Number(b) + 1}`;
    if (c === 'sizes' && d !== undefined && e !== undefined) {
      const size = colors[Number(b)]?.sizes[Number(d)]?.size_name || `${Number(d) + 1}번째 사이즈`;
      return {
        key: `colors.${b}.sizes.${d}.${e}`,
        label: `${color} · ${size} ${SIZE_LABELS[e] ?? ''}`.trim(),
      };
    }
    return { key: `colors.${b}.${c ?? ''}`, label: c === 'color_name' ? `${color} 이름` : color };
  }
  if (a === 'measurements' && b !== undefined) {
    const size = measured[Number(b)]?.size_name ?? '';
    return {
      key: `measure.${size}.${d ?? ''}`,
      label: `실측 사이즈표 · ${size} ${d ? fieldLabel(d) : ''}`.trim(),
    };
  }
  return { key: a ?? 'form', label: (a && BASIC_LABELS[a]) || '상품' };
}

export default function ProductNew({ loaderData: options }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<number>(options.categories[0]?.id ?? 0);
  const [colors, setColors] = useState<Color[]>([newColor()]);
  const [tags, setTags] = useState<string[]>([]);
  const [measures, setMeasures] = useState<Record<string, Record<string, string>>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const bad = (key: string) => invalid.has(key) || undefined;
  const [pending, setPending] = useState(false);
  const category = options.categories.find((c) => c.id === categoryId);
  const sizeNames = useMemo(
    () => [...new Set(colors.flatMap((c) => c.sizes.map((s) => s.size_name.trim()).filter(Boolean)))],
    [colors],
  );
  const setColor = (i: number, change: Partial<Color>) =>
    setColors((cs) => cs.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const setSize = (i: number, k: number, change: Partial<Size>) =>
    setColor(i, {
      sizes: (colors[i]?.sizes ?? []).map((s, j) => (j === k ? { ...s, ...change } : s)),
    });

  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const fields = category?.fields ?? [];
    const body = {
      brand_id: Number(f.get('brand_id')),
      category_id: categoryId,
      name: text('name'),
      description: text('description'),
      ...(text('material') ? { material: text('material') } : {}),
      ...(text('fit') ? { fit: text('fit') } : {}),
      ...(text('season') ? { season: text('season') } : {}),
      style_tags: tags,
      price: num(text('price')),
      price_discount: num(text('price_discount')),
      is_active: f.get('is_active') === 'on',
      colors: colors.map((c) => ({
        color_name: c.color_name.trim(),
        color_hex: c.color_hex,
        sizes: c.sizes.map((s) => ({
          size_name: s.size_name.trim(),
          stock: num(s.stock),
          extra_price: num(s.extra_price),
        })),
      })),
      measurements: sizeNames
        .map((size_name) => ({
          size_name,
          values: Object.fromEntries(
            fields
              .map((fd) => [fd.key, (measures[size_name]?.[fd.key] ?? '').trim()] as const)
              .filter(([, v]) => v !== '')
              .map(([k, v]) => [k, Number(v)]),
          ),
        }))
        .filter((m) => Object.keys(m.values).length > 0),
    };
    const checked = ProductCreateRequest.safeParse(body);
    if (!checked.success) {
      const label = (k: string) => fields.find((fd) => fd.key === k)?.label ?? k;
      const found = checked.error.issues.map((i) => ({
        ...describeIssue(i, colors, body.measurements, label),
        message: i.message,
      }));
      setInvalid(new Set(found.map((f) => f.key)));
      setErrors([...new Set(found.map((f) => `${f.label}: ${f.message}`))]);
      return;
    }
    setInvalid(new Set());
    if (
      checked.data.is_active &&
      !window.confirm(
        '사진이 아직 없어요. 지금 바로 판매하면 스토어에 사진 대신 기본 그림이 보여요. 그래도 바로 판매할까요?\n(취소하면 저장하지 않아요. 바로 판매를 끄면 판매 전으로 등록돼요.)',
      )
    )
      return;
    setPending(true);
    try {
      const out = await adminApi.post('/api/admin/products', checked.data);
      void navigate(`/admin/products/${out.product_id}?created=1`);
    } catch (err) {
      setErrors([errorText(err)]);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <p>
        <Link to="/admin/products">← 상품</Link>
      </p>
      <h1>상품 등록</h1>
      <form
        aria-label="상품 등록"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e.currentTarget);
        }}
      >
        <section className={`${styles.card} ${styles.form}`} aria-labelledby="basics">
          <h2 id="basics" className={styles.wide}>
            기본 정보
          </h2>
          <label className={styles.field}>
            브랜드
            <select className={styles.input} name="brand_id">
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            카테고리
            <select
              className={styles.input}
              value={categoryId}
              onChange={(e) => setCategoryId(Number(e.target.value))}
            >
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.main} · {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className={`${styles.field} ${styles.wide}`}>
            상품명
            <input className={styles.input} name="name" maxLength={200} aria-invalid={bad('name')} />
          </label>
          <label className={styles.field}>
            정가(원)
            <input className={styles.input} name="price" inputMode="numeric" aria-invalid={bad('price')} />
          </label>
          <label className={styles.field}>
            판매가(원)
            <input
              className={styles.input}
              name="price_discount"
              inputMode="numeric"
              aria-invalid={bad('price_discount')}
            />
          </label>
          <label className={styles.field}>
            소재
            <input className={styles.input} name="material" maxLength={200} />
          </label>
          <label className={styles.field}>
            핏
            <input className={styles.input} name="fit" maxLength={30} />
          </label>
          <label className={styles.field}>
            시즌
            <input className={styles.input} name="season" maxLength={30} />
          </label>
          <label className={styles.field}>
            <span>
              <input type="checkbox" name="is_active" /> 바로 판매
            </span>
            <small className={styles.muted}>
              체크하지 않으면 판매 전(임시 저장)으로 등록돼요. 사진을 올린 뒤 상품 상세에서 판매 시작을
              누르세요.
            </small>
          </label>
          <label className={`${styles.field} ${styles.wide}`}>
            상품 설명
            <textarea className={styles.input} name="description" rows={4} maxLength={5000} />
          </label>
          <fieldset className={`${styles.toolbar} ${styles.wide}`}>
            <legend>스타일 (최대 5개)</legend>
            {options.style_tags.map((t) => (
              <label key={t}>
                <input
                  type="checkbox"
                  checked={tags.includes(t)}
                  onChange={(e) =>
                    setTags((ts) => (e.target.checked ? [...ts, t] : ts.filter((x) => x !== t)))
                  }
                />{' '}
                {t}
              </label>
            ))}
          </fieldset>
        </section>

        {colors.map((c, i) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
            key={i}
            className={styles.card}
            aria-label={`색상 ${i + 1}`}
          >
            <div className={styles.toolbar}>
              <label className={styles.field}>
                색상 이름
                <input
                  className={styles.input}
                  value={c.color_name}
                  maxLength={30}
                  aria-invalid={bad(`colors.${i}.color_name`)}
                  onChange={(e) => setColor(i, { color_name: e.target.value })}
                />
              </label>
              <label className={styles.field}>
                색상
                <input
                  type="color"
                  value={c.color_hex}
                  onChange={(e) => setColor(i, { color_hex: e.target.value })}
                />
              </label>
              {colors.length > 1 && (
                <button
                  type="button"
                  className={styles.ghost}
                  onClick={() => setColors((cs) => cs.filter((_, j) => j !== i))}
                >
                  색상 삭제
                </button>
              )}
            </div>
            <table className={styles.table} aria-label={`색상 ${i + 1} 사이즈`}>
              <thead>
                <tr>
                  <th>사이즈</th>
                  <th>재고</th>
                  <th>추가 금액(원)</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {c.sizes.map((s, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
                  <tr key={k}>
                    <td>
                      <input
                        className={styles.input}
                        aria-label="사이즈"
                        value={s.size_name}
                        maxLength={20}
                        aria-invalid={bad(`colors.${i}.sizes.${k}.size_name`)}
                        onChange={(e) => setSize(i, k, { size_name: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className={styles.input}
                        aria-label={`${s.size_name || '사이즈'} 재고`}
                        inputMode="numeric"
                        value={s.stock}
                        aria-invalid={bad(`colors.${i}.sizes.${k}.stock`)}
                        onChange={(e) => setSize(i, k, { stock: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className={styles.input}
                        aria-label={`${s.size_name || '사이즈'} 추가 금액`}
                        inputMode="numeric"
                        value={s.extra_price}
                        aria-invalid={bad(`colors.${i}.sizes.${k}.extra_price`)}
                        onChange={(e) => setSize(i, k, { extra_price: e.target.value })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className={styles.ghost}
                        onClick={() => setColor(i, { sizes: c.sizes.filter((_, j) => j !== k) })}
                      >
                        삭제
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className={styles.ghost}
              onClick={() => setColor(i, { sizes: [...c.sizes, newSize()] })}
            >
              사이즈 추가
            </button>
          </section>
        ))}
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.ghost}
            onClick={() => setColors((cs) => [...cs, newColor()])}
          >
            색상 추가
          </button>
        </div>

        {category && category.fields.length > 0 && sizeNames.length > 0 && (
          <section className={styles.card} aria-labelledby="measures">
            <h2 id="measures">실측 사이즈표 (cm)</h2>
            <table className={styles.table} aria-label="실측 사이즈표">
              <thead>
                <tr>
                  <th>사이즈</th>
                  {category.fields.map((fd) => (
                    <th key={fd.key}>{fd.label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sizeNames.map((size) => (
                  <tr key={size}>
                    <th scope="row">{size}</th>
                    {category.fields.map((fd) => (
                      <td key={fd.key}>
                        <input
                          className={styles.input}
                          aria-label={`${size} ${fd.label}`}
                          inputMode="decimal"
                          value={measures[size]?.[fd.key] ?? ''}
                          aria-invalid={bad(`measure.${size}.${fd.key}`)}
                          onChange={(e) =>
                            setMeasures((m) => ({ ...m, [size]: { ...m[size], [fd.key]: e.target.value } }))
                          }
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {errors.length > 0 && (
          <ul className={styles.error} role="alert">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} disabled={pending}>
            {pending ? '저장 중…' : '등록'}
          </button>
        </div>
      </form>
    </>
  );
}
