import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/** What anyone signed in may read about a player: no email, no balance, no history. */
export const PublicPlayerStats = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  level: Type.Integer(),
  score: Type.Integer({
    description:
      'leaderboard score of the current progress: round(10 x GOGO earned + 1000 x jackpots + 500 x achievements + 100 x level + 5 x rolls)',
  }),
  rank: Type.Union([Type.Integer(), Type.Null()], {
    description: 'all-time leaderboard rank; null before the first roll',
  }),
  totalRolls: Type.Integer(),
  totalTokensEarned: Type.Integer(),
  jackpotsHit: Type.Integer(),
  lapsCompleted: Type.Integer(),
  achievementsUnlocked: Type.Integer(),
  memberSince: Type.String({ format: 'date-time' }),
});
export type PublicPlayerStats = Static<typeof PublicPlayerStats>;

/** The player's own figures, present only when reading oneself. */
export const PrivatePlayerStats = Type.Object({
  email: Type.String(),
  balance: Type.Integer(),
  diceRollsRemaining: Type.Integer(),
  xp: Type.Integer(),
  xpToNextLevel: Type.Integer(),
  position: Type.Integer(),
  lifetimeRolls: Type.Integer({ description: 'every roll ever served; a progress reset does not lower it' }),
  loginStreakDays: Type.Integer(),
  dailyDiceStreakDays: Type.Integer(),
});
export type PrivatePlayerStats = Static<typeof PrivatePlayerStats>;

export const PlayerStats = Type.Object({
  ...PublicPlayerStats.properties,
  isSelf: Type.Boolean(),
  private: Type.Optional(PrivatePlayerStats),
});
export type PlayerStats = Static<typeof PlayerStats>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type UserIdParams = Static<typeof UserIdParams>;

export const LeaderboardPeriod = Type.Union(
  [Type.Literal('all'), Type.Literal('day'), Type.Literal('week'), Type.Literal('month')],
  { description: 'all: current progress; day/week/month: the current UTC day, ISO week or month' },
);
export type LeaderboardPeriod = Static<typeof LeaderboardPeriod>;

export const LeaderboardQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  period: Type.Optional(LeaderboardPeriod),
});
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

/** Stats are the period's (GOGO earned, jackpots, achievements, rolls) except level, which is current. */
/** A ranked player's score and the figures it is made of: one shape for every board (rank first). */
export const RankedScoreFields = {
  score: Type.Integer(),
  level: Type.Integer(),
  totalTokensEarned: Type.Integer(),
  totalRolls: Type.Integer(),
  jackpotsHit: Type.Integer(),
  achievementsUnlocked: Type.Integer(),
  isSelf: Type.Boolean(),
};

export const LeaderboardEntry = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  ...RankedScoreFields,
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;

export const Leaderboard = Type.Object({
  period: LeaderboardPeriod,
  since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'start of the period; null for all time',
  }),
  totalRanked: Type.Integer({ description: 'players with at least one roll (in the period)' }),
  entries: Type.Array(LeaderboardEntry),
  me: Type.Union([Type.Object({ rank: Type.Integer(), score: Type.Integer() }), Type.Null()], {
    description: "the caller's own rank, null when not ranked",
  }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Leaderboard = Static<typeof Leaderboard>;

export const AchievementStatus = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  reward: Type.Integer(),
  icon: Type.String(),
  unlocked: Type.Boolean(),
  unlockedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  rewardPaid: Type.Boolean({ description: 'the GOGO reward was credited (once, ever)' }),
});
export type AchievementStatus = Static<typeof AchievementStatus>;

export const PlayerAchievements = Type.Object({
  userId: Type.Integer(),
  unlockedCount: Type.Integer(),
  achievements: Type.Array(AchievementStatus),
});
export type PlayerAchievements = Static<typeof PlayerAchievements>;

export const StatsUpdateResult = Type.Object({
  stats: PlayerStats,
  ledgerConsistent: Type.Boolean({ description: 'cached balance and dice equal the ledger sums' }),
  recomputedAt: Type.String({ format: 'date-time' }),
});
export type StatsUpdateResult = Static<typeof StatsUpdateResult>;

export const PlayerStatsResponse = Ok(PlayerStats);
export const LeaderboardResponse = Ok(Leaderboard);
export const PlayerAchievementsResponse = Ok(PlayerAchievements);
export const StatsUpdateResponse = Ok(StatsUpdateResult);
