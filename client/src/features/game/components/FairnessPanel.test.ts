// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { FairnessRoll } from '@gogo/shared/api';
import { hashServerSeed, replayRoll } from '@gogo/shared/fairness';
import { verdictFor } from './FairnessPanel';

const serverSeed = '3f'.repeat(32);
const clientSeed = 'player seed';

function servedRoll(nonce: number, from: number, overrides: Partial<FairnessRoll> = {}): FairnessRoll {
  const { die, to, rawReward } = replayRoll({ serverSeed, clientSeed, nonce, from });
  return {
    rollId: nonce + 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    serverSeedHash: hashServerSeed(serverSeed),
    serverSeed,
    revealed: true,
    clientSeed,
    nonce,
    die,
    from,
    to,
    tileId: to,
    rawReward,
    boardNumber: 1,
    propertyLevel: 0,
    reward: Math.trunc(rawReward / 10),
    multiplier: 1,
    firstRoll: false,
    ...overrides,
  };
}

describe('fairness verdicts in the browser', () => {
  it('a revealed roll that replays from its seed is verified', () => {
    expect(verdictFor(servedRoll(0, 0))).toEqual({ kind: 'verified' });
    expect(verdictFor(servedRoll(7, 13))).toEqual({ kind: 'verified' });
  });

  it('an unrevealed roll stays sealed', () => {
    expect(verdictFor(servedRoll(0, 0, { revealed: false, serverSeed: null }))).toEqual({ kind: 'sealed' });
  });

  it('a tampered die, reward or seed is a mismatch', () => {
    const roll = servedRoll(3, 5);
    expect(verdictFor({ ...roll, die: (roll.die % 6) + 1 }).kind).toBe('mismatch');
    expect(verdictFor({ ...roll, rawReward: roll.rawReward + 1 }).kind).toBe('mismatch');
    expect(verdictFor({ ...roll, serverSeed: '4e'.repeat(32) }).kind).toBe('mismatch');
  });
});
