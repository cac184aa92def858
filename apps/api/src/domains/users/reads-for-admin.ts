/**
 * Member figures for the back office (the admin domain assembles): sign-ups per campaign code for
 * the dashboard (SPEC.md §3 "Campaign codes"), and the member look-up's rows (admin/members.ts).
 */
import { and, count, desc, eq, gte, ilike, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { addresses, users } from './schema.ts';

/** Members who signed up in the window with a campaign code, per code. */
export async function signUpsByCampaign(
  db: Conn,
  w: { from: Date; to: Date },
): Promise<{ code: number | null; n: number }[]> {
  const rows = await db
    .select({ code: users.campaign_code, n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(isNotNull(users.campaign_code), gte(users.created_at, w.from), lte(users.created_at, w.to)))
    .groupBy(users.campaign_code);
  return rows.map((r) => ({ code: r.code, n: Number(r.n) }));
}

// ───────────── the member look-up (admin/members.ts), plain rows: the back office masks ─────────────

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Members newest first whose name contains `q`, or whose e-mail (with an @), phone (8+ digits) or
 * number is `q`; every member without `q`. One page and the total.
 */
export async function searchMembers(
  db: Conn,
  q: string | undefined,
  page: { limit: number; offset: number },
) {
  const where: SQL[] = [];
  const text = q?.trim() ?? '';
  if (text) {
    const digits = text.replace(/\D/g, '');
    const ors: SQL[] = [ilike(users.name, likeOf(text))];
    if (text.includes('@')) ors.push(eq(sql`lower(${users.email})`, text.toLowerCase()));
    if (digits.length >= 8 && /^[\d\s-]+$/.test(text)) ors.push(eq(users.phone, digits));
    if (/^\d{1,9}$/.test(text)) ors.push(eq(users.id, Number(text)));
    where.push(or(...ors) as SQL);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        phone: users.phone,
        email: users.email,
        is_active: users.is_active,
        created_at: users.created_at,
      })
      .from(users)
      .where(cond)
      .orderBy(desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(cond),
  ]);
  return { total: Number(total?.n ?? 0), rows };
}

/** The member's row, or null. */
export async function memberForAdmin(db: Conn, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

/** The member's real name, phone, e-mail and addresses (default first), or null. */
export async function memberPersonalData(db: Conn, id: number) {
  const [u] = await db
    .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!u) return null;
  const addr = await db
    .select({
      name: addresses.name,
      recipient: addresses.recipient,
      phone: addresses.phone,
      zipcode: addresses.zipcode,
      main_address: addresses.main_address,
      detail_address: addresses.detail_address,
      is_default: addresses.is_default,
    })
    .from(addresses)
    .where(eq(addresses.user_id, id))
    .orderBy(desc(addresses.is_default), addresses.id);
  return { ...u, addresses: addr };
}
