/**
 * First-party analytics (docs/ARCHITECTURE.md, "Analytics"): bounded, validated batches from the
 * storefront, written before the answer (accepted = written; 503 when the database cannot take
 * them), member and guest attribution without headers for sendBeacon, product page views as
 * ranking signals, sampled server error reports, daily retention, and the dashboard's funnel.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartLines, carts, eventLogs, productSignals } from '../src/db/schema.ts';
import { funnelSteps } from '../src/domains/admin/analytics.ts';
import { DevAdSink, setAdSender } from '../src/domains/ads/conversion.ts';
import { reportServerError } from '../src/domains/support/error-report.ts';
import { sweepRetention, writeEvents } from '../src/domains/support/event-log.ts';
import type { AppContext } from '../src/platform/context.ts';
import { createMember, createTestApp, guestIdOf, operatorSession, type TestApp } from './helpers.ts';
import { makeShop } from './orders-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SESSION = 'sess_0123456789';
const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  session_id: SESSION,
  ab_group: 'AC',
  events,
  ...extra,
});
const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/loggers/batch', payload: body as object, headers });

async function rowsOfSession(session: string) {
  return t.ctx.db.select().from(eventLogs).where(eq(eventLogs.session_id, session)).orderBy(eventLogs.id);
}

describe('POST /api/loggers/batch', () => {
  it('writes every accepted row with its fields before it answers', async () => {
    const guest = guestIdOf(t.ctx, 'analytics-1');
    const res = await post(
      batch([
        {
          kind: 'page_view',
          name: 'product',
          path: '/product/7?utm_source=x#top',
          product_display_id: 7,
          event_id: 'ev_1',
        },
        { kind: 'section', name: 'home_banner', props: { position: 2, label: '겨울 코트' } },
        { kind: 'active_user', path: '/' },
      ]),
      { 'x-guest-user-id': guest },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'ok', accepted: 3 });
    // Accepted means written: the rows are there as the call answers.
    const rows = await rowsOfSession(SESSION);
    expect(rows.map((r) => [r.kind, r.name, r.path, r.product_display_id, r.event_id])).toEqual([
      ['PAGE', 'product', '/product/7', 7, 'ev_1'],
      ['SECTION', 'home_banner', null, null, null],
      ['ACTIVE_USER', null, '/', null, null],
    ]);
    for (const r of rows) expect(r).toMatchObject({ guest_id: guest, user_id: null, ab_group: 'AC' });
    expect(rows[1]?.payload).toEqual({ position: 2, label: '겨울 코트' });
  });

  it('a page view records its device: the app webview, a PC (isPC cookie or agent) or a phone', async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const desktop = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15';
    const cases: [string, Record<string, string>, string][] = [
      ['device_sess_app', { 'user-agent': `${phone} CodiroomApp/2.0` }, 'app'],
      ['device_sess_pc', { 'user-agent': desktop }, 'pc'],
      ['device_sess_narrow', { 'user-agent': desktop, cookie: 'isPC=false' }, 'mobile'],
      ['device_sess_phone', { 'user-agent': phone }, 'mobile'],
    ];
    for (const [session, headers] of cases) {
      const res = await post(
        batch(
          [
            { kind: 'page_view', name: 'home', path: '/' },
            { kind: 'section', name: 'home_banner' },
          ],
          {
            session_id: session,
          },
        ),
        { ...headers, 'x-guest-user-id': guestIdOf(t.ctx, session) },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [session, , device] of cases) {
      const [view, section] = await rowsOfSession(session);
      expect(view?.payload, session).toEqual({ device });
      expect(section?.payload, 'only page views carry it').toEqual({});
    }
  });

  it('a sendBeacon batch (text/plain, no headers) names the member by the accessToken cookie', async () => {
    const m = await createMember(t.ctx);
    const token = m.headers.authorization.replace(/^Bearer /, '');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/batch',
      payload: JSON.stringify(
        batch([{ kind: 'page_view', name: 'home', path: '/' }], { session_id: 'beacon_member_1' }),
      ),
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        cookie: `isLogin=true; accessToken=${encodeURIComponent(token)}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOfSession('beacon_member_1');
    expect(row).toMatchObject({ user_id: m.user.id, guest_id: null });
  });

  it('a beacon guest id in the body counts only when this server issued it', async () => {
    const guest = guestIdOf(t.ctx, 'analytics-beacon');
    for (const [session, id] of [
      ['beacon_guest_ok', guest],
      ['beacon_guest_forged', `${guest.slice(0, -2)}xx`],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loggers/batch',
        payload: JSON.stringify(
          batch([{ kind: 'page_view', path: '/' }], { session_id: session, guest_id: id }),
        ),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await rowsOfSession('beacon_guest_ok'))[0]?.guest_id).toBe(guest);
    expect((await rowsOfSession('beacon_guest_forged'))[0]?.guest_id).toBeNull();
  });

  it('refuses what is not a bounded, flat batch with a 400 and a detail', async () => {
    const one = { kind: 'page_view', path: '/' };
    const bad = [
      batch(Array.from({ length: 51 }, () => one)),
      batch([]),
      batch([{ kind: 'purchase' }]),
      batch([{ kind: 'section', props: { nested: { a: 1 } } }]),
      batch([
        { kind: 'section', props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
      ]),
      batch([{ kind: 'page_view', product_display_id: 2 ** 31 }]),
      batch([{ kind: 'page_view', event_id: 'has space' }]),
      batch([one], { session_id: 'short' }),
      batch([one], { ab_group: 'Z9' }),
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    // text/plain is the beacon's type on this call only.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/loggers/page-log',
      payload: '{"name":"x"}',
      headers: { 'content-type': 'text/plain', 'x-guest-user-id': guestIdOf(t.ctx, 'a') },
    });
    expect(other.statusCode).toBe(415);
  });

  it('a product page view becomes a ranking view signal; the product detail call alone does not', async () => {
    const id = (await makeShop(t.ctx)).displayId;
    const viewSum = async () => {
      const [r] = await t.ctx.db
        .select({ n: sql<number>`coalesce(sum(${productSignals.weight}), 0)::int` })
        .from(productSignals)
        .where(and(eq(productSignals.product_display_id, id), eq(productSignals.signal, 'view')));
      return Number(r?.n ?? 0);
    };
    const start = await viewSum();
    await t.app.inject({ url: `/api/products/detail/${id}` });
    expect(await viewSum()).toBe(start);
    const res = await post(batch([{ kind: 'page_view', path: `/product/${id}`, product_display_id: id }]), {
      'x-guest-user-id': guestIdOf(t.ctx, 'viewer'),
    });
    expect(res.statusCode).toBe(200);
    // Written with the events, weighted by the batch's views of the product.
    expect(await viewSum()).toBe(start + 1);
    const twice = await post(
      batch([
        { kind: 'page_view', path: `/product/${id}`, product_display_id: id },
        { kind: 'page_view', path: `/product/${id}`, product_display_id: id },
      ]),
      { 'x-guest-user-id': guestIdOf(t.ctx, 'viewer') },
    );
    expect(twice.statusCode).toBe(200);
    expect(await viewSum()).toBe(start + 3);
  });
});

describe('PageView and ViewContent', () => {
  it('a page view in a batch is sent as PageView, a product page also as ViewContent, with the browser event id', async () => {
    const sink = new DevAdSink();
    setAdSender(t.ctx, sink);
    const shop = await makeShop(t.ctx);
    const res = await post(
      batch([
        { kind: 'page_view', path: '/', event_id: 'pv_home_1' },
        {
          kind: 'page_view',
          path: `/product/${shop.displayId}`,
          product_display_id: shop.displayId,
          event_id: 'pv_prod_1',
        },
        { kind: 'section', name: 'not_an_ad_event' },
      ]),
      {
        'x-guest-user-id': guestIdOf(t.ctx, 'ads'),
        'user-agent': 'Mozilla/5.0 (iPhone) test',
        referer: 'https://codiroom.test/somewhere?x=1',
        cookie: '_fbp=fb.1.1700000000000.123; _fbc=fb.1.1700000000000.abc',
      },
    );
    expect(res.statusCode).toBe(200);
    // Earlier tests' page views may still be on their way to the sink: only this batch's ids count.
    const mine = () => sink.events.filter((e) => ['pv_home_1', 'pv_prod_1'].includes(e.event_id ?? ''));
    await vi.waitFor(() => expect(mine()).toHaveLength(3));
    const [home, page, view] = mine();
    expect(home).toMatchObject({
      event_name: 'PageView',
      event_id: 'pv_home_1',
      action_source: 'website',
      event_source_url: 'https://codiroom.test/',
      user_data: {
        em: [null],
        fbp: 'fb.1.1700000000000.123',
        fbc: 'fb.1.1700000000000.abc',
        client_user_agent: 'Mozilla/5.0 (iPhone) test',
      },
    });
    expect(page).toMatchObject({ event_name: 'PageView', event_id: 'pv_prod_1' });
    expect(view).toMatchObject({
      event_name: 'ViewContent',
      event_id: 'pv_prod_1',
      event_source_url: `https://codiroom.test/product/${shop.displayId}`,
      user_data: { em: [null] },
      custom_data: { currency: 'KRW', content_ids: [String(shop.displayId)], content_type: 'product' },
    });
    expect(view?.custom_data?.value).toBeGreaterThan(0);
  });
});

describe('write failures', () => {
  /** A context whose database fails every statement with `err`. */
  const failing = (err: Error): AppContext => ({
    ...t.ctx,
    db: {
      execute: async () => {
        throw err;
      },
    } as unknown as AppContext['db'],
  });

  it('a database that cannot write answers 503 with Retry-After, never 2xx-and-drop', async () => {
    const down = failing(new Error('connection terminated'));
    const err = await writeEvents(down, [{ kind: 'PAGE', name: 'a', created_at: new Date() }]).catch(
      (e) => e,
    );
    expect(err).toMatchObject({ statusCode: 503, headers: { 'retry-after': '2' } });
  });

  it('rows the database refuses as data refuse the batch with 400', async () => {
    const bad = failing(Object.assign(new Error('invalid byte'), { code: '22021' }));
    const err = await writeEvents(bad, [{ kind: 'PAGE', name: 'a', created_at: new Date() }]).catch((e) => e);
    expect(err).toMatchObject({ statusCode: 400 });
  });

  it('over HTTP: a batch the database cannot take is answered 503 and nothing of it is written', async () => {
    const execute = t.ctx.db.execute;
    t.ctx.db.execute = (async () => {
      throw new Error('connection terminated');
    }) as unknown as typeof execute;
    try {
      const res = await post(batch([{ kind: 'page_view', path: '/down' }], { session_id: 'db_down_batch' }), {
        'x-guest-user-id': guestIdOf(t.ctx, 'down'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(typeof res.json().detail).toBe('string');
    } finally {
      t.ctx.db.execute = execute;
    }
    expect(await rowsOfSession('db_down_batch')).toHaveLength(0);
  });
});

describe('retention', () => {
  it('deletes rows older than ANALYTICS_RETENTION_DAYS and keeps the rest', async () => {
    const now = t.ctx.clock.now().getTime();
    const day = 86_400_000;
    const [old, recent] = await t.ctx.db
      .insert(eventLogs)
      .values([
        { kind: 'PAGE', name: 'retention-old', created_at: new Date(now - 91 * day) },
        { kind: 'PAGE', name: 'retention-recent', created_at: new Date(now - 89 * day) },
      ])
      .returning({ id: eventLogs.id });
    expect(await sweepRetention(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db
      .select({ id: eventLogs.id })
      .from(eventLogs)
      .where(sql`${eventLogs.name} like 'retention-%'`);
    expect(left.map((r) => r.id)).toEqual([recent?.id]);
    expect(left.map((r) => r.id)).not.toContain(old?.id);
  });
});

describe('server error reports', () => {
  const req = {
    method: 'GET',
    url: '/api/products/detail/1?x=1',
    routeOptions: { url: '/api/products/detail/:id' },
  };

  it('are all recorded (not sampled), never for noise, and keep no request body', async () => {
    const err = Object.assign(new Error('boom'), { code: 'XX000' });
    expect(
      await reportServerError(t.ctx, { name: 'AbortError', message: 'The operation was aborted' }, req, 500),
    ).toBe(false);
    for (let i = 0; i < 5; i++) expect(await reportServerError(t.ctx, err, req, 500)).toBe(true);
    const rows = await t.ctx.db.select().from(eventLogs).where(eq(eventLogs.name, 'server_error'));
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ kind: 'ERROR', path: '/api/products/detail/1' });
    expect(rows[0]?.payload).toEqual({
      method: 'GET',
      route: '/api/products/detail/:id',
      status: 500,
      error: 'Error',
      code: 'XX000',
      message: 'boom',
    });
  });
});

describe('the dashboard funnel', () => {
  it('funnelSteps: each step as a share of the one before', () => {
    expect(funnelSteps({ viewed: 4, carted: 2, ordered: 1 })).toEqual([
      { step: 'product_view', visitors: 4, rate: 1 },
      { step: 'cart', visitors: 2, rate: 0.5 },
      { step: 'order', visitors: 1, rate: 0.5 },
    ]);
    expect(funnelSteps({ viewed: 0, carted: 0, ordered: 0 }).map((s) => s.rate)).toEqual([0, 0, 0]);
  });

  it('counts product viewers, those of them who carted, per A/B group, with page views and sections', async () => {
    const shop = await makeShop(t.ctx);
    const item = { id: shop.m, display: shop.displayId };
    const guests = ['funnel-a', 'funnel-b', 'funnel-c'].map((l) => guestIdOf(t.ctx, l));
    const groups = ['AA', 'AA', 'BB'];
    for (const [i, g] of guests.entries()) {
      const res = await post(
        batch(
          [
            {
              kind: 'page_view',
              name: 'product',
              path: `/product/${item?.display}`,
              product_display_id: item?.display,
            },
            { kind: 'section', name: 'funnel_test_section' },
          ],
          { session_id: `funnel_session_${i}`, ab_group: groups[i] },
        ),
        { 'x-guest-user-id': g },
      );
      expect(res.statusCode).toBe(200);
    }
    // Guests a and c put the product in their carts; b only looked.
    for (const g of [guests[0], guests[2]]) {
      const [cart] = await t.ctx.db.insert(carts).values({ guest_id: g }).returning({ id: carts.id });
      await t.ctx.db.insert(cartLines).values({
        cart_id: cart?.id as number,
        product_item_id: item?.id as number,
        product_display_id: item?.display as number,
        quantity: 1,
        created_at: t.ctx.clock.now(),
      });
    }
    const md = await operatorSession(t, ['MD']);
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: md.headers });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const step = (steps: { step: string; visitors: number }[], name: string) =>
      steps.find((s) => s.step === name)?.visitors;
    const aa = d.funnel_by_group.find((g: { ab_group: string }) => g.ab_group === 'AA');
    const bb = d.funnel_by_group.find((g: { ab_group: string }) => g.ab_group === 'BB');
    expect([step(aa.steps, 'product_view'), step(aa.steps, 'cart')]).toEqual([2, 1]);
    expect([step(bb.steps, 'product_view'), step(bb.steps, 'cart')]).toEqual([1, 1]);
    expect(step(d.funnel, 'product_view')).toBeGreaterThanOrEqual(3);
    expect(d.sections).toEqual(
      expect.arrayContaining([{ name: 'funnel_test_section', events: 3, visitors: 3 }]),
    );
    expect(d.daily.at(-1).page_views).toBeGreaterThanOrEqual(3);
    // inject's agent is neither a phone's nor the app's: these views count as PC views.
    const pc = d.page_views_by_device.find((r: { device: string }) => r.device === 'pc');
    expect(pc.views).toBeGreaterThanOrEqual(3);
  });
});
