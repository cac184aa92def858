/**
 * A member's restock alerts (재입고 알림) of one colourway (docs/ARCHITECTURE.md, "Restock alerts"):
 * loaded in the browser for members, asked and cancelled per sold-out size. A guest's tap opens
 * the login-required popup.
 */
import type { RestockAlert } from '@codiroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';
import { useRootData } from '../lib/root-data';
import { useMutation } from '../lib/use-mutation';
import { usePopups } from '../shell/popups';

export function useRestockAlerts(productDisplayId: number, enabled: boolean) {
  const loggedIn = useRootData()?.isLoggedIn ?? false;
  const popups = usePopups();
  const [alerts, setAlerts] = useState<RestockAlert[]>([]);

  const load = useCallback(async () => {
    const body = await browserApi().getOr(`/api/restock-alerts?product_display_id=${productDisplayId}`, null);
    setAlerts(body?.result ?? []);
  }, [productDisplayId]);

  useEffect(() => {
    if (loggedIn && enabled) void load();
  }, [loggedIn, enabled, load]);

  const toggle = useMutation(
    async (itemId: number) => {
      const open = alerts.find((a) => a.product_item_id === itemId);
      const r = open
        ? await browserApi().request('DELETE', `/api/restock-alerts/${open.id}`)
        : await browserApi().request('POST', '/api/restock-alerts', { body: { product_item_id: itemId } });
      await load();
      return r;
    },
    { revalidate: false },
  );

  return {
    alerts,
    pending: toggle.pending,
    error: toggle.error,
    has: (itemId: number) => alerts.some((a) => a.product_item_id === itemId),
    toggle: (itemId: number) => {
      if (!loggedIn) {
        popups.open({ kind: 'login' });
        return;
      }
      void toggle.run(itemId);
    },
  };
}
