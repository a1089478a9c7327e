import { describe, expect, it } from 'vitest';
import {
  levelUpDice,
  appliedReward,
  applyXp,
  initialProgress,
  resetProgress,
  resolveRoll,
  RuleError,
  sumLedger,
  xpForRaw,
  type Drawer,
  type GameProgress,
} from '../../src/rules/index.js';

const NOW = Date.UTC(2025, 11, 1, 12, 0, 0);

/** Answers the given values in order and records each requested range. */
function scripted(...values: number[]): Drawer & { calls: [number, number][] } {
  const calls: [number, number][] = [];
  return {
    calls,
    int(min, max) {
      calls.push([min, max]);
      const value = values.shift();
      if (value === undefined) throw new Error(`Unexpected draw in [${min}, ${max}]`);
      return value;
    },
  };
}

/** A state where the starting achievements are already unlocked, so a roll shows only the tile. */
function settled(overrides: Partial<GameProgress> = {}): GameProgress {
  return {
    ...initialProgress(),
    totalRolls: 1,
    unlockedAchievements: ['first_roll'],
    rewardedAchievements: ['first_roll'],
    ...overrides,
  };
}

function roll(state: GameProgress, ...draws: number[]) {
  return resolveRoll(state, scripted(...draws), NOW);
}

/** Rolls `die` and, where a raw reward is drawn, takes the lowest value of the range. */
function rollDie(state: GameProgress, die: number, now = NOW) {
  let drawn = 0;
  const drawer: Drawer = { int: (min) => (drawn++ === 0 ? die : min) };
  return resolveRoll(state, drawer, now);
}

describe('resolveRoll: spending and drawing', () => {
  it('refuses to roll without dice rolls, with a typed error', () => {
    const state = settled({ diceRollsRemaining: 0 });
    expect(() => roll(state, 1)).toThrow(RuleError);
    try {
      roll(state, 1);
    } catch (error) {
      expect((error as RuleError).code).toBe('NO_ROLLS');
    }
  });

  it('draws the die first, then the raw reward in the landed tile range', () => {
    const drawer = scripted(1, 555);
    const { outcome, state } = resolveRoll(settled(), drawer, NOW);
    expect(drawer.calls).toEqual([
      [1, 6],
      [300, 1000],
    ]);
    expect(outcome).toMatchObject({ die: 1, from: 0, to: 19, path: [19], rawReward: 555, reward: 55 });
    expect(outcome.tile.name).toBe('Hodl Reward');
    // One die spent; the jackpot's XP reaches new levels, each paying its dice.
    expect(state.diceRollsRemaining).toBe(9 + outcome.levelUpDice);
    expect(outcome.levelUpDice).toBe(outcome.levelUps.reduce((sum, level) => sum + levelUpDice(level), 0));
  });

  it('does not draw a raw reward on Start, whose range has one value', () => {
    const drawer = scripted(4);
    const { outcome } = resolveRoll(settled({ position: 4 }), drawer, NOW);
    expect(drawer.calls).toEqual([[1, 6]]);
    expect(outcome).toMatchObject({ to: 0, rawReward: 200, reward: 20, lapCompleted: true });
  });

  it.each([
    [0, 1, [19]],
    [3, 5, [2, 1, 0, 19, 18]],
    [5, 6, [4, 3, 2, 1, 0, 19]],
    [19, 6, [18, 17, 16, 15, 14, 13]],
  ])('from %i a %i moves backwards through %j', (from, die, path) => {
    const { outcome } = rollDie(settled({ position: from }), die);
    expect(outcome.path).toEqual(path);
    expect(outcome.to).toBe(path[path.length - 1]);
  });

  it('records the spent roll as a DICE purchase', () => {
    const { ledger } = rollDie(settled(), 2);
    expect(ledger[0]).toEqual({ asset: 'DICE', amount: -1, type: 'purchase', reason: 'roll' });
  });

  it('refuses a drawer answer outside the requested range', () => {
    expect(() => roll(settled(), 7)).toThrow(expect.objectContaining({ code: 'INVALID_DRAW' }));
    expect(() => roll(settled(), 1, 1001)).toThrow(expect.objectContaining({ code: 'INVALID_DRAW' }));
    expect(() => roll(settled(), 2.5)).toThrow(expect.objectContaining({ code: 'INVALID_DRAW' }));
  });

  it('refuses a state the rules could not have produced', () => {
    expect(() => roll(settled({ position: 20 }), 1, 500)).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
    expect(() => roll(settled({ balance: -1 }), 1, 500)).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
    expect(() => roll(settled({ level: 0 }), 1, 500)).toThrow(expect.objectContaining({ code: 'INVALID_STATE' }));
  });

  it('does not modify the state it is given', () => {
    const state = settled({ position: 7, balance: 40 });
    const snapshot = JSON.parse(JSON.stringify(state)) as GameProgress;
    roll(state, 1, 300);
    expect(state).toEqual(snapshot);
  });
});

