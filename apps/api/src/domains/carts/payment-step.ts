/**
 * The carts step of the payment confirmation (orders/payment-workflow.ts; SPEC.md 'Cart'): the
 * bought items leave the member's cart, in the statement or transaction that makes the order PAID.
 * The one cart clean-up of a payment, whichever path settles it (the confirm's one statement, the
 * locked path of the webhook and recovery).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { StatementStep } from '../../platform/workflow.ts';

export const clearBoughtLinesStep: StatementStep<{ userId: SQL; boughtItemIds: SQL }> = {
  name: 'carts.clear-bought-lines',
  owner: 'carts',
  statement: ({ userId, boughtItemIds }) => sql`delete from cart_lines
    where cart_id in (select c.id from carts c where c.user_id = ${userId})
      and product_item_id in ${boughtItemIds}`,
  // Nothing to put back: the lines are gone only with a payment that commits (a failed settle
  // rolls them back with its transaction or statement), and a refund does not refill the cart.
  undo: async () => {},
};
