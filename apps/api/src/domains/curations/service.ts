/**
 * Curations (MY큐레이션), so far the missions list: GET /api/curations/mission. Whether a mission is
 * completed is decided in one place, benefits' missionStates (benefits/missions.ts), which POST
 * /api/benefits/receive-mission-point uses too, so the list and the receive never disagree.
 */
import { MISSION_GUIDES, type MissionListBody } from '@codiroom/shared';
import type { Db } from '../../db/client.ts';
import { activeMissions, currentBalance, missionStates } from '../benefits/index.ts';

export async function missionList(db: Db, userId: number, now: Date): Promise<MissionListBody> {
  const list = await activeMissions(db);
  const states = await missionStates(db, userId, list);
  const result = states.map(({ mission: m, completed, receivedAt }) => {
    const guide = MISSION_GUIDES[m.code];
    return {
      id: m.id,
      code: m.code,
      title: m.title,
      description: guide?.description ?? m.title,
      point: m.point,
      is_completed: completed,
      is_received: receivedAt !== null,
      received_at: receivedAt ? receivedAt.toISOString() : null,
      action_path: guide?.action_path ?? null,
    };
  });
  return {
    result,
    receivable_point: result.filter((m) => m.is_completed && !m.is_received).reduce((s, m) => s + m.point, 0),
    balance: await currentBalance(db, userId, now),
  };
}
