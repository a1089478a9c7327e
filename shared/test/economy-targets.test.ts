import { describe, expect, it } from 'vitest';
import { firstMinutes } from '../../scripts/economy/first-minutes.js';
import { DEFAULT_OPTIONS, simulateEconomy } from '../../scripts/economy/simulate.js';

/**
 * The targets of docs/economy.md, held on a smaller run of the same simulation (scripts/economy plays
 * 10,000 players x 2,000 rolls; this plays 300 with the same rules and seed).
 */
const report = simulateEconomy({ ...DEFAULT_OPTIONS, players: 300 });

describe('economy targets', () => {
  it('no upgrade pays itself back in under 100 rolls, and none needs more than 1,000', () => {
    for (const row of report.payback) {
      expect(row.paybackRolls, `board ${row.board} level ${row.level}`).toBeGreaterThanOrEqual(100);
      expect(row.paybackRolls, `board ${row.board} level ${row.level}`).toBeLessThanOrEqual(1000);
    }
  });

  it('a free player (daily dice and the refill of a visit a day) finishes board 1 in 2 to 4 weeks', () => {
    const board1 = report.completion.free.days[0];
    expect(board1?.reached).toBe(board1?.players);
    expect(board1?.median).toBeGreaterThanOrEqual(14);
    expect(board1?.median).toBeLessThanOrEqual(28);
  });

  it('a paying player finishes board 1 faster, in 1 to 2 weeks', () => {
    const board1 = report.completion.paying.days[0];
    expect(board1?.median).toBeGreaterThanOrEqual(7);
    expect(board1?.median).toBeLessThanOrEqual(14);
    expect(board1?.median).toBeLessThan(report.completion.free.days[0]?.median ?? 0);
  });

  it('upgrades take back between a third and three quarters of the GOGO won', () => {
    expect(report.upgradeShare).toBeGreaterThanOrEqual(0.33);
    expect(report.upgradeShare).toBeLessThanOrEqual(0.75);
  });

  it('measured GOGO per roll grows with the board state and matches the expectation of the rules', () => {
    const empty = report.gogoPerRoll.find((row) => row.state === 'board 1: empty');
    const expectedEmpty = report.expectedByLevel.find((row) => row.board === 1 && row.level === 0);
    expect(empty && expectedEmpty && Math.abs(empty.measured - expectedEmpty.gogoPerRoll)).toBeLessThan(1.5);
    const board1 = report.gogoPerRoll.filter((row) => row.state.startsWith('board 1:')).map((row) => row.measured);
    expect(board1).toEqual([...board1].sort((a, b) => a - b));
  });
  it('the new sources count: the refill and the Start salary pay every kind of player, and a salary stays small', () => {
    for (const kind of ['free', 'paying'] as const) {
      const s = report.sources[kind];
      expect(s.dice.refill / s.days, kind).toBeGreaterThan(2);
      const gogo = s.gogo.tiles + s.gogo.salary + s.gogo.achievements + s.gogo.login + s.gogo.boards;
      expect(s.gogo.salary / gogo, kind).toBeGreaterThan(0.005);
      expect(s.gogo.salary / gogo, kind).toBeLessThan(0.05);
    }
  });

  it('a new account rolls at least 20 times in its first 10 minutes (starting and daily dice, and what they pay back)', () => {
    const first = firstMinutes(200, 10);
    expect(first.rolls.p10).toBeGreaterThanOrEqual(20);
    expect(first.mean.starting + first.mean.daily).toBe(20);
  });

  it('rolling at the highest multiplier is no shortcut: board 1 takes about as long as at x1', () => {
    const x1 = report.byStyle.x1.days[0]?.median ?? 0;
    const highest = report.byStyle.highest.days[0]?.median ?? 0;
    expect(highest).toBeGreaterThanOrEqual(x1 - 1);
    expect(highest).toBeLessThanOrEqual(x1 + 7);
  });
}, 180_000);
