/**
 * A shutdown that waits for requests, not for idle connections (docs/RUNBOOK.md "Health";
 * server.ts): once the close begins, every response still to be sent carries `Connection: close`,
 * so each keep-alive connection ends with its last request. Without it a connection whose request
 * was in flight at the close (a confirm waiting on the gateway) stays open idle for
 * KEEP_ALIVE_TIMEOUT_MS, the close waits for it, and the process is cut at SHUTDOWN_DRAIN_MS.
 */
import type { FastifyInstance } from 'fastify';

export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every response.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
