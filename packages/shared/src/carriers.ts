/**
 * Korean parcel carriers (docs/ARCHITECTURE.md, "Back office"): the carrier an operator picks when
 * an item ships, its tracking number's shape, and the carrier's public tracking page the shopper
 * opens from the order detail.
 */
export const CARRIERS = {
  CJ: {
    name: 'CJ대한통운',
    digits: [10, 12],
    url: 'https://trace.cjlogistics.com/next/tracking.html?wblNo=',
  },
  POST: {
    name: '우체국택배',
    digits: [13, 13],
    url: 'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=',
  },
  HANJIN: {
    name: '한진택배',
    digits: [10, 14],
    url: 'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=',
  },
  LOTTE: {
    name: '롯데택배',
    digits: [10, 13],
    url: 'https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=',
  },
  LOGEN: { name: '로젠택배', digits: [11, 11], url: 'https://www.ilogen.com/web/personal/trace/' },
} as const;
export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

/** The tracking number without spaces and dashes, or null when it is not the carrier's shape. */
export function normaliseTrackingNumber(carrier: CarrierCode, raw: string): string | null {
  const n = raw.replace(/[\s-]/g, '');
  const [min, max] = CARRIERS[carrier].digits;
  return /^\d+$/.test(n) && n.length >= min && n.length <= max ? n : null;
}

/** The carrier's tracking page for a number (null without both). */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  if (!carrier || !number || !(carrier in CARRIERS)) return null;
  return `${CARRIERS[carrier as CarrierCode].url}${encodeURIComponent(number)}`;
}
