import { describe, expect, it } from 'vitest';
import {
  advanceStreak,
  canClaimToday,
  currentStreakDays,
  dailyDiceAmount,
  dailyLoginBonus,
  dayDiff,
  emptyStreak,
  nextMilestone,
  utcDay,
  type StreakRecord,
} from '../../src/rules/index.js';

const at = (iso: string) => Date.parse(iso);

describe('utcDay and dayDiff', () => {
  it.each([
    ['2025-12-01T00:00:00.000Z', '2025-12-01'],
    ['2025-12-01T23:59:59.999Z', '2025-12-01'],
    ['2025-12-02T00:00:00.000Z', '2025-12-02'],
    // 23:30 in New York on Dec 1 is already Dec 2 in UTC: days change at midnight UTC.
    ['2025-12-01T23:30:00-05:00', '2025-12-02'],
  ])('%s is UTC day %s', (iso, day) => {
    expect(utcDay(at(iso))).toBe(day);
  });

  it.each([
    ['2025-12-01', '2025-12-01', 0],
    ['2025-12-01', '2025-12-02', 1],
    ['2025-12-02', '2025-12-01', -1],
    ['2025-01-31', '2025-02-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-02-28', '2025-03-01', 1],
    ['2025-12-31', '2026-01-01', 1],
    ['2025-01-01', '2026-01-01', 365],
    ['2024-01-01', '2025-01-01', 366],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(dayDiff(from, to)).toBe(days);
  });

  it('refuses malformed days and times', () => {
    expect(() => dayDiff('2025-13-01', '2025-12-01')).toThrow(RangeError);
    expect(() => dayDiff('2025-02-30', '2025-12-01')).toThrow(RangeError);
    expect(() => dayDiff('yesterday', '2025-12-01')).toThrow(RangeError);
    expect(() => utcDay(Number.NaN)).toThrow(RangeError);
  });
});

describe('advanceStreak', () => {
  const record = (lastDay: string | null, consecutiveDays: number, total = consecutiveDays): StreakRecord => ({
    lastDay,
    consecutiveDays,
    total,
    streakStartDay: lastDay === null ? null : '2025-01-01',
  });

  it('counts the first day ever as day 1', () => {
    expect(advanceStreak(emptyStreak(), at('2025-12-01T08:00:00Z'))).toEqual({
      record: { lastDay: '2025-12-01', consecutiveDays: 1, total: 1, streakStartDay: '2025-12-01' },
      counted: true,
    });
  });

  it('changes nothing on the same UTC day', () => {
    const before = record('2025-12-01', 4);
    const result = advanceStreak(before, at('2025-12-01T23:59:59Z'));
    expect(result.counted).toBe(false);
    expect(result.record).toEqual(before);
  });

  it.each([
    ['the next day', '2025-12-01', '2025-12-02T00:00:01Z', 5, true],
    ['across a month end', '2025-01-31', '2025-02-01T12:00:00Z', 5, true],
    ['across a leap day', '2024-02-28', '2024-02-29T12:00:00Z', 5, true],
    ['from the leap day', '2024-02-29', '2024-03-01T12:00:00Z', 5, true],
    ['across a year end', '2025-12-31', '2026-01-01T00:00:00Z', 5, true],
    ['after a one-day gap', '2025-12-01', '2025-12-03T12:00:00Z', 1, false],
    ['after a month', '2025-11-01', '2025-12-01T12:00:00Z', 1, false],
    ['a year later on the same date', '2024-12-01', '2025-12-01T12:00:00Z', 1, false],
  ])('%s: from %s at %s the streak is %i', (_label, lastDay, now, days, continues) => {
    const result = advanceStreak(record(lastDay, 4, 10), at(now));
    expect(result.counted).toBe(true);
    expect(result.record.consecutiveDays).toBe(days);
    expect(result.record.total).toBe(11);
    expect(result.record.lastDay).toBe(utcDay(at(now)));
    expect(result.record.streakStartDay).toBe(continues ? '2025-01-01' : utcDay(at(now)));
  });

  it('does not count a day earlier than the last one (a clock set back)', () => {
    const before = record('2025-12-05', 4);
    expect(advanceStreak(before, at('2025-12-03T12:00:00Z'))).toEqual({ record: before, counted: false });
    expect(canClaimToday(before, at('2025-12-03T12:00:00Z'))).toBe(false);
  });

  it('builds a 7-day streak over a week of daily calls, several a day', () => {
    let streak = emptyStreak();
    let counted = 0;
    for (let day = 0; day < 7; day += 1) {
      for (const hour of [0, 9, 23]) {
        const result = advanceStreak(streak, Date.UTC(2025, 11, 28 + day, hour));
        streak = result.record;
        if (result.counted) counted += 1;
      }
    }
    expect(counted).toBe(7);
    expect(streak).toEqual({ lastDay: '2026-01-03', consecutiveDays: 7, total: 7, streakStartDay: '2025-12-28' });
  });
});

describe('canClaimToday and currentStreakDays', () => {
  it.each([
    [null, '2025-12-01T00:00:00Z', true, 0],
    ['2025-12-01', '2025-12-01T23:00:00Z', false, 3],
    ['2025-11-30', '2025-12-01T00:00:00Z', true, 3],
    ['2025-11-29', '2025-12-01T00:00:00Z', true, 0],
  ])('last day %s, now %s: can claim %s, streak shows %i', (lastDay, now, canClaim, shown) => {
    const record: StreakRecord = {
      lastDay,
      consecutiveDays: lastDay === null ? 0 : 3,
      total: 3,
      streakStartDay: lastDay,
    };
    expect(canClaimToday(record, at(now))).toBe(canClaim);
    expect(currentStreakDays(record, at(now))).toBe(shown);
  });
});

describe('daily login bonus', () => {
  it.each([
    [0, 0],
    [1, 50],
    [2, 100],
    [6, 300],
    [7, 350 + 100],
    [8, 400],
    [29, 1450],
    [30, 1500 + 500],
    [31, 1550],
    [99, 4950],
    [100, 5000 + 1000],
    [101, 5050],
    [365, 18250],
  ])('day %i of the streak gives %i GOGO', (days, bonus) => {
    expect(dailyLoginBonus(days)).toBe(bonus);
  });
});

describe('daily free dice', () => {
  it.each([
    [0, 10],
    [1, 10],
    [6, 10],
    [7, 15],
    [29, 15],
    [30, 20],
    [99, 20],
    [100, 30],
    [1000, 30],
  ])('a %i-day streak gives %i rolls', (days, rolls) => {
    expect(dailyDiceAmount(days)).toBe(rolls);
  });
});

describe('next milestone', () => {
  it.each([
    [0, 7, 100],
    [6, 7, 100],
    [7, 30, 500],
    [29, 30, 500],
    [30, 100, 1000],
    [99, 100, 1000],
    [100, 365, 5000],
    [364, 365, 5000],
  ])('after %i days the next milestone is day %i (+%i)', (days, milestoneDays, bonus) => {
    expect(nextMilestone(days)).toMatchObject({ days: milestoneDays, bonus });
  });

  it('has descriptions naming weekly, monthly, century and yearly', () => {
    expect([0, 7, 30, 100].map((days) => nextMilestone(days)?.description)).toEqual([
      expect.stringMatching(/weekly/i),
      expect.stringMatching(/monthly/i),
      expect.stringMatching(/century/i),
      expect.stringMatching(/yearly/i),
    ]);
  });

  it.each([365, 366, 1000])('is null after the last milestone (%i days)', (days) => {
    expect(nextMilestone(days)).toBeNull();
  });
});
