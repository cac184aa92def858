/**
 * The storefront side of the content forms (SPEC.md "Contents", packages/shared content-forms.ts):
 * the results a page shows on load, and posting an answer. The two result reads are additions to
 * the catalogue (GET /api/contents/posts/{id}/answers, GET /api/contents/daily-look-feedback), so
 * the client does not know their access: the visitor's guest id goes along explicitly, and a
 * visitor with neither a token nor a guest id has answered nothing yet (no call).
 */
import {
  type AnswerResult,
  type ApiPathTo,
  type FormAck,
  type FormResults,
  hasGuestIdShape,
} from '@codiroom/shared';
import { browserApi } from '../lib/browser-api';
import { readBrowserCookie } from '../lib/cookies';

export const resultKey = (r: Pick<AnswerResult, 'form' | 'question_id'>) => `${r.form}:${r.question_id}`;

function identity(): Record<string, string> | null {
  const guest = readBrowserCookie('guestID');
  const member = readBrowserCookie('isLogin') === 'true';
  if (!member && !hasGuestIdShape(guest)) return null;
  return hasGuestIdShape(guest) ? { 'x-guest-user-id': guest as string } : {};
}

async function readResults(
  path: ApiPathTo<'GET', FormResults>,
  signal: AbortSignal,
): Promise<AnswerResult[]> {
  const headers = identity();
  if (!headers) return [];
  const r = await browserApi()
    .request('GET', path, { headers, signal })
    .catch(() => null);
  return r?.ok ? r.data.results : [];
}

export const loadPostResults = (postId: number, signal: AbortSignal) =>
  readResults(`/api/contents/posts/${postId}/answers`, signal);

export const loadDailyLookResults = (codiId: number, signal: AbortSignal) =>
  readResults(`/api/contents/daily-look-feedback?codi_id=${codiId}`, signal);

/** The calls that take a form's answer. */
export type FormPath = ApiPathTo<'POST', FormAck>;

/** Posts an answer (a catalogue call: the client adds the guest id or token itself). */
export const sendAnswer = (path: FormPath, body: object) => browserApi().request('POST', path, { body });
