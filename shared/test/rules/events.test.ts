import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPrizes,
  checkSchedule,
  compareStandings,
  eventStatusAt,
  nextRound,
  overtaken,
  payouts,
  prizeForRank,
  raceWinner,
  FRIENDS_RACE_MIN_ROLLS,
  type RaceEntrant,
  rankStandings,
  rankWindow,
  scoreDelta,
  weekKeyOf,
  weekStartOf,
  type PrizeRange,
  type Standing,
} from '../../src/rules/index.js';

const standing = fc.record({
  userId: fc.integer({ min: 1, max: 1_000_000 }),
  score: fc.integer({ min: 0, max: 10_000 }),
  reachedAt: fc.integer({ min: 0, max: 1_000_000 }),
});
const standings = fc.uniqueArray(standing, { selector: (s) => s.userId, maxLength: 60 });

describe('scoring', () => {
  it.each([
    ['gogo_won', { reward: 25, lapCompleted: false }, 25],
    ['gogo_won', { reward: -10, lapCompleted: false }, 0],
    ['laps', { reward: 5, lapCompleted: true }, 1],
    ['laps', { reward: 5, lapCompleted: false }, 0],
    ['rolls', { reward: -3, lapCompleted: false }, 1],
  ] as const)('%s of %j adds %d', (metric, facts, delta) => {
    expect(scoreDelta(metric, { ...facts, tileType: 'PROPERTY', die: 3 })).toBe(delta);
  });

  it('never lowers a score', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('gogo_won', 'laps', 'rolls' as const),
        fc.integer({ min: -500, max: 500 }),
        fc.boolean(),
        (m, reward, lap) => {
          expect(scoreDelta(m, { reward, lapCompleted: lap, tileType: 'START', die: 1 })).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('a window is [start, end)', () => {
    expect(eventStatusAt(9, 10, 20)).toBe('upcoming');
    expect(eventStatusAt(10, 10, 20)).toBe('live');
    expect(eventStatusAt(19, 10, 20)).toBe('live');
    expect(eventStatusAt(20, 10, 20)).toBe('ended');
  });
});

describe('ties and ranks', () => {
  it('ranks 1..n, higher scores first, a tie to whoever reached it first', () => {
    fc.assert(
      fc.property(standings, (list) => {
        const ranked = rankStandings(list);
        expect(ranked.map((r) => r.rank)).toEqual(list.map((_, i) => i + 1));
        for (let i = 1; i < ranked.length; i += 1) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(a.score > b.score || (a.score === b.score && a.reachedAt <= b.reachedAt)).toBe(true);
        }
      }),
    );
  });

  it('the order does not depend on the input order', () => {
    fc.assert(
      fc.property(standings, (list) => {
        const forward = rankStandings(list).map((r) => r.userId);
        const backward = rankStandings([...list].reverse()).map((r) => r.userId);
        expect(backward).toEqual(forward);
      }),
    );
  });

  it('compares equal only to itself', () => {
    const a: Standing = { userId: 1, score: 5, reachedAt: 100 };
    expect(compareStandings(a, { ...a })).toBe(0);
    expect(compareStandings(a, { userId: 2, score: 5, reachedAt: 50 })).toBeGreaterThan(0);
  });

  it('a page around me holds me and at most `limit` ranks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 100 }),
        fc.nat(),
        (total, limit, seed) => {
          const me = (seed % total) + 1;
          const { from, to } = rankWindow(total, limit, me);
          expect(from).toBeGreaterThanOrEqual(1);
          expect(to).toBeLessThanOrEqual(total);
          expect(to - from + 1).toBe(Math.min(limit, total));
          expect(me >= from && me <= to).toBe(true);
        },
      ),
    );
    expect(rankWindow(0, 10, null)).toEqual({ from: 1, to: 0 });
  });
});

