// What the fault suite measures after a fault (docs/ARCHITECTURE.md, "Fault suite"): acknowledged
// orders kept, gateway approvals paid or refunded (the fake's ledger against the shop's orders),
// double charges, Purchase events committed (paid orders) against delivered (counted by event id
// at the fake), and the bars every scenario must meet.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { call, pool } from './client.mjs';
import { waitFor } from './infra.mjs';

/** Order statuses in which the order holds its payment (a refund, if any, is partial). */
const PAID = new Set(['PAID', 'PARTIALLY_CANCELLED']);

/** Statuses of orders by number, from a PostgreSQL database. */
export function sqlStatuses(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const read = async (orderNos) => {
    const rows = await sql`select order_no, status from orders where order_no = any(${orderNos})`;
    return new Map(rows.map((r) => [r.order_no, r.status]));
  };
  read.end = () => sql.end({ timeout: 1 });
  return read;
}

/** Statuses of the ledger's orders through the API (the embedded database is the server's own). */
export function apiStatuses(shop, book) {
  return async (orderNos) => {
    const out = new Map();
    const read = (no) => async () => {
      const o = book.orders.get(no);
      if (!o) return;
      const r = await call(null, shop().base, `/api/orders/${o.id}/detail`, { token: o.member.access });
      if (r.status === 200) out.set(no, r.json.status);
      else if (r.status !== 404) throw new Error(`order detail ${r.status}`);
    };
    await pool(orderNos.map(read), 8);
    return out;
  };
}

/** Opens the embedded database of a stopped shop (DATA_DIR/pglite, as apps/api/src/db/client.ts). */
export async function openEmbedded(dataDir) {
  return PGlite.create({ dataDir: `${dataDir}/pglite`, extensions: { pg_trgm } });
}

/**
 * One look at the outcome: `book` (what the shop acknowledged), the fake's payments and ad events,
 * and the shop's order statuses.
 */
export async function look({ book, fake, statuses }) {
  const st = await fake.state();
  const nos = [...new Set([...book.orders.keys(), ...st.payments.map((p) => p.orderId)])];
  const status = await statuses(nos);
  const acked = [...book.orders.values()];
  const kept = acked.filter((o) => status.has(o.orderNo)).length;
  const paidAckLost = acked.filter((o) => o.confirm === 200 && !PAID.has(status.get(o.orderNo))).length;
  const live = new Map();
  for (const p of st.payments) {
    if (p.balanceAmount > 0) live.set(p.orderId, (live.get(p.orderId) ?? 0) + 1);
  }
  let settled = 0;
  for (const p of st.payments) {
    if (p.balanceAmount === 0) settled += 1;
    else if (PAID.has(status.get(p.orderId)) && live.get(p.orderId) === 1) settled += 1;
  }
  const doubleCharges = [...live.values()].filter((n) => n > 1).length;
  const paidOrders = nos.filter((no) => PAID.has(status.get(no)));
  // A Purchase names its order in custom_data.order_id (the conversions API's parameter).
  const purchased = new Set(
    st.adEvents.filter((e) => e.event_name === 'Purchase').map((e) => e.custom_data?.order_id),
  );
  const delivered = paidOrders.filter((no) => purchased.has(no)).length;
  return {
    acknowledged: acked.length,
    kept,
    paidAcknowledged: acked.filter((o) => o.confirm === 200).length,
    paidAckLost,
    approvals: st.payments.length,
    settled,
    doubleCharges,
    effects: paidOrders.length,
    delivered,
    purchaseEvents: st.adEvents.filter((e) => e.event_name === 'Purchase').length,
    gatewayBusy: st.pendingConfirms > 0,
  };
}

const converged = (m) =>
  !m.gatewayBusy &&
  m.settled === m.approvals &&
  m.delivered === m.effects &&
  m.paidAckLost === 0 &&
  m.doubleCharges === 0;

/**
 * Looks until every approval is paid or refunded and every paid order's Purchase delivered, for at
 * most `maxMs`; returns the last look with `convergeS` (seconds since `since`, null when never)
 * and `settleS` (when the payments alone were settled).
 */
export async function converge(ctx, { since = performance.now(), maxMs = 30_000 } = {}) {
  let last = null;
  let settleS = null;
  let convergeS = null;
  // Times are taken when the look that saw the outcome began (a look itself takes a while).
  const seconds = (t) => Math.round((t - since) / 100) / 10;
  await waitFor(
    async () => {
      const at = performance.now();
      last = await look(ctx);
      const paymentsSettled = last.settled === last.approvals && last.paidAckLost === 0;
      if (settleS === null && !last.gatewayBusy && paymentsSettled) settleS = seconds(at);
      if (converged(last)) convergeS = seconds(at);
      return convergeS !== null;
    },
    { timeoutMs: Math.max(0, maxMs - (performance.now() - since)), everyMs: 500 },
  );
  if (last === null) last = await look(ctx);
  return { ...last, convergeS, settleS };
}

/** Every bar of "Done means" a scenario's figures break, as short sentences. */
export function bars(row, { settleWithinS = 10 } = {}) {
  const out = [];
  if (row.kept < row.acknowledged) out.push(`${row.acknowledged - row.kept} acknowledged orders lost`);
  if (row.paidAckLost > 0) out.push(`${row.paidAckLost} orders confirmed (200) but not paid`);
  if (row.doubleCharges > 0) out.push(`${row.doubleCharges} double charges`);
  if (row.settled < row.approvals)
    out.push(`${row.approvals - row.settled} approvals neither paid nor refunded`);
  else if (row.convergeS === null || row.convergeS > settleWithinS) {
    out.push(`converged in ${row.convergeS ?? '∞'} s (bar ${settleWithinS} s)`);
  }
  if (row.delivered < row.effects) out.push(`${row.effects - row.delivered} committed effects not delivered`);
  if (row.s500 > 0) out.push(`${row.s500} answers 500`);
  if (row.revokedAccepted > 0) out.push(`${row.revokedAccepted} revoked sessions accepted`);
  for (const extra of row.extraFailures ?? []) out.push(extra);
  return out;
}
