import { describe, expect, it } from 'vitest';
import type { RollResult } from '@gogo/shared/api';
import { tileAt } from '@gogo/shared/rules';
import { rollEffects, summaryHeadline, summaryNeedsPlayer, summaryPrize } from './outcome';

function roll(overrides: Partial<RollResult>): RollResult {
  const to = overrides.to ?? 3;
  return {
    rollId: 1,
    die: 3,
    die1: 3,
    die2: 0,
    total: 3,
    from: 6,
    to,
    path: [5, 4, 3],
    tile: { ...tileAt(to) },
    rawReward: 90,
    boardNumber: 1,
    propertyLevel: 0,
    rewardMultiplier: 1,
    reward: 9,
    multiplier: 1,
    firstRoll: false,
    passedStart: false,
    salary: 0,
    levelUpDice: 0,
    lapDice: 0,
    xpGained: 9,
    levelUps: [],
    lapCompleted: false,
    isJackpot: false,
    achievementsUnlocked: [],
    state: {} as RollResult['state'],
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('roll effects', () => {
  it('a plain gain: reward text, gain sound, one light summary that closes itself, no confetti', () => {
    const effects = rollEffects(roll({}));
    expect(effects.reward).toMatchObject({ tileName: 'Bitcoin Boulevard', amountText: '+9 GOGO', xpGained: 9 });
    expect(effects.landingSound).toBe('gain');
    expect(effects.celebrations.map((c) => c.kind)).toEqual(['summary']);
    expect(summaryNeedsPlayer(effects.summary)).toBe(false);
    expect(effects.confetti).toBe(false);
  });

  it("first roll: the achievement with its description and the spec's reward, sound and confetti", () => {
    const effects = rollEffects(roll({ achievementsUnlocked: [{ id: 'first_roll', name: 'First Roll', reward: 50 }] }));
    expect(effects.achievements).toEqual([
      {
        id: 'first_roll',
        name: 'First Roll',
        description: 'Roll the dice for the first time',
        icon: 'first-roll',
        reward: 50,
      },
    ]);
    expect(effects.followUpSounds).toEqual(['achievement']);
    expect(effects.confetti).toBe(true);
    // One card lists the reward and the achievement; the player closes it with one tap.
    expect(effects.celebrations).toEqual([{ kind: 'summary', summary: effects.summary }]);
    expect(effects.summary.achievements).toHaveLength(1);
    expect(summaryNeedsPlayer(effects.summary)).toBe(true);
  });

  it('a jackpot with two level-ups and a lap: one summary lists them all, in order', () => {
    const effects = rollEffects(
      roll({
        to: 0,
        tile: { ...tileAt(19) },
        isJackpot: true,
        reward: 80,
        levelUps: [2, 3],
        lapCompleted: true,
      }),
    );
    expect(effects.celebrations).toHaveLength(1);
    expect(effects.summary).toMatchObject({ jackpot: true, levelUps: [2, 3] });
    expect(effects.reward.lapCompleted).toBe(true);
    expect(effects.landingSound).toBe('jackpot');
    expect(effects.followUpSounds).toEqual(['levelup']);
    expect(effects.confetti).toBe(true);
  });

  it('a penalty cut at a balance of 0 is flagged, and losses sound like losses', () => {
    const cut = rollEffects(roll({ to: 4, tile: { ...tileAt(4) }, rawReward: -150, reward: -3 }));
    expect(cut.reward).toMatchObject({ amountText: '-3 GOGO', floored: true });
    expect(cut.landingSound).toBe('loss');
    const full = rollEffects(roll({ to: 4, tile: { ...tileAt(4) }, rawReward: -150, reward: -15 }));
    expect(full.reward.floored).toBe(false);
    expect(rollEffects(roll({ rawReward: 4, reward: 0 })).landingSound).toBeNull();
  });
});

describe('the summary heading says what the roll was', () => {
  const first = [{ id: 'first_roll', name: 'First Roll', reward: 50 }];
  const headline = (overrides: Partial<RollResult>) => {
    const spec = rollEffects(roll(overrides)).celebrations[0];
    if (spec?.kind !== 'summary') throw new Error('no summary');
    return summaryHeadline(spec.summary);
  };

  it('a loss is never headed as a win: alone it reads as a loss, with a level or an achievement as mixed luck', () => {
    const penalty = { to: 4, tile: { ...tileAt(4) }, rawReward: -50, reward: -5 };
    expect(headline(penalty)).toBe('Ouch, a penalty!');
    expect(headline({ ...penalty, achievementsUnlocked: first })).toBe('Not all bad!');
    expect(headline({ ...penalty, levelUps: [2] })).toBe('Not all bad!');
    const chance = { to: 2, tile: { ...tileAt(2) }, rawReward: -150, reward: -15 };
    expect(headline(chance)).toBe('Bad luck this time');
    expect(headline({ ...chance, achievementsUnlocked: first })).toBe('Not all bad!');
  });

  it('an owned property multiplies a gain; only a loss is ever floored', () => {
    const owned = rollEffects(roll({ rawReward: 140, reward: 42, rewardMultiplier: 3, propertyLevel: 1 }));
    expect(owned.reward.floored).toBe(false);
    const cut = rollEffects(roll({ to: 4, tile: { ...tileAt(4) }, rawReward: -150, reward: -3 }));
    expect(cut.reward.floored).toBe(true);
  });

  it('a penalty the balance floor cut to nothing is still a penalty', () => {
    expect(headline({ to: 4, tile: { ...tileAt(4) }, rawReward: -50, reward: 0 })).toBe('Ouch, a penalty!');
  });

  it('a gain: jackpot, then level-up, then achievements, else the die', () => {
    expect(headline({ isJackpot: true, to: 12, tile: { ...tileAt(12) }, levelUps: [2] })).toBe('JACKPOT!');
    expect(headline({ levelUps: [2], achievementsUnlocked: first })).toBe('Level up!');
    expect(headline({ achievementsUnlocked: first })).toBe('Achievement unlocked!');
    expect(headline({})).toBe('You rolled a 3');
  });
});

describe('the card headlines the biggest gain of the roll', () => {
  it('an achievement paying more than the tile is the big number; the tile is a line', () => {
    const { summary } = rollEffects(
      roll({ reward: 6, achievementsUnlocked: [{ id: 'first_roll', name: 'First Roll', reward: 500 }] }),
    );
    expect(summaryPrize(summary)).toMatchObject({ source: 'achievement', amount: 500 });
  });

  it('the tile stays the headline when it paid the most, on a tie, or when nothing paid GOGO', () => {
    const jackpot = rollEffects(
      roll({
        reward: 80,
        isJackpot: true,
        achievementsUnlocked: [{ id: 'first_roll', name: 'First Roll', reward: 50 }],
      }),
    );
    expect(summaryPrize(jackpot.summary)).toEqual({ source: 'tile', amount: 80 });
    const tie = rollEffects(
      roll({ reward: 50, achievementsUnlocked: [{ id: 'first_roll', name: 'First Roll', reward: 50 }] }),
    );
    expect(summaryPrize(tie.summary).source).toBe('tile');
    const repeat = rollEffects(
      roll({ reward: -9, achievementsUnlocked: [{ id: 'first_roll', name: 'First Roll', reward: 0 }] }),
    );
    expect(summaryPrize(repeat.summary)).toEqual({ source: 'tile', amount: -9 });
  });
});
