import { kstDatetimeLocal, kstText } from '@codiroom/shared';

/** KST date and time for the back office ("2026.11.26 15:05"), through the shop's one KST formatter. */
export const kst = (iso: string | null | undefined): string => kstText(iso, 'datetime', '—');

/** A count with Korean digit grouping ("12,345"). */
export const count = (v: number) => v.toLocaleString('ko-KR');

/** A share (0.1234) as a percentage with one decimal ("12.3%"). */
export const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** A datetime-local value ("2026-11-27T10:00", read as KST) as an ISO instant, or null when empty. */
export const kstInstant = (v: string | null | undefined): string | null => (v ? `${v}:00+09:00` : null);

/** An ISO instant as a datetime-local value in KST ("2026-11-27T10:00"), or '' for null. */
export function kstInputValue(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? kstDatetimeLocal(d) : '';
}
