import { describe, expect, it } from 'vitest';
import {
  buildLocalEntry,
  displayNameFor,
  leaderboardScore,
  localLeaderboardStats,
  readLocalLeaderboard,
  upsertLocalEntry,
  type LocalLeaderboardEntry,
} from '../../src/rules/index.js';

const stats = { totalTokensEarned: 0, jackpotsHit: 0, achievementsUnlocked: 0, level: 1, totalRolls: 1 };

function entry(address: string, score: number, overrides: Partial<LocalLeaderboardEntry> = {}): LocalLeaderboardEntry {
  return { ...buildLocalEntry({ address, stats, now: 1000 }), score, ...overrides };
}

describe('leaderboardScore', () => {
  it.each([
    [{ totalTokensEarned: 0, jackpotsHit: 0, achievementsUnlocked: 0, level: 1, totalRolls: 0 }, 100],
    [{ totalTokensEarned: 1, jackpotsHit: 0, achievementsUnlocked: 0, level: 0, totalRolls: 0 }, 10],
    [{ totalTokensEarned: 0, jackpotsHit: 1, achievementsUnlocked: 0, level: 0, totalRolls: 0 }, 1000],
    [{ totalTokensEarned: 0, jackpotsHit: 0, achievementsUnlocked: 1, level: 0, totalRolls: 0 }, 500],
    [{ totalTokensEarned: 0, jackpotsHit: 0, achievementsUnlocked: 0, level: 0, totalRolls: 1 }, 5],
    [
      { totalTokensEarned: 250, jackpotsHit: 3, achievementsUnlocked: 2, level: 4, totalRolls: 40 },
      2500 + 3000 + 1000 + 400 + 200,
    ],
    [{ totalTokensEarned: 0.25, jackpotsHit: 0, achievementsUnlocked: 0, level: 0, totalRolls: 0.1 }, 3],
  ])('%j scores %i', (input, score) => {
    expect(leaderboardScore(input)).toBe(score);
  });
});

describe('local leaderboard', () => {
  it('builds an entry with its score and a generated name', () => {
    const built = buildLocalEntry({
      address: '0xABCDEF0123456789',
      stats: { totalTokensEarned: 10, jackpotsHit: 1, achievementsUnlocked: 1, level: 2, totalRolls: 4 },
      now: 5,
    });
    expect(built).toEqual({
      id: '0xABCDEF0123456789',
      address: '0xABCDEF0123456789',
      displayName: 'Player abcdef01',
      score: 100 + 1000 + 500 + 200 + 20,
      totalTokensEarned: 10,
      totalRolls: 4,
      jackpotsHit: 1,
      achievementsUnlocked: 1,
      level: 2,
      timestamp: 5,
    });
  });

  it('adds a new device and sorts by score, best first', () => {
    const board = upsertLocalEntry([entry('a', 10), entry('b', 30)], entry('c', 20));
    expect(board.map((e) => e.address)).toEqual(['b', 'c', 'a']);
  });

  it('replaces a device entry only with a strictly higher score', () => {
    const board = [entry('a', 50, { level: 3 })];
    expect(upsertLocalEntry(board, entry('a', 40, { level: 9 }))).toEqual(board);
    expect(upsertLocalEntry(board, entry('a', 50, { level: 9 }))).toEqual(board);
    expect(upsertLocalEntry(board, entry('a', 60, { level: 9 }))).toEqual([entry('a', 60, { level: 9 })]);
  });

  it('keeps one entry per device', () => {
    let board: LocalLeaderboardEntry[] = [];
    for (let score = 1; score <= 5; score += 1) board = upsertLocalEntry(board, entry('same', score));
    expect(board).toHaveLength(1);
    expect(board[0]?.score).toBe(5);
  });

  it('does not record a player who has not rolled', () => {
    expect(upsertLocalEntry([], entry('a', 100, { totalRolls: 0 }))).toEqual([]);
  });

  it('keeps at most 100 entries, dropping the lowest scores', () => {
    let board: LocalLeaderboardEntry[] = [];
    for (let i = 0; i < 120; i += 1) board = upsertLocalEntry(board, entry(`d${i}`, i));
    expect(board).toHaveLength(100);
    expect(board[0]?.score).toBe(119);
    expect(board.at(-1)?.score).toBe(20);
  });

  it('breaks score ties by the earlier entry', () => {
    const board = upsertLocalEntry([entry('late', 10, { timestamp: 9 })], entry('early', 10, { timestamp: 1 }));
    expect(board.map((e) => e.address)).toEqual(['early', 'late']);
  });

  it('does not modify the list it is given', () => {
    const board = [entry('a', 10), entry('b', 30)];
    const copy = JSON.parse(JSON.stringify(board)) as LocalLeaderboardEntry[];
    upsertLocalEntry(board, entry('c', 20));
    expect(board).toEqual(copy);
  });

  it('reads the top 50 by default', () => {
    const board = Array.from({ length: 80 }, (_, i) => entry(`d${i}`, i));
    expect(readLocalLeaderboard(board)).toHaveLength(50);
    expect(readLocalLeaderboard(board)[0]?.score).toBe(79);
    expect(readLocalLeaderboard(board, 3).map((e) => e.score)).toEqual([79, 78, 77]);
  });

  it('sums the stats and averages the level to 2 decimals', () => {
    const board = [
      entry('a', 1, { totalTokensEarned: 10, totalRolls: 3, jackpotsHit: 1, level: 1 }),
      entry('b', 2, { totalTokensEarned: 20, totalRolls: 4, jackpotsHit: 0, level: 2 }),
      entry('c', 3, { totalTokensEarned: 30, totalRolls: 5, jackpotsHit: 2, level: 2 }),
    ];
    expect(localLeaderboardStats(board)).toEqual({
      totalPlayers: 3,
      totalTokensEarned: 60,
      totalRolls: 12,
      totalJackpots: 3,
      averageLevel: 1.67,
    });
  });

  it('gives zeros for an empty board', () => {
    expect(localLeaderboardStats([])).toEqual({
      totalPlayers: 0,
      totalTokensEarned: 0,
      totalRolls: 0,
      totalJackpots: 0,
      averageLevel: 0,
    });
  });
});

describe('displayNameFor', () => {
  it.each([
    ['0x1234567890abcdef', undefined, 'Player 12345678'],
    ['0xABCDEF0123', undefined, 'Player abcdef01'],
    ['f47ac10b-58cc-4372-a567-0e02b2c3d479', undefined, 'Player f47ac10b'],
    ['device-xyz', undefined, 'Player dece'],
    ['zzz', undefined, 'Player'],
    ['0x1234567890abcdef', 'Satoshi', 'Satoshi'],
    ['0x1234567890abcdef', '  Vitalik  ', 'Vitalik'],
    ['0x1234567890abcdef', '   ', 'Player 12345678'],
  ])('address %s with name %j is %s', (address, given, name) => {
    expect(displayNameFor(address, given)).toBe(name);
  });
});
