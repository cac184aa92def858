/**
 * The member's own account changes under /api/users/ (account.ts), additions to API-CATALOGUE.md:
 * change-password and change-phone. Withdrawal is the catalogue's POST /api/users/stop
 * (member-routes.ts).
 */
import {
  AuthErrorBody,
  ChangePasswordBody,
  ChangePasswordResult,
  ChangePhoneBody,
  ChangePhoneResult,
  ErrorBody,
} from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { changePassword, changePhone } from './account.ts';

const tags = ['users'];

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const memberId = (id: number | null) => {
    if (id === null) throw unauthorized('Token Required');
    return id;
  };

  app.post(
    '/users/change-password',
    {
      config: { access: 'token', issuesSession: true },
      schema: {
        tags,
        summary:
          'Change the password with the current one; ends every other session [addition, not in API-CATALOGUE.md]',
        description:
          "400 `{detail, current_password: […]}` for a wrong current password (counted as a failed sign-in: 429 with Retry-After after repeated failures) and `{detail, new_password: […]}` for a new password breaking the rules or equal to the current one. Every session of the member is revoked; the answer carries this device's new tokens (and the refresh cookie).",
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResult, 400: AuthErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (req) => changePassword(ctx, memberId(req.principal.userId), req.body, req.ip),
  );

  app.post(
    '/users/change-phone',
    {
      config: { access: 'token' },
      schema: {
        tags,
        summary:
          'Change the phone number with an SMS code sent to the new one [addition, not in API-CATALOGUE.md]',
        description:
          "Send the code with POST /api/users/send-sms to the new number. 400 '[ERROR101] …' / '[ERROR102] …' for the code, 'DUPLICATE PHONE' (field phone) when an active member has the number, a field-keyed 400 for the member's own number.",
        body: ChangePhoneBody,
        response: { 200: ChangePhoneResult, 400: AuthErrorBody, 401: ErrorBody },
      },
    },
    async (req) => changePhone(ctx, memberId(req.principal.userId), req.body),
  );
};
