/**
 * Payment endpoints beside the order calls:
 *   GET  /api/payments/client-config  — which gateway runs and the browser SDK's client key;
 *   GET  /api/payments/sandbox/checkout?orderId&amount&orderName&method&successUrl&failUrl — the
 *        sandbox payment window (only with the sandbox gateway), showing the chosen payment method
 *        (CARD when absent): 결제하기 redirects to the success URL with a paymentKey issued for that
 *        method, orderId and amount, 취소 to the fail URL with code and message, like Toss;
 *   POST /api/payments/sandbox/approve — the form behind it;
 * (POST /api/payments/webhook applies a payment to its order: orders/webhook-routes.ts.)
 * Success and fail URLs must be same-site paths ("/payment/success"), so the page is no open redirect.
 */
import { PAYMENT_METHODS, PaymentClientConfig, paymentMethodLabel } from '@codiroom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { queryBoundsProblem } from '../../platform/input-limits.ts';
import { SandboxGateway } from './sandbox.ts';
import { gatewayOf } from './select.ts';

const tags = ['payments'];
const LocalPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'a same-site path starting with /');

const CheckoutQuery = z.object({
  orderId: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, 'orderId: 6–64 letters, digits, - or _'),
  amount: z.coerce.number().int().min(0).max(1_000_000_000),
  orderName: z.string().max(200).default('주문 상품'),
  method: z.enum(PAYMENT_METHODS).default('CARD'),
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
      const gw = sandboxOf(ctx);
      const q = req.query;
      if (!gw.methods.includes(q.method))
        throw new HttpError(400, '이 결제창에서 지원하지 않는 결제수단입니다.');
      const hidden = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${esc(value)}">`;
      const fields = [
        hidden('orderId', q.orderId),
        hidden('amount', String(q.amount)),
        hidden('method', q.method),
        hidden('successUrl', q.successUrl),
        hidden('failUrl', q.failUrl),
      ].join('');
      const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>테스트 결제 | 코디룸</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:24px;color:#111}h1{font-size:20px}.box{border:1px solid #ddd;border-radius:12px;padding:16px;margin:16px 0}.amt{font-size:24px;font-weight:700}button{width:100%;padding:14px;border-radius:10px;border:0;font-size:16px;margin-top:8px}.pay{background:#0064ff;color:#fff}.cancel{background:#eee}.method{margin-top:8px}</style></head>
<body><h1>테스트 결제창</h1><p>실제 결제가 이루어지지 않는 샌드박스입니다.</p>
<div class="box"><div>${esc(q.orderName)}</div><div>주문번호 ${esc(q.orderId)}</div><div class="amt">${q.amount.toLocaleString('ko-KR')}원</div><div class="method" data-testid="sandbox-method">결제수단 <strong>${esc(paymentMethodLabel(q.method))}</strong></div></div>
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
      if (!gw.methods.includes(b.method))
        throw new HttpError(400, '이 결제창에서 지원하지 않는 결제수단입니다.');
      const paymentKey = gw.authorize(b.orderId, b.amount, b.method);
      return reply.redirect(
        withQuery(b.successUrl, { paymentKey, orderId: b.orderId, amount: String(b.amount) }),
        303,
      );
    },
  );
};
