import { withJosa } from '@codiroom/shared';
import { Link } from 'react-router';
import { useRootData } from '../lib/root-data';
import styles from './Footer.module.css';

/** The business information a Korean online shop must display (from configuration). */
export function Footer() {
  const site = useRootData()?.site;
  if (!site) return null;
  return (
    <footer className={styles.footer}>
      <nav className={styles.links} aria-label="약관 및 정책">
        <Link to="/info/terms">이용약관</Link>
        <Link to="/info/privacy" className={styles.strong}>
          개인정보처리방침
        </Link>
        <Link to="/info/faq">고객센터</Link>
      </nav>
      <p className={styles.support}>
        고객센터 <a href={`tel:${site.supportPhone}`}>{site.supportPhone}</a>
        <br />
        {site.supportHours}
      </p>
      <dl className={styles.info}>
        <div>
          <dt>상호</dt>
          <dd>{site.company}</dd>
        </div>
        <div>
          <dt>대표자</dt>
          <dd>{site.ceo}</dd>
        </div>
        <div>
          <dt>사업자등록번호</dt>
          <dd>{site.businessNumber}</dd>
        </div>
        <div>
          <dt>통신판매업 신고번호</dt>
          <dd>{site.mailOrderNumber}</dd>
        </div>
        <div>
          <dt>주소</dt>
          <dd>{site.address}</dd>
        </div>
        <div>
          <dt>이메일</dt>
          <dd>{site.supportEmail}</dd>
        </div>
        <div>
          <dt>개인정보보호책임자</dt>
          <dd>{site.privacyOfficer}</dd>
        </div>
        <div>
          <dt>호스팅 제공자</dt>
          <dd>{site.hosting}</dd>
        </div>
      </dl>
      <p className={styles.notice}>
        {withJosa(site.company, '은/는')} 통신판매중개자로서 일부 상품의 거래 당사자가 아니며, 입점 브랜드가
        등록한 상품 정보 및 거래에 대한 책임은 각 브랜드에 있습니다.
      </p>
      <p className={styles.copy}>© {site.name}. All rights reserved.</p>
    </footer>
  );
}
