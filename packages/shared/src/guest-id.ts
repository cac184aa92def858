/**
 * Guest ids (SPEC.md §6: guests use a cart and likes by sending `x-guest-user-id`; §4: the
 * `guestID` cookie lives 30 days). Whoever knows a guest id owns that cart and those likes, so the
 * id is a bearer secret the server issues and signs, never a value the client picks:
 *
 *   `<random UUID v4>.<HMAC-SHA256 of the UUID, first 16 bytes, base64url: 22 characters>`
 *
 * 59 characters (the guest_id columns hold 64). The key is derived from JWT_SECRET
 * (apps/api/src/platform/guest-id.ts); only the server can tell a valid id from a well-formed one.
 * `POST /api/users/guest-id` hands one out (or confirms the one sent); the access guard answers 400
 * GUEST_ID_INVALID to any other value, and the API client then fetches a new id and retries once.
 */
export const GUEST_ID_PATH = '/api/users/guest-id';

/** The shape of an issued guest id (lowercase UUID v4, a dot, 22 base64url characters). */
export const GUEST_ID_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.[A-Za-z0-9_-]{22}$/;

export const GUEST_ID_LENGTH = 59;

/** The 400 detail for a guest id the server did not issue (forged, guessed, old or malformed). */
export const GUEST_ID_INVALID = `Invalid x-guest-user-id: not issued by this server; get one from POST ${GUEST_ID_PATH}`;

/** Whether a value has the shape of an issued guest id (the signature is checked by the server). */
export function hasGuestIdShape(value: unknown): value is string {
  return typeof value === 'string' && GUEST_ID_RE.test(value);
}
