import { describe, expect, it } from 'vitest';
import * as economy from '../../src/rules/economy.js';

describe("economy constants (docs/adr, 'Tile rewards, movement, XP and levels')", () => {
  it('pins every value', () => {
    expect(economy).toMatchObject({
      STARTING_DICE_ROLLS: 10,
      STARTING_LEVEL: 1,
      STARTING_BALANCE: 0,
      STARTING_POSITION: 0,
      ROLL_COOLDOWN_MS: 1000,
      STEP_DELAY_MS: 380,
      ROLL_RESOLVE_MS: 1000,
      DIE_MIN: 1,
      DIE_MAX: 6,
      REWARD_DIVISOR: 10,
      XP_RATE: 0.1,
      JACKPOT_XP_MULTIPLIER: 2,
      LAP_BONUS_XP: 10,
      LEVEL_XP_STEP: 100,
      RECENT_MOVES_KEPT: 5,
      LAST_DICE_KEPT: 3,
      DAILY_LOGIN_BONUS_PER_DAY: 50,
      DAILY_LOGIN_STREAK_BONUSES: { 7: 100, 30: 500, 100: 1000 },
      DAILY_DICE_BASE: 10,
      DICE_PER_USD: 10,
      DICE_PURCHASE_STEP: 10,
      MIN_DICE_PURCHASE: 10,
      DEFAULT_DICE_PURCHASE: 10,
      MIN_DEPOSIT_USD: 10,
      MIN_WITHDRAWAL_GOGO: 100,
      LAUNCH_PRICE_USD: 0.1,
      POTENTIAL_VALUE_RATE: 0.1,
      REFERRAL_REWARD_GOGO: 100,
      REFERRAL_ROLLS_REQUIRED: 30,
      REFERRAL_CODE_MIN_LENGTH: 4,
      LOCAL_LEADERBOARD_MAX: 100,
      LOCAL_LEADERBOARD_DEFAULT_READ: 50,
      LEADERBOARD_SCORE_WEIGHTS: {
        totalTokensEarned: 10,
        jackpotsHit: 1000,
        achievementsUnlocked: 500,
        level: 100,
        totalRolls: 5,
      },
    });
    expect(economy.DAILY_DICE_STREAK_BONUSES).toEqual([
      { minDays: 100, bonus: 20 },
      { minDays: 30, bonus: 10 },
      { minDays: 7, bonus: 5 },
    ]);
    expect(economy.STREAK_MILESTONES.map(({ days, bonus }) => [days, bonus])).toEqual([
      [7, 100],
      [30, 500],
      [100, 1000],
      [365, 5000],
    ]);
  });
});
