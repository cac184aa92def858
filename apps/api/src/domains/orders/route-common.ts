/** What the order route plugins share: access, tags, error bodies, the member (API-CATALOGUE.md). */
import { ErrorBody } from '@codiroom/shared';

export const token = { access: 'token' as const };
export const tags = ['orders'];
export const Errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const me = (req: { principal: { userId: number | null } }) => req.principal.userId as number;
