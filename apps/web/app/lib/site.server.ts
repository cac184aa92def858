import { SUPPORT_HOURS } from '@codiroom/shared';
/**
 * Business information a Korean online shop must show (전자상거래법 §10), from configuration.
 * The defaults are the development shop's; production sets the SITE_* variables.
 */
export type SiteInfo = {
  name: string;
  company: string;
  ceo: string;
  businessNumber: string;
  mailOrderNumber: string;
  address: string;
  supportPhone: string;
  supportEmail: string;
  /** The error screen's "팀에 오류 알리기" address (SPEC.md §2 Shell screens: contact-the-team link). */
  errorContactEmail: string;
  supportHours: string;
  hosting: string;
  privacyOfficer: string;
};

export function siteInfo(env: NodeJS.ProcessEnv = process.env): SiteInfo {
  return {
    name: env.SITE_NAME ?? '코디룸',
    company: env.SITE_COMPANY ?? '주식회사 코디룸',
    ceo: env.SITE_CEO ?? '정민준',
    businessNumber: env.SITE_BUSINESS_NUMBER ?? '000-00-00000',
    mailOrderNumber: env.SITE_MAIL_ORDER_NUMBER ?? '제2026-서울성동-0000호',
    address: env.SITE_ADDRESS ?? '서울특별시 성동구 성수이로 00, 0층',
    supportPhone: env.SITE_SUPPORT_PHONE ?? '1600-0000',
    supportEmail: env.SITE_SUPPORT_EMAIL ?? 'help@codiroom.example',
    errorContactEmail: env.SITE_ERROR_CONTACT_EMAIL ?? env.SITE_SUPPORT_EMAIL ?? 'help@codiroom.example',
    // One text on every screen (the call-back form and 1:1 문의 say the same).
    supportHours: SUPPORT_HOURS,
    hosting: env.SITE_HOSTING ?? '코디룸 자체 호스팅',
    privacyOfficer: env.SITE_PRIVACY_OFFICER ?? '정민준',
  };
}
