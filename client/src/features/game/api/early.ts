import { api } from '../../../lib/api/client';

/** The game screen's first reads: the state (the board and the roll button need it) and the dice count. */
export const EARLY_READS = ['/game-state/state', '/dice-rolls/balance'] as const;
export type EarlyRead = (typeof EARLY_READS)[number];

const started = new Map<EarlyRead, Promise<unknown>>();

/**
 * Sends the game screen's first reads as the app starts on /game (client/src/app/router.tsx), in
 * parallel with the download of the screen and its engine, instead of after the screen's first render
 * (issue 14: die clickable within 1 s). The screen's first query of each takes the answer.
 */
export function startEarlyReads(): void {
  for (const path of EARLY_READS) if (!started.has(path)) started.set(path, api.get(path));
}

/** The early request of `path`, once (later queries fetch anew); null when none was sent. */
export function takeEarlyRead<T>(path: EarlyRead): Promise<T> | null {
  const request = started.get(path) as Promise<T> | undefined;
  started.delete(path);
  return request ?? null;
}
