/**
 * Time sales in the back office (docs/ARCHITECTURE.md, "Back office"; "Time sales"), for MDs: the
 * list (scheduled, running, ended on the app's clock) and a new sale with its products, each at a
 * price below its current sale price with a limited quantity; ending one early. Every change sends
 * `prices.changed`: cached cards and pages never show a sale a second early or late.
 */
import { formatKst, type TimeSaleInput, timeSaleShownState } from '@codiroom/shared';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidate } from '../../platform/cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { productDisplays, timeSaleItems, timeSales } from './schema.ts';
import { timeSaleRunning } from './time-sale.ts';

export const ADMIN_TIME_SALES_PAGE = 30;

/** Where a sale stands at `now` on its own window (ending early). */
export function timeSaleState(
  s: { starts_at: Date; ends_at: Date },
  now: Date,
): 'SCHEDULED' | 'RUNNING' | 'ENDED' {
  if (now < s.starts_at) return 'SCHEDULED';
  return now < s.ends_at ? 'RUNNING' : 'ENDED';
}

export async function listTimeSales(ctx: AppContext, page: number) {
  const now = ctx.clock.now();
  const [running, rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: timeSales.id, starts_at: timeSales.starts_at, ends_at: timeSales.ends_at })
      .from(timeSales)
      .where(timeSaleRunning(now)),
    ctx.db
      .select({
        s: timeSales,
        items: sql<number>`(select count(*)::int from ${timeSaleItems} i where i.time_sale_id = time_sales.id)`,
        sold: sql<number>`(select coalesce(sum(i.sold_count), 0)::int from ${timeSaleItems} i where i.time_sale_id = time_sales.id)`,
      })
      .from(timeSales)
      .orderBy(desc(timeSales.starts_at), desc(timeSales.id))
      .limit(ADMIN_TIME_SALES_PAGE)
      .offset((page - 1) * ADMIN_TIME_SALES_PAGE),
    ctx.db.select({ n: count() }).from(timeSales),
  ]);
  return {
    total: Number(total?.n ?? 0),
    page,
    result: rows.map((r) => ({
      id: r.s.id,
      title: r.s.title,
      starts_at: r.s.starts_at.toISOString(),
      ends_at: r.s.ends_at.toISOString(),
      // The shop's rule (timeSaleShownState, shared with /timeSale and the home banner).
      state: timeSaleShownState(r.s, running, now),
      items: Number(r.items),
      sold: Number(r.sold),
    })),
  };
}

export async function createTimeSale(ctx: AppContext, input: z.output<typeof TimeSaleInput>) {
  const ids = input.items.map((i) => i.product_display_id);
  const displays = await ctx.db
    .select({
      id: productDisplays.id,
      price_discount: productDisplays.price_discount,
      is_active: productDisplays.is_active,
    })
    .from(productDisplays)
    .where(inArray(productDisplays.id, ids));
  const byId = new Map(displays.map((d) => [d.id, d]));
  for (const i of input.items) {
    const d = byId.get(i.product_display_id);
    if (!d || !d.is_active) throw badRequest(`items: 판매 중인 상품이 아닙니다 (${i.product_display_id}).`);
    if (i.sale_price >= d.price_discount) {
      throw badRequest(
        `items: 타임세일가는 지금 판매가(${d.price_discount.toLocaleString('ko-KR')}원)보다 낮아야 해요 (${i.product_display_id}).`,
      );
    }
  }
  const starts = new Date(input.starts_at);
  const ends = new Date(input.ends_at);
  const now = ctx.clock.now();
  const from = starts > now ? starts : now;
  const id = await ctx.db.transaction(async (tx) => {
    // One time sale at a time (docs/ARCHITECTURE.md, "Time sales"): a window that shares an instant
    // from now on with another sale's is refused; the part already past does not count, so a sale
    // ended early (ends_at = now) does not block one starting in the same minute. The lock makes
    // two concurrent creations see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('codiroom:time_sales'))`);
    const [other] = await tx
      .select({
        id: timeSales.id,
        title: timeSales.title,
        starts_at: timeSales.starts_at,
        ends_at: timeSales.ends_at,
      })
      .from(timeSales)
      .where(and(lt(timeSales.starts_at, ends), gt(timeSales.ends_at, from)))
      .orderBy(timeSales.starts_at)
      .limit(1);
    if (other) {
      throw conflict(
        `타임세일은 한 번에 하나만 열 수 있어요. 기간이 '${other.title}'(${formatKst(other.starts_at, 'datetime')} ~ ${formatKst(other.ends_at, 'datetime')})와 겹칩니다.`,
        { overlapping_time_sale_id: other.id },
      );
    }
    const [s] = await tx
      .insert(timeSales)
      .values({
        title: input.title,
        starts_at: starts,
        ends_at: ends,
        created_at: now,
      })
      .returning({ id: timeSales.id });
    if (!s) throw new Error('time sale insert failed');
    await tx.insert(timeSaleItems).values(input.items.map((i) => ({ ...i, time_sale_id: s.id })));
    return s.id;
  });
  await invalidate(ctx, 'prices.changed');
  return { id };
}

/** Ends a scheduled or running sale now (a scheduled one never starts). */
export async function endTimeSale(ctx: AppContext, id: number) {
  const now = ctx.clock.now();
  const [s] = await ctx.db.select().from(timeSales).where(eq(timeSales.id, id));
  if (!s) throw notFound('타임세일이 없습니다.');
  if (timeSaleState(s, now) === 'ENDED') throw badRequest('이미 끝난 타임세일이에요.');
  const starts = s.starts_at > now ? now : s.starts_at;
  await ctx.db
    .update(timeSales)
    .set({ starts_at: starts, ends_at: now })
    .where(and(eq(timeSales.id, id)));
  await invalidate(ctx, 'prices.changed');
  return { id, state: 'ENDED' as const, ends_at: now.toISOString() };
}
