import * as game from '@gogo/shared/api/endpoints/game';
import { call } from '../../../lib/api/call';

/** The game screen's first reads: the state (the board and the roll button need it) and the dice count. */
export const EARLY_READS = { state: game.gameState, diceBalance: game.diceBalance } as const;
export type EarlyRead = keyof typeof EARLY_READS;

const started = new Map<EarlyRead, Promise<unknown>>();

/**
 * Sends the game screen's first reads as the app starts on /game (client/src/app/router.tsx), in
 * parallel with the download of the screen and its engine, instead of after the screen's first render
 * (die clickable within 1 s). The screen's first query of each takes the answer.
 */
export function startEarlyReads(): void {
  for (const read of Object.keys(EARLY_READS) as EarlyRead[]) {
    if (!started.has(read)) started.set(read, call(EARLY_READS[read]));
  }
}

/** The early request of `read`, once (later queries fetch anew); null when none was sent. */
export function takeEarlyRead<R extends EarlyRead>(read: R): ReturnType<typeof call<(typeof EARLY_READS)[R]>> | null {
  const request = started.get(read) as ReturnType<typeof call<(typeof EARLY_READS)[R]>> | undefined;
  started.delete(read);
  return request ?? null;
}
