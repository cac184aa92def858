/** KST date and time for the back office ("11. 26. 오후 3:05"). */
export function kst(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A count with Korean digit grouping ("12,345"). */
export const count = (v: number) => v.toLocaleString('ko-KR');

/** A share (0.1234) as a percentage with one decimal ("12.3%"). */
export const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** A datetime-local value ("2026-11-27T10:00", read as KST) as an ISO instant, or null when empty. */
export const kstInstant = (v: string | null | undefined): string | null => (v ? `${v}:00+09:00` : null);

/** An ISO instant as a datetime-local value in KST ("2026-11-27T10:00"), or '' for null. */
export function kstInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = new Date(Date.parse(iso) + 9 * 3_600_000);
  return Number.isNaN(t.getTime()) ? '' : t.toISOString().slice(0, 16);
}
