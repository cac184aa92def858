/**
 * The point ledger (docs/ARCHITECTURE.md, 'Benefits'): append-only rows in point_ledger, each carrying
 * balance_after, so the balance is the latest row's balance_after (balance.ts pointBalance). Every
 * write takes the member's row lock first (lockMember), so two writes of one member run one after the other
 * (and get increasing ids: the ledger's order is id order, never created_at, which is the caller's clock read
 * before the lock) and the balance can never go below zero: a spend is inserted only after the balance is
 * read under that lock. Earned and returned points expire POINT_VALID_DAYS after they were credited; expiry
 * is applied lazily (before every write and read of the balance) as an EXPIRE row, using
 * first-to-expire-first-spent accounting.
 *
 * earnPoints / spendPoints / refundPoints take a transaction handle so the checkout (docs/ARCHITECTURE.md,
 * 'Orders and payments') can call them inside its own order transaction. A spend of an order not yet
 * paid is a hold (shown so in the history, refunded when the attempt is released).
 */
import { POINT_VALID_DAYS } from '@codiroom/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';
import { lockMember } from '../users/index.ts';
import { pointBalance } from './balance.ts';
import { benefitsPorts } from './ports.ts';
import { pointLedger } from './schema.ts';

const DAY_MS = 86_400_000;

export const POINT_REASONS = {
  EARN_PURCHASE: '구매 확정 적립',
  SPEND_ORDER: '주문 결제 사용',
  REFUND_ORDER: '주문 취소·반품 반환',
  MISSION: '미션 완료 적립',
  EVENT: '이벤트 적립',
  REVIEW: '후기 작성 적립',
  REVIEW_REVOKED: '숨김 처리된 후기 적립 회수',
  MISSION_REVOKED: '미션 적립 회수',
  EXPIRE: '유효기간 만료',
  ADMIN_GRANT: '운영자 지급',
  ADMIN_REVOKE: '운영자 회수',
} as const;
export type PointReason = keyof typeof POINT_REASONS;

type Row = typeof pointLedger.$inferSelect;

/** Points of positive rows still unspent and unexpired at `now`, FIFO by expiry. */
function remainingLots(rows: Row[]) {
  const lots: { expires: number; left: number }[] = [];
  for (const r of rows) {
    if (r.amount > 0) {
      lots.push({
        expires: r.expires_at ? r.expires_at.getTime() : Number.POSITIVE_INFINITY,
        left: r.amount,
      });
      continue;
    }
    let need = -r.amount;
    const at = r.created_at.getTime();
    // An EXPIRE row takes from lots already expired at its time; a spend from lots still valid.
    const eligible = lots
      .filter((l) => l.left > 0 && (r.reason === 'EXPIRE' ? l.expires <= at : l.expires > at))
      .sort((a, b) => a.expires - b.expires);
    for (const l of eligible) {
      if (need === 0) break;
      const take = Math.min(need, l.left);
      l.left -= take;
      need -= take;
    }
  }
  return lots;
}

/** Writes an EXPIRE row for points whose validity ended by `now`; returns the new balance. */
export async function expirePoints(tx: Tx, userId: number, now: Date): Promise<number> {
  const rows = await tx
    .select()
    .from(pointLedger)
    .where(eq(pointLedger.user_id, userId))
    .orderBy(asc(pointLedger.id)); // lock (write) order; see pointBalance
  const balance = rows.at(-1)?.balance_after ?? 0;
  const expired = remainingLots(rows)
    .filter((l) => l.expires <= now.getTime())
    .reduce((s, l) => s + l.left, 0);
  const amount = Math.min(expired, balance);
  if (amount <= 0) return balance;
  await tx.insert(pointLedger).values({
    user_id: userId,
    amount: -amount,
    reason: 'EXPIRE',
    balance_after: balance - amount,
    created_at: now,
  });
  return balance - amount;
}

