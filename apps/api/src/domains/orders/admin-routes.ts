/**
 * Orders for operators (docs/ARCHITECTURE.md, "Back office"): `/api/admin/orders` (CS): the order
 * list with filters (status, paid dates, order number or phone), one order with its items, and
 * shipping an item with a Korean carrier and tracking number (the shopper then sees the tracking
 * link in their order and gets a notification), the other forward moves (preparing, delivered,
 * purchase confirmed), and the claims queue with its decisions (admin-claim-routes.ts).
 */
import {
  CARRIER_CODES,
  CARRIERS,
  type CarrierCode,
  ErrorBody,
  kstDate,
  maskName,
  maskPhone,
  normaliseTrackingNumber,
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  OrderDetail,
  type OrderItemStatus,
  orderState,
  parseOrderNumber,
  UpdateOrderAddressRequest,
} from '@codiroom/shared';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { IdParams } from '../../platform/params.ts';
import { parseId } from '../catalog/index.ts';
import { changeOrderAddress } from './address.ts';
import { claimAdminRoutes } from './admin-claim-routes.ts';
import { operatorOrderDetail, revealOrderContacts } from './detail.ts';
import { MSG, pathId } from './model.ts';
import { changeStatus } from './returns.ts';
import { orderItems, orders } from './schema.ts';
import { SHIP_CSV_ROWS, shipByCsv } from './ship-csv.ts';

const cs = { access: 'admin', roles: ['CS'] } as const;
const tags = ['admin'];
const E = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const ADMIN_ORDERS_PAGE = 30;
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((d) => {
    const at = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().startsWith(d);
  }, 'not a calendar date');

const OrderRowBody = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  status: z.string(),
  status_label: z.string(),
  /** The state the order reads as, from its items (shared orderState). */
  state_label: z.string(),
  amount: z.number().int(),
  recipient: z.string().nullable(),
  phone: z.string().nullable(),
  user_id: z.number().int().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});

const kstDay = (d: string, plusDays = 0) => {
  const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
  return kstDate(y, m, dd + plusDays);
};

