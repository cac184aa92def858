/**
 * Bulk shipping by CSV for CS (docs/ARCHITECTURE.md, "Back office"): `order_item_id,carrier_code,
 * tracking_number`, one parcel line per item. A dry run answers every row — the item and its
 * status, or why it is refused (unknown item, not paid or preparing, the same item twice, an
 * unknown carrier, a number not in the carrier's shape); applying ships the valid rows one by one
 * through the same move as shipping one item (changeStatus: conditional on the status, the
 * shopper notified), so a row an operator shipped meanwhile is refused, not shipped twice.
 */
import { CARRIERS, type CarrierCode, normaliseTrackingNumber } from '@codiroom/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { parseCsv } from '../../platform/csv.ts';
import { HttpError } from '../../platform/errors.ts';
import { changeStatus } from './returns.ts';
import { orderItems } from './schema.ts';

export const SHIP_CSV_ROWS = 1000;
const SHAPES = { 'order_item_id,carrier_code,tracking_number': 'ship' } as const;
const SHIPPABLE = new Set(['PAID', 'PREPARING']);

export type ShipCsvRow = {
  line: number;
  order_item_id: number | null;
  name: string | null;
  carrier_code: string | null;
  tracking_number: string | null;
  error: string | null;
};

export async function shipByCsv(
  ctx: AppContext,
  principal: { userId: number | null; isAdmin: boolean },
  csv: string,
  dryRun: boolean,
) {
  const { lines } = parseCsv(csv, SHAPES, SHIP_CSV_ROWS);
  const idOf = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);
  const ids = lines.map((l) => idOf(l.cells[0])).filter((id): id is number => id !== null);
  const found = ids.length
    ? await ctx.db
        .select({ id: orderItems.id, name: orderItems.name, status: orderItems.status })
        .from(orderItems)
        .where(inArray(orderItems.id, ids))
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const seen = new Set<number>();
  const rows: ShipCsvRow[] = lines.map((l) => {
    const id = idOf(l.cells[0]);
    const item = id === null ? undefined : byId.get(id);
    const code = l.cells[1] ?? '';
    const carrier = code in CARRIERS ? (code as CarrierCode) : null;
    const number = carrier ? normaliseTrackingNumber(carrier, l.cells[2] ?? '') : null;
    const error =
      l.cells.length !== 3
        ? '열이 3개여야 합니다.'
        : id === null || !item
          ? '없는 주문 상품(order_item_id)입니다.'
          : seen.has(id)
            ? '같은 주문 상품이 두 번 나옵니다.'
            : !SHIPPABLE.has(item.status)
              ? '결제완료 또는 상품준비중인 상품만 발송할 수 있습니다.'
              : !carrier
                ? `알 수 없는 택배사입니다: ${code.slice(0, 20)}`
                : !number
                  ? `${CARRIERS[carrier].name} 송장번호 형식이 아닙니다.`
                  : null;
    if (id !== null) seen.add(id);
    return {
      line: l.line,
      order_item_id: item ? item.id : null,
      name: item?.name ?? null,
      carrier_code: carrier,
      tracking_number: number,
      error,
    };
  });
  let applied = 0;
  if (!dryRun) {
    for (const r of rows) {
      if (r.error || r.order_item_id === null || !r.carrier_code || !r.tracking_number) continue;
      const carrier = r.carrier_code as CarrierCode;
      try {
        await changeStatus(ctx, principal, r.order_item_id, 'SHIPPING', undefined, {
          carrier_code: carrier,
          carrier_name: CARRIERS[carrier].name,
          tracking_number: r.tracking_number,
        });
        applied += 1;
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        r.error = err.detail;
      }
    }
  }
  return {
    dry_run: dryRun,
    rows,
    applied,
    refused: rows.filter((r) => r.error !== null).length,
  };
}
