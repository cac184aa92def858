/**
 * What reviews needs of the orders domain (SPEC.md 'Reviews': a review or size review is written
 * from a delivered order item of one's own; 'Sizing': the size last bought). Orders depends on
 * reviews (a returned item's review is withdrawn), so reviews may not import orders: it declares
 * this port, orders implements it (orders/reads-for-reviews.ts) and app.ts wires the two per
 * context (docs/ARCHITECTURE.md, "The dependency rule").
 */
import type { AppContext } from '../../platform/context.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';

/** An order item as a review is written from it, with the member who ordered it. */
export type ReviewedOrderItem = {
  id: number;
  status: string;
  product_display_id: number;
  product_item_id: number;
  size_name: string;
  user_id: number | null;
};

/** A member's order item in the "reviews to write" list. */
export type MemberOrderItem = {
  order_item_id: number;
  order_no: string;
  product_display_id: number;
  name: string;
  size_name: string;
  color_name: string;
  completed_at: Date | null;
};

export type ReviewOrders = {
  /**
   * The order item, locked FOR NO KEY UPDATE in the caller's transaction (a review and a size
   * review of the same item settle their credit one after the other), or null.
   */
  lockOrderItem(tx: Tx, orderItemId: number): Promise<ReviewedOrderItem | null>;
  /** The member's order items in these statuses, last completed first, at most `limit`. */
  memberItems(
    db: Conn,
    userId: number,
    statuses: readonly string[],
    limit: number,
  ): Promise<MemberOrderItem[]>;
  /**
   * For each display the member has order items of in these statuses: the size of the newest such
   * item (by its creation) and when it was created.
   */
  latestSizeByDisplay(
    db: Conn,
    userId: number,
    statuses: readonly string[],
  ): Promise<{ product_display_id: number; size_name: string; created_at: Date }[]>;
};

const wired = new WeakMap<AppContext, ReviewOrders>();

/** Wires the orders domain's implementation for `ctx` (app.ts). */
export function useReviewOrders(ctx: AppContext, orders: ReviewOrders): void {
  wired.set(ctx, orders);
}

export function reviewOrders(ctx: AppContext): ReviewOrders {
  const orders = wired.get(ctx);
  if (!orders) throw new Error('reviews: the orders port is not wired (app.ts useReviewOrders)');
  return orders;
}