describe('resolveRoll: GOGO applied per tile', () => {
  // from, die, raw, balance -> applied GOGO, ledger type (null: no GOGO row)
  it.each([
    ['Start', 4, 4, 200, 0, 20, 'reward'],
    ['PROPERTY low', 2, 1, 50, 0, 5, 'reward'],
    ['PROPERTY high', 2, 1, 150, 0, 15, 'reward'],
    ['PROPERTY truncated', 2, 1, 149, 0, 14, 'reward'],
    ['CHANCE gain', 3, 1, 200, 0, 20, 'reward'],
    ['CHANCE loss truncated toward zero', 3, 1, -155, 100, -15, 'penalty'],
    ['CHANCE tiny gain', 3, 1, 9, 0, 0, null],
    ['CHANCE tiny loss', 3, 1, -9, 100, 0, null],
    ['CHANCE zero', 3, 1, 0, 100, 0, null],
    ['PENALTY', 5, 1, -155, 100, -15, 'penalty'],
    ['PENALTY biggest', 5, 1, -200, 100, -20, 'penalty'],
    ['PENALTY floored at the balance', 5, 1, -200, 7, -7, 'penalty'],
    ['PENALTY on an empty balance', 5, 1, -200, 0, 0, null],
    ['JACKPOT low', 7, 1, 300, 0, 30, 'jackpot'],
    ['JACKPOT high', 7, 1, 1000, 0, 100, 'jackpot'],
  ] as const)('%s: from %i die %i raw %i balance %i -> %i (%s)', (_label, from, die, raw, balance, applied, type) => {
    const { state, outcome, ledger } = roll(settled({ position: from, balance }), die, raw);
    expect(Object.is(outcome.reward, applied)).toBe(true);
    expect(state.balance).toBe(balance + applied);
    const gogoRows = ledger.filter((row) => row.asset === 'GOGO');
    expect(gogoRows).toEqual(
      type === null ? [] : [{ asset: 'GOGO', amount: applied, type, reason: `tile:${outcome.tile.id}` }],
    );
    expect(state.totalTokensEarned).toBe(Math.max(applied, 0));
    expect(state.recentMoves[0]?.reward).toBe(applied);
  });

  it.each([
    [-155, 100, -15],
    [-155, 10, -10],
    [-155, 0, 0],
    [155, 0, 15],
  ])('appliedReward(raw %i, balance %i) = %i', (raw, balance, applied) => {
    expect(Object.is(appliedReward(raw, balance), applied)).toBe(true);
  });

  it('counts jackpots only on jackpot tiles', () => {
    expect(roll(settled({ position: 7 }), 1, 300).state.jackpotsHit).toBe(1);
    expect(roll(settled({ position: 7 }), 1, 300).outcome.isJackpot).toBe(true);
    expect(roll(settled({ position: 2 }), 1, 150).state.jackpotsHit).toBe(0);
  });
});

