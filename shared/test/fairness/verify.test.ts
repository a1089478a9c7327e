import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDrawer, hashServerSeed, replayRoll, verifyRoll } from '../../src/fairness/index.js';
import {
  BOARD_COUNT,
  initialProgress,
  PROPERTY_MAX_LEVEL,
  PROPERTY_TILE_IDS,
  rawRewardRange,
  resolveRoll,
  rewardMultiplier,
  tileAt,
  type GameProgress,
} from '../../src/rules/index.js';

const SEED_A = '8b364ce1e4ba1e4ee4178a7afcbc0f3719017329c7f004ed1fb324b93b2eb705';
const HASH_A = 'd27f6749ba6fa6da0d1bc4088b27f9a44bd9454dea2451b6eb9c95639e47550d';
const CLIENT_A = 'lucky-client';

/** Rolls 0..7 of seed A from Start, computed independently with node:crypto and pinned. */
const PINNED_ROLLS = [
  { nonce: 0, from: 0, die: 5, to: 15, rawReward: 96 },
  { nonce: 1, from: 15, die: 4, to: 11, rawReward: -92 },
  { nonce: 2, from: 11, die: 3, to: 8, rawReward: 21 },
  { nonce: 3, from: 8, die: 5, to: 3, rawReward: 90 },
  { nonce: 4, from: 3, die: 3, to: 0, rawReward: 200 },
  { nonce: 5, from: 0, die: 6, to: 14, rawReward: -181 },
  { nonce: 6, from: 14, die: 6, to: 8, rawReward: -140 },
  { nonce: 7, from: 8, die: 5, to: 3, rawReward: 139 },
];

const hexSeedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
const clientSeedArb = fc.string({ unit: fc.constantFrom(...' abcXYZ019~!:'.split('')), minLength: 1, maxLength: 64 });

describe('replayRoll', () => {
  it.each(PINNED_ROLLS)('pins nonce $nonce from $from: die $die to $to, raw $rawReward', ({ nonce, from, ...roll }) => {
    expect(replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce, from })).toMatchObject(roll);
  });

  it('draws no raw reward on Start (nonce 4 uses a single word)', () => {
    const drawer = createDrawer(SEED_A, CLIENT_A, 4);
    const { state } = resolveRoll({ ...initialProgress(), position: 3 }, drawer, 0);
    expect(state.position).toBe(0);
    expect(drawer.wordsUsed()).toBe(1);
  });

  it('agrees with what resolveRoll does on the server for any seeds, nonce, position and board', () => {
    fc.assert(
      fc.property(
        hexSeedArb,
        clientSeedArb,
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 1, max: BOARD_COUNT }),
        fc.array(fc.integer({ min: 0, max: PROPERTY_MAX_LEVEL }), {
          minLength: PROPERTY_TILE_IDS.length,
          maxLength: PROPERTY_TILE_IDS.length,
        }),
        (serverSeed, clientSeed, nonce, from, boardNumber, levels) => {
          const state: GameProgress = { ...initialProgress(), position: from, balance: 500 };
          const board = {
            number: boardNumber,
            levels: Object.fromEntries(PROPERTY_TILE_IDS.map((id, i) => [id, levels[i] ?? 0])),
          };
          const { outcome } = resolveRoll(state, createDrawer(serverSeed, clientSeed, nonce), 0, board);
          const inputs = { serverSeed, clientSeed, nonce, from, boardNumber, propertyLevel: outcome.propertyLevel };
          expect(replayRoll(inputs)).toEqual({
            die: outcome.die,
            to: outcome.to,
            rawReward: outcome.rawReward,
            tileReward: outcome.reward,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('verifies the reward of an upgraded property and refuses a wrong level', () => {
    // Find a nonce of SEED_A that lands on a property from Start.
    let nonce = 0;
    while (tileAt(replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce, from: 0 }).to).type !== 'PROPERTY') {
      nonce += 1;
    }
    const base = replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce, from: 0 });
    const upgraded = replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce, from: 0, propertyLevel: 3 });
    expect(upgraded.tileReward).toBe(base.tileReward * rewardMultiplier(1, 3));
    const claim = {
      serverSeed: SEED_A,
      serverSeedHash: hashServerSeed(SEED_A),
      clientSeed: CLIENT_A,
      nonce,
      from: 0,
      die: base.die,
      rawReward: base.rawReward,
    };
    expect(verifyRoll({ ...claim, propertyLevel: 3, reward: upgraded.tileReward }).valid).toBe(true);
    const wrong = verifyRoll({ ...claim, propertyLevel: 2, reward: upgraded.tileReward });
    expect(wrong.valid).toBe(false);
    expect(wrong.reason).toMatch(/property level/);
  });

  it('lands raw rewards in the landed tile range', () => {
    for (let nonce = 0; nonce < 500; nonce += 1) {
      const { to, rawReward } = replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce, from: nonce % 20 });
      const { min, max } = rawRewardRange(tileAt(to).type);
      expect(rawReward).toBeGreaterThanOrEqual(min);
      expect(rawReward).toBeLessThanOrEqual(max);
    }
  });

  it('refuses a nonce or position no roll can have', () => {
    expect(() => replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce: -1, from: 0 })).toThrow(RangeError);
    expect(() => replayRoll({ serverSeed: SEED_A, clientSeed: CLIENT_A, nonce: 0, from: 20 })).toThrow(RangeError);
  });
});

