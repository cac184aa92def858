/**
 * Who curated a member (SPEC.md "MY큐레이션"): the operator behind the member's latest curation
 * that names a curator. A curation keeps the curator's name (curator_name, set by the back office's
 * curator note); the operator is the active CURATOR operator of that name (the lowest id when two
 * share it). The support inbox assigns the member's curator chat to them.
 */
import { and, arrayContains, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { operators } from '../../platform/schema.ts';
import { curations } from './schema.ts';

export async function curatorOperatorOf(ctx: AppContext, userId: number): Promise<number | null> {
  const [latest] = await ctx.db
    .select({ name: curations.curator_name })
    .from(curations)
    .where(and(eq(curations.user_id, userId), isNotNull(curations.curator_name)))
    .orderBy(sql`coalesce(${curations.delivered_at}, ${curations.created_at}) desc`, desc(curations.id))
    .limit(1);
  if (!latest?.name) return null;
  const [op] = await ctx.db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        eq(operators.name, latest.name),
        eq(operators.is_active, true),
        arrayContains(operators.roles, ['CURATOR']),
      ),
    )
    .orderBy(asc(operators.id))
    .limit(1);
  return op?.id ?? null;
}
