import { Type, type Static } from 'typebox';
import { BOARD_SIZE, TILE_TYPES } from '../rules/tiles.js';
import { literalUnion } from './literals.js';
import { BoardDto } from './board.js';
import { Ok } from './envelope.js';

/**
 * The game contract: what the server decides and the client animates. Field names keep the game
 * state's long-standing names (balance, diceRollsRemaining, position, ...) and the roll answer of the
 * engine issue.
 */
export const TileDto = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: BOARD_SIZE - 1 }),
  name: Type.String(),
  type: literalUnion(TILE_TYPES),
  icon: Type.String(),
});
export type TileDto = Static<typeof TileDto>;

export const RecentMoveDto = Type.Object({
  position: Type.Integer(),
  reward: Type.Integer(),
  tileName: Type.String(),
  timestamp: Type.Number({ description: 'epoch milliseconds' }),
});

/** The dice refill as of the answer (shared/src/rules/dice.ts): one die per interval up to the cap. */
export const DiceRefillDto = Type.Object({
  cap: Type.Integer({ minimum: 0, description: 'refill stops at this many dice; dice above it stay' }),
  intervalSeconds: Type.Integer({ minimum: 1, description: 'seconds for one die' }),
  nextDieAt: Type.Union([Type.Number({ description: 'epoch milliseconds' }), Type.Null()], {
    description: 'when the next die arrives; null at or above the cap',
  }),
  secondsToNextDie: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  diceFullAt: Type.Union([Type.Number({ description: 'epoch milliseconds' }), Type.Null()], {
    description: 'when the refill reaches the cap; null at or above the cap',
  }),
});
export type DiceRefillDto = Static<typeof DiceRefillDto>;

export const GameStateDto = Type.Object({
  balance: Type.Integer({ minimum: 0 }),
  diceRollsRemaining: Type.Integer({ minimum: 0, description: 'dice held, the refill due included' }),
  diceRefill: DiceRefillDto,
  position: Type.Integer({ minimum: 0, maximum: BOARD_SIZE - 1 }),
  totalRolls: Type.Integer({ minimum: 0 }),
  totalTokensEarned: Type.Integer({ minimum: 0 }),
  jackpotsHit: Type.Integer({ minimum: 0 }),
  lapsCompleted: Type.Integer({ minimum: 0 }),
  xp: Type.Integer({ minimum: 0 }),
  level: Type.Integer({ minimum: 1 }),
  xpToNextLevel: Type.Integer({ description: 'XP threshold of the current level (100 x level)' }),
  isRolling: Type.Boolean({ description: 'always false on the server; kept for the spec shape' }),
  lastRollResult: Type.Union([
    Type.Object({ die1: Type.Integer(), die2: Type.Integer(), total: Type.Integer() }),
    Type.Null(),
  ]),
  cooldownEndTime: Type.Union([Type.Number({ description: 'epoch milliseconds' }), Type.Null()]),
  showRewardModal: Type.Boolean(),
  showAchievementModal: Type.Boolean(),
  currentReward: Type.Union([Type.Integer(), Type.Null()]),
  currentTileName: Type.Union([Type.String(), Type.Null()]),
  currentAchievement: Type.Union([Type.String(), Type.Null()]),
  unlockedAchievements: Type.Array(Type.String()),
  recentMoves: Type.Array(RecentMoveDto),
  dailyLoginData: Type.Object({
    consecutiveDays: Type.Integer(),
    totalLogins: Type.Integer(),
    hasLoggedInToday: Type.Boolean(),
  }),
  sessionNotifications: Type.Object({
    jackpotShown: Type.Boolean(),
    lapCompletionShown: Type.Boolean(),
    lastJackpotCount: Type.Integer(),
    lastLapCount: Type.Integer(),
  }),
  board: BoardDto,
});
export type GameStateDto = Static<typeof GameStateDto>;

export const FairnessRef = Type.Object({
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer({ minimum: 0 }),
});
export type FairnessRef = Static<typeof FairnessRef>;

export const RollRequest = Type.Object({
  requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  multiplier: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(5), Type.Literal(10)], {
      description:
        'dice spent by this roll and the factor of its GOGO (tile and salary); 400 MULTIPLIER_LOCKED until unlocked by level or dice held',
    }),
  ),
});
export type RollRequest = Static<typeof RollRequest>;

