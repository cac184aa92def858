/**
 * PUT /api/orders/{id}/detail2: the shipping address or delivery request of a paid order changes
 * only while nothing of it has shipped (shared `isAddressEditable`). The check and the write are
 * one unit: the order row is locked first (`select … for update`, the lock every status change
 * of its items takes, shipping included), then its items are read and the order updated in the
 * same transaction — an item cannot start shipping between the check and the write. The member
 * changes their own order (another member's answers 404); an operator (userId null, the back
 * office's PUT /api/admin/orders/{id}/address, audited) any order, under the same rule.
 */
import { isAddressEditable, type OrderItemStatus, type UpdateOrderAddressRequest } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { operatorOrderDetail, orderDetail } from './detail.ts';
import { MSG } from './model.ts';
import { orderItems, orders } from './schema.ts';

export const ADDRESS_MSG = {
  shipped: '배송이 시작된 주문은 배송지를 변경할 수 없습니다.',
} as const;

export async function changeOrderAddress(
  ctx: AppContext,
  orderId: number,
  userId: number | null,
  body: z.infer<typeof UpdateOrderAddressRequest>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [o] = await tx
      .select({ id: orders.id, user_id: orders.user_id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!o || (userId !== null && o.user_id !== userId)) throw notFound(MSG.orderNotFound);
    const items = await tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.order_id, o.id));
    const paid = o.status === 'PAID' || o.status === 'PARTIALLY_CANCELLED';
    if (!paid || !isAddressEditable(items.map((i) => i.status as OrderItemStatus))) {
      throw badRequest(ADDRESS_MSG.shipped);
    }
    const a = body.address;
    await tx
      .update(orders)
      .set({
        ...(a
          ? {
              recipient: a.recipient,
              phone: a.phone.replaceAll('-', ''),
              zipcode: a.zipcode,
              main_address: a.main_address,
              detail_address: a.detail_address,
            }
          : {}),
        ...(body.delivery_request !== undefined ? { delivery_request: body.delivery_request } : {}),
        updated_at: now,
      })
      .where(eq(orders.id, o.id));
  });
  return userId === null ? operatorOrderDetail(ctx.db, orderId) : orderDetail(ctx.db, orderId, userId);
}