describe('verifyRoll', () => {
  const genuine = {
    serverSeed: SEED_A,
    serverSeedHash: HASH_A,
    clientSeed: CLIENT_A,
    nonce: 1,
    from: 15,
    die: 4,
    rawReward: -92,
  };

  it('accepts a genuine roll', () => {
    expect(verifyRoll(genuine)).toEqual({ valid: true, expected: { die: 4, rawReward: -92, tileReward: -9 } });
  });

  it('accepts every pinned roll and an upper-case pasted hash', () => {
    for (const roll of PINNED_ROLLS) {
      expect(verifyRoll({ ...roll, serverSeed: SEED_A, serverSeedHash: HASH_A, clientSeed: CLIENT_A }).valid).toBe(
        true,
      );
    }
    expect(verifyRoll({ ...genuine, serverSeedHash: HASH_A.toUpperCase() }).valid).toBe(true);
  });

  it.each([
    ['a tampered die', { die: 3 }, /die/],
    ['a tampered raw reward', { rawReward: -91 }, /raw reward/],
    ['another nonce', { nonce: 2 }, /die|raw/],
    ['another client seed', { clientSeed: 'someone-else' }, /die|raw/],
    ['another starting position', { from: 14 }, /die|raw/],
    ['a tampered hash', { serverSeedHash: HASH_A.replace(/^d2/, 'd3') }, /hash/],
    ['a seed that does not match the hash', { serverSeed: SEED_A.replace(/^8b/, '8c') }, /hash/],
    ['a malformed server seed', { serverSeed: SEED_A.toUpperCase() }, /64 lower-case hex/],
  ])('rejects %s', (_label, change, reason) => {
    const result = verifyRoll({ ...genuine, ...change });
    expect(result.valid).toBe(false);
    expect(result.reason).toMatch(reason);
  });

  it('rejects a malformed client seed even when its seed and hash are right', () => {
    const clientSeed = 'tab\tseed';
    const { die, rawReward } = replayRoll({ serverSeed: SEED_A, clientSeed, nonce: 0, from: 0 });
    const result = verifyRoll({
      serverSeed: SEED_A,
      serverSeedHash: HASH_A,
      clientSeed,
      nonce: 0,
      from: 0,
      die,
      rawReward,
    });
    expect(result).toMatchObject({ valid: false, reason: expect.stringMatching(/client seed/) });
  });

  it('reports what the seed really gives when a roll is tampered', () => {
    expect(verifyRoll({ ...genuine, die: 6, rawReward: 1 }).expected).toEqual({
      die: 4,
      rawReward: -92,
      tileReward: -9,
    });
  });

  it('verifies what the server records, for any seeds', () => {
    fc.assert(
      fc.property(
        hexSeedArb,
        clientSeedArb,
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 0, max: 19 }),
        (serverSeed, clientSeed, nonce, from) => {
          const { outcome } = resolveRoll(
            { ...initialProgress(), position: from },
            createDrawer(serverSeed, clientSeed, nonce),
            0,
          );
          const claim = {
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
            clientSeed,
            nonce,
            from,
            die: outcome.die,
            rawReward: outcome.rawReward,
          };
          expect(verifyRoll(claim).valid).toBe(true);
          expect(verifyRoll({ ...claim, die: (outcome.die % 6) + 1 }).valid).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