export const AchievementUnlockDto = Type.Object({ id: Type.String(), name: Type.String(), reward: Type.Integer() });

export const RollResult = Type.Object({
  rollId: Type.Integer(),
  die: Type.Integer({ minimum: 1, maximum: 6 }),
  die1: Type.Integer({ minimum: 1, maximum: 6 }),
  die2: Type.Literal(0),
  total: Type.Integer({ minimum: 1, maximum: 6 }),
  from: Type.Integer(),
  to: Type.Integer(),
  path: Type.Array(Type.Integer()),
  tile: TileDto,
  rawReward: Type.Integer(),
  boardNumber: Type.Integer({ minimum: 1, description: 'the board the roll was played on' }),
  propertyLevel: Type.Integer({ minimum: 0, description: 'the level owned on the landed tile (0: not owned)' }),
  rewardMultiplier: Type.Integer({ minimum: 1, description: "the landed tile's multiplier" }),
  reward: Type.Integer({ description: 'GOGO applied for the tile, the multiplier included' }),
  multiplier: Type.Integer({ minimum: 1, description: 'the dice multiplier: dice spent and factor of the GOGO' }),
  firstRoll: Type.Boolean({ description: "the account's first roll: its tile pays at least a small gain" }),
  passedStart: Type.Boolean({ description: 'the move passed Start without landing on it' }),
  salary: Type.Integer({ minimum: 0, description: 'GOGO paid for passing Start (multiplied)' }),
  levelUpDice: Type.Integer({ minimum: 0, description: 'dice paid for the levels reached' }),
  lapDice: Type.Integer({ minimum: 0, description: 'dice paid for a completed lap' }),
  xpGained: Type.Integer(),
  levelUps: Type.Array(Type.Integer(), { description: 'levels reached by this roll, in order' }),
  lapCompleted: Type.Boolean(),
  isJackpot: Type.Boolean(),
  achievementsUnlocked: Type.Array(AchievementUnlockDto),
  state: GameStateDto,
  fairness: FairnessRef,
  createdAt: Type.String({ format: 'date-time' }),
});
export type RollResult = Static<typeof RollResult>;

export const DiceBalance = Type.Object({
  diceRollsRemaining: Type.Integer(),
  totalDiceRollsPurchased: Type.Integer(),
  totalDiceRollsUsed: Type.Integer(),
});
export type DiceBalance = Static<typeof DiceBalance>;

export const Milestone = Type.Object({ days: Type.Integer(), bonus: Type.Integer(), description: Type.String() });

export const DailyDiceStatus = Type.Object({
  canClaim: Type.Boolean(),
  consecutiveDays: Type.Integer(),
  totalClaims: Type.Integer(),
  nextMilestone: Type.Union([Milestone, Type.Null()]),
  rollsToday: Type.Integer({ description: 'dice a claim today gives (or gave)' }),
  nextClaimAt: Type.String({ format: 'date-time', description: 'next UTC midnight' }),
});
export type DailyDiceStatus = Static<typeof DailyDiceStatus>;

export const DailyDiceClaim = Type.Object({
  diceRollsAdded: Type.Integer(),
  consecutiveDays: Type.Integer(),
  diceRollsRemaining: Type.Integer(),
});
export type DailyDiceClaim = Static<typeof DailyDiceClaim>;

export const DailyLoginResult = Type.Object({
  counted: Type.Boolean({ description: 'true for the first call of a UTC day' }),
  consecutiveDays: Type.Integer(),
  totalLogins: Type.Integer(),
  bonus: Type.Integer({ description: 'GOGO credited by this call (0 when not counted)' }),
  balance: Type.Integer(),
  nextMilestone: Type.Union([Milestone, Type.Null()]),
});
export type DailyLoginResult = Static<typeof DailyLoginResult>;

export const GameStateResponse = Ok(GameStateDto);
export const RollResponse = Ok(RollResult);
export const DiceBalanceResponse = Ok(DiceBalance);
export const DailyDiceStatusResponse = Ok(DailyDiceStatus);
export const DailyDiceClaimResponse = Ok(DailyDiceClaim);
export const DailyLoginResponse = Ok(DailyLoginResult);
