/**
 * /admin/ship-csv (CS): bulk shipping from a CSV of `order_item_id,carrier_code,tracking_number`.
 * Previewed first (every row with its item, or why it is refused); applying ships the valid rows,
 * each shopper getting the tracking link and a notification.
 */
import { CARRIER_CODES, CARRIERS } from '@codiroom/shared';
import styles from './admin.module.css';
import { adminApi } from './api';
import { CsvUpload } from './CsvUpload';

export default function ShipCsv() {
  return (
    <>
      <h1>송장 일괄 등록</h1>
      <CsvUpload
        send={(body) => adminApi.post('/api/admin/orders/ship-csv', body)}
        help={
          <>
            <code>order_item_id,carrier_code,tracking_number</code> · 택배사 코드:{' '}
            {CARRIER_CODES.map((c) => `${c}(${CARRIERS[c].name})`).join(', ')}. 결제완료·상품준비중인 상품만,
            한 번에 1,000줄까지. 먼저 미리보기로 확인한 뒤 적용하세요.
          </>
        }
      >
        {(result) => (
          <table className={styles.table} aria-label="CSV 줄">
            <thead>
              <tr>
                <th>줄</th>
                <th>주문 상품</th>
                <th>택배사</th>
                <th>송장번호</th>
                <th>확인</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.line} data-testid={r.error ? 'csv-refused' : 'csv-ok'}>
                  <td>{r.line}</td>
                  <td>{r.order_item_id ? `${r.order_item_id} · ${r.name}` : '—'}</td>
                  <td>
                    {r.carrier_code && r.carrier_code in CARRIERS
                      ? CARRIERS[r.carrier_code as keyof typeof CARRIERS].name
                      : '—'}
                  </td>
                  <td>{r.tracking_number ?? '—'}</td>
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
