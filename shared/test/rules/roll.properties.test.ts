import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  BOARD_SIZE,
  resetProgress,
  resolveRoll,
  seededRandom,
  sumLedger,
  wrapPosition,
  xpThreshold,
  type Drawer,
  type GameProgress,
} from '../../src/rules/index.js';

/** Seeded draws, so every failing case replays from its seed. */
function seededDrawer(seed: number): Drawer {
  const next = seededRandom(seed);
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const achievementIds = ACHIEVEMENTS.map((a) => a.id);

/** Any state the rules could produce, often close to an achievement threshold. */
const progressArb: fc.Arbitrary<GameProgress> = fc
  .record({
    balance: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 100_000 })),
    diceRollsRemaining: fc.integer({ min: 0, max: 400 }),
    position: fc.integer({ min: 0, max: BOARD_SIZE - 1 }),
    totalRolls: fc.integer({ min: 0, max: 120 }),
    totalTokensEarned: fc.integer({ min: 0, max: 1200 }),
    jackpotsHit: fc.integer({ min: 0, max: 12 }),
    lapsCompleted: fc.integer({ min: 0, max: 52 }),
    level: fc.integer({ min: 1, max: 30 }),
    xpFraction: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    unlockedAchievements: fc.subarray(achievementIds),
    lastDice: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
    gainStreak: fc.integer({ min: 0, max: 6 }),
  })
  .map(({ xpFraction, ...rest }) => ({
    ...rest,
    xp: Math.floor(xpFraction * xpThreshold(rest.level)),
    unlockedAchievements: [...rest.unlockedAchievements],
    rewardedAchievements: [...rest.unlockedAchievements],
    recentMoves: [],
  }));

const rollsArb = fc.integer({ min: 1, max: 250 });
const seedArb = fc.integer({ min: 0, max: 0xffffffff });

/**
 * Fails with the name and values of every listed invariant that does not hold. The checks run
 * tens of thousands of times per property: plain comparisons, with `expect` (about 15 µs a call, ten
 * times a roll's own cost) kept for reporting a failure.
 */
function holds(invariants: Record<string, boolean>, values: unknown): void {
  const broken = Object.keys(invariants).filter((name) => !invariants[name]);
  if (broken.length) expect({ broken, values }).toEqual({ broken: [], values });
}

/** Plays up to `rolls` rolls (fewer if the dice run out), checking each step with `check`. */
function play(
  start: GameProgress,
  seed: number,
  rolls: number,
  check: (before: GameProgress, result: ReturnType<typeof resolveRoll>) => void,
): GameProgress {
  const drawer = seededDrawer(seed);
  let state = start;
  for (let i = 0; i < rolls && state.diceRollsRemaining > 0; i += 1) {
    const result = resolveRoll(state, drawer, 1_700_000_000_000 + i * 1000);
    check(state, result);
    state = result.state;
  }
  return state;
}

