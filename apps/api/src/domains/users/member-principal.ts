import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.ts';

/** The member id of a token route (the guard guarantees it). */
export function memberId(req: FastifyRequest): number {
  const id = req.principal.userId;
  if (id === null) throw unauthorized('Token Required');
  return id;
}
