import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  achievementById,
  checkAchievements,
  initialProgress,
  isAchievementId,
  type GameProgress,
} from '../../src/rules/index.js';

describe("achievement catalogue (docs/adr, 'Eight achievements, credited once')", () => {
  it('has the eight achievements with their names and rewards', () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.name, a.reward])).toEqual([
      ['first_roll', 'First Roll', 50],
      ['hundred_rolls', 'Century', 200],
      ['snake_eyes', 'Snake Eyes', 100],
      ['first_thousand', 'Millionaire', 100],
      ['jackpot_hunter', 'Jackpot Hunter', 300],
      ['lucky_streak', 'Lucky Streak', 500],
      ['board_master', 'Board Master', 1000],
      ['high_roller', 'High Roller', 250],
    ]);
  });

  it('gives each a description and a kebab-case icon key', () => {
    for (const achievement of ACHIEVEMENTS) {
      expect(achievement.description.length).toBeGreaterThan(0);
      expect(achievement.icon).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('finds achievements by id', () => {
    expect(achievementById('snake_eyes')?.name).toBe('Snake Eyes');
    expect(achievementById('nope')).toBeUndefined();
    expect(isAchievementId('high_roller')).toBe(true);
    expect(isAchievementId('double_ones')).toBe(false);
  });
});

describe('checkAchievements', () => {
  const state = (overrides: Partial<GameProgress>): GameProgress => ({ ...initialProgress(), ...overrides });
  const met = (overrides: Partial<GameProgress>) => checkAchievements(state(overrides)).map((a) => a.id);

  it.each<[string, Partial<GameProgress>, string[]]>([
    ['nothing at the start', {}, []],
    ['first_roll at 1 roll', { totalRolls: 1 }, ['first_roll']],
    ['hundred_rolls at 100 rolls', { totalRolls: 100 }, ['first_roll', 'hundred_rolls']],
    ['not hundred_rolls at 99', { totalRolls: 99 }, ['first_roll']],
    ['snake_eyes on 1, 1', { lastDice: [1, 1] }, ['snake_eyes']],
    ['snake_eyes on 3, 1, 1', { lastDice: [3, 1, 1] }, ['snake_eyes']],
    ['not snake_eyes on 1, 1, 3', { lastDice: [1, 1, 3] }, []],
    ['not snake_eyes on a single 1', { lastDice: [1] }, []],
    ['first_thousand at 1000 earned', { totalTokensEarned: 1000 }, ['first_thousand']],
    ['not first_thousand at 999', { totalTokensEarned: 999 }, []],
    ['jackpot_hunter at 10 jackpots', { jackpotsHit: 10 }, ['jackpot_hunter']],
    ['not jackpot_hunter at 9', { jackpotsHit: 9 }, []],
    ['lucky_streak at 5 gains in a row', { gainStreak: 5 }, ['lucky_streak']],
    ['not lucky_streak at 4', { gainStreak: 4 }, []],
    ['board_master at 50 laps', { lapsCompleted: 50 }, ['board_master']],
    ['not board_master at 49', { lapsCompleted: 49 }, []],
    ['high_roller on 6, 6, 6', { lastDice: [6, 6, 6] }, ['high_roller']],
    ['not high_roller on 5, 6, 6', { lastDice: [5, 6, 6] }, []],
    ['not high_roller on 6, 6', { lastDice: [6, 6] }, []],
  ])('%s', (_label, overrides, expected) => {
    expect(met(overrides)).toEqual(expected);
  });

  it('leaves out achievements already unlocked', () => {
    expect(met({ totalRolls: 100, unlockedAchievements: ['first_roll'] })).toEqual(['hundred_rolls']);
  });
});