describe('roll properties over random sequences', () => {
  it('keeps balance, XP, level and position within their bounds', () => {
    fc.assert(
      fc.property(progressArb, seedArb, rollsArb, (start, seed, rolls) => {
        play(start, seed, rolls, (_before, { state }) =>
          holds(
            {
              'balance is a safe integer': Number.isSafeInteger(state.balance),
              'balance >= 0': state.balance >= 0,
              'xp >= 0': state.xp >= 0,
              'xp < the level threshold': state.xp < xpThreshold(state.level),
              'position on the board': state.position >= 0 && state.position < BOARD_SIZE,
              'at most 5 recent moves': state.recentMoves.length <= 5,
              'at most 3 last dice': state.lastDice.length <= 3,
            },
            state,
          ),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('makes the ledger match the balance and dice changes exactly', () => {
    fc.assert(
      fc.property(progressArb, seedArb, rollsArb, (start, seed, rolls) => {
        let diceEarned = 0;
        const end = play(start, seed, rolls, (before, { state, ledger }) => {
          diceEarned += ledger
            .filter((row) => row.asset === 'DICE' && row.amount > 0)
            .reduce((s, r) => s + r.amount, 0);
          const sums = sumLedger(ledger);
          // totalTokensEarned grows by exactly the credits.
          const credits = ledger.filter((row) => row.asset === 'GOGO' && row.amount > 0);
          const credited = credits.reduce((sum, row) => sum + row.amount, 0);
          holds(
            {
              'GOGO rows sum to the balance change': sums.GOGO === state.balance - before.balance,
              'DICE rows sum to the dice change': sums.DICE === state.diceRollsRemaining - before.diceRollsRemaining,
              'every amount a non-zero safe integer': ledger.every(
                (row) => Number.isSafeInteger(row.amount) && row.amount !== 0,
              ),
              'totalTokensEarned grows by the credits': state.totalTokensEarned - before.totalTokensEarned === credited,
            },
            { before, state, ledger },
          );
        });
        // Each roll spends one die; level-ups and laps pay the rest back as dice.
        expect(start.diceRollsRemaining + diceEarned - end.diceRollsRemaining).toBe(end.totalRolls - start.totalRolls);
      }),
      { numRuns: 200 },
    );
  });

  it('moves backwards by the die, one tile per step', () => {
    fc.assert(
      fc.property(progressArb, seedArb, rollsArb, (start, seed, rolls) => {
        play(start, seed, rolls, (before, { outcome }) =>
          holds(
            {
              'die in 1..6': outcome.die >= 1 && outcome.die <= 6,
              'starts where the token was': outcome.from === before.position,
              'one step per pip, backwards':
                outcome.path.length === outcome.die &&
                outcome.path.every((position, i) => position === wrapPosition(before.position - i - 1)),
              'ends on the last step': outcome.to === outcome.path.at(-1),
              'a lap is completed on tile 0': outcome.lapCompleted === (outcome.to === 0),
            },
            { before: before.position, outcome },
          ),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('unlocks and pays each achievement at most once, across resets too', () => {
    fc.assert(
      fc.property(progressArb, seedArb, rollsArb, fc.integer({ min: 0, max: 250 }), (start, seed, rolls, moreRolls) => {
        const unlockedIds: string[] = [...start.unlockedAchievements];
        const paidIds: string[] = [...start.rewardedAchievements];
        const check = (_before: GameProgress, { outcome, ledger }: ReturnType<typeof resolveRoll>) => {
          unlockedIds.push(...outcome.achievementsUnlocked.map((a) => a.id));
          paidIds.push(
            ...ledger.filter((row) => row.reason.startsWith('achievement:')).map((row) => row.reason.slice(12)),
          );
        };
        const firstRun = play(start, seed, rolls, check);
        expect(new Set(unlockedIds).size).toBe(unlockedIds.length);
        expect(new Set(firstRun.unlockedAchievements).size).toBe(firstRun.unlockedAchievements.length);

        const afterReset = resetProgress(firstRun);
        expect(afterReset.balance).toBe(firstRun.balance);
        expect(afterReset.diceRollsRemaining).toBe(firstRun.diceRollsRemaining);
        play(afterReset, seed + 1, moreRolls, check);
        expect(new Set(paidIds).size).toBe(paidIds.length);
      }),
      { numRuns: 150 },
    );
  });

  it('resetProgress keeps balance and dice and clears the rest', () => {
    fc.assert(
      fc.property(progressArb, seedArb, rollsArb, (start, seed, rolls) => {
        const played = play(start, seed, rolls, () => {});
        const reset = resetProgress(played);
        expect(reset).toMatchObject({
          balance: played.balance,
          diceRollsRemaining: played.diceRollsRemaining,
          position: 0,
          totalRolls: 0,
          totalTokensEarned: 0,
          jackpotsHit: 0,
          lapsCompleted: 0,
          xp: 0,
          level: 1,
          unlockedAchievements: [],
          recentMoves: [],
          lastDice: [],
          gainStreak: 0,
        });
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic: the same state, draws and time give the same resolution', () => {
    fc.assert(
      fc.property(progressArb, seedArb, (start, seed) => {
        fc.pre(start.diceRollsRemaining > 0);
        expect(resolveRoll(start, seededDrawer(seed), 5)).toEqual(resolveRoll(start, seededDrawer(seed), 5));
      }),
      { numRuns: 100 },
    );
  });
});
