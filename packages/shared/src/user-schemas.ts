/**
 * Wire schemas and rules of the member-data calls under /api/users/ (API-CATALOGUE.md "Users"):
 * user detail and info, user status, curation view status, public profiles, profile update,
 * size info, photos, shipping addresses, notification flags, referral codes, the SES selection,
 * A/B variants and withdrawal. The API validates and documents with them; the storefront
 * imports the inferred types. Sign-in, sign-up, SMS and tokens live in auth-schemas.ts.
 *
 * Conventions: snake_case field names (SPEC.md), money in integer won, instants as ISO 8601 UTC.
 */
import { z } from 'zod';
import type { AbGroup, SubAbGroup } from './ab.ts';
import { PHOTO_TYPES, USER_MAIN_STATUSES } from './constants.ts';
import { GUEST_ID_RE } from './guest-id.ts';
import { FIT_PREFERENCES } from './sizing.ts';

const Int = z.number().int();
const Instant = z.iso.datetime();

// ───────────────────────────── rules and limits ─────────────────────────────

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];
/** Profile ranges (cm, kg, years). */
export const HEIGHT_RANGE = { min: 140, max: 210 } as const;
export const WEIGHT_RANGE = { min: 40, max: 150 } as const;
export const AGE_RANGE = { min: 14, max: 99 } as const;
/** SPEC.md §5: a name of 50 or more characters blocks sign-up, so a profile name has at most 49. */
export const USER_NAME_MAX = 49;
/** Shipping addresses a member may keep. */
export const MAX_ADDRESSES = 20;
/** AI curations a member can ask for per KST calendar month, the style quiz's first included (next_ai_curation_left counts down). */
export const AI_CURATIONS_PER_MONTH = 3;
/** Referral codes: 8 characters without the look-alikes 0/O, 1/I/L. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** The name a withdrawn account keeps. */
export const WITHDRAWN_USER_NAME = '탈퇴회원';
/** Largest stored SES selection (serialised JSON, bytes of UTF-16 code units). */
export const SES_SELECTED_MAX_CHARS = 8_192;

/** SPEC.md §3: the main-page status of a user (USER_MAIN_STATUSES in constants.ts). */
export type UserMainStatus = (typeof USER_MAIN_STATUSES)[number];

/** '01012345678' → '010-****-5678'; '0212345678' → '02-****-5678'; null stays null. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const d = phone.replace(/\D/g, '');
  if (d.length < 7) return '*'.repeat(d.length);
  const head = d.startsWith('02') ? 2 : 3;
  const tail = 4;
  const middle = d.length - head - tail;
  return `${d.slice(0, head)}-${'*'.repeat(middle)}-${d.slice(-tail)}`;
}

/**
 * An e-mail address for the back office before an operator reveals it: the first two characters
 * of the local part kept, the rest starred, the domain kept ('codi.kim@naver.com' →
 * 'co******@naver.com', 'a@b.kr' → '*@b.kr'); null stays null.
 */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '*'.repeat(Math.min(email.length, 8));
  const local = Array.from(email.slice(0, at));
  const keep = local.length <= 2 ? 0 : 2;
  return `${local.slice(0, keep).join('')}${'*'.repeat(local.length - keep)}${email.slice(at)}`;
}

/**
 * The public form of a name: first and last character kept, the rest starred
 * ('김코디' → '김*디', '김코' → '김*', '남궁코디' → '남**디'). Counts characters, not UTF-16 units.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 0) return '회원';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export type StatusFacts = {
  isLogin: boolean;
  /** A style_quizzes row exists or users.stylequiz is set. */
  hasStyleQuiz: boolean;
  /** At least one curation is DONE. */
  hasDoneCuration: boolean;
  /** A curation waits for a drafting slot (REQUESTED, curators at capacity), or has_reservation is set. */
  isWaiting: boolean;
};

/** SPEC.md §3 "User status" flags. The three quiz/curation flags are mutually exclusive. */
export function statusFlags(f: StatusFacts) {
  const noQuiz = !f.isLogin || !f.hasStyleQuiz;
  return {
    none_style_quiz_user: noQuiz,
    style_quiz_but_none_curation: !noQuiz && !f.hasDoneCuration,
    curationed: !noQuiz && f.hasDoneCuration,
    waiting_list: f.isLogin && f.isWaiting,
  };
}

