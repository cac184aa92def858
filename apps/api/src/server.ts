/**
 * Production entry: one process serves the API under /api and the server-rendered storefront.
 * Applies migrations, seeds an empty database once, then listens on PORT (default 3000).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type DatabaseEventLog, logDatabaseEvent } from './db/pglite-recovery.ts';
import { closeContext, createContext, openConfiguredDatabase } from './platform/create-context.ts';
import { sweepStaleUploadFiles } from './platform/uploads.ts';
import { ensureSeeded } from './seed/ensure.ts';
import { mountStorefront } from './web/storefront.ts';

async function main() {
  const t0 = performance.now();
  const config = loadConfig();
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
  // The demo shop is generated around the first start, so its time sales and promotions are live.
  await ensureSeeded(ctx.db, { products: config.SEED_PRODUCTS, log: app.log, now: ctx.clock.now() });
  // Upload files a killed process left in the temporary directory (docs/ARCHITECTURE.md "Uploads").
  const swept = await sweepStaleUploadFiles();
  if (swept) app.log.info({ swept }, 'removed stale temporary upload folders');

  const here = dirname(fileURLToPath(import.meta.url));
  const webBuild = config.WEB_BUILD_DIR ?? resolve(here, '../../web/build');
  await mountStorefront(app, webBuild, config.isProduction ? 'production' : 'development');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await closeContext(ctx);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      node: process.version,
      database: database.kind,
      cache: ctx.kv.kind,
      ms: Math.round(performance.now() - t0),
    },
    `Codiroom is serving http://localhost:${config.PORT}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
