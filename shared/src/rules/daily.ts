import {
  DAILY_DICE_BASE,
  DAILY_DICE_STREAK_BONUSES,
  DAILY_LOGIN_BONUS_PER_DAY,
  DAILY_LOGIN_STREAK_BONUSES,
  STREAK_MILESTONES,
  type StreakMilestone,
} from './economy.js';

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of an instant, 'YYYY-MM-DD'. Days change at midnight UTC. */
export function utcDay(now: number): string {
  if (!Number.isFinite(now)) throw new RangeError(`Invalid time: ${now}`);
  return new Date(now).toISOString().slice(0, 10);
}

/** Whole days from day `from` to day `to` (positive when `to` is later). */
export function dayDiff(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / MS_PER_DAY);
}

function parseDay(day: string): number {
  const time = DAY_PATTERN.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`Invalid UTC day: ${day}`);
  }
  return time;
}

/** A daily streak (logins or free-dice claims), counted in UTC days. */
export interface StreakRecord {
  lastDay: string | null;
  consecutiveDays: number;
  total: number;
  streakStartDay: string | null;
}

export function emptyStreak(): StreakRecord {
  return { lastDay: null, consecutiveDays: 0, total: 0, streakStartDay: null };
}

export interface StreakAdvance {
  record: StreakRecord;
  /** True when this call counted a new day (and its bonus is due). */
  counted: boolean;
}

/**
 * Counts today once: the same UTC day changes nothing, the day after the last one extends the
 * streak, any other later day starts a new streak at 1. A day before the last one (a clock that
 * went back) is not counted, so it can never grant a second claim.
 */
export function advanceStreak(record: StreakRecord, now: number): StreakAdvance {
  const today = utcDay(now);
  if (record.lastDay !== null && dayDiff(record.lastDay, today) <= 0) {
    return { record, counted: false };
  }
  const continues = record.lastDay !== null && dayDiff(record.lastDay, today) === 1;
  return {
    record: {
      lastDay: today,
      consecutiveDays: continues ? record.consecutiveDays + 1 : 1,
      total: record.total + 1,
      streakStartDay: continues ? (record.streakStartDay ?? record.lastDay) : today,
    },
    counted: true,
  };
}

/** True when advanceStreak would count today. */
export function canClaimToday(record: StreakRecord, now: number): boolean {
  return record.lastDay === null || dayDiff(record.lastDay, utcDay(now)) > 0;
}

/**
 * The streak as it stands now for display: a streak whose last day is before yesterday is broken
 * and shows 0 until the next claim starts a new one.
 */
export function currentStreakDays(record: StreakRecord, now: number): number {
  if (record.lastDay === null) return 0;
  return dayDiff(record.lastDay, utcDay(now)) <= 1 ? record.consecutiveDays : 0;
}

/** GOGO for the login that makes the streak `consecutiveDays` long: 50 per day plus exact-day bonuses. */
export function dailyLoginBonus(consecutiveDays: number): number {
  if (!Number.isInteger(consecutiveDays) || consecutiveDays < 1) return 0;
  return DAILY_LOGIN_BONUS_PER_DAY * consecutiveDays + (DAILY_LOGIN_STREAK_BONUSES[consecutiveDays] ?? 0);
}

/** Free dice for the claim that makes the streak `consecutiveDays` long. */
export function dailyDiceAmount(consecutiveDays: number): number {
  const tier = DAILY_DICE_STREAK_BONUSES.find((bonus) => consecutiveDays >= bonus.minDays);
  return DAILY_DICE_BASE + (tier?.bonus ?? 0);
}

/** The first milestone strictly above the current streak, or null past the last one. */
export function nextMilestone(consecutiveDays: number): StreakMilestone | null {
  const milestone = STREAK_MILESTONES.find((candidate) => candidate.days > consecutiveDays);
  return milestone ? { ...milestone } : null;
}
