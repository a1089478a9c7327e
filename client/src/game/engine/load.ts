import type { CreateGameOptions, GameHandle } from '../createGame';
import { preloadTileSheet } from '../tileSheet';
import { pageRenderer } from './renderer';

export type EngineModule = {
  createGame: (options: Omit<CreateGameOptions, 'renderer' | 'tileSheet'>) => GameHandle;
};

/**
 * Loads the board engine: the Phaser chunk (client/src/game/createGame.ts and the trimmed build of
 * engine/phaser.ts), only when the board will draw with WebGL the WebGL renderer chunk, and the tile
 * icon sheet, all at once. The landing page never calls this.
 */
export async function loadEngine(): Promise<EngineModule> {
  const renderer = pageRenderer();
  // `vite dev` serves Phaser's prebuilt bundle, which holds WebGL already (engine/webgl.ts).
  const webgl = renderer === 'webgl' && import.meta.env.PROD ? import('./webgl') : null;
  const [engine, , tileSheet] = await Promise.all([import('../createGame'), webgl, preloadTileSheet()]);
  return { createGame: (options) => engine.createGame({ ...options, renderer, tileSheet }) };
}