describe('resolveRoll: XP, laps and levels', () => {
  it.each([
    ['PROPERTY 150', 2, 1, 150, 15],
    ['PROPERTY 59', 2, 1, 59, 5],
    ['CHANCE -155 (absolute value)', 3, 1, -155, 15],
    ['CHANCE 9', 3, 1, 9, 0],
    ['PENALTY -200', 5, 1, -200, 20],
    ['JACKPOT 999 (doubled)', 7, 1, 999, 198],
    ['JACKPOT 1000 (doubled)', 7, 1, 1000, 200],
    ['Start 200 plus the lap bonus', 4, 4, 200, 30],
  ])('%s (from %i, die %i, raw %i) gives %i XP', (_label, from, die, raw, xp) => {
    const { outcome, state } = roll(settled({ position: from }), die, raw);
    expect(outcome.xpGained).toBe(xp);
    const { xp: nextXp, level } = applyXp(0, 1, xp);
    expect(state).toMatchObject({ xp: nextXp, level });
  });

  it('computes XP as floor(|raw| / 10) for every raw amount, without float drift', () => {
    for (let raw = -200; raw <= 1000; raw += 1) {
      expect(xpForRaw(raw, false)).toBe(Math.floor(Math.abs(raw) / 10));
      expect(xpForRaw(raw, true)).toBe(2 * Math.floor(Math.abs(raw) / 10));
    }
  });

  it('counts a lap only when the move ends on Start', () => {
    const ended = roll(settled({ position: 3, lapsCompleted: 2 }), 3);
    expect(ended.outcome.lapCompleted).toBe(true);
    expect(ended.state.lapsCompleted).toBe(3);
    const passed = roll(settled({ position: 3, lapsCompleted: 2 }), 4, 1000);
    expect(passed.outcome.lapCompleted).toBe(false);
    expect(passed.state.lapsCompleted).toBe(2);
  });

  it('levels up and carries the remainder', () => {
    const { outcome, state } = roll(settled({ position: 7, xp: 90 }), 1, 1000);
    expect(outcome.levelUps).toEqual([2]);
    expect(state).toMatchObject({ level: 2, xp: 190 });
  });

  it('levels up at exactly the threshold', () => {
    const { outcome, state } = roll(settled({ position: 4, xp: 370, level: 4 }), 4);
    expect(outcome.levelUps).toEqual([5]);
    expect(state).toMatchObject({ level: 5, xp: 0 });
  });
});

describe('resolveRoll: history', () => {
  it('keeps the last 5 moves, newest first, stamped with the given time', () => {
    let state = settled({ position: 10 });
    for (let i = 0; i < 7; i += 1) state = rollDie(state, 1, NOW + i).state;
    expect(state.recentMoves).toHaveLength(5);
    expect(state.recentMoves.map((move) => move.timestamp)).toEqual([NOW + 6, NOW + 5, NOW + 4, NOW + 3, NOW + 2]);
    expect(state.recentMoves[0]).toMatchObject({ position: 3, tileName: 'Bitcoin Boulevard' });
  });

  it('keeps the last 3 dice, newest last', () => {
    let state = settled({ position: 10 });
    const dice = [1, 2, 3, 4];
    for (const die of dice) state = rollDie(state, die).state;
    expect(state.lastDice).toEqual([2, 3, 4]);
  });

  it('counts consecutive gaining rolls and restarts after any roll without a gain', () => {
    // From Cardano Corner, one tile at a time: Moon Landing, Bull Run, Solana Square, Bear Market, ...
    const raws = [300, 150, 50, -50, 5, 100];
    const streaks: number[] = [];
    let state = settled({ position: 13, balance: 50 });
    for (const raw of raws) {
      state = roll(state, 1, raw).state;
      streaks.push(state.gainStreak);
    }
    expect(streaks).toEqual([1, 2, 3, 0, 0, 1]);
  });
});

