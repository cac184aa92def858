/**
 * SPEC.md "Web status": result (true = maintenance or overload), start_at, end_at.
 * Operators switch it with PUT /api/admin/web-status or force it with the WEB_STATUS env vars.
 */
import type { WebStatusBody } from '@codiroom/shared';
import { eq } from 'drizzle-orm';
import { cache, defineCache, invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { webStatus } from './schema.ts';

/**
 * Every page's root loader asks for the web status: kept WEB_STATUS_TTL_MS per process instead of a
 * database read per page, and ended on every node by an operator's switch (`site.changed`). Without
 * Redis another process sees a switch within the TTL.
 */
const WEB_STATUS_TTL_MS = 5_000;
const WEB_STATUS_CACHE = defineCache<WebStatusBody>('web-status', {
  ttlMs: WEB_STATUS_TTL_MS,
  maxEntries: 1,
  invalidatedBy: ['site.changed'],
});

export async function getWebStatus(ctx: AppContext): Promise<WebStatusBody> {
  const { config } = ctx;
  if (config.WEB_STATUS) {
    return {
      result: config.WEB_STATUS === 'on',
      variant: config.WEB_STATUS_VARIANT ?? 'maintenance',
      start_at: config.WEB_STATUS_START_AT ?? null,
      end_at: config.WEB_STATUS_END_AT ?? null,
    };
  }
  return cache(ctx, WEB_STATUS_CACHE).load('status', () => storedWebStatus(ctx));
}

async function storedWebStatus(ctx: AppContext): Promise<WebStatusBody> {
  const [row] = await ctx.db.select().from(webStatus).where(eq(webStatus.id, 1)).limit(1);
  if (!row) return { result: false, variant: 'maintenance', start_at: null, end_at: null };
  return {
    result: row.result,
    variant: row.variant as WebStatusBody['variant'],
    start_at: row.start_at?.toISOString() ?? null,
    end_at: row.end_at?.toISOString() ?? null,
  };
}

export async function setWebStatus(
  ctx: AppContext,
  input: {
    result: boolean;
    variant: WebStatusBody['variant'];
    start_at: string | null;
    end_at: string | null;
  },
): Promise<WebStatusBody> {
  const values = {
    result: input.result,
    variant: input.variant,
    start_at: input.start_at ? new Date(input.start_at) : null,
    end_at: input.end_at ? new Date(input.end_at) : null,
    updated_at: ctx.clock.now(),
  };
  await ctx.db
    .insert(webStatus)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: webStatus.id, set: values });
  await invalidate(ctx, 'site.changed');
  return getWebStatus(ctx);
}
