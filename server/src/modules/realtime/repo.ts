import { sql, type Queryable } from '../../db/sql.js';
import { leaderboardVisibleSql } from '../../core/privacy.js';

export interface RecentUnlockRow {
  userId: number;
  username: string;
  achievementId: string;
  rewardPaid: number;
  unlockedAt: number;
}

const recent = sql<{ limit: number }, RecentUnlockRow>(
  `SELECT a.user_id AS "userId", u.username AS username, a.achievement_id AS "achievementId",
     a.reward_paid AS "rewardPaid", a.unlocked_at AS "unlockedAt"
   FROM achievement_unlocks a JOIN users u ON u.id = a.user_id
   WHERE ${leaderboardVisibleSql('a.user_id')}
   ORDER BY a.unlocked_at DESC, a.id DESC LIMIT :limit`,
);

/** Cross-player reads of the realtime feed. */
export const realtimeRepo = {
  recentUnlocks: (q: Queryable, limit: number) => q.all(recent, { limit }),
};
