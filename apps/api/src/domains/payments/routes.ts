/**
 * Payment endpoints beside the order calls:
 *   GET  /api/payments/client-config  — which gateway runs and the browser SDK's client key;
 *   GET  /api/payments/sandbox/checkout?orderId&amount&orderName&successUrl&failUrl — the sandbox
 *        payment window (only with the sandbox gateway): 결제하기 redirects to the success URL with
 *        paymentKey, orderId and amount, 취소 to the fail URL with code and message, like Toss;
 *   POST /api/payments/sandbox/approve — the form behind it;
 *   POST /api/payments/webhook — Toss's PAYMENT_STATUS_CHANGED: the payment is re-read from the
 *        gateway (the body is never trusted) and applied to its order.
 * Success and fail URLs must be same-site paths ("/payment/success"), so the page is no open redirect.
 */
import { PaymentClientConfig, PaymentWebhookRequest } from '@codiroom/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders, payments } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { queryBoundsProblem } from '../../platform/input-limits.ts';
import { applyGatewayPayment } from '../orders/service.ts';
import { GatewayError, gatewayOf } from './gateway.ts';
import { SandboxGateway } from './sandbox.ts';

const tags = ['payments'];
const LocalPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'a same-site path starting with /');

const CheckoutQuery = z.object({
  orderId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'orderId: 6–64 letters, digits, - or _'),
  amount: z.coerce.number().int().min(0).max(1_000_000_000),
  orderName: z.string().max(200).default('주문 상품'),
  successUrl: LocalPath,
  failUrl: LocalPath,
});

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function withQuery(path: string, params: Record<string, string>): string {
  const u = new URL(path, 'http://local');
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return `${u.pathname}${u.search}`;
}

function sandboxOf(ctx: AppContext): SandboxGateway {
  const gw = gatewayOf(ctx);
  if (!(gw instanceof SandboxGateway)) throw notFound('샌드박스 결제가 비활성화되어 있습니다.');
  return gw;
}

/** Whether the key is one of our payment rows, or the order number one of our orders. */
async function isOurPayment(ctx: AppContext, paymentKey: string, orderNo: string | undefined) {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(payments)
    .where(eq(payments.payment_key, paymentKey))
    .limit(1);
  if (row) return true;
  if (!orderNo) return false;
  const [order] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(eq(orders.order_no, orderNo))
    .limit(1);
  return !!order;
}

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The sandbox window posts an HTML form (this plugin's scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      const fields = Object.fromEntries(new URLSearchParams(String(body)));
      const problem = queryBoundsProblem(fields);
      if (problem) done(new HttpError(400, `Invalid form body: ${problem}`), undefined);
      else done(null, fields);
    },
  );
  app.get(
    '/payments/client-config',
    {
      schema: {
        tags,
        summary: 'The active payment gateway and its client key',
        response: { 200: PaymentClientConfig },
      },
    },
    async () => {
      const gw = gatewayOf(ctx);
      return { provider: gw.name, client_key: gw.clientKey };
    },
  );

  app.get(
    '/payments/sandbox/checkout',
    { schema: { tags, summary: 'Sandbox payment window (dev only)', querystring: CheckoutQuery } },
    async (req, reply) => {
      sandboxOf(ctx);
      const q = req.query;
      const hidden = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${esc(value)}">`;
      const fields = [
        hidden('orderId', q.orderId),
        hidden('amount', String(q.amount)),
        hidden('successUrl', q.successUrl),
        hidden('failUrl', q.failUrl),
      ].join('');
      const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>테스트 결제 | 코디룸</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:24px;color:#111}h1{font-size:20px}.box{border:1px solid #ddd;border-radius:12px;padding:16px;margin:16px 0}.amt{font-size:24px;font-weight:700}button{width:100%;padding:14px;border-radius:10px;border:0;font-size:16px;margin-top:8px}.pay{background:#0064ff;color:#fff}.cancel{background:#eee}</style></head>
<body><h1>테스트 결제창</h1><p>실제 결제가 이루어지지 않는 샌드박스입니다.</p>
<div class="box"><div>${esc(q.orderName)}</div><div>주문번호 ${esc(q.orderId)}</div><div class="amt">${q.amount.toLocaleString('ko-KR')}원</div></div>
<form method="post" action="/api/payments/sandbox/approve">${fields}<input type="hidden" name="action" value="pay"><button class="pay" type="submit">결제하기</button></form>
<form method="post" action="/api/payments/sandbox/approve">${fields}<input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">결제 취소</button></form>
</body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    '/payments/sandbox/approve',
    {
      schema: {
        tags,
        summary: 'Sandbox payment window action: redirects to the success or fail URL',
        body: CheckoutQuery.omit({ orderName: true }).extend({ action: z.enum(['pay', 'cancel']) }),
      },
    },
    async (req, reply) => {
      const gw = sandboxOf(ctx);
      const b = req.body;
      if (b.action === 'cancel') {
        return reply.redirect(
          withQuery(b.failUrl, {
            code: 'PAY_PROCESS_CANCELED',
            message: '사용자에 의해 결제가 취소되었습니다.',
            orderId: b.orderId,
          }),
          303,
        );
      }
      const paymentKey = gw.authorize(b.orderId, b.amount);
      return reply.redirect(
        withQuery(b.successUrl, { paymentKey, orderId: b.orderId, amount: String(b.amount) }),
        303,
      );
    },
  );

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags,
        summary: 'Payment status webhook: re-reads the payment from the gateway before acting',
        body: PaymentWebhookRequest,
        response: {
          200: z.object({ result: z.string() }),
          400: z.object({ detail: z.string() }),
          502: z.object({ detail: z.string() }),
        },
      },
    },
    async (req) => {
      const key = req.body.data.paymentKey;
      if (!key) throw badRequest('data.paymentKey is required');
      // Anyone can post here: only a payment or order of ours makes the shop ask the gateway, so
      // made-up keys never turn into calls to the payment provider.
      if (!(await isOurPayment(ctx, key, req.body.data.orderId))) return { result: 'ignored' };
      let payment: Awaited<ReturnType<ReturnType<typeof gatewayOf>['get']>>;
      try {
        payment = await gatewayOf(ctx).get(key);
      } catch (err) {
        if (err instanceof GatewayError && !err.uncertain) return { result: 'ignored' };
        // Toss retries non-2xx answers: try again later.
        throw new HttpError(502, '결제 정보를 확인하지 못했습니다.');
      }
      return { result: await applyGatewayPayment(ctx, payment, key) };
    },
  );
};
