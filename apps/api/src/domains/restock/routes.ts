/**
 * The member's restock alerts (재입고 알림; docs/ARCHITECTURE.md "Restock alerts"), additions not in
 * API-CATALOGUE.md, `token` access: guests are asked to log in by the storefront, and another
 * member's alert answers 404.
 */
import {
  ErrorBody,
  RESTOCK_MSG,
  RestockAlert,
  RestockAlertList,
  RestockAlertQuery,
  RestockAlertRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { IdParams, pathId } from '../../platform/params.ts';
import { askAlert, cancelAlert, listAlerts } from './service.ts';

const ADDITION = '[addition, not in API-CATALOGUE.md]';
const token = { access: 'token' as const };
const tags = ['products'];
const Errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const member = (req: { principal: { userId: number | null } }) => {
  if (req.principal.userId === null) throw unauthorized('Token Required');
  return req.principal.userId;
};

export const restockRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/restock-alerts',
    {
      config: token,
      schema: {
        tags,
        summary: `${ADDITION} Asks for a restock alert (재입고 알림) of a sold-out size; again: the open one`,
        description: `400 '${RESTOCK_MSG.inStock}' while the size is in stock; 404 for an unknown size or one off sale.`,
        body: RestockAlertRequest,
        response: { 200: RestockAlert, ...Errors },
      },
    },
    async (req) => askAlert(ctx, member(req), req.body.product_item_id),
  );

  app.get(
    '/restock-alerts',
    {
      config: token,
      schema: {
        tags,
        summary: `${ADDITION} The member's open restock alerts, newest first (optionally of one colourway)`,
        querystring: RestockAlertQuery,
        response: { 200: RestockAlertList, ...Errors },
      },
    },
    async (req) => {
      const result = await listAlerts(ctx, member(req), req.query.product_display_id);
      return { result, count: result.length };
    },
  );

  app.delete(
    '/restock-alerts/:id',
    {
      config: token,
      schema: {
        tags,
        summary: `${ADDITION} Cancels one of the member's open restock alerts`,
        params: IdParams,
        response: { 200: z.object({ deleted: z.number().int() }), ...Errors },
      },
    },
    async (req) => {
      const id = pathId(req.params.id, RESTOCK_MSG.alertNotFound);
      await cancelAlert(ctx, member(req), id);
      return { deleted: id };
    },
  );
};
