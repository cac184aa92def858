/**
 * A shutdown waits for requests, not for idle keep-alive connections (platform/drain.ts): a
 * request in flight when the close begins is answered with `Connection: close`, and the close ends
 * as soon as it is sent, although the connection's keep-alive time is a minute.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsOnShutdown } from '../src/platform/drain.ts';

function get(port: number, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: '/slow', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('shutdown drain', () => {
  it('ends a keep-alive connection with its in-flight request, so the close does not wait for it', async () => {
    const app = Fastify({ keepAliveTimeout: 60_000, return503OnClosing: true });
    closeConnectionsOnShutdown(app);
    let entered!: () => void;
    const inRoute = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    app.get('/slow', async () => {
      entered();
      await released;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = get(port, agent);
      await inRoute;
      const closed = app.close();
      // The request finishes after the close has begun (a confirm answered by the gateway later).
      await new Promise((r) => setTimeout(r, 100));
      release();
      const res = await answer;
      expect(res).toEqual({ status: 200, connection: 'close' });
      const started = Date.now();
      await Promise.race([
        closed,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('close still waiting after 3 s')), 3_000),
        ),
      ]);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
