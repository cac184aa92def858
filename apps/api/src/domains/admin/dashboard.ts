/**
 * The back office dashboard (docs/ARCHITECTURE.md, "Back office"): today (KST) and the last 30 KST
 * days — sales (paid orders' amounts), orders, average order value, sessions and conversion
 * (orders ÷ sessions; a session is one storefront visit, the active-user log), cancelled items,
 * returns and the amount given back — a daily series for the charts, the best sellers, the top
 * searches and the searches that found nothing (search_stats), the sizes running out, and the
 * analytics (analytics.ts): page views, pages and sections seen, the product → cart → order funnel,
 * and the campaign links (SPEC.md §3 "Campaign codes"): visits, sign-ups and orders per code.
 */
import { campaignUtm, kstDate, kstDateString, kstParts } from '@codiroom/shared';
import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql } from 'drizzle-orm';
import {
  brands,
  eventLogs,
  orderItems,
  orders,
  paymentCancels,
  productDisplays,
  productItems,
  refunds,
  searchStats,
  users,
} from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { flushSearchStats } from '../search/index.ts';
import { flushAnalytics } from '../support/index.ts';
import { analyticsSummary } from './analytics.ts';

export const DASHBOARD = { days: 30, top: 10, lowStock: 5 } as const;

export type CampaignRow = {
  campaign_code: number;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  visits: number;
  sign_ups: number;
  orders: number;
  sales: number;
};

/**
 * SPEC.md §3 "Campaign codes": per code of the window, the visits that came by its link, the
 * members who signed up and the paid orders made from such a visit, and their amounts; codes
 * with nothing are left out. Ordered by orders, then sign-ups, then code.
 */