export type PointWrite = {
  userId: number;
  amount: number;
  now: Date;
  refType?: string | undefined;
  refId?: number | undefined;
  /** An operator's reason (shown to the member beside the title). */
  note?: string | undefined;
};

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('포인트는 1원 단위의 양수여야 합니다.');
}

/** Credits points (purchase confirmation, mission, event), valid POINT_VALID_DAYS. */
export async function earnPoints(tx: Tx, w: PointWrite & { reason?: PointReason }): Promise<number> {
  checkAmount(w.amount);
  await lockMember(tx, w.userId);
  const balance = await expirePoints(tx, w.userId, w.now);
  const after = balance + w.amount;
  await tx.insert(pointLedger).values({
    user_id: w.userId,
    amount: w.amount,
    reason: w.reason ?? 'EVENT',
    ref_type: w.refType ?? null,
    ref_id: w.refId ?? null,
    note: w.note ?? null,
    balance_after: after,
    expires_at: new Date(w.now.getTime() + POINT_VALID_DAYS * DAY_MS),
    created_at: w.now,
  });
  return after;
}

/**
 * Takes back up to `amount` points earned earlier (a review hidden by an operator): never below a
 * zero balance. Returns the points taken.
 */
export async function revokePoints(tx: Tx, w: PointWrite & { reason: PointReason }): Promise<number> {
  checkAmount(w.amount);
  await lockMember(tx, w.userId);
  const balance = await expirePoints(tx, w.userId, w.now);
  const taken = Math.min(balance, w.amount);
  if (taken <= 0) return 0;
  await tx.insert(pointLedger).values({
    user_id: w.userId,
    amount: -taken,
    reason: w.reason,
    ref_type: w.refType ?? null,
    ref_id: w.refId ?? null,
    note: w.note ?? null,
    balance_after: balance - taken,
    created_at: w.now,
  });
  return taken;
}

/**
 * Takes back credit the member no longer earns — the review credit of a hidden review or of a
 * returned or cancelled item, and the missions such a review completed (docs/ARCHITECTURE.md,
 * 'Benefits'): all of `amount`, even below a zero balance. Points already spent leave a negative
 * balance that later credits pay off first; nothing can be spent until it is positive again.
 */
export async function clawBackPoints(tx: Tx, w: PointWrite & { reason: PointReason }): Promise<number> {
  checkAmount(w.amount);
  await lockMember(tx, w.userId);
  const balance = await expirePoints(tx, w.userId, w.now);
  await tx.insert(pointLedger).values({
    user_id: w.userId,
    amount: -w.amount,
    reason: w.reason,
    ref_type: w.refType ?? null,
    ref_id: w.refId ?? null,
    note: w.note ?? null,
    balance_after: balance - w.amount,
    created_at: w.now,
  });
  return w.amount;
}

/** Spends points at checkout (1-won units); 400 when the balance is short. Returns the balance. */
export async function spendPoints(tx: Tx, w: PointWrite): Promise<number> {
  checkAmount(w.amount);
  await lockMember(tx, w.userId);
  const balance = await expirePoints(tx, w.userId, w.now);
  if (balance < w.amount) throw badRequest(`포인트가 부족합니다. (보유: ${balance}원)`);
  await tx.insert(pointLedger).values({
    user_id: w.userId,
    amount: -w.amount,
    reason: 'SPEND_ORDER',
    ref_type: w.refType ?? 'order',
    ref_id: w.refId ?? null,
    balance_after: balance - w.amount,
    created_at: w.now,
  });
  return balance - w.amount;
}

/**
 * Returns points spent on an order (cancel, completed return, failed or expired order; the share
 * per item is the shared `pointsToReturn`): never more than was spent on it and not yet returned.
 * Returned points get a fresh validity period.
 */
