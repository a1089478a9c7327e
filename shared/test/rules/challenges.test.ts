import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceChallengeStreak,
  CHALLENGE_POOL,
  CHALLENGE_STREAK_BONUS_DAY,
  CHALLENGES_PER_DAY,
  challengeProgress,
  currentChallengeStreak,
  dailyChallenges,
  emptyDayCounts,
} from '../../src/rules/index.js';

const day = fc.integer({ min: 0, max: 20_000 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
const userId = fc.integer({ min: 1, max: 10_000_000 });

describe('the daily pick', () => {
  it('has at least 12 challenges with unique ids', () => {
    expect(CHALLENGE_POOL.length).toBeGreaterThanOrEqual(12);
    expect(new Set(CHALLENGE_POOL.map((c) => c.id)).size).toBe(CHALLENGE_POOL.length);
  });

  it('gives three challenges of different kinds from the pool, the same on every call', () => {
    fc.assert(
      fc.property(userId, day, (u, d) => {
        const picked = dailyChallenges(u, d);
        expect(picked).toHaveLength(CHALLENGES_PER_DAY);
        expect(new Set(picked.map((c) => c.kind)).size).toBe(CHALLENGES_PER_DAY);
        for (const c of picked) expect(CHALLENGE_POOL).toContain(c);
        expect(dailyChallenges(u, d)).toEqual(picked);
      }),
    );
  });

  it('varies between players and days', () => {
    const seen = new Set<string>();
    for (let u = 1; u <= 40; u += 1)
      seen.add(
        dailyChallenges(u, '2026-01-15')
          .map((c) => c.id)
          .join(),
      );
    for (let d = 1; d <= 28; d += 1)
      seen.add(
        dailyChallenges(7, `2026-02-${String(d).padStart(2, '0')}`)
          .map((c) => c.id)
          .join(),
      );
    expect(seen.size).toBeGreaterThan(30);
  });

  it('caps progress at the goal', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHALLENGE_POOL), fc.nat(500), (def, n) => {
        const counts = { ...emptyDayCounts(), [def.kind]: n };
        expect(challengeProgress(def, counts)).toBe(Math.min(n, def.goal));
      }),
    );
  });
});

describe('the challenge streak', () => {
  it('grows on consecutive days, pays the bonus every 7th, restarts after a gap', () => {
    let lastDay: string | null = null;
    let days = 0;
    const bonuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const today = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      const step = advanceChallengeStreak(lastDay, days, today);
      expect(step.counted).toBe(true);
      if (step.bonus) bonuses.push(step.days);
      ({ days } = step);
      lastDay = today;
      expect(advanceChallengeStreak(lastDay, days, today)).toEqual({ days, counted: false, bonus: false });
    }
    expect(bonuses).toEqual([CHALLENGE_STREAK_BONUS_DAY, 2 * CHALLENGE_STREAK_BONUS_DAY]);
    expect(advanceChallengeStreak('2026-01-15', 15, '2026-01-17')).toEqual({ days: 1, counted: true, bonus: false });
    expect(currentChallengeStreak('2026-01-15', 4, '2026-01-16')).toBe(4);
    expect(currentChallengeStreak('2026-01-15', 4, '2026-01-17')).toBe(0);
  });
});
