/**
 * The back office's CSV upload (docs/ARCHITECTURE.md, "Back office"): a file or pasted text,
 * previewed first (a dry run: every row with what would happen or why it is refused), then applied
 * (the valid rows only). Each screen sends it to its own call and draws its own rows.
 */
import type { AdminCsvOutcome } from '@codiroom/shared';
import { type ReactNode, useState } from 'react';
import styles from './admin.module.css';
import { errorText } from './api';

/**
 * `send` is the screen's typed call (`adminApi.post(path, body)`): the rows' type is its answer's,
 * from the call's path.
 */
export function CsvUpload<R extends AdminCsvOutcome>({
  send,
  help,
  children,
}: {
  send: (body: { csv: string; dry_run: boolean }) => Promise<R>;
  help: ReactNode;
  children: (result: R) => ReactNode;
}) {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async (dryRun: boolean) => {
    setPending(true);
    try {
      setResult(await send({ csv, dry_run: dryRun }));
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <section className={styles.card} aria-labelledby="csv-help">
        <h2 id="csv-help">파일 형식</h2>
        <p className={styles.muted}>{help}</p>
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
          <h2 id="csv-result">{result.dry_run ? '미리보기' : '적용 결과'}</h2>
          <output className={result.dry_run ? styles.muted : styles.ok} data-testid="csv-summary">
            {result.dry_run
              ? `${result.rows.length - result.refused}줄을 바꿀 수 있고 ${result.refused}줄은 바꿀 수 없어요.`
              : `${result.applied}줄을 바꿨고 ${result.refused}줄은 바꾸지 않았어요.`}
          </output>
          {children(result)}
        </section>
      )}
    </>
  );
}
