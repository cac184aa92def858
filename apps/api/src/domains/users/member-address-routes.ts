/**
 * The shipping-address calls of API-CATALOGUE.md "Users" (/api/users/…-shipping-info), registered
 * by memberRoutes (member-routes.ts): token calls; another member's address id is a 404.
 */
import {
  ErrorBody,
  OkBody,
  ShippingAddress,
  ShippingAddressList,
  ShippingAddressRequest,
  ShippingAddressUpdateRequest,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { IdParams } from '../../platform/params.ts';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  parseAddressId,
  updateAddress,
} from './member-addresses.ts';
import { memberId } from './member-principal.ts';

const TAGS = ['users'];
const TOKEN = { access: 'token' as const };
const E401 = { 401: ErrorBody };
const E400_401 = { 400: ErrorBody, 401: ErrorBody };
const E404 = { 401: ErrorBody, 404: ErrorBody };

type App = Parameters<FastifyPluginAsyncZod<{ ctx: AppContext }>>[0];

export function memberAddressRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/users/get-user-shipping-info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Shipping addresses, the default first',
        response: { 200: ShippingAddressList, ...E401 },
      },
    },
    async (req) => ({ result: await listAddresses(ctx, memberId(req)) }),
  );

  app.get(
    '/users/get-user-shipping-info/:id',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'One shipping address of the member',
        params: IdParams,
        response: { 200: ShippingAddress, ...E404 },
      },
    },
    async (req) => getAddress(ctx, memberId(req), parseAddressId(req.params.id)),
  );

  app.post(
    '/users/post-user-shipping-info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Add a shipping address (the first one becomes the default; at most 20)',
        body: ShippingAddressRequest,
        response: { 201: ShippingAddress, ...E400_401 },
      },
    },
    async (req, reply) => reply.status(201).send(await createAddress(ctx, memberId(req), req.body)),
  );

  app.put(
    '/users/put-user-shipping-info',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Change a shipping address (id and the fields to change)',
        description:
          'is_default true makes it the default (the old one is unset); false on the default hands ' +
          'the default to the newest other address (the only address stays the default).',
        body: ShippingAddressUpdateRequest,
        response: { 200: ShippingAddress, ...E400_401, 404: ErrorBody },
      },
    },
    async (req) => updateAddress(ctx, memberId(req), req.body),
  );

  app.delete(
    '/users/delete-user-shipping-info/:id',
    {
      config: TOKEN,
      schema: {
        tags: TAGS,
        summary: 'Delete a shipping address (deleting the default promotes the newest other one)',
        params: IdParams,
        response: { 200: OkBody, ...E404 },
      },
    },
    async (req) => {
      await deleteAddress(ctx, memberId(req), parseAddressId(req.params.id));
      return { result: 'ok' as const };
    },
  );
}