async function campaignRows(ctx: AppContext, w: Window): Promise<CampaignRow[]> {
  const [signUps, paid, visits] = await Promise.all([
    ctx.db
      .select({ code: users.campaign_code, n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(isNotNull(users.campaign_code), gte(users.created_at, w.from), lte(users.created_at, w.to)))
      .groupBy(users.campaign_code),
    ctx.db
      .select({
        code: orders.campaign_code,
        n: sql<number>`count(*)::int`,
        sales: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`,
      })
      .from(orders)
      .where(and(isNotNull(orders.campaign_code), gte(orders.paid_at, w.from), lte(orders.paid_at, w.to)))
      .groupBy(orders.campaign_code),
    ctx.db
      .select({
        code: sql<string | null>`${eventLogs.payload}->>'campaign_code'`,
        n: sql<number>`count(*)::int`,
      })
      .from(eventLogs)
      .where(
        and(
          eq(eventLogs.kind, 'ACTIVE_USER'),
          gte(eventLogs.created_at, w.from),
          lte(eventLogs.created_at, w.to),
          sql`${eventLogs.payload} ? 'campaign_code'`,
        ),
      )
      .groupBy(sql`1`),
  ]);
  const rows = new Map<number, CampaignRow>();
  const row = (code: number | string | null) => {
    const c = Number(code);
    const utm = campaignUtm(c);
    if (!utm) return null;
    let r = rows.get(c);
    if (!r) {
      r = {
        campaign_code: c,
        utm_source: utm.utm_source,
        utm_medium: utm.utm_medium,
        utm_campaign: utm.utm_campaign,
        visits: 0,
        sign_ups: 0,
        orders: 0,
        sales: 0,
      };
      rows.set(c, r);
    }
    return r;
  };
  for (const v of visits) {
    const r = row(v.code);
    if (r) r.visits += Number(v.n);
  }
  for (const s of signUps) {
    const r = row(s.code);
    if (r) r.sign_ups += Number(s.n);
  }
  for (const o of paid) {
    const r = row(o.code);
    if (r) {
      r.orders += Number(o.n);
      r.sales += Number(o.sales);
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.orders - a.orders || b.sign_ups - a.sign_ups || a.campaign_code - b.campaign_code,
  );
}

/** Orders a visit ended in, as a share of visits (0 when there were no visits). */
export function conversionRate(orders: number, sessions: number): number {
  if (sessions <= 0) return 0;
  return Math.round((orders / sessions) * 10_000) / 10_000;
}

/** Won per order, rounded (0 without orders). */
export function averageOrderValue(sales: number, orders: number): number {
  return orders > 0 ? Math.round(sales / orders) : 0;
}

type Window = { from: Date; to: Date };

async function totals(ctx: AppContext, w: Window) {
  const paid = and(gte(orders.paid_at, w.from), lte(orders.paid_at, w.to));
  const [[o], [s], [c], [r], [g]] = await Promise.all([
    ctx.db
      .select({
        n: sql<number>`count(*)::int`,
        sales: sql<number>`coalesce(sum(${orders.amount}), 0)::bigint`,
      })
      .from(orders)
      .where(paid),
    ctx.db
      .select({
        n: sql<number>`count(distinct coalesce(${eventLogs.user_id}::text, ${eventLogs.guest_id}, ${eventLogs.id}::text))::int`,
      })
      .from(eventLogs)
      .where(
        and(
          eq(eventLogs.kind, 'ACTIVE_USER'),
          gte(eventLogs.created_at, w.from),
          lte(eventLogs.created_at, w.to),
        ),
      ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.status, 'CANCEL'),
          gte(orderItems.updated_at, w.from),
          lte(orderItems.updated_at, w.to),
        ),
      ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(and(gte(refunds.created_at, w.from), lte(refunds.created_at, w.to))),
    ctx.db
      .select({ amount: sql<number>`coalesce(sum(${paymentCancels.amount}), 0)::bigint` })
      .from(paymentCancels)
      .where(and(gte(paymentCancels.created_at, w.from), lte(paymentCancels.created_at, w.to))),
  ]);
  const count = Number(o?.n ?? 0);
  const sales = Number(o?.sales ?? 0);
  const sessions = Number(s?.n ?? 0);
  return {
    sales,
    orders: count,
    average_order_value: averageOrderValue(sales, count),
    sessions,
    conversion: conversionRate(count, sessions),
    cancelled_items: Number(c?.n ?? 0),
    returns: Number(r?.n ?? 0),
    refunded_amount: Number(g?.amount ?? 0),
  };
}

export async function dashboard(ctx: AppContext) {
  // The searches counted in this process so far are in the numbers too.
  await flushSearchStats(ctx).catch(() => undefined);
  await flushAnalytics(ctx).catch(() => undefined);
  const now = ctx.clock.now();
  const p = kstParts(now);
  const todayStart = kstDate(p.year, p.month, p.day);
  const from = kstDate(p.year, p.month, p.day - (DASHBOARD.days - 1));
  const firstDay = kstDateString(from);
  const today = kstDateString(now);
  const kstDay = (col: unknown) =>
    sql<string>`to_char((${col} at time zone 'Asia/Seoul')::date, 'YYYY-MM-DD')`;
  const paidIn = and(gte(orders.paid_at, from), lte(orders.paid_at, now));

  const [day, month, salesByDay, visitsByDay, top, searches, zero, low, analytics, campaigns] =
    await Promise.all([
      totals(ctx, { from: todayStart, to: now }),
      totals(ctx, { from, to: now }),
      ctx.db
        .select({
          day: kstDay(orders.paid_at),
          orders: sql<number>`count(*)::int`,
          sales: sql<number>`sum(${orders.amount})::bigint`,
        })
        .from(orders)
        .where(paidIn)
        .groupBy(sql`1`),
      ctx.db
        .select({
          day: kstDay(eventLogs.created_at),
          sessions: sql<number>`count(distinct coalesce(${eventLogs.user_id}::text, ${eventLogs.guest_id}, ${eventLogs.id}::text))::int`,
        })
        .from(eventLogs)
        .where(
          and(
            eq(eventLogs.kind, 'ACTIVE_USER'),
            gte(eventLogs.created_at, from),
            lte(eventLogs.created_at, now),
          ),
        )
        .groupBy(sql`1`),
      ctx.db
        .select({
          display_id: orderItems.product_display_id,
          name: orderItems.name,
          brand_name: sql<string>`coalesce(max(${brands.name}), '')`,
          quantity: sql<number>`sum(${orderItems.quantity})::int`,
          sales: sql<number>`sum(${orderItems.paid_amount})::bigint`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .leftJoin(brands, eq(brands.id, orderItems.brand_id))
        .where(and(paidIn, sql`${orderItems.status} not in ('CANCEL', 'REFUNDED')`))
        .groupBy(orderItems.product_display_id, orderItems.name)
        .orderBy(desc(sql`4`), desc(sql`5`))
        .limit(DASHBOARD.top),
      ctx.db
        .select({ keyword: searchStats.keyword, searches: sql<number>`sum(${searchStats.searches})::int` })
        .from(searchStats)
        .where(and(gte(searchStats.day, firstDay), lte(searchStats.day, today)))
        .groupBy(searchStats.keyword)
        .orderBy(desc(sql`2`), asc(searchStats.keyword))
        .limit(DASHBOARD.top),
      ctx.db
        .select({
          keyword: searchStats.keyword,
          searches: sql<number>`sum(${searchStats.zero_results})::int`,
        })
        .from(searchStats)
        .where(
          and(gte(searchStats.day, firstDay), lte(searchStats.day, today), gt(searchStats.zero_results, 0)),
        )
        .groupBy(searchStats.keyword)
        .orderBy(desc(sql`2`), asc(searchStats.keyword))
        .limit(DASHBOARD.top),
      ctx.db
        .select({
          product_item_id: productItems.id,
          display_id: productDisplays.id,
          product_id: productDisplays.product_id,
          name: productDisplays.name,
          color_name: productItems.color_name,
          size_name: productItems.size_name,
          stock: productItems.stock,
        })
        .from(productItems)
        .innerJoin(productDisplays, eq(productDisplays.id, productItems.product_display_id))
        .where(
          and(
            eq(productItems.is_active, true),
            eq(productDisplays.is_active, true),
            lte(productItems.stock, DASHBOARD.lowStock),
            gt(productItems.stock, 0),
          ),
        )
        .orderBy(asc(productItems.stock), desc(productDisplays.popularity))
        .limit(20),
      analyticsSummary(ctx, from, now),
      campaignRows(ctx, { from, to: now }),
    ]);

  const sales = new Map(salesByDay.map((r) => [r.day, r]));
  const visits = new Map(visitsByDay.map((r) => [r.day, r.sessions]));
  const daily = Array.from({ length: DASHBOARD.days }, (_, i) => {
    const d = kstDateString(kstDate(p.year, p.month, p.day - (DASHBOARD.days - 1) + i));
    return {
      day: d,
      sales: Number(sales.get(d)?.sales ?? 0),
      orders: Number(sales.get(d)?.orders ?? 0),
      sessions: Number(visits.get(d) ?? 0),
      page_views: analytics.page_views_by_day.get(d) ?? 0,
    };
  });
  return {
    generated_at: now.toISOString(),
    today: day,
    last_30_days: month,
    daily,
    top_products: top.map((t) => ({ ...t, sales: Number(t.sales) })),
    top_searches: searches,
    zero_result_searches: zero,
    low_stock: low,
    top_pages: analytics.top_pages,
    sections: analytics.sections,
    page_views_by_device: analytics.page_views_by_device,
    funnel: analytics.funnel,
    funnel_by_group: analytics.funnel_by_group,
    campaigns,
  };
}
