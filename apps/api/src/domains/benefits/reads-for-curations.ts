/**
 * Benefits data the curations domain lists: the active missions (MY큐레이션's mission list), in id
 * order, as rows missionStates takes.
 */
import { asc, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/transactions.ts';
import { missions } from './schema.ts';

export type MissionRow = typeof missions.$inferSelect;

/** The active missions, lowest id first. */
export async function activeMissions(db: Conn): Promise<MissionRow[]> {
  return db.select().from(missions).where(eq(missions.is_active, true)).orderBy(asc(missions.id));
}
