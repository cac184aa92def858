/**
 * Restock alerts (재입고 알림, docs/ARCHITECTURE.md "Restock alerts"): a member asks to be told when
 * a sold-out size is back; when an MD raises that item's stock from nothing, every member who asked
 * gets one notification and the alert closes. Wire schemas of the three member calls (additions,
 * not in API-CATALOGUE.md), the transition rule and the notification's text.
 */
import { z } from 'zod';
import { withJosa } from './josa.ts';

const Int = z.number().int();
const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/restock-alerts. */
export const RestockAlertRequest = z.object({ product_item_id: Id });
export type RestockAlertRequest = z.infer<typeof RestockAlertRequest>;

/** GET /api/restock-alerts: optionally one colourway's. */
export const RestockAlertQuery = z.object({ product_display_id: Id.optional() });

export const RestockAlert = z.object({
  id: Int,
  product_item_id: Int,
  product_display_id: Int,
  size_name: z.string(),
  color_name: z.string(),
  name: z.string(),
  brand_name: z.string(),
  image_url: z.string(),
  created_at: z.string(),
});
export type RestockAlert = z.infer<typeof RestockAlert>;

export const RestockAlertList = z.object({ result: z.array(RestockAlert), count: Int });
export type RestockAlertList = z.infer<typeof RestockAlertList>;

export const RESTOCK_MSG = {
  inStock: '재고가 있는 상품은 재입고 알림을 신청할 수 없습니다.',
  itemNotFound: '상품을 찾을 수 없습니다.',
  alertNotFound: '재입고 알림을 찾을 수 없습니다.',
} as const;

/** The stock of an item that can be sold: none while the item is off sale, never below 0. */
function sellable(s: { stock: number; is_active: boolean }): number {
  return s.is_active ? Math.max(0, s.stock) : 0;
}

/**
 * Whether a change of an item makes it a restock: nothing could be sold before, something can now.
 * (The colourway being on sale is checked where the alerts are closed.)
 */
export function isRestock(
  before: { stock: number; is_active: boolean },
  after: { stock: number; is_active: boolean },
): boolean {
  return sellable(before) === 0 && sellable(after) > 0;
}

/** The notification a member gets when the size they asked about is back. */
export function restockNotice(p: {
  brand_name: string;
  name: string;
  color_name: string;
  size_name: string;
}) {
  return {
    title: '재입고 알림',
    body: `${withJosa(`${p.brand_name} ${p.name} (${p.color_name} / ${p.size_name})`, '이/가')} 재입고되었어요. 품절되기 전에 만나보세요.`,
  };
}
