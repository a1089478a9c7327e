import type { Drawer } from '../rules/movement.js';
import { drawInt } from './draw.js';
import { isValidClientSeed, isValidNonce, isValidServerSeed } from './seeds.js';
import { createWordStream, type WordStream } from './stream.js';

/** The rules' Drawer, backed by one roll's HMAC word stream. */
export interface FairDrawer extends Drawer {
  /** Words consumed so far, rejected ones included. */
  wordsUsed(): number;
}

/** A drawer over any word stream (tests inject hand-made streams here). */
export function drawerFromStream(stream: WordStream): FairDrawer {
  return {
    int: (min, max) => drawInt(stream.next, min, max),
    wordsUsed: () => stream.wordsUsed(),
  };
}

/**
 * The drawer of roll `nonce`; refuses seeds or a nonce that docs/adr, 'Dice are drawn from a
 * provably fair seed', does not allow.
 */
export function createDrawer(serverSeed: string, clientSeed: string, nonce: number): FairDrawer {
  if (!isValidServerSeed(serverSeed)) throw new RangeError('Server seed must be 64 lower-case hex characters');
  if (!isValidClientSeed(clientSeed)) throw new RangeError('Client seed must be 1 to 64 printable ASCII characters');
  if (!isValidNonce(nonce)) throw new RangeError(`Nonce must be a non-negative integer, got ${nonce}`);
  return drawerFromStream(createWordStream(serverSeed, clientSeed, nonce));
}