/**
 * The main-page status, in this order: no quiz → NONE_STYLE_QUIZ; waiting → WAITING_LIST (a new
 * request in the queue outranks an older result); a DONE curation → CURATIONED; else NONE_CURATIONED.
 */
export function mainStatus(f: StatusFacts): UserMainStatus {
  if (!f.isLogin || !f.hasStyleQuiz) return 'NONE_STYLE_QUIZ';
  if (f.isWaiting) return 'WAITING_LIST';
  return f.hasDoneCuration ? 'CURATIONED' : 'NONE_CURATIONED';
}

// ───────────────────────────── field schemas ─────────────────────────────

const trimmed = (min: number, max: number) => z.string().trim().min(min).max(max);
export const UserNameField = trimmed(1, USER_NAME_MAX);
export const EmailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'expected an e-mail address' }));
export const GenderField = z.enum(GENDERS);
export const HeightField = z.number().int().min(HEIGHT_RANGE.min).max(HEIGHT_RANGE.max);
export const WeightField = z.number().int().min(WEIGHT_RANGE.min).max(WEIGHT_RANGE.max);
export const AgeField = z.number().int().min(AGE_RANGE.min).max(AGE_RANGE.max);
/** A Korean phone number, with or without hyphens; stored as digits. */
export const PhoneField = z
  .string()
  .trim()
  .regex(/^0\d{1,2}-?\d{3,4}-?\d{4}$/, 'expected a phone number such as 010-1234-5678')
  .transform((v) => v.replace(/-/g, ''));
export const ZipcodeField = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'expected a 5-digit zipcode');

// ───────────────────────────── responses ─────────────────────────────

export const OkBody = z.object({ result: z.literal('ok') });
export type OkBody = z.infer<typeof OkBody>;

/** SPEC.md §3 "User detail", plus the masked phone, e-mail and point balance. */
export const UserDetail = z.object({
  uuid: z.string(),
  id: Int,
  name: z.string(),
  age: Int.nullable(),
  gender: z.string().nullable(),
  height: Int.nullable(),
  weight: Int.nullable(),
  /** A style quiz was taken. */
  stylequiz: z.boolean(),
  curator_name: z.string().nullable(),
  has_reservation: z.boolean(),
  /** Masked: 010-****-5678. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Point balance in won. */
  point: Int,
  /** In-app notifications not read yet (the mypage badge). */
  unread_notifications: Int,
});
export type UserDetail = z.infer<typeof UserDetail>;

