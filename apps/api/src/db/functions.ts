/**
 * Database functions whose text the app builds from its own rules (catalog/price-rows.ts,
 * orders/payment-claim.ts), installed at start rather than by a migration so the rule they encode
 * exists once, in TypeScript. The domains list theirs on their surface; the app installs them all
 * when it starts (app.ts buildApp, before any route or job), never a route plugin.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** pg_advisory_xact_lock key of the install (any constant shared by every process). */
const INSTALL_LOCK = 7_316_220_511;

/**
 * Installs a database function the app builds unless the installed one is this text: its
 * hash is the function's comment. Under an advisory lock, so several processes starting at once
 * over one database install it once.
 */
export async function installFunction(db: Db, signature: string, text: string): Promise<void> {
  const version = createHash('sha256').update(text).digest('hex').slice(0, 32);
  const installed = async (conn: Pick<Db, 'execute'>) =>
    rowsOf<{ v: string | null }>(
      await conn.execute(sql`select obj_description(to_regprocedure(${signature}), 'pg_proc') as v`),
    )[0]?.v;
  if ((await installed(db)) === version) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`);
    if ((await installed(tx)) === version) return;
    await tx.execute(sql.raw(text));
    await tx.execute(sql.raw(`COMMENT ON FUNCTION ${signature} IS '${version}'`));
  });
}

/** A function a domain builds: its SQL signature and its CREATE OR REPLACE text. */
export type DatabaseFunction = { signature: string; text: string };

/** Installs each of `functions` (see installFunction), one after the other. */
export async function installFunctions(db: Db, functions: readonly DatabaseFunction[]): Promise<void> {
  for (const f of functions) await installFunction(db, f.signature, f.text);
}
