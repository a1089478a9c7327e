import { drawMove } from '../rules/movement.js';
import { isBoardPosition } from '../rules/tiles.js';
import { drawerFromStream } from './drawer.js';
import { hashServerSeed, isValidClientSeed, isValidNonce, isValidServerSeed } from './seeds.js';
import { createWordStream } from './stream.js';

export interface RollInputs {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The position the token left. */
  from: number;
}

export interface ReplayedRoll {
  die: number;
  to: number;
  rawReward: number;
}

/**
 * Recomputes a roll from its revealed seed, exactly as the server drew it: the die first, then the
 * raw reward only if the landed tile's range has more than one value.
 */
export function replayRoll(inputs: RollInputs): ReplayedRoll {
  assertReplayable(inputs);
  const stream = createWordStream(inputs.serverSeed, inputs.clientSeed, inputs.nonce);
  const { die, to, rawReward } = drawMove(inputs.from, drawerFromStream(stream));
  return { die, to, rawReward };
}

export interface RollClaim extends RollInputs {
  /** The commitment published before the roll. */
  serverSeedHash: string;
  die: number;
  rawReward: number;
}

export interface RollVerification {
  valid: boolean;
  /** Why the roll does not verify; absent when valid. */
  reason?: string;
  /** What the revealed seed really gives. */
  expected: { die: number; rawReward: number };
}

/**
 * Checks a revealed roll: the seed must match the published hash and must replay to the recorded
 * die and raw reward. Malformed seeds give valid: false (with the replay of what was given);
 * a malformed nonce or position throws, since no roll could have had it.
 */
export function verifyRoll(claim: RollClaim): RollVerification {
  const replayed = replayRoll(claim);
  const expected = { die: replayed.die, rawReward: replayed.rawReward };
  const reason = firstFailure(claim, expected);
  return reason === undefined ? { valid: true, expected } : { valid: false, reason, expected };
}

function firstFailure(claim: RollClaim, expected: { die: number; rawReward: number }): string | undefined {
  if (!isValidServerSeed(claim.serverSeed)) return 'The server seed is not 64 lower-case hex characters.';
  if (hashServerSeed(claim.serverSeed) !== claim.serverSeedHash.trim().toLowerCase()) {
    return 'The server seed does not match the published hash.';
  }
  if (!isValidClientSeed(claim.clientSeed)) return 'The client seed is not 1 to 64 printable characters.';
  if (claim.die !== expected.die) return `The die was ${claim.die} but the seeds give ${expected.die}.`;
  if (claim.rawReward !== expected.rawReward) {
    return `The raw reward was ${claim.rawReward} but the seeds give ${expected.rawReward}.`;
  }
  return undefined;
}

function assertReplayable({ nonce, from }: RollInputs): void {
  if (!isValidNonce(nonce)) throw new RangeError(`Nonce must be a non-negative integer, got ${nonce}`);
  if (!isBoardPosition(from)) throw new RangeError(`From must be a board position, got ${from}`);
}
