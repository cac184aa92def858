import type { WebStatusBody } from '@codiroom/shared';

export type WebStatusScreen = 'none' | 'maintenance' | 'loading-delay' | 'overload' | 'error4';

/**
 * SPEC.md "Web status": with the flag on, the overload (502) and error-4 variants show their own
 * screens; otherwise a start and end window shows the maintenance screen and no window shows the
 * loading-delay message.
 */
export function webStatusScreen(status: WebStatusBody | null | undefined): WebStatusScreen {
  if (!status?.result) return 'none';
  if (status.variant === 'overload') return 'overload';
  if (status.variant === 'error4') return 'error4';
  return status.start_at && status.end_at ? 'maintenance' : 'loading-delay';
}

/** SPEC.md: when the flag goes from on to off, the page reloads. */
export function webStatusNeedsReload(previous: boolean | undefined, next: boolean): boolean {
  return previous === true && next === false;
}
