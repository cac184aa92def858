import type { ProductDetail, SizeGradingBody } from '@codiroom/shared';
import styles from '../routes/product.module.css';
import { usePopups } from '../shell/popups';

/** The product page's size block: the sizes with their stock, the size-level guide and the measured sizes. */
export function ProductSizes({
  productName,
  items,
  grading,
}: {
  productName: string;
  items: ProductDetail['items'];
  grading: SizeGradingBody | null;
}) {
  const popups = usePopups();
  return (
    <section className={styles.block} aria-labelledby="sizes">
      <div className={styles.blockHead}>
        <h2 id="sizes">사이즈</h2>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => popups.open({ kind: 'sizeLevel', productName })}
        >
          사이즈 레벨 안내
        </button>
      </div>
      <ul className={styles.sizes}>
        {items.map((it) => (
          <li key={it.id}>
            <span className={it.is_sold_out ? styles.sizeSoldOut : styles.size}>
              {it.size_name}
              {it.is_sold_out ? ' 품절' : it.is_low_stock ? ` ${it.stock}개 남음` : ''}
            </span>
          </li>
        ))}
      </ul>
      {grading?.set && grading.rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">실측 사이즈 (cm)</caption>
            <thead>
              <tr>
                <th scope="col">사이즈</th>
                {grading.set.fields.map((f) => (
                  <th key={f.key} scope="col">
                    {f.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grading.rows.map((r) => (
                <tr key={r.size_name}>
                  <th scope="row">{r.size_name}</th>
                  {grading.set?.fields.map((f) => (
                    <td key={f.key}>{r.values[f.key] ?? '-'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.note}>단위: cm · 측정 방법에 따라 1~3cm 오차가 있을 수 있어요.</p>
        </div>
      )}
    </section>
  );
}
