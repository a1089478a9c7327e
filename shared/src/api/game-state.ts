import { Type, type Static } from 'typebox';
import { RecentMoveDto } from './game.js';

/**
 * PUT /api/game-state/state keeps its original body shape for compatibility, but
 * the server is the authority on every value (docs/adr, 'The server decides everything of value'): the fields are accepted,
 * ignored, and the answer is the server's state.
 */
export const GameStatePutBody = Type.Object(
  {
    balance: Type.Optional(Type.Number()),
    diceRollsRemaining: Type.Optional(Type.Number()),
    position: Type.Optional(Type.Number()),
    totalRolls: Type.Optional(Type.Number()),
    totalTokensEarned: Type.Optional(Type.Number()),
    jackpotsHit: Type.Optional(Type.Number()),
    lapsCompleted: Type.Optional(Type.Number()),
    xp: Type.Optional(Type.Number()),
    level: Type.Optional(Type.Number()),
    unlockedAchievements: Type.Optional(Type.Array(Type.String(), { maxItems: 100 })),
    recentMoves: Type.Optional(Type.Array(RecentMoveDto, { maxItems: 100 })),
    dailyLoginData: Type.Optional(
      Type.Object({
        consecutiveDays: Type.Optional(Type.Number()),
        totalLogins: Type.Optional(Type.Number()),
        hasLoggedInToday: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { description: 'Ignored: every value is decided by the server. The answer is the server state.' },
);
export type GameStatePutBody = Static<typeof GameStatePutBody>;
