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
