import type { CreateGameOptions, GameHandle } from '../createGame';
import { pageRenderer } from './renderer';

export type EngineModule = { createGame: (options: Omit<CreateGameOptions, 'renderer'>) => GameHandle };

/**
 * Loads the board engine: the Phaser chunk (client/src/game/createGame.ts and the trimmed build of
 * engine/phaser.ts) and, only when the board will draw with WebGL, the WebGL renderer chunk, both at
 * once. The landing page never calls this.
 */
export async function loadEngine(): Promise<EngineModule> {
  const renderer = pageRenderer();
  // `vite dev` serves Phaser's prebuilt bundle, which holds WebGL already (engine/webgl.ts).
  const webgl = renderer === 'webgl' && import.meta.env.PROD ? import('./webgl') : null;
  const [engine] = await Promise.all([import('../createGame'), webgl]);
  return { createGame: (options) => engine.createGame({ ...options, renderer }) };
}
