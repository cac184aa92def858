/**
 * /admin/catalog-csv (MD): bulk stock or prices from a CSV file. The file is previewed first (every
 * row with its before and after, or why it is refused); applying changes the valid rows only.
 */
import styles from './admin.module.css';
import { adminApi } from './api';
import { CsvUpload } from './CsvUpload';

const show = (v: Record<string, number> | null) =>
  v
    ? Object.entries(v)
        .map(([k, n]) => `${k} ${n.toLocaleString()}`)
        .join(' · ')
    : '—';

export default function CatalogCsv() {
  return (
    <>
      <h1>재고·가격 CSV</h1>
      <CsvUpload
        send={(body) => adminApi.post('/api/admin/catalog/csv', body)}
        help={
          <>
            재고: <code>sku,stock</code> 또는 <code>product_item_id,stock</code> · 가격:{' '}
            <code>product_display_id,price,price_discount</code> (원). 첫 줄은 머리글, 한 번에 5,000줄까지.
            SKU와 옵션 번호(product_item_id)는 상품 상세의 사이즈별 재고 표에, 상품 번호(product_display_id)는
            상품 목록에 있어요. 먼저 미리보기로 확인한 뒤 적용하세요.{' '}
            <a
              href={`data:text/csv;charset=utf-8,${encodeURIComponent('sku,stock\nSKU-예시-M,10\n')}`}
              download="stock-by-sku.csv"
            >
              재고 CSV 양식(SKU) 받기
            </a>
          </>
        }
      >
        {(result) => (
          <table
            className={styles.table}
            aria-label={`CSV 줄 (${result.kind === 'stock' ? '재고' : '가격'})`}
          >
            <thead>
              <tr>
                <th>줄</th>
                <th>번호</th>
                {result.kind === 'stock' && <th>SKU</th>}
                <th>지금</th>
                <th>바뀔 값</th>
                <th>확인</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.line} data-testid={r.error ? 'csv-refused' : 'csv-ok'}>
                  <td>{r.line}</td>
                  <td>{r.id ?? '—'}</td>
                  {result.kind === 'stock' && <td>{r.sku ?? '—'}</td>}
                  <td>{show(r.before)}</td>
                  <td>{show(r.after)}</td>
                  <td className={r.error ? styles.error : styles.ok}>{r.error ?? '확인'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CsvUpload>
    </>
  );
}
