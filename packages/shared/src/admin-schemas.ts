/**
 * The back office (docs/ARCHITECTURE.md, "Back office"): operator roles and the wire schemas of
 * /api/admin/auth and /api/admin/operators. Operators are not shoppers: their own accounts,
 * passwords, sessions (an HttpOnly cookie with a CSRF token) and roles.
 */
import { z } from 'zod';

/**
 * ADMIN: everything, and manages operators; MD: catalogue, prices, promotions, content; CS: orders,
 * claims, tickets, review moderation, member look-up; CURATOR: the curation queue.
 */
export const OPERATOR_ROLES = ['ADMIN', 'MD', 'CS', 'CURATOR'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABEL: Record<OperatorRole, string> = {
  ADMIN: '관리자',
  MD: 'MD',
  CS: 'CS',
  CURATOR: '큐레이터',
};

/** Whether an operator with `roles` may call a route open to `allowed` (ADMIN may call everything). */
export function roleAllows(roles: readonly string[], allowed: readonly OperatorRole[]): boolean {
  return roles.includes('ADMIN') || roles.some((r) => (allowed as readonly string[]).includes(r));
}

/** The operator password rule: 10–128 characters with a letter and a digit. */
export const OperatorPassword = z
  .string()
  .min(10, '비밀번호는 10자 이상이어야 합니다.')
  .max(128)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), '비밀번호에는 영문과 숫자가 모두 있어야 합니다.');

export const OperatorLoginRequest = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    password: z.string().min(1).max(128),
    /** The 6-digit code of the authenticator app, when the second factor is on. */
    totp: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .strict();
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequest>;

export const OperatorView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
  totp_enabled: z.boolean(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorView = z.infer<typeof OperatorView>;

/** The signed-in operator and the CSRF token to send back in x-csrf-token on every change. */
export const OperatorSessionBody = z.object({
  operator: OperatorView,
  csrf_token: z.string(),
  /** Minutes without a call after which the session ends. */
  idle_timeout_min: z.number().int(),
});
export type OperatorSessionBody = z.infer<typeof OperatorSessionBody>;

export const CreateOperatorRequest = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    name: z.string().trim().min(1).max(50),
    roles: z.array(z.enum(OPERATOR_ROLES)).min(1).max(4),
    password: OperatorPassword,
  })
  .strict();
export type CreateOperatorRequest = z.infer<typeof CreateOperatorRequest>;

export const UpdateOperatorRequest = z
  .object({
    name: z.string().trim().min(1).max(50).optional(),
    roles: z.array(z.enum(OPERATOR_ROLES)).min(1).max(4).optional(),
    is_active: z.boolean().optional(),
    password: OperatorPassword.optional(),
    /** Turns the second factor off (the operator sets it up again). */
    reset_totp: z.literal(true).optional(),
  })
  .strict();
export type UpdateOperatorRequest = z.infer<typeof UpdateOperatorRequest>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  status_code: z.number().int(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
