// The bare anchor's game rules: a die drawn by HMAC-SHA256 of (server seed, client seed, nonce), a
// 40-tile board with a reward per tile, and the answer a roll stores and sends. Deliberately small:
// the anchor measures what a correct roll costs on this stack, not the project's rules.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const BOARD_SIZE = 40;
const START_BONUS = 25;

/** A new player's provably-fair seed pair. */
export function newSeeds() {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    serverSeed,
    serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'),
    clientSeed: randomBytes(8).toString('hex'),
  };
}

/**
 * The die of roll `nonce`: bytes of HMAC-SHA256(serverSeed, "clientSeed:nonce"), rejection-sampled
 * to an unbiased 1..6.
 * @param {string} serverSeed @param {string} clientSeed @param {number} nonce
 */
export function drawDie(serverSeed, clientSeed, nonce) {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
  for (const byte of digest) if (byte < 252) return (byte % 6) + 1;
  return ((digest[0] ?? 0) % 6) + 1; // 32 rejected bytes in a row: probability 2^-180
}

/** GOGO a tile pays: every fifth tile pays more, tile 0 (start) nothing. @param {number} tile */
const tileReward = (tile) => (tile === 0 ? 0 : tile % 5 === 0 ? 50 : (tile % 7) + 1);

/**
 * @typedef {object} AnchorState
 * @property {number} balance
 * @property {number} dice
 * @property {number} position
 * @property {number} totalRolls
 * @property {string} serverSeed
 * @property {string} serverSeedHash
 * @property {string} clientSeed
 * @property {number} nonce
 */

/**
 * One roll on a state that has at least one die: the new state, the ledger rows (one die spent,
 * GOGO earned) and the answer as JSON text (stored with the roll, sent as is).
 * @param {AnchorState} state @param {number} rollId @param {number} now
 */
export function resolve(state, rollId, now) {
  const die = drawDie(state.serverSeed, state.clientSeed, state.nonce);
  const from = state.position;
  const to = (from + die) % BOARD_SIZE;
  const lapCompleted = from + die >= BOARD_SIZE;
  const reward = tileReward(to) + (lapCompleted ? START_BONUS : 0);
  const next = {
    balance: state.balance + reward,
    dice: state.dice - 1,
    position: to,
    totalRolls: state.totalRolls + 1,
    nonce: state.nonce + 1,
  };
  /** @type {{asset: 'DICE' | 'GOGO', amount: number, balanceAfter: number, reason: string}[]} */
  const ledger = [{ asset: 'DICE', amount: -1, balanceAfter: next.dice, reason: 'roll' }];
  if (reward > 0) ledger.push({ asset: 'GOGO', amount: reward, balanceAfter: next.balance, reason: `tile:${to}` });
  const answer = JSON.stringify({
    success: true,
    data: {
      rollId,
      die,
      from,
      to,
      reward,
      lapCompleted,
      state: { balance: next.balance, diceRollsRemaining: next.dice, position: to, totalRolls: next.totalRolls },
      fairness: { serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, nonce: state.nonce },
      createdAt: new Date(now).toISOString(),
    },
  });
  return { die, from, to, reward, next, ledger, answer };
}
