import { describe, expect, it } from 'vitest';
import { assertValidProgress, initialProgress, resetProgress, type GameProgress } from '../../src/rules/index.js';

describe('initialProgress', () => {
  it('starts with 10 rolls, level 1, balance 0 on Start', () => {
    expect(initialProgress()).toEqual({
      balance: 0,
      diceRollsRemaining: 10,
      position: 0,
      totalRolls: 0,
      totalTokensEarned: 0,
      jackpotsHit: 0,
      lapsCompleted: 0,
      xp: 0,
      level: 1,
      unlockedAchievements: [],
      rewardedAchievements: [],
      recentMoves: [],
      lastDice: [],
      gainStreak: 0,
    });
  });

  it('returns a fresh object each time', () => {
    const a = initialProgress();
    a.unlockedAchievements.push('first_roll');
    expect(initialProgress().unlockedAchievements).toEqual([]);
  });
});

describe('resetProgress', () => {
  const played: GameProgress = {
    balance: 1234,
    diceRollsRemaining: 42,
    position: 13,
    totalRolls: 120,
    totalTokensEarned: 2000,
    jackpotsHit: 11,
    lapsCompleted: 7,
    xp: 55,
    level: 6,
    unlockedAchievements: ['first_roll', 'hundred_rolls'],
    rewardedAchievements: ['first_roll', 'hundred_rolls'],
    recentMoves: [{ position: 13, reward: 5, tileName: 'Cardano Corner', timestamp: 1 }],
    lastDice: [6, 6],
    gainStreak: 3,
  };

  it('keeps balance and dice rolls (a reset never mints or burns) and resets everything else', () => {
    expect(resetProgress(played)).toEqual({
      ...initialProgress(),
      balance: 1234,
      diceRollsRemaining: 42,
      rewardedAchievements: ['first_roll', 'hundred_rolls'],
    });
  });

  it('keeps the record of paid achievement rewards, as a copy', () => {
    const reset = resetProgress(played);
    expect(reset.unlockedAchievements).toEqual([]);
    expect(reset.rewardedAchievements).not.toBe(played.rewardedAchievements);
  });
});

describe('assertValidProgress', () => {
  it('accepts the initial state', () => {
    expect(() => assertValidProgress(initialProgress())).not.toThrow();
  });

  it.each<[string, Partial<GameProgress>]>([
    ['negative balance', { balance: -1 }],
    ['fractional balance', { balance: 1.5 }],
    ['NaN xp', { xp: Number.NaN }],
    ['negative dice', { diceRollsRemaining: -3 }],
    ['level 0', { level: 0 }],
    ['position 20', { position: 20 }],
    ['position -1', { position: -1 }],
    ['missing list', { lastDice: undefined as unknown as number[] }],
  ])('rejects %s', (_label, override) => {
    expect(() => assertValidProgress({ ...initialProgress(), ...override })).toThrow(
      expect.objectContaining({ code: 'INVALID_STATE' }),
    );
  });
});
