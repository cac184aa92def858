import {
  type AgreementKey,
  type Agreements,
  allAgreements,
  everyAgreementGiven,
  SIGN_UP_AGREEMENTS,
} from '@codiroom/shared';
import { FieldError } from './FieldError';
import styles from './SignUpAgreements.module.css';

const DOCUMENTS: Partial<Record<AgreementKey, string>> = {
  agree_terms: '/info/terms',
  agree_privacy: '/info/privacy',
};

/**
 * The sign-up agreements Korean law asks for (packages/shared account.ts): 전체 동의, then
 * 이용약관, 개인정보 수집·이용 and 만 14세 이상 (required) and 광고성 정보 수신 (optional).
 */
export function SignUpAgreements({
  value,
  onChange,
  error,
}: {
  value: Agreements;
  onChange: (next: Agreements) => void;
  error: string | null | undefined;
}) {
  const errorId = 'agreements-error';
  return (
    <fieldset
      className={styles.box}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>약관 동의</legend>
      <label className={`${styles.row} ${styles.all}`}>
        <input
          type="checkbox"
          className={styles.check}
          checked={everyAgreementGiven(value)}
          onChange={(e) => onChange(allAgreements(e.currentTarget.checked))}
          {...(error ? { 'aria-invalid': true } : {})}
        />
        전체 동의 (선택 항목 포함)
      </label>
      {SIGN_UP_AGREEMENTS.map((a) => (
        <span key={a.key} className={styles.line}>
          <label className={styles.row}>
            <input
              type="checkbox"
              name={a.key}
              className={styles.check}
              checked={value[a.key] === true}
              onChange={(e) => onChange({ ...value, [a.key]: e.currentTarget.checked })}
            />
            {a.label}
          </label>
          {DOCUMENTS[a.key] && (
            <a href={DOCUMENTS[a.key]} target="_blank" rel="noopener" className={styles.view}>
              보기
            </a>
          )}
        </span>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
