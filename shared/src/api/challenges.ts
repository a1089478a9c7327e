import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';
import { DateTime } from './schema-helpers.js';

/** Daily challenges and the weekly friends race. */

export const ChallengeErrorCode = {
  CHALLENGE_NOT_FOUND: 'CHALLENGE_NOT_FOUND',
  NOT_COMPLETED: 'NOT_COMPLETED',
} as const;

const Reward = Type.Object({ dice: Type.Integer({ minimum: 0 }), gogo: Type.Integer({ minimum: 0 }) });

export const ChallengeDto = Type.Object({
  id: Type.String(),
  title: Type.String(),
  goal: Type.Integer({ minimum: 1 }),
  progress: Type.Integer({ minimum: 0 }),
  reward: Reward,
  completed: Type.Boolean(),
  claimed: Type.Boolean(),
});
export type ChallengeDto = Static<typeof ChallengeDto>;

export const ChallengeStreakDto = Type.Object({
  days: Type.Integer({ minimum: 0, description: 'days in a row with all three claimed' }),
  bonusEvery: Type.Integer({ minimum: 1 }),
  bonus: Reward,
  todayCounted: Type.Boolean(),
});

export const ChallengesDto = Type.Object({
  day: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
  endsAt: DateTime('next midnight UTC'),
  challenges: Type.Array(ChallengeDto),
  streak: ChallengeStreakDto,
});
export type ChallengesDto = Static<typeof ChallengesDto>;
export const ChallengesResponse = Ok(ChallengesDto);
export const ChallengeIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });
export const ClaimChallengeResponse = Ok(
  Type.Object({
    challenge: ChallengeDto,
    streak: ChallengeStreakDto,
    streakBonusPaid: Type.Boolean(),
    balance: Type.Integer({ minimum: 0 }),
    diceRollsRemaining: Type.Integer({ minimum: 0 }),
  }),
);

export const FriendsRaceEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  userId: Type.Integer({ minimum: 1 }),
  username: Type.String(),
  score: Type.Integer({ minimum: 0 }),
  me: Type.Boolean(),
});
export const FriendsRaceDto = Type.Object({
  week: Type.String({ description: 'the Monday (UTC) the week starts' }),
  startsAt: DateTime(),
  endsAt: DateTime(),
  entries: Type.Array(FriendsRaceEntry),
  prize: Reward,
  eligible: Type.Boolean({ description: 'enough players race for the prize' }),
  minPlayers: Type.Integer(),
});
export type FriendsRaceDto = Static<typeof FriendsRaceDto>;
export const FriendsRaceResponse = Ok(FriendsRaceDto);
