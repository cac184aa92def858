/**
 * /admin/catalog-csv (MD): bulk stock or prices from a CSV file. The file is previewed first (every
 * row with its before and after, or why it is refused); applying changes the valid rows only.
 */
import { useState } from 'react';
import styles from './admin.module.css';
import { adminCall, errorText } from './api';

type Row = {
  line: number;
  id: number | null;
  before: Record<string, number> | null;
  after: Record<string, number> | null;
  error: string | null;
};
type Result = { kind: 'stock' | 'price'; dry_run: boolean; rows: Row[]; applied: number; refused: number };

const show = (v: Record<string, number> | null) =>
  v
    ? Object.entries(v)
        .map(([k, n]) => `${k} ${n.toLocaleString()}`)
        .join(' · ')
    : '—';

export default function CatalogCsv() {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async (dryRun: boolean) => {
    setPending(true);
    try {
      setResult(await adminCall<Result>('POST', '/api/admin/catalog/csv', { csv, dry_run: dryRun }));
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <h1>재고·가격 CSV</h1>
      <section className={styles.card} aria-labelledby="csv-help">
        <h2 id="csv-help">파일 형식</h2>
        <p className={styles.muted}>
          재고: <code>product_item_id,stock</code> · 가격:{' '}
          <code>product_display_id,price,price_discount</code> (원). 첫 줄은 머리글, 한 번에 5,000줄까지. 먼저
          미리보기로 확인한 뒤 적용하세요.
        </p>
        <div className={styles.toolbar}>
          <label className={styles.field}>
            CSV 파일
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={async (e) => {
                const file = e.currentTarget.files?.[0];
                if (file) {
                  setCsv(await file.text());
                  setResult(null);
                }
              }}
            />
          </label>
        </div>
        <label className={`${styles.field} ${styles.wide}`}>
          내용
          <textarea
            className={styles.input}
            rows={6}
            value={csv}
            onChange={(e) => {
              setCsv(e.target.value);
              setResult(null);
            }}
          />
        </label>
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.ghost}
            disabled={!csv.trim() || pending}
            onClick={() => run(true)}
          >
            미리보기
          </button>
          <button
            type="button"
            className={styles.button}
            disabled={!result?.dry_run || pending || result.rows.every((r) => r.error)}
            onClick={() => run(false)}
          >
            적용
          </button>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </section>
      {result && (
        <section className={styles.card} aria-labelledby="csv-result">
          <h2 id="csv-result">
            {result.dry_run ? '미리보기' : '적용 결과'} · {result.kind === 'stock' ? '재고' : '가격'}
          </h2>
          <output className={result.dry_run ? styles.muted : styles.ok} data-testid="csv-summary">
            {result.dry_run
              ? `${result.rows.length - result.refused}줄을 바꿀 수 있고 ${result.refused}줄은 바꿀 수 없어요.`
              : `${result.applied}줄을 바꿨고 ${result.refused}줄은 바꾸지 않았어요.`}
          </output>
          <table className={styles.table} aria-label="CSV 줄">
            <thead>
              <tr>
                <th>줄</th>
                <th>번호</th>
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
                  <td>{show(r.before)}</td>
                  <td>{show(r.after)}</td>
                  <td className={r.error ? styles.error : styles.ok}>{r.error ?? '확인'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
