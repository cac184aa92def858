/**
 * What the dashboard reads from first-party analytics (docs/ARCHITECTURE.md, "Analytics"): page
 * views per KST day, the pages and sections seen most, and the funnel product view → cart →
 * order over a window, overall and per A/B group (SPEC.md §4 "Session"). A visitor is a member
 * (u<id>) or a guest (g<id>); a step counts only visitors who made the step before it.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import { kstDaySql } from '../../platform/kst-day.ts';

export type FunnelCounts = { viewed: number; carted: number; ordered: number };
export type FunnelStep = { step: 'product_view' | 'cart' | 'order'; visitors: number; rate: number };

/** Each step with its share of the step before (the first step's rate is 1; 0 after an empty step). */
export function funnelSteps(c: FunnelCounts): FunnelStep[] {
  const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : 0);
  return [
    { step: 'product_view', visitors: c.viewed, rate: c.viewed > 0 ? 1 : 0 },
    { step: 'cart', visitors: c.carted, rate: rate(c.carted, c.viewed) },
    { step: 'order', visitors: c.ordered, rate: rate(c.ordered, c.carted) },
  ];
}

const TOP = 10;

export async function analyticsSummary(ctx: AppContext, from: Date, to: Date) {
  const f = from.toISOString();
  const t = to.toISOString();
  const visitor = sql`coalesce('u' || e.user_id::text, 'g' || e.guest_id, 's' || e.session_id)`;
  const [byDay, pages, sections, funnel, devices] = await Promise.all([
    ctx.db.execute<{ day: string; views: number }>(sql`
      select ${kstDaySql(sql`e.created_at`)} as day, count(*)::int as views
      from event_logs e where e.kind = 'PAGE' and e.created_at >= ${f} and e.created_at <= ${t}
      group by 1`),
    ctx.db.execute<{ name: string; views: number; visitors: number }>(sql`
      select coalesce(e.name, e.path, '') as name, count(*)::int as views, count(distinct ${visitor})::int as visitors
      from event_logs e where e.kind = 'PAGE' and e.created_at >= ${f} and e.created_at <= ${t}
      group by 1 order by 2 desc, 1 limit ${TOP}`),
    ctx.db.execute<{ name: string; events: number; visitors: number }>(sql`
      select coalesce(e.name, '') as name, count(*)::int as events, count(distinct ${visitor})::int as visitors
      from event_logs e where e.kind = 'SECTION' and e.created_at >= ${f} and e.created_at <= ${t}
      group by 1 order by 2 desc, 1 limit ${TOP}`),
    ctx.db.execute<{ ab_group: string | null; viewed: number; carted: number; ordered: number }>(sql`
      with viewers as (
        select ${visitor} as v, max(e.ab_group) as ab_group from event_logs e
        where e.kind = 'PAGE' and e.product_display_id is not null and e.created_at >= ${f} and e.created_at <= ${t}
        group by 1
      ), carters as (
        select distinct coalesce('u' || c.user_id::text, 'g' || c.guest_id) as v
        from cart_lines l join carts c on c.id = l.cart_id
        where l.created_at >= ${f} and l.created_at <= ${t}
      ), buyers as (
        select distinct coalesce('u' || o.user_id::text, 'g' || o.guest_id) as v
        from orders o where o.paid_at >= ${f} and o.paid_at <= ${t}
      )
      select grouping(vw.ab_group) = 1 as total, vw.ab_group,
        count(*)::int as viewed,
        count(ca.v)::int as carted,
        count(b.v) filter (where ca.v is not null)::int as ordered
      from viewers vw left join carters ca on ca.v = vw.v left join buyers b on b.v = vw.v
      group by grouping sets ((), (vw.ab_group))`),
    ctx.db.execute<{ device: string; views: number; visitors: number }>(sql`
      select coalesce(e.payload->>'device', 'unknown') as device, count(*)::int as views,
        count(distinct ${visitor})::int as visitors
      from event_logs e where e.kind = 'PAGE' and e.created_at >= ${f} and e.created_at <= ${t}
      group by 1 order by 2 desc, 1`),
  ]);
  const groups = rowsOf<{
    total: boolean;
    ab_group: string | null;
    viewed: number;
    carted: number;
    ordered: number;
  }>(funnel);
  const counts = (r?: { viewed: number; carted: number; ordered: number }): FunnelCounts => ({
    viewed: Number(r?.viewed ?? 0),
    carted: Number(r?.carted ?? 0),
    ordered: Number(r?.ordered ?? 0),
  });
  return {
    page_views_by_day: new Map(
      rowsOf<{ day: string; views: number }>(byDay).map((r) => [r.day, Number(r.views)]),
    ),
    top_pages: rowsOf<{ name: string; views: number; visitors: number }>(pages).map((r) => ({
      name: r.name,
      views: Number(r.views),
      visitors: Number(r.visitors),
    })),
    sections: rowsOf<{ name: string; events: number; visitors: number }>(sections).map((r) => ({
      name: r.name,
      events: Number(r.events),
      visitors: Number(r.visitors),
    })),
    page_views_by_device: rowsOf<{ device: string; views: number; visitors: number }>(devices).map((r) => ({
      device: r.device,
      views: Number(r.views),
      visitors: Number(r.visitors),
    })),
    funnel: funnelSteps(counts(groups.find((g) => g.total === true))),
    funnel_by_group: groups
      .filter((g) => g.total !== true)
      .map((g) => ({ ab_group: g.ab_group ?? '-', steps: funnelSteps(counts(g)) }))
      .sort((a, b) => a.ab_group.localeCompare(b.ab_group)),
  };
}
