/**
 * The claim of POST /api/orders/confirm-order (SPEC.md, 'Orders'): three statements in one
 * transaction, each with its own snapshot (READ COMMITTED takes a new snapshot per statement):
 *   1. the order row locked, with what is known of this payment key;
 *   2. (a later snapshot: it sees every payment committed by whoever held the lock before) the
 *      conditional insert of the IN_PROGRESS claim, whose conditions are every check that allows a
 *      confirm — the member's claimable order, the amount, the payment window or a known key, no
 *      other payment of the order holding it;
 *   3. (later still) the key's row and the payments holding the order, for when the claim was not
 *      taken.
 * The states the statements allow come from payment-state.ts (the one copy of the rules): the three
 * statements are the database function `claim_order_payment`, whose text is built here from those
 * lists and installed at start (db/functions.ts installFunction), so a claim is one round trip. In a
 * VOLATILE plpgsql function each statement takes its own snapshot, as above. The function plans each
 * call with its values (`plan_cache_mode = force_custom_plan`): a plan kept from a connection's
 * first claims was made when payments and orders were nearly empty and scanned payments on every
 * later claim, slower as the table grows (bench/orders.mjs).
 *
 * A claim has an owner and a heartbeat (docs/ARCHITECTURE.md, 'Payments under faults'): the claim
 * row records the process that took it (`claim_owner`) and, while its confirm waits on the gateway,
 * the owner beats (`claim_beat_at`, every CLAIM_BEAT_MS). Recovery (settle.ts recoverPayments) only
 * takes a claim whose owner is gone — no beat for CLAIM_STALE_MS — or that its owner released (its
 * confirm ended without an answer from the gateway: both columns null), so no process ever settles
 * or drops another live process's confirm in flight.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseFunction } from '../../db/functions.ts';
import { runHot } from '../../db/hot-sql.ts';
import { rowsOf } from '../../db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Conn } from '../../platform/transactions.ts';
import { CLAIM, HOLDING_PAYMENT, type PaymentStatus } from './payment-state.ts';
import { payments } from './schema.ts';

export type ClaimAnswer = {
  /** The order row (`o.*`) as the lock found it, with `known_order_id` / `known_status` of the key. */
  head: Record<string, unknown> | null;
  /** Whether this request took the claim (its IN_PROGRESS row is written). */
  claimed: boolean;
  /** The key's row and the keys of the payments holding the order, read after the claim. */
  after: { known_order_id: unknown; known_status: unknown; inflight: string[] } | null;
};

/** A SQL list of state literals (constants of payment-state.ts, never input). */
const list = (states: readonly string[]) =>
  states
    .map((s) => {
      if (!/^[A-Z_]+$/.test(s)) throw new Error(`claim function: unexpected state ${s}`);
      return `'${s}'`;
    })
    .join(', ');

/** This process, as the owner of the claims its confirms take (host, pid and a start nonce). */
export const CLAIM_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 100);
/** How often an owner beats while its confirm waits on the gateway. */
export const CLAIM_BEAT_MS = 1_000;
/**
 * A claim whose owner has not beaten for this long belongs to a process that is gone (killed,
 * frozen): four missed beats, and short enough that recovery (every 2 s) settles a killed
 * process's approvals within seconds.
 */
export const CLAIM_STALE_MS = 4_000;

const SIGNATURE = 'claim_order_payment(varchar, varchar, integer, integer, timestamptz, varchar, varchar)';
const IN_PROGRESS: PaymentStatus = 'IN_PROGRESS';

