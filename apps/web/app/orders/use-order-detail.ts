/**
 * One order of the signed-in member (GET /api/orders/{id}/detail), loaded in the browser, for the
 * order-complete and order-detail pages. `missing` once the order cannot be read; `reload` after a
 * change (cancel, arrival, claim).
 */
import type { OrderDetail } from '@codiroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../lib/browser-api';

export function useOrderDetail(id: string) {
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const reload = useCallback(async () => {
    try {
      const r = await browserApi().request<OrderDetail>(
        'GET',
        `/api/orders/${encodeURIComponent(id)}/detail`,
      );
      if (r.ok) setOrder(r.data);
      else setMissing(true);
    } catch {
      setMissing(true);
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { order, missing, reload };
}
