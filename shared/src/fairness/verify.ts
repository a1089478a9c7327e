import { flooredTileGogo, isDiceMultiplier } from '../rules/dice.js';
import { drawMove } from '../rules/movement.js';
import { tileRewardAt } from '../rules/properties.js';
import { gogoFromRaw, isBoardPosition } from '../rules/tiles.js';
import { drawerFromStream } from './drawer.js';
import { hashServerSeed, isValidClientSeed, isValidNonce, isValidServerSeed } from './seeds.js';
import { createWordStream } from './stream.js';

export interface RollInputs {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The position the token left. */
  from: number;
  /** The player's board and the level they owned on the landed tile, as recorded with the roll. */
  boardNumber?: number;
  propertyLevel?: number;
  /** The dice multiplier recorded with the roll (1 when absent): it scales the tile's GOGO. */
  multiplier?: number;
  /** True for the account's first roll, whose tile pays at least FIRST_ROLL_MIN_REWARD. */
  firstRoll?: boolean;
}

export interface ReplayedRoll {
  die: number;
  to: number;
  rawReward: number;
  /**
   * GOGO of the landed tile with the property multiplier, the first-roll floor and the dice
   * multiplier, before a penalty stops at a balance of 0.
   */
  tileReward: number;
}

/**
 * Recomputes a roll from its revealed seed, exactly as the server drew it: the die first, then the
 * raw reward only if the landed tile's range has more than one value.
 */
export function replayRoll(inputs: RollInputs): ReplayedRoll {
  assertReplayable(inputs);
  const stream = createWordStream(inputs.serverSeed, inputs.clientSeed, inputs.nonce);
  const { die, to, tile, rawReward } = drawMove(inputs.from, drawerFromStream(stream));
  const tileGogo = tileRewardAt(tile, gogoFromRaw(rawReward), inputs.boardNumber ?? 1, inputs.propertyLevel ?? 0);
  const tileReward = flooredTileGogo(tileGogo, inputs.firstRoll ?? false) * (inputs.multiplier ?? 1) + 0;
  return { die, to, rawReward, tileReward };
}

export interface RollClaim extends RollInputs {
  /** The commitment published before the roll. */
  serverSeedHash: string;
  die: number;
  rawReward: number;
  /**
   * The GOGO applied for the tile, when known: it must be the replayed tile reward, or for a loss
   * anything between it and 0 (a penalty stops at a balance of 0).
   */
  reward?: number;
}

export interface RollVerification {
  valid: boolean;
  /** Why the roll does not verify; absent when valid. */
  reason?: string;
  /** What the revealed seed really gives. */
  expected: { die: number; rawReward: number; tileReward: number };
}

/**
 * Checks a revealed roll: the seed must match the published hash and must replay to the recorded
 * die and raw reward. Malformed seeds give valid: false (with the replay of what was given);
 * a malformed nonce or position throws, since no roll could have had it.
 */
export function verifyRoll(claim: RollClaim): RollVerification {
  const replayed = replayRoll(claim);
  const expected = { die: replayed.die, rawReward: replayed.rawReward, tileReward: replayed.tileReward };
  const reason = firstFailure(claim, expected);
  return reason === undefined ? { valid: true, expected } : { valid: false, reason, expected };
}

function firstFailure(claim: RollClaim, expected: RollVerification['expected']): string | undefined {
  if (!isValidServerSeed(claim.serverSeed)) return 'The server seed is not 64 lower-case hex characters.';
  if (hashServerSeed(claim.serverSeed) !== claim.serverSeedHash.trim().toLowerCase()) {
    return 'The server seed does not match the published hash.';
  }
  if (!isValidClientSeed(claim.clientSeed)) return 'The client seed is not 1 to 64 printable characters.';
  if (claim.die !== expected.die) return `The die was ${claim.die} but the seeds give ${expected.die}.`;
  if (claim.rawReward !== expected.rawReward) {
    return `The raw reward was ${claim.rawReward} but the seeds give ${expected.rawReward}.`;
  }
  if (claim.reward !== undefined && !rewardMatches(claim.reward, expected.tileReward)) {
    return `The reward was ${claim.reward} GOGO but the seeds and the property level give ${expected.tileReward}.`;
  }
  return undefined;
}

function rewardMatches(reward: number, tileReward: number): boolean {
  if (tileReward >= 0) return reward === tileReward;
  return reward <= 0 && reward >= tileReward;
}

function assertReplayable({ nonce, from, multiplier }: RollInputs): void {
  if (multiplier !== undefined && !isDiceMultiplier(multiplier)) {
    throw new RangeError(`Multiplier must be one of 1, 2, 3, 5, 10, got ${multiplier}`);
  }
  if (!isValidNonce(nonce)) throw new RangeError(`Nonce must be a non-negative integer, got ${nonce}`);
  if (!isBoardPosition(from)) throw new RangeError(`From must be a board position, got ${from}`);
}