describe('rank ranges and payouts', () => {
  const ranges = fc
    .array(
      fc.record({
        len: fc.integer({ min: 1, max: 20 }),
        gap: fc.integer({ min: 0, max: 5 }),
        gogo: fc.integer({ min: 1, max: 1000 }),
        dice: fc.nat(50),
      }),
      { maxLength: 8 },
    )
    .map((parts) => {
      let next = 1;
      return parts.map(({ len, gap, gogo, dice }) => {
        const fromRank = next + gap;
        next = fromRank + len;
        return { fromRank, toRank: fromRank + len - 1, gogo, dice };
      });
    });

  it('accepts ordered ranges that do not overlap', () => {
    fc.assert(
      fc.property(ranges, (list) => {
        expect(checkPrizes(list)).toBeNull();
        expect(checkPrizes([...list].reverse())).toBeNull();
      }),
    );
  });

  it('refuses any two ranges that share a rank, naming a field of the later one', () => {
    fc.assert(
      fc.property(
        ranges.filter((l) => l.length > 0),
        fc.nat(),
        (list, pick) => {
          const base = list[pick % list.length]!;
          const clash: PrizeRange = { fromRank: base.toRank, toRank: base.toRank + 3, gogo: 1, dice: 0 };
          const fault = checkPrizes([...list, clash]);
          expect(fault?.reason).toBe('overlap');
          expect(fault?.field).toMatch(/^prizes\[\d+\]\.fromRank$/);
        },
      ),
    );
  });

  it('refuses negative, empty and reversed ranges by field', () => {
    expect(checkPrizes([{ fromRank: 1, toRank: 1, gogo: -1, dice: 0 }])).toEqual({
      field: 'prizes[0].gogo',
      reason: 'negative',
    });
    expect(checkPrizes([{ fromRank: 1, toRank: 1, gogo: 0, dice: -2 }])).toEqual({
      field: 'prizes[0].dice',
      reason: 'negative',
    });
    expect(checkPrizes([{ fromRank: 1, toRank: 1, gogo: 0, dice: 0 }])).toEqual({
      field: 'prizes[0]',
      reason: 'empty',
    });
    expect(checkPrizes([{ fromRank: 4, toRank: 2, gogo: 1, dice: 0 }])).toEqual({
      field: 'prizes[0].toRank',
      reason: 'rankOrder',
    });
  });

  it('pays every covered rank once, to entrants with a positive score only', () => {
    fc.assert(
      fc.property(standings, ranges, (list, prizes) => {
        const paid = payouts(list, prizes);
        expect(new Set(paid.map((p) => p.rank)).size).toBe(paid.length);
        expect(new Set(paid.map((p) => p.userId)).size).toBe(paid.length);
        const scored = list.filter((s) => s.score > 0).length;
        for (const p of paid) {
          expect(p.score).toBeGreaterThan(0);
          expect(p.rank).toBeLessThanOrEqual(scored);
          expect(prizeForRank(prizes, p.rank)).toMatchObject({ gogo: p.gogo, dice: p.dice });
        }
        const covered = Array.from({ length: scored }, (_, i) => i + 1).filter((r) => prizeForRank(prizes, r)).length;
        expect(paid.length).toBe(covered);
      }),
    );
  });
});

describe('schedule', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  it.each([
    [now, now - 1, null, 'endsAt', 'endsBeforeStart'],
    [now - 3_600_000, now, null, 'endsAt', 'endsInPast'],
    [now, now + 60_000, null, 'endsAt', 'tooShort'],
    [now, now + 2 * 86_400_000, 'daily', 'repeat', 'longerThanRepeat'],
  ] as const)('start %d end %d repeat %s: %s %s', (start, end, repeat, field, reason) => {
    expect(checkSchedule(start, end, repeat, now)).toEqual({ field, reason });
  });
  it('moves a repeating round by its period', () => {
    expect(nextRound(0, 3_600_000, 'daily')).toEqual({ startsAt: 86_400_000, endsAt: 90_000_000 });
    expect(nextRound(0, 1, 'weekly').startsAt).toBe(7 * 86_400_000);
  });
});

describe('friends race', () => {
  it('weeks start on Monday 00:00 UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800_000, max: 4_000_000_000_000 }), (t) => {
        const start = weekStartOf(t);
        expect(new Date(start).getUTCDay()).toBe(1);
        expect(start % 86_400_000).toBe(0);
        expect(t - start).toBeGreaterThanOrEqual(0);
        expect(t - start).toBeLessThan(7 * 86_400_000);
        // The key of the last week asked is kept: asked in any order, each time its own week's.
        expect(weekKeyOf(t)).toBe(new Date(start).toISOString().slice(0, 10));
      }),
    );
    expect(weekKeyOf(Date.UTC(2026, 0, 18, 23))).toBe('2026-01-12');
  });

  it('a race needs three entrants who rolled 10 times that week, and a positive top score', () => {
    const s = (userId: number, score: number, reachedAt = userId, rolls = FRIENDS_RACE_MIN_ROLLS): RaceEntrant => ({
      userId,
      score,
      reachedAt,
      rolls,
    });
    expect(raceWinner([s(1, 10), s(2, 5)])).toBeNull();
    expect(raceWinner([s(1, 0), s(2, 0), s(3, 0)])).toBeNull();
    expect(raceWinner([s(1, 10, 9), s(2, 10, 3), s(3, 1)])).toBe(2);
    // Idle friends (fewer than 10 rolls) do not fill the field.
    expect(raceWinner([s(1, 500), s(2, 0, 2, 0), s(3, 0, 3, 9)])).toBeNull();
    // An idle member cannot win either, however high its score.
    expect(raceWinner([s(1, 900, 1, 9), s(2, 10), s(3, 5), s(4, 1)])).toBe(2);
  });

  it('property: members with fewer than 10 rolls never change the winner', () => {
    const entrant = fc.record({
      userId: fc.integer({ min: 1, max: 50 }),
      score: fc.nat(1000),
      reachedAt: fc.nat(1000),
      rolls: fc.nat(40),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entrant, { selector: (e) => e.userId, maxLength: 12 }), (field) => {
        const active = field.filter((e) => e.rolls >= FRIENDS_RACE_MIN_ROLLS);
        expect(raceWinner(field)).toBe(raceWinner(active));
        const winner = raceWinner(field);
        if (winner !== null) expect(active.map((e) => e.userId)).toContain(winner);
      }),
    );
  });

  it('a gain passes exactly the friends between the old and the new score', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.nat(1000),
        fc.array(fc.record({ userId: fc.nat(), score: fc.nat(2000) })),
        (before, gain, friends) => {
          const passed = new Set(overtaken(before, before + gain, friends));
          for (const f of friends) {
            const was = f.score > 0 && f.score >= before && f.score < before + gain;
            expect(passed.has(f.userId) || !was).toBe(true);
          }
          if (gain === 0) expect(passed.size).toBe(0);
        },
      ),
    );
  });
});