export const CLAIM_FUNCTION_SQL = `CREATE OR REPLACE FUNCTION claim_order_payment(
  p_order_no varchar, p_key varchar, p_user_id integer, p_amount integer, p_at timestamptz,
  p_provider varchar, p_owner varchar
) RETURNS json LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_custom_plan AS $fn$
DECLARE
  v_head json;
  v_inserted json;
  v_after json;
BEGIN
  SELECT row_to_json(h) INTO v_head FROM (
    SELECT o.*, k.order_id AS known_order_id, k.status AS known_status
    FROM orders o LEFT JOIN payments k ON k.payment_key = p_key
    WHERE o.order_no = p_order_no
    LIMIT 1
    FOR UPDATE OF o
  ) h;

  WITH ins AS (
    INSERT INTO payments (order_id, payment_key, provider, status, amount, balance_amount, claim_owner,
      claim_beat_at, created_at, updated_at)
    SELECT o.id, p_key, p_provider, '${IN_PROGRESS}', o.amount, o.amount, p_owner, p_at, p_at, p_at
    FROM orders o
    WHERE o.order_no = p_order_no AND o.user_id = p_user_id
      AND o.status::text IN (${list(CLAIM.orderFrom)})
      AND o.amount = p_amount
      AND (o.expires_at > p_at
        OR EXISTS (SELECT 1 FROM payments k WHERE k.payment_key = p_key AND k.order_id = o.id))
      AND NOT EXISTS (
        SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status::text IN (${list(HOLDING_PAYMENT)})
      )
    ON CONFLICT (payment_key) DO UPDATE SET status = '${IN_PROGRESS}', updated_at = excluded.updated_at,
      claim_owner = excluded.claim_owner, claim_beat_at = excluded.claim_beat_at
      -- A key whose attempt failed before may be retried for the same order.
      WHERE payments.order_id = excluded.order_id AND payments.status::text IN (${list(CLAIM.retryFrom)})
    RETURNING id
  )
  SELECT coalesce(json_agg(ins.id), '[]'::json) INTO v_inserted FROM ins;

  SELECT row_to_json(a) INTO v_after FROM (
    SELECT k.order_id AS known_order_id, k.status AS known_status,
      array(
        SELECT p.payment_key FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE o.order_no = p_order_no AND p.status::text IN (${list(HOLDING_PAYMENT)})
      ) AS inflight
    FROM (SELECT 1) one LEFT JOIN payments k ON k.payment_key = p_key
  ) a;

  RETURN json_build_object('head', v_head, 'inserted', v_inserted, 'after', v_after);
END
$fn$`;

/** claim_order_payment, installed at start (db/functions.ts) unless the installed one is this text. */
export const CLAIM_FUNCTION: DatabaseFunction = { signature: SIGNATURE, text: CLAIM_FUNCTION_SQL };

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export async function claimOrderPayment(
  db: Conn,
  c: { orderNo: string; key: string; userId: number; amount: number; at: Date; provider: string },
): Promise<ClaimAnswer> {
  const [row] = rowsOf<{ claim: unknown }>(
    await runHot(db)(sql`select claim_order_payment(${c.orderNo}::varchar, ${c.key}::varchar,
      ${c.userId}::int, ${c.amount}::int, ${c.at.toISOString()}::timestamptz, ${c.provider}::varchar,
      ${CLAIM_OWNER}::varchar) as claim`),
  );
  const claim = (parsed(row?.claim) ?? {}) as {
    head?: Record<string, unknown> | null;
    inserted?: unknown[];
    after?: { known_order_id: unknown; known_status: unknown; inflight: unknown[] | null } | null;
  };
  return {
    head: claim.head ?? null,
    claimed: (claim.inserted ?? []).length === 1,
    after: claim.after
      ? {
          known_order_id: claim.after.known_order_id,
          known_status: claim.after.known_status,
          inflight: (claim.after.inflight ?? []).map(String),
        }
      : null,
  };
}

/** This process's hold on a claim it took: beats until stopped; release() hands it to recovery. */
export type ClaimHold = { stop(): void; release(): Promise<void> };

const ownClaim = (paymentKey: string) =>
  and(
    eq(payments.payment_key, paymentKey),
    eq(payments.claim_owner, CLAIM_OWNER),
    eq(payments.status, IN_PROGRESS),
  );

/**
 * Beats for this process's claim of `paymentKey` every CLAIM_BEAT_MS until stop(). A failed beat
 * is only a late one (the next one retries). release(): the confirm ended with the payment's outcome
 * unknown, so recovery takes the claim on its next pass instead of after CLAIM_STALE_MS.
 */
export function holdClaim(ctx: AppContext, paymentKey: string): ClaimHold {
  const timer = setInterval(() => {
    void ctx.db
      .update(payments)
      .set({ claim_beat_at: ctx.clock.now() })
      .where(ownClaim(paymentKey))
      .catch(() => {});
  }, CLAIM_BEAT_MS);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    release: async () => {
      clearInterval(timer);
      await ctx.db
        .update(payments)
        .set({ claim_owner: null, claim_beat_at: null })
        .where(ownClaim(paymentKey));
    },
  };
}