describe('resolveRoll: achievements', () => {
  it('unlocks first_roll on the first roll and credits it at face value', () => {
    const { state, outcome, ledger } = roll({ ...initialProgress(), position: 3 }, 1, 100);
    expect(outcome.achievementsUnlocked).toEqual([{ id: 'first_roll', name: 'First Roll', reward: 50 }]);
    expect(ledger.at(-1)).toEqual({ asset: 'GOGO', amount: 50, type: 'reward', reason: 'achievement:first_roll' });
    expect(state.balance).toBe(10 + 50);
    expect(state.totalTokensEarned).toBe(60);
    expect(state.unlockedAchievements).toEqual(['first_roll']);
  });

  it('unlocks hundred_rolls on the 100th roll', () => {
    expect(ids(roll(settled({ totalRolls: 98, position: 3 }), 1, 0))).toEqual([]);
    expect(ids(roll(settled({ totalRolls: 99, position: 3 }), 1, 0))).toEqual(['hundred_rolls']);
  });

  it.each([
    [[1, 1], true],
    [[2, 1, 1], true],
    [[1, 2, 1], false],
    [[1], false],
    [[6, 6], false],
  ])('snake_eyes after dice %j: %s', (dice, unlocked) => {
    expect(unlockedIdsAfter(dice).includes('snake_eyes')).toBe(unlocked);
  });

  it.each([
    [[6, 6, 6], true],
    [[1, 6, 6, 6], true],
    [[6, 6, 5, 6, 6], false],
    [[6, 6, 5, 6, 6, 6], true],
    [[6, 6], false],
  ])('high_roller after dice %j: %s', (dice, unlocked) => {
    expect(unlockedIdsAfter(dice).includes('high_roller')).toBe(unlocked);
  });

  it('unlocks first_thousand when earnings reach 1000', () => {
    expect(ids(roll(settled({ totalTokensEarned: 985, position: 2 }), 1, 149))).toEqual([]);
    expect(ids(roll(settled({ totalTokensEarned: 985, position: 2 }), 1, 150))).toEqual(['first_thousand']);
  });

  it('re-checks until nothing new unlocks: first_roll reward completes first_thousand', () => {
    const start = { ...initialProgress(), totalTokensEarned: 950, position: 3 };
    const { outcome, state, ledger } = roll(start, 1, 0); // Market Chance, raw 0
    expect(outcome.achievementsUnlocked.map((a) => a.id)).toEqual(['first_roll', 'first_thousand']);
    expect(ledger.map((row) => row.reason)).toEqual(['roll', 'achievement:first_roll', 'achievement:first_thousand']);
    expect(state.balance).toBe(150);
    expect(state.totalTokensEarned).toBe(1100);
  });

  it('unlocks jackpot_hunter on the 10th jackpot', () => {
    expect(ids(roll(settled({ jackpotsHit: 9, position: 7 }), 1, 300))).toEqual(['jackpot_hunter']);
    expect(ids(roll(settled({ jackpotsHit: 9, position: 8 }), 1, 100))).toEqual([]);
  });

  it('unlocks lucky_streak on the 5th gaining roll in a row', () => {
    expect(ids(roll(settled({ gainStreak: 4, position: 2 }), 1, 50))).toEqual(['lucky_streak']);
    expect(ids(roll(settled({ gainStreak: 4, position: 3 }), 1, 9))).toEqual([]);
    expect(ids(roll(settled({ gainStreak: 3, position: 2 }), 1, 50))).toEqual([]);
  });

  it('does not count a penalty absorbed by an empty balance as a gain', () => {
    const { state } = roll(settled({ gainStreak: 4, position: 5, balance: 0 }), 1, -50);
    expect(state.gainStreak).toBe(0);
  });

  it('unlocks board_master on the 50th lap (its 1000 GOGO then completes first_thousand)', () => {
    expect(ids(roll(settled({ lapsCompleted: 49, position: 1 }), 1))).toEqual(['board_master', 'first_thousand']);
    expect(ids(roll(settled({ lapsCompleted: 49, position: 2 }), 1, 50))).toEqual([]);
  });

  it('never unlocks or pays an achievement twice', () => {
    let state = initialProgress();
    const paid: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const result = rollDie(state, 1);
      paid.push(...result.ledger.filter((row) => row.reason.startsWith('achievement:')).map((row) => row.reason));
      state = result.state;
    }
    expect(paid).toEqual(['achievement:first_roll', 'achievement:snake_eyes']);
    expect(state.unlockedAchievements).toEqual(['first_roll', 'snake_eyes']);
  });

  it('after a reset unlocks again but pays nothing a second time', () => {
    const first = roll({ ...initialProgress(), position: 3 }, 1, 100).state;
    const again = roll({ ...resetProgress(first), position: 3 }, 1, 100);
    expect(again.outcome.achievementsUnlocked).toEqual([{ id: 'first_roll', name: 'First Roll', reward: 0 }]);
    expect(again.ledger.some((row) => row.reason === 'achievement:first_roll')).toBe(false);
    expect(again.state.balance).toBe(first.balance + 10);
  });
});

describe('resolveRoll: ledger', () => {
  it('balances the state changes exactly', () => {
    const before = { ...initialProgress(), totalTokensEarned: 950, position: 7 };
    const { state, ledger } = roll(before, 1, 1000);
    expect(sumLedger(ledger)).toEqual({
      GOGO: state.balance - before.balance,
      DICE: state.diceRollsRemaining - before.diceRollsRemaining,
    });
  });
});

function ids(result: { outcome: { achievementsUnlocked: { id: string }[] } }): string[] {
  return result.outcome.achievementsUnlocked.map((achievement) => achievement.id);
}

/** Achievements unlocked after rolling the given dice in order. */
function unlockedIdsAfter(dice: number[]): string[] {
  let state = settled({ position: 19 });
  for (const die of dice) state = rollDie(state, die).state;
  return state.unlockedAchievements;
}
