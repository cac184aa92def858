/** /admin: where the operator's work is (the dashboard grows here with the other back-office screens). */

import type { OperatorSessionBody } from '@codiroom/shared';
import { roleAllows } from '@codiroom/shared';
import { Link, useOutletContext } from 'react-router';
import styles from './admin.module.css';
import { MENU } from './layout';
import { TotpSetup } from './TotpSetup';

export default function AdminHome() {
  const { operator } = useOutletContext<OperatorSessionBody>();
  return (
    <>
      <h1>안녕하세요, {operator.name}님</h1>
      <div className={styles.card}>
        <p>오늘 할 일을 골라주세요.</p>
        <ul>
          {MENU.filter((m) => m.to !== '/admin' && roleAllows(operator.roles, m.roles)).map((m) => (
            <li key={m.to}>
              <Link to={m.to}>{m.label}</Link>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.card}>
        <TotpSetup enabled={operator.totp_enabled} />
      </div>
    </>
  );
}