export async function refundPoints(tx: Tx, w: PointWrite & { refId: number }): Promise<number> {
  checkAmount(w.amount);
  await lockMember(tx, w.userId);
  const [agg] = await tx
    .select({
      spent: sql<number>`coalesce(sum(case when ${pointLedger.reason} = 'SPEND_ORDER' then -${pointLedger.amount} else 0 end), 0)::int`,
      returned: sql<number>`coalesce(sum(case when ${pointLedger.reason} = 'REFUND_ORDER' then ${pointLedger.amount} else 0 end), 0)::int`,
    })
    .from(pointLedger)
    .where(
      and(
        eq(pointLedger.user_id, w.userId),
        eq(pointLedger.ref_type, w.refType ?? 'order'),
        eq(pointLedger.ref_id, w.refId),
      ),
    );
  const refundable = Number(agg?.spent ?? 0) - Number(agg?.returned ?? 0);
  if (w.amount > refundable) throw badRequest(`반환할 수 있는 포인트는 ${refundable}원입니다.`);
  const balance = await expirePoints(tx, w.userId, w.now);
  await tx.insert(pointLedger).values({
    user_id: w.userId,
    amount: w.amount,
    reason: 'REFUND_ORDER',
    ref_type: w.refType ?? 'order',
    ref_id: w.refId,
    balance_after: balance + w.amount,
    expires_at: new Date(w.now.getTime() + POINT_VALID_DAYS * DAY_MS),
    created_at: w.now,
  });
  return balance + w.amount;
}

/** The balance after applying expiry (a write only when something expired). */
export async function currentBalance(db: Db, userId: number, now: Date): Promise<number> {
  const balance = await pointBalance(db, userId);
  if (balance === 0) return 0;
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    return expirePoints(tx, userId, now);
  });
}

/**
 * Titles of an order's point rows while the order was never paid (docs/ARCHITECTURE.md, 'Reserved
 * until paid'): the points an unpaid order took are held, not used — the ledger row keeps them from
 * being spent twice — and its refund is the hold ending.
 */
export const HELD_POINT_TITLES = {
  held: '결제 대기 주문 · 포인트 보류',
  abandoned: '결제하지 않은 주문 · 포인트 보류',
  released: '결제하지 않은 주문 · 포인트 보류 해제',
} as const;

/** The orders (of `ids`) never paid, with whether each is still waiting for its payment (the orders domain's). */
async function unpaidOrders(db: Conn, ids: number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  return benefitsPorts.get().orders.unpaidOrders(db, ids);
}

function titleOf(r: Row, unpaid: Map<number, boolean>): string {
  const pending = r.ref_type === 'order' && r.ref_id !== null ? unpaid.get(r.ref_id) : undefined;
  if (pending !== undefined && r.reason === 'SPEND_ORDER')
    return pending ? HELD_POINT_TITLES.held : HELD_POINT_TITLES.abandoned;
  if (pending !== undefined && r.reason === 'REFUND_ORDER') return HELD_POINT_TITLES.released;
  return `${POINT_REASONS[r.reason as PointReason] ?? r.reason}${r.note ? ` · ${r.note}` : ''}`;
}

export async function pointHistory(db: Conn, userId: number, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(pointLedger).where(eq(pointLedger.user_id, userId));
  const rows = await db
    .select()
    .from(pointLedger)
    .where(eq(pointLedger.user_id, userId))
    .orderBy(desc(pointLedger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const unpaid = await unpaidOrders(db, [
    ...new Set(rows.flatMap((r) => (r.ref_type === 'order' && r.ref_id !== null ? [r.ref_id] : []))),
  ]);
  const totalCount = Number(total?.n ?? 0);
  return {
    page,
    count: rows.length,
    total_count: totalCount,
    total_page: Math.ceil(totalCount / pageSize),
    result: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      title: titleOf(r, unpaid),
      balance_after: r.balance_after,
      expires_at: r.expires_at ? r.expires_at.toISOString() : null,
      created_at: r.created_at.toISOString(),
    })),
  };
}
