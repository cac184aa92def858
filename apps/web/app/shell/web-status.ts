import { WEB_STATUS_POLL_MS, type WebStatusBody } from '@codiroom/shared';
import { useEffect, useRef, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { webStatusNeedsReload } from '../lib/web-status';

/** The flag now (the server answers it no-store), or null when it could not be read. */
const fetchWebStatus = (): Promise<WebStatusBody | null> => browserApi().getOr('/api/web-status', null);

/**
 * SPEC.md "Web status": fetched at start when the page was not server-rendered (no status in the
 * server data), polled every 300000 ms while the flag is on, and the page reloads when the flag
 * goes from on to off.
 */
export function useWebStatus(fromServer: WebStatusBody | null): WebStatusBody | null {
  const [status, setStatus] = useState<WebStatusBody | null>(fromServer);
  const last = useRef<boolean | undefined>(fromServer?.result);

  const apply = (next: WebStatusBody | null) => {
    if (!next) return;
    if (webStatusNeedsReload(last.current, next.result)) {
      window.location.reload();
      return;
    }
    last.current = next.result;
    setStatus(next);
  };

  // The root loader re-runs on navigation and brings a fresh status.
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply is stable in behaviour
  useEffect(() => {
    if (fromServer) apply(fromServer);
  }, [fromServer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: run once at start
  useEffect(() => {
    if (!fromServer) void fetchWebStatus().then(apply);
  }, []);

  const on = status?.result === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: poll only while the flag is on
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => void fetchWebStatus().then(apply), WEB_STATUS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [on]);

  return status;
}