/** One in-app notification: an order shipped, a claim decided, a curation published … */
export const NotificationEntry = z.object({
  id: Int,
  /** ORDER, CLAIM, TICKET, CURATION, COUPON, REVIEW, POINT, MARKETING or GENERAL (NOTIFICATION_KINDS). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A storefront path to open (the order, the curation …), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationEntry = z.infer<typeof NotificationEntry>;

/** SPEC.md §3 client state "User info" (order fields are filled by the order screens). */
export const UserInfo = z.object({
  user: z.object({ id: Int, uuid: z.string(), name: z.string(), phone: z.string().nullable() }),
  /** From the default shipping address; null without one. */
  main_address: z.string().nullable(),
  detail_address: z.string().nullable(),
  zipcode: z.string().nullable(),
  point: Int,
  email: z.string().nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** SPEC.md §3 "User status". */
export const UserStatus = z.object({
  none_style_quiz_user: z.boolean(),
  style_quiz_but_none_curation: z.boolean(),
  curationed: z.boolean(),
  waiting_list: z.boolean(),
  is_login: z.boolean(),
  /** The member's uuid (what the storefront stores as userID); null for guests. */
  user_id: z.string().nullable(),
  loading: z.literal(false),
  is_cart_coupon_exist: z.boolean(),
});
export type UserStatus = z.infer<typeof UserStatus>;

export const UserStatusMain = z.object({ status: z.enum(USER_MAIN_STATUSES) });
export type UserStatusMain = z.infer<typeof UserStatusMain>;

/** SPEC.md §3 "Curation view status". */
export const CurationViewStatus = z.object({
  /** null: never curated; false: the latest DONE curation is unviewed; true: viewed. */
  current_curation_viewed: z.boolean().nullable(),
  /** AI curations left this KST month: AI_CURATIONS_PER_MONTH minus those requested this month. */
  next_ai_curation_left: Int,
});
export type CurationViewStatus = z.infer<typeof CurationViewStatus>;

export const PublicProfileSimple = z.object({
  id: Int,
  /** Masked: '김*디'. */
  name: z.string(),
  review_count: Int,
});
export type PublicProfileSimple = z.infer<typeof PublicProfileSimple>;

export const PublicReview = z.object({
  id: Int,
  product_display_id: Int,
  product_name: z.string(),
  rating: Int,
  content: z.string(),
  size_name: z.string().nullable(),
  photo_count: Int,
  created_at: Instant,
});
export type PublicReview = z.infer<typeof PublicReview>;

export const PublicProfile = PublicProfileSimple.extend({
  /** From the member's latest review that carries them (what they already published); else null. */
  height: Int.nullable(),
  weight: Int.nullable(),
  photo_review_count: Int,
  /** The 20 most recent reviews. */
  reviews: z.array(PublicReview),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const SizeInfo = z.object({
  height: Int.nullable(),
  weight: Int.nullable(),
  /** e.g. {"TOP":"L","BOTTOM":"32","SHOES":"270"} */
  sizes: z.record(z.string(), z.string()),
  /** How the member likes clothes to fit (docs/ARCHITECTURE.md, "Sizing"); null: not said. */
  fit_preference: z.enum(FIT_PREFERENCES).nullable(),
  updated_at: Instant.nullable(),
});
export type SizeInfo = z.infer<typeof SizeInfo>;

export const UserPhoto = z.object({
  id: Int,
  photo_type: z.enum(PHOTO_TYPES),
  image_url: z.string(),
  /** USER: user_photos; STYLE_QUIZ: photos uploaded with the style quiz (ids are per source). */
  source: z.enum(['USER', 'STYLE_QUIZ']),
  created_at: Instant,
});
export const UserPhotoList = z.object({ result: z.array(UserPhoto) });
export type UserPhotoList = z.infer<typeof UserPhotoList>;
export type UserPhoto = z.infer<typeof UserPhoto>;

export const ShippingAddress = z.object({
  id: Int,
  /** 배송지명 */
  name: z.string(),
  recipient: z.string(),
  phone: z.string(),
  zipcode: z.string(),
  main_address: z.string(),
  detail_address: z.string(),
  request: z.string().nullable(),
  is_default: z.boolean(),
  created_at: Instant,
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;
export const ShippingAddressList = z.object({ result: z.array(ShippingAddress) });
export type ShippingAddressList = z.infer<typeof ShippingAddressList>;

const AlertFlags = z.object({
  is_app_alert: z.boolean(),
  is_benefit_alert: z.boolean(),
  is_nighttime_alert: z.boolean(),
});
export type AlertFlag = keyof z.infer<typeof AlertFlags>;
/**
 * The three alarm flags, and (an addition) when the member agreed to 광고성 정보 (혜택·마케팅
 * 알림, is_benefit_alert) — at sign-up or by switching it on; null when not agreed.
 */
export const NotificationPermissions = AlertFlags.extend({
  marketing_agreed_at: z.iso.datetime().nullable(),
});
export type NotificationPermissions = z.infer<typeof NotificationPermissions>;

export const ReferralCodeBody = z.object({ referral_code: z.string() });
export const VerifyReferralCodeBody = z.object({ valid: z.boolean() });

export const SesSelectedBody = z.object({ ses_selected: z.unknown() });
export type SesSelectedBody = { ses_selected: unknown };

export const UserVariants = z.object({
  abType: z.enum(['A', 'B']),
  subAbType: z.enum(['A', 'B', 'C', 'D']),
  /** user: from the member's uuid (SPEC.md §4); guest: the same rule over the guest id. */
  basis: z.enum(['user', 'guest']),
});
export type UserVariants = { abType: AbGroup; subAbType: SubAbGroup; basis: 'user' | 'guest' };

// ───────────────────────────── requests ─────────────────────────────

/** PUT update-profile: every field optional; null clears age, gender, height, weight or email. */
export const UpdateProfileRequest = z
  .object({
    name: UserNameField.optional(),
    age: AgeField.nullable().optional(),
    gender: GenderField.nullable().optional(),
    height: HeightField.nullable().optional(),
    weight: WeightField.nullable().optional(),
    email: EmailField.nullable().optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

const SizeKey = z.string().regex(/^[A-Z][A-Z0-9_]{0,19}$/, 'expected an upper-case size key such as TOP');
/**
 * POST user-size-info: height and weight replace (null clears); sizes merge into the stored map,
 * a null value removing that key.
 */
export const SizeInfoRequest = z
  .object({
    height: HeightField.nullable().optional(),
    weight: WeightField.nullable().optional(),
    sizes: z
      .record(SizeKey, z.string().trim().min(1).max(20).nullable())
      .refine((v) => Object.keys(v).length <= 30, 'at most 30 sizes')
      .optional(),
    fit_preference: z.enum(FIT_PREFERENCES).nullable().optional(),
  })
  .strict();
export type SizeInfoRequest = z.infer<typeof SizeInfoRequest>;

export const ShippingAddressRequest = z
  .object({
    name: trimmed(1, 50),
    recipient: trimmed(1, 50),
    phone: PhoneField,
    zipcode: ZipcodeField,
    main_address: trimmed(1, 200),
    detail_address: z.string().trim().max(200).default(''),
    request: z.string().trim().max(200).nullable().default(null),
    is_default: z.boolean().default(false),
  })
  .strict();
export type ShippingAddressRequest = z.input<typeof ShippingAddressRequest>;

/** PUT put-user-shipping-info: the id and any address fields to change. */
export const ShippingAddressUpdateRequest = z
  .object({
    id: z.number().int().positive(),
    name: trimmed(1, 50).optional(),
    recipient: trimmed(1, 50).optional(),
    phone: PhoneField.optional(),
    zipcode: ZipcodeField.optional(),
    main_address: trimmed(1, 200).optional(),
    detail_address: z.string().trim().max(200).optional(),
    request: z.string().trim().max(200).nullable().optional(),
    is_default: z.boolean().optional(),
  })
  .strict();
export type ShippingAddressUpdateRequest = z.input<typeof ShippingAddressUpdateRequest>;

/** POST notification-permissions: any of the three flags; the others stay. */
export const NotificationPermissionsRequest = AlertFlags.partial().strict();
export type NotificationPermissionsRequest = z.infer<typeof NotificationPermissionsRequest>;

/**
 * The app's push permission, reported by the page for the native shell [addition]: granted with
 * the push service's subscription id, or withdrawn.
 */
export const AppPushPermissionRequest = z.discriminatedUnion('granted', [
  z
    .object({
      granted: z.literal(true),
      subscription_id: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, '구독 ID를 확인해주세요.'),
    })
    .strict(),
  z.object({ granted: z.literal(false) }).strict(),
]);
export type AppPushPermissionRequest = z.infer<typeof AppPushPermissionRequest>;
export const AppPushPermissionBody = z.object({ verified: z.boolean(), is_app_alert: z.boolean() });
export type AppPushPermissionBody = z.infer<typeof AppPushPermissionBody>;

export const VerifyReferralCodeQuery = z.object({ referral_code: z.string().max(64) });

export const SesSelectedRequest = z
  .object({ ses_selected: z.unknown() })
  .strict()
  .refine((v) => v.ses_selected !== undefined, { message: 'required', path: ['ses_selected'] })
  .refine((v) => JSON.stringify(v.ses_selected ?? null).length <= SES_SELECTED_MAX_CHARS, {
    message: `at most ${SES_SELECTED_MAX_CHARS} characters of JSON`,
    path: ['ses_selected'],
  });

/** POST stop: an optional reason, recorded as a 'user_stop' event log. */
export const StopRequest = z.object({ reason: z.string().max(500).optional() }).strict();

/** POST /api/users/guest-id (guest-id.ts: what a guest id is). */
export const GuestIdBody = z.object({
  guest_id: z.string().regex(GUEST_ID_RE).meta({
    description:
      'A server-signed guest id for the x-guest-user-id header and the 30-day guestID cookie: a random UUID v4, a dot and 22 base64url characters of signature',
    example: '0b7f2c4e-8a61-4d2e-9c3b-5f1a7e9d2c40.Erhz4U7sO3HhZXQ6KNAXjA',
  }),
});
export type GuestIdBody = z.infer<typeof GuestIdBody>;
