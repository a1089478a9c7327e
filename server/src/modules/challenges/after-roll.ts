import { overtaken, rollFacts, weekKeyOf } from '@gogo/shared/rules';
import type { Read } from '../../db/sql.js';
import { publish } from '../../core/events.js';
import { scheduleNotification } from '../push/index.js';
import type { AfterRollStep } from '../game/index.js';
import { challengesRepo as repo } from './repo.js';

/**
 * The roll step of the friends race: the week's GOGO won grows in the roll's transaction, and each
 * friend this roll passes is told after commit. The player's score of the week (only their own rolls
 * move it, under the state lock the roll holds) and their friends are read with the roll's reads;
 * the new score goes with the roll's writes; the friends' scores are read only when the roll won
 * GOGO and the player has friends.
 */
export function raceAfterRoll(deps: {
  /** The ids of the player's friends (the friends module's graph). */
  friendIdsRead: (userId: number) => Read<number[]>;
}): AfterRollStep<readonly [Read<number | null>, Read<number[]>]> {
  return {
    reads: (userId, now) => [repo.raceScoreRead(weekKeyOf(now), userId), deps.friendIdsRead(userId)] as const,
    writes({ userId, outcome, now }, [score]) {
      const { reward } = rollFacts(outcome);
      return reward > 0 ? repo.addRaceScoreWrites(weekKeyOf(now), userId, reward, now, score !== null) : [];
    },
    async run({ tx, userId, outcome, now }, [score, friends]) {
      const { reward } = rollFacts(outcome);
      if (reward <= 0 || friends.length === 0) return;
      const before = score ?? 0;
      const scores = await repo.raceScoresOf(tx, weekKeyOf(now), friends);
      for (const friendId of overtaken(before, before + reward, scores)) {
        publish(tx, { type: 'overtake', userId: friendId, otherId: userId });
        await scheduleNotification(tx, friendId, 'friend_overtake', now, { otherId: userId });
      }
    },
  };
}
