import {
  type ProductDetail,
  type RecommendedSizeBody,
  type ReviewSummary,
  type SizeGradingBody,
  sizeLevelText,
} from '@codiroom/shared';
import type { ReactNode } from 'react';
import { usePopups } from '../shell/popups';
import styles from './product.module.css';

/** The product page's size block: the sizes with their stock, the size-level guide and the measured sizes. */
export function ProductSizes({
  productName,
  items,
  grading,
  body,
  summary,
  offset,
  children,
}: {
  productName: string;
  items: ProductDetail['items'];
  grading: SizeGradingBody | null;
  /** The shopper's estimated body (the size recommendation's), shown under the sheet's sizes. */
  body?: RecommendedSizeBody['body'];
  /** The product's review summary (size feels) and, once asked, the model's offset, for the size level. */
  summary?: ReviewSummary | null;
  offset?: { value: number; reviews: number } | null;
  /** The size recommendation, shown above the sizes. */
  children?: ReactNode;
}) {
  const popups = usePopups();
  const bodyRow = grading?.set && body ? bodyValues(grading.set.code, body) : null;
  return (
    <section className={styles.block} aria-labelledby="sizes">
      <div className={styles.blockHead}>
        <h2 id="sizes">사이즈</h2>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() =>
            popups.open({
              kind: 'sizeLevel',
              productName,
              level: sizeLevelText(summary?.size_feel ?? null, offset ?? null),
              body: body
                ? `내 체형(추정): 가슴둘레 ${body.chest}cm · 허리둘레 ${body.waist}cm · 어깨 ${body.shoulder}cm`
                : null,
            })
          }
        >
          사이즈 레벨 안내
        </button>
      </div>
      {children}
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
              {bodyRow && grading.set && (
                <tr data-testid="body-row">
                  <th scope="row">내 체형</th>
                  {grading.set.fields.map((f) => (
                    <td key={f.key}>{bodyRow[f.key] ?? '-'}</td>
                  ))}
                </tr>
              )}
            </tbody>
          </table>
          {bodyRow && (
            <p className={styles.note}>
              내 체형: 키·몸무게로 추정한 신체 치수예요. 둘레는 단면(½)으로 바꿔 옷 치수와 나란히 보여드려요.
            </p>
          )}
          <p className={styles.note}>단위: cm · 측정 방법에 따라 1~3cm 오차가 있을 수 있어요.</p>
        </div>
      )}
    </section>
  );
}

/**
 * The estimated body in a flat size sheet's terms (docs/ARCHITECTURE.md, "Sizing"): girths halved
 * as the sheet's widths are; shoulder over the curve, arm length for the sleeve, inseam.
 */
function bodyValues(
  code: string,
  body: NonNullable<RecommendedSizeBody['body']>,
): Record<string, number> | null {
  const r1 = (v: number) => Math.round(v * 10) / 10;
  if (code === 'TOP' || code === 'OUTER') {
    return { chest: r1(body.chest / 2), shoulder: r1(body.shoulder), sleeve: r1(body.arm) };
  }
  if (code === 'BOTTOM') {
    return { waist: r1(body.waist / 2), hip: r1(body.hip / 2), thigh: r1(body.thigh / 2) };
  }
  return null;
}
