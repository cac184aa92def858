/**
 * Who sees which part of the OpenAPI document (docs/ARCHITECTURE.md, "Security"). In production
 * `/api/openapi.json` and the Swagger UI's document (`/api/docs/json`, `/yaml`) leave out the
 * back office: every operation under `/api/admin/` or secured by the operator session or the
 * admin key, the `admin` tag and those two security schemes. A request carrying the ADMIN_API_KEY (`x-admin-key`: automation,
 * the hostile-input test over HTTP) gets the whole document. The operator session's cookie is
 * never sent here (its Path is /api/admin), so the key is the one way in. Elsewhere than in
 * production everyone gets the whole document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasAdminKey } from './access.ts';
import type { AppContext } from './context.ts';

type Operation = { security?: Record<string, unknown>[]; tags?: string[] };
type Document = {
  paths?: Record<string, Record<string, unknown> | undefined>;
  tags?: { name: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
};

const OPERATOR_SCHEMES = ['adminKey', 'operatorSession'];

function isOperatorOnly(path: string, op: unknown): boolean {
  if (path === '/api/admin' || path.startsWith('/api/admin/')) return true;
  const security = (op as Operation | null)?.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((s) => Object.keys(s).some((k) => OPERATOR_SCHEMES.includes(k)))
  );
}

/** A copy of `doc` without the operations only an operator may call (`doc` is left as it is). */
export function withoutOperatorOperations<D extends object>(doc: D): D {
  const whole = doc as Document;
  const paths: NonNullable<Document['paths']> = {};
  for (const [path, methods] of Object.entries(whole.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(methods ?? {}).filter(([, op]) => !isOperatorOnly(path, op)),
    );
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  const schemes = whole.components?.securitySchemes;
  return {
    ...doc,
    paths,
    ...(whole.tags ? { tags: whole.tags.filter((t) => t.name !== 'admin') } : {}),
    ...(whole.components && schemes
      ? {
          components: {
            ...whole.components,
            securitySchemes: Object.fromEntries(
              Object.entries(schemes).filter(([name]) => !OPERATOR_SCHEMES.includes(name)),
            ),
          },
        }
      : {}),
  };
}

/** The document `request` may see (see the file comment); the answer varies with `x-admin-key`. */
export function documentFor<D extends object>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  doc: D,
): D {
  reply.header('vary', 'x-admin-key');
  if (!ctx.config.isProduction || hasAdminKey(ctx, request)) return doc;
  return withoutOperatorOperations(doc);
}