export const orderAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/orders',
    {
      config: cs,
      schema: {
        tags,
        summary: `Orders, newest first, ${ADMIN_ORDERS_PAGE} a page: by status, KST order dates, order number (the gateway's order id or the readable YYYYMMDD-000123) or phone`,
        querystring: z.object({
          status: z.enum(ORDER_STATUSES).optional(),
          from: Day.optional(),
          to: Day.optional(),
          q: z.string().trim().max(64).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ total: z.number().int(), page: z.number().int(), result: z.array(OrderRowBody) }),
          ...E,
        },
      },
    },
    async (req) => {
      const { status, from, to, q, page } = req.query;
      const where: SQL[] = [];
      if (status) where.push(eq(orders.status, status));
      if (from) where.push(gte(orders.created_at, kstDay(from)));
      if (to) where.push(lt(orders.created_at, kstDay(to, 1)));
      if (q) {
        // The readable number the shopper reads ('20261127-000123': KST order day and id), the
        // gateway's order id, or a phone number.
        const readable = parseOrderNumber(q);
        const byNumber = readable
          ? [
              and(
                eq(orders.id, readable.id),
                gte(orders.created_at, readable.from),
                lt(orders.created_at, readable.to),
              ) as SQL,
            ]
          : [];
        const digits = q.replace(/\D/g, '');
        const byPhone = digits.length >= 8 && !readable ? [eq(orders.phone, digits)] : [];
        where.push(or(eq(orders.order_no, q), ...byNumber, ...byPhone) as SQL);
      }
      const cond = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(orders)
          .where(cond)
          .orderBy(desc(orders.created_at), desc(orders.id))
          .limit(ADMIN_ORDERS_PAGE)
          .offset((page - 1) * ADMIN_ORDERS_PAGE),
        ctx.db.select({ n: count() }).from(orders).where(cond),
      ]);
      const itemRows = rows.length
        ? await ctx.db
            .select({ order_id: orderItems.order_id, status: orderItems.status })
            .from(orderItems)
            .where(
              inArray(
                orderItems.order_id,
                rows.map((o) => o.id),
              ),
            )
        : [];
      const itemStatuses = new Map<number, OrderItemStatus[]>();
      for (const i of itemRows) {
        itemStatuses.set(i.order_id, [...(itemStatuses.get(i.order_id) ?? []), i.status as OrderItemStatus]);
      }
      return {
        total: Number(total?.n ?? 0),
        page,
        result: rows.map((o) => ({
          id: o.id,
          order_no: o.order_no,
          order_name: o.order_name,
          status: o.status,
          status_label: ORDER_STATUS_LABEL[o.status] ?? o.status,
          state_label: orderState(o.status, itemStatuses.get(o.id) ?? []).label,
          amount: o.amount,
          // Masked in the list (CS finds an order by the full number); the order shows the address.
          recipient: o.recipient === null ? null : maskName(o.recipient),
          phone: maskPhone(o.phone),
          user_id: o.user_id,
          paid_at: o.paid_at ? o.paid_at.toISOString() : null,
          created_at: o.created_at.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "One order with its items, payment and address; the orderer's and recipient's names and phones masked",
        params: IdParams,
        response: { 200: OrderDetail, ...E },
      },
    },
    async (req) => operatorOrderDetail(ctx.db, parseId(req.params.id) ?? 0),
  );

  app.post(
    '/admin/orders/:id/reveal',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "Reveal an order's orderer and recipient names and phones (every reveal is in the audit log)",
        params: IdParams,
        response: {
          200: z.object({
            id: z.number().int(),
            orderer: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
            address: z.object({ recipient: z.string().nullable(), phone: z.string().nullable() }),
          }),
          ...E,
        },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.orderNotFound);
      const out = await revealOrderContacts(ctx.db, id);
      // What was shown, not its values: the audit log must not become a copy of the personal data.
      noteAudit(req, {
        action: 'order.reveal',
        target_type: 'order',
        target_id: id,
        after: { fields: ['orderer.name', 'orderer.phone', 'address.recipient', 'address.phone'] },
      });
      return out;
    },
  );

  app.put(
    '/admin/orders/:id/address',
    {
      config: cs,
      schema: {
        tags,
        summary:
          "Change an order's shipping address or delivery request while nothing of it has shipped (the member's detail2 rule)",
        params: IdParams,
        body: UpdateOrderAddressRequest,
        response: { 200: OrderDetail, ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.orderNotFound);
      // Which fields changed, not their values (personal data stays out of the audit log).
      noteAudit(req, {
        action: 'order.address',
        target_type: 'order',
        target_id: id,
        after: {
          fields: [
            ...(req.body.address ? ['address'] : []),
            ...(req.body.delivery_request !== undefined ? ['delivery_request'] : []),
          ],
        },
      });
      return changeOrderAddress(ctx, id, null, req.body);
    },
  );

  app.post(
    '/admin/orders/items/:id/ship',
    {
      config: cs,
      schema: {
        tags,
        summary:
          'Ship an item (paid or preparing) with a Korean carrier and tracking number; the shopper is notified',
        params: IdParams,
        body: z
          .object({
            carrier_code: z.enum(CARRIER_CODES as [CarrierCode, ...CarrierCode[]]),
            tracking_number: z.string().trim().min(1).max(30),
          })
          .strict(),
        response: { 200: z.looseObject({ order_item_id: z.number().int(), status: z.string() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.itemNotFound);
      const carrier = req.body.carrier_code;
      const number = normaliseTrackingNumber(carrier, req.body.tracking_number);
      if (!number) throw badRequest(`tracking_number: ${CARRIERS[carrier].name} 송장번호 형식이 아닙니다.`);
      noteAudit(req, {
        action: 'order.ship',
        target_type: 'order_item',
        target_id: id,
        after: { carrier_code: carrier, tracking_number: number },
      });
      return changeStatus(ctx, req.principal, id, 'SHIPPING', undefined, {
        carrier_code: carrier,
        carrier_name: CARRIERS[carrier].name,
        tracking_number: number,
      });
    },
  );
  app.post(
    '/admin/orders/items/:id/status',
    {
      config: cs,
      schema: {
        tags,
        summary:
          'Move an item forward: PREPARING (상품준비중), COMPLETE (배송완료) or CONFIRMED (구매확정); shipping has its own call',
        params: IdParams,
        body: z.object({ status: z.enum(['PREPARING', 'COMPLETE', 'CONFIRMED']) }).strict(),
        response: { 200: z.looseObject({ order_item_id: z.number().int(), status: z.string() }), ...E },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, MSG.itemNotFound);
      noteAudit(req, { action: `order.item.${req.body.status.toLowerCase()}`, target_type: 'order_item' });
      return changeStatus(ctx, req.principal, id, req.body.status);
    },
  );

  claimAdminRoutes(app, ctx);

  app.post(
    '/admin/orders/ship-csv',
    {
      config: cs,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: `Ship items in bulk by CSV (order_item_id,carrier_code,tracking_number), at most ${SHIP_CSV_ROWS} rows`,
        description:
          'dry_run answers every row (the item, or why it is refused) and ships nothing; otherwise the valid rows are shipped one by one (the shoppers notified) and the others refused.',
        body: z.object({ csv: z.string().min(1).max(400_000), dry_run: z.boolean() }).strict(),
        response: {
          200: z.object({
            dry_run: z.boolean(),
            rows: z.array(
              z.object({
                line: z.number().int(),
                order_item_id: z.number().int().nullable(),
                name: z.string().nullable(),
                carrier_code: z.string().nullable(),
                tracking_number: z.string().nullable(),
                error: z.string().nullable(),
              }),
            ),
            applied: z.number().int(),
            refused: z.number().int(),
          }),
          ...E,
          413: ErrorBody,
        },
      },
    },
    async (req) => {
      const out = await shipByCsv(ctx, req.principal, req.body.csv, req.body.dry_run);
      noteAudit(req, {
        action: out.dry_run ? 'order.ship.csv.preview' : 'order.ship.csv',
        target_type: 'order_item',
        after: out.rows
          .filter((r) => r.error === null)
          .map((r) => ({
            id: r.order_item_id,
            carrier_code: r.carrier_code,
            tracking_number: r.tracking_number,
          })),
      });
      return out;
    },
  );
};
