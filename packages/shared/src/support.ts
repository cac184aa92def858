/**
 * Customer support (docs/ARCHITECTURE.md, "Support"): the 1:1 문의 category tree of a fashion
 * shop, what a ticket may point at, its statuses, and the bodies of the ticket calls.
 */
import { z } from 'zod';
import { withJosa } from './josa.ts';

export const SUPPORT_CATEGORIES = {
  '주문/결제': ['결제 수단', '주문 확인', '영수증·증빙'],
  배송: ['배송 조회', '배송 지연', '배송지 변경'],
  '취소/반품/교환': ['주문 취소', '반품', '교환', '환불'],
  '상품/사이즈': ['사이즈 문의', '상품 정보', '재입고'],
  '쿠폰/포인트': ['쿠폰', '포인트', '미션'],
  회원: ['회원 정보', '로그인', '탈퇴'],
  스타일링: ['MY큐레이션', '코디 추천'],
  기타: ['기타'],
} as const;
export type SupportMainCategory = keyof typeof SUPPORT_CATEGORIES;
export const SUPPORT_MAIN_CATEGORIES = Object.keys(SUPPORT_CATEGORIES) as SupportMainCategory[];

/** A ticket is about one of the member's orders, a product, or nothing in particular. */
export const SUPPORT_TARGET_TYPES = ['ORDER', 'PRODUCT'] as const;
export const SUPPORT_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABEL: Record<SupportStatus, string> = {
  OPEN: '답변 대기',
  ANSWERED: '답변 완료',
  CLOSED: '종료',
};
/**
 * What a ticket is: a 1:1 문의, a telephone call-back request (telephone-cs) or the member's thread
 * with their curator (post-curator-chat).
 */
export const SUPPORT_KINDS = ['TICKET', 'CALLBACK', 'CURATOR_CHAT'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export const SUPPORT_KIND_LABEL: Record<SupportKind, string> = {
  TICKET: '1:1 문의',
  CALLBACK: '전화 상담',
  CURATOR_CHAT: '큐레이터 대화',
};
/**
 * The support desk's hours, the one text every screen shows (footer, 1:1 문의, call-back form and
 * confirmation): answers and call-backs happen within them.
 */
export const SUPPORT_HOURS = '평일 10:00 - 17:00 (점심 12:30 - 13:30, 주말·공휴일 휴무)';
/** The hours in a sentence ("평일 10:00 - 17:00에 답해드려요"). */
export const SUPPORT_HOURS_SHORT = '평일 10:00 - 17:00';

/**
 * What a ticket is about, as the member and the inbox read it: a call-back or a curator thread by
 * its kind (전화 상담, 큐레이터 대화), a 1:1 문의 by its category ("배송 · 배송 지연").
 */
export function supportCategoryLabel(t: {
  kind: SupportKind;
  main_category: string;
  sub_category: string | null;
}): string {
  if (t.kind !== 'TICKET') return SUPPORT_KIND_LABEL[t.kind];
  return t.sub_category ? `${t.main_category} · ${t.sub_category}` : t.main_category;
}

/**
 * The call-back's confirmation: what happens next, to which number and when (SUPPORT_HOURS; the
 * member's preferred time when given).
 */
export function callbackConfirmation(phone: string, preferredTime: string | null): string {
  const when = preferredTime
    ? `${SUPPORT_HOURS_SHORT} 중 말씀하신 시간(${preferredTime})에 맞춰`
    : `${SUPPORT_HOURS_SHORT} 사이에`;
  return `전화 상담 요청을 받았어요. 상담사가 ${when} ${withJosa(phone, '으로/로')} 전화드릴게요.`;
}

export const SUPPORT_LIMITS = { files: 5, title: 100, content: 3000 } as const;

/** Whether `sub` is a sub-category of `main` (the tree above). */
export function isSupportCategory(main: string, sub: string | null | undefined): boolean {
  if (!Object.hasOwn(SUPPORT_CATEGORIES, main)) return false;
  const subs: readonly string[] = SUPPORT_CATEGORIES[main as SupportMainCategory];
  return sub === null || sub === undefined || sub === '' || subs.includes(sub);
}

/** The text fields of a new ticket (the multipart form's fields; files beside them). */
export const TicketFields = z
  .object({
    main_category: z.string().refine((v) => Object.hasOwn(SUPPORT_CATEGORIES, v), '문의 유형을 골라주세요.'),
    sub_category: z.string().trim().max(50).optional(),
    title: z.string().trim().min(2, '제목을 두 글자 이상 적어주세요.').max(SUPPORT_LIMITS.title),
    content: z.string().trim().min(10, '내용을 10자 이상 적어주세요.').max(SUPPORT_LIMITS.content),
    target_type: z.enum(SUPPORT_TARGET_TYPES).optional(),
    target_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((t) => isSupportCategory(t.main_category, t.sub_category), {
    message: '세부 유형이 문의 유형에 맞지 않아요.',
    path: ['sub_category'],
  })
  .refine((t) => (t.target_type === undefined) === (t.target_id === undefined), {
    message: '문의할 주문이나 상품을 함께 골라주세요.',
    path: ['target_id'],
  });
export type TicketFields = z.input<typeof TicketFields>;

const Int = z.number().int();
export const TicketSummary = z.object({
  id: Int,
  main_category: z.string(),
  sub_category: z.string().nullable(),
  title: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  status_label: z.string(),
  target_type: z.string().nullable(),
  target_id: Int.nullable(),
  kind: z.enum(SUPPORT_KINDS),
  /** CALLBACK: the number to call and the member's preferred time; otherwise null. */
  callback_phone: z.string().nullable(),
  callback_time: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof TicketSummary>;
export const TicketMessage = z.object({
  id: Int,
  author: z.enum(['MEMBER', 'OPERATOR']),
  /** 코디룸 고객센터 for the shop's answers (담당 큐레이터 in a curator chat). */
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const TicketDetail = TicketSummary.extend({
  content: z.string(),
  /** Signed URLs of the attachments (they stop working after an hour). */
  files: z.array(z.object({ id: Int, url: z.string(), name: z.string() })),
  messages: z.array(TicketMessage),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** A reply in a ticket's thread (the member's, or the shop's answer). */
export const TicketReply = z
  .object({ body: z.string().trim().min(2, '두 글자 이상 적어주세요.').max(SUPPORT_LIMITS.content) })
  .strict();

/** Answer templates of the back office's inbox. */
export const SUPPORT_TEMPLATES = [
  {
    title: '배송 지연 안내',
    body: '안녕하세요, 코디룸 고객센터입니다. 주문하신 상품이 브랜드 사정으로 출고가 늦어지고 있어요. 출고되는 대로 송장번호를 알림으로 보내드릴게요. 불편을 드려 죄송합니다.',
  },
  {
    title: '사이즈 교환 안내',
    body: '안녕하세요, 코디룸 고객센터입니다. 배송완료 후 7일 안에 마이페이지 > 주문·배송 조회에서 교환 신청을 하시면 원하시는 사이즈로 바꿔드려요. 단순 변심 교환은 왕복 배송비가 있어요.',
  },
  {
    title: '환불 일정 안내',
    body: '안녕하세요, 코디룸 고객센터입니다. 반품 상품이 도착해 확인되면 결제하신 수단으로 환불돼요. 카드는 카드사 사정에 따라 영업일 기준 3~5일 걸릴 수 있어요.',
  },
] as const;
