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
import type { AppContext } from '../../platform/context.ts';
import { brandNames, lowStockItems } from '../catalog/index.ts';
import { orderWindowTotals, paidOrdersByCampaign, paidOrdersByKstDay, topSellers } from '../orders/index.ts';
import { flushSearchStats, topSearchKeywords } from '../search/index.ts';
import { sessionCount, sessionsByKstDay, visitsByCampaign } from '../support/index.ts';
import { signUpsByCampaign } from '../users/index.ts';
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
    signUpsByCampaign(ctx.db, w),
    paidOrdersByCampaign(ctx.db, w),
    visitsByCampaign(ctx.db, w),
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
  const [o, sessions] = await Promise.all([orderWindowTotals(ctx.db, w), sessionCount(ctx.db, w)]);
  return {
    sales: o.sales,
    orders: o.orders,
    average_order_value: averageOrderValue(o.sales, o.orders),
    sessions,
    conversion: conversionRate(o.orders, sessions),
    cancelled_items: o.cancelled_items,
    returns: o.returns,
    refunded_amount: o.refunded_amount,
  };
}

export async function dashboard(ctx: AppContext) {
  // The searches counted in this process so far are in the numbers too.
  await flushSearchStats(ctx).catch(() => undefined);
  const now = ctx.clock.now();
  const p = kstParts(now);
  const todayStart = kstDate(p.year, p.month, p.day);
  const from = kstDate(p.year, p.month, p.day - (DASHBOARD.days - 1));
  const firstDay = kstDateString(from);
  const today = kstDateString(now);
  const month30 = { from, to: now };

  const [day, month, salesByDay, visitsByDay, sellers, searches, zero, low, analytics, campaigns] =
    await Promise.all([
      totals(ctx, { from: todayStart, to: now }),
      totals(ctx, month30),
      paidOrdersByKstDay(ctx.db, month30),
      sessionsByKstDay(ctx.db, month30),
      topSellers(ctx.db, month30, DASHBOARD.top),
      topSearchKeywords(ctx.db, firstDay, today, DASHBOARD.top),
      topSearchKeywords(ctx.db, firstDay, today, DASHBOARD.top, true),
      lowStockItems(ctx.db, DASHBOARD.lowStock, 20),
      analyticsSummary(ctx, from, now),
      campaignRows(ctx, month30),
    ]);
  const brandName = await brandNames(
    ctx.db,
    sellers.flatMap((t) => (t.brand_id === null ? [] : [t.brand_id])),
  );
  const top = sellers.map(({ brand_id, ...t }) => ({
    display_id: t.display_id,
    name: t.name,
    brand_name: brand_id === null ? '' : (brandName.get(brand_id) ?? ''),
    quantity: t.quantity,
    sales: t.sales,
  }));

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
    top_products: top,
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
