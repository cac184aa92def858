/**
 * How an order reads to a shopper (and to CS on the phone with one): a readable order number, the
 * phone and date formats, the payment method in Korean. URLs and the API keep the internal ids.
 */
import { kstDate, kstParts } from './time.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * "20261127-000123": the KST date the order was placed and its id, six digits at least. Derived
 * from the order (nothing stored), unique because the id is.
 */
export function orderNumber(order: { id: number; created_at: string | Date }): string {
  const p = kstParts(new Date(order.created_at));
  return `${p.year}${pad(p.month)}${pad(p.day)}-${pad(order.id, 6)}`;
}

const ORDER_NUMBER_RE = /^(\d{4})(\d{2})(\d{2})-(\d{6,10})$/;

/**
 * The parts of a readable order number, or null when `text` is none: the order id and the KST day
 * it names (the instants of its start and of the next day's), so a lookup checks both.
 */
export function parseOrderNumber(text: string): { id: number; from: Date; to: Date } | null {
  const m = ORDER_NUMBER_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, id] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || id < 1 || id > 2_147_483_647) return null;
  const from = kstDate(y, mo, d);
  const check = kstParts(from);
  if (check.year !== y || check.month !== mo || check.day !== d) return null; // 2월 30일
  return { id, from, to: kstDate(y, mo, d + 1) };
}

/**
 * "01012345678" → "010-1234-5678"; "0212345678" → "02-1234-5678"; other shapes (a foreign number,
 * a masked one) as given.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\D/g, '');
  if (/^02\d{7,8}$/.test(d)) return `02-${d.slice(2, -4)}-${d.slice(-4)}`;
  if (/^0\d{9,10}$/.test(d)) return `${d.slice(0, 3)}-${d.slice(3, -4)}-${d.slice(-4)}`;
  if (/^1[5-9]\d{6}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`; // 1588-0000
  return phone;
}

/** "2026.11.27 14:03" in KST. */
export function formatKstDateTime(at: string | Date): string {
  const p = kstParts(new Date(at));
  return `${p.year}.${pad(p.month)}.${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** Toss's English method names (an English Accept-Language) in the Korean its Korean answers use. */
const METHOD_LABEL: Record<string, string> = {
  CARD: '카드',
  VIRTUAL_ACCOUNT: '가상계좌',
  EASY_PAY: '간편결제',
  MOBILE_PHONE: '휴대폰',
  TRANSFER: '계좌이체',
  CULTURE_GIFT_CERTIFICATE: '문화상품권',
  BOOK_GIFT_CERTIFICATE: '도서문화상품권',
  GAME_GIFT_CERTIFICATE: '게임문화상품권',
};

/**
 * The method of the gateway's answer as a shopper reads it ("카드", "간편결제"); '-' before
 * payment. (The method chosen at checkout has its own label: payment-methods.ts.)
 */
export function gatewayMethodLabel(method: string | null | undefined): string {
  if (!method) return '-';
  const key = method
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (METHOD_LABEL[key]) return METHOD_LABEL[key];
  return /[가-힣]/.test(method) ? method.trim() : '기타 결제';
}
