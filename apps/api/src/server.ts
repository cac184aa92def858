/**
 * Production entry: one process serves the API under /api and the server-rendered storefront.
 * Applies migrations, seeds an empty database once, then listens on PORT (default 3000).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type DatabaseEventLog, logDatabaseEvent } from './db/pglite-recovery.ts';
import { ensureSeeded } from './demo/ensure.ts';
import { closeContext, createContext, openConfiguredDatabase } from './platform/create-context.ts';
import { checkRoleDatabase, servesHttp } from './platform/process-role.ts';
import { startConfiguredTracing, stopTracing } from './platform/tracing.ts';
import { sweepStaleUploadFiles } from './platform/uploads.ts';
import { mountStorefront } from './web/storefront.ts';

async function main() {
  const t0 = performance.now();
  const config = loadConfig();
  checkRoleDatabase(config);
  // Before the context and the app, which add their spans only while tracing is on.
  const tracing = startConfiguredTracing(config);
  // Recovery events of the embedded database (a fatal WASM error, the reopen from disk) go to the
  // app's logger once it exists, to the console before that.
  let dbLog: DatabaseEventLog | undefined;
  const database = await openConfiguredDatabase(config, (event) => logDatabaseEvent(dbLog, event));
  await database.migrate();
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, {
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  dbLog = app.log;
  // The demo shop is generated around the first start, so its time sales and promotions are live;
  // under the start-up lock, so of processes starting together on one server only the first seeds.
  await database.withStartupLock(() =>
    ensureSeeded(ctx.db, { products: config.SEED_PRODUCTS, log: app.log, now: ctx.clock.now() }),
  );
  // Upload files a killed process left in the temporary directory (docs/ARCHITECTURE.md "Uploads").
  const swept = await sweepStaleUploadFiles();
  if (swept) app.log.info({ swept }, 'removed stale temporary upload folders');

  const here = dirname(fileURLToPath(import.meta.url));
  const webBuild = config.WEB_BUILD_DIR ?? resolve(here, '../../web/build');
  if (servesHttp(config))
    await mountStorefront(app, webBuild, config.isProduction ? 'production' : 'development');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // No new connections; requests in flight finish — a confirm waits on the gateway for up to
    // PAYMENT_GATEWAY_TIMEOUT_MS, which SHUTDOWN_DRAIN_MS exceeds (config.ts) — then the exit.
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS);
    force.unref();
    try {
      await app.close();
      await closeContext(ctx);
      await database.close();
      await stopTracing();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A rejection nobody awaited (a library's background call during a database or Redis outage)
  // is logged, not a crash that would take every request and claim in flight with it; the
  // database, the outbox and the claims' heartbeats make what was acknowledged durable anyway.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      node: process.version,
      database: database.kind,
      cache: ctx.kv.kind,
      tracing,
      ms: Math.round(performance.now() - t0),
    },
    `Codiroom is serving http://localhost:${config.PORT}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
