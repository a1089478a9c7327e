import type { Database_ } from '../../db/client.js';

export interface RecentUnlockRow {
  userId: number;
  username: string;
  achievementId: string;
  rewardPaid: number;
  unlockedAt: number;
}

/** Cross-player reads of the realtime feed. */
export function createRealtimeRepo(database: Database_) {
  const recent = database.sqlite.prepare<[number], RecentUnlockRow>(
    `SELECT a.user_id AS userId, u.username AS username, a.achievement_id AS achievementId,
       a.reward_paid AS rewardPaid, a.unlocked_at AS unlockedAt
     FROM achievement_unlocks a JOIN users u ON u.id = a.user_id
     ORDER BY a.unlocked_at DESC, a.id DESC LIMIT ?`,
  );
  return { recentUnlocks: (limit: number) => recent.all(limit) };
}

export type RealtimeRepo = ReturnType<typeof createRealtimeRepo>;
