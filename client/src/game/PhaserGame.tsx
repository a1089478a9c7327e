import { useLayoutEffect, useRef } from 'react';
import type { GameBus, MotionOptions } from './bus';
import type { GameHandle } from './createGame';
import { loadEngine, type EngineModule } from './engine/load';
import type { BoardLook } from './look';

export interface PhaserGameProps {
  bus: GameBus;
  /** Where to put the token and which face to show when the board first appears. */
  initial: { position: number; lastDie: number | null };
  motion: MotionOptions;
  /** How the board looks when it first appears; later looks go through the bus ('set-look'). */
  look: BoardLook;
  /** The engine chunk failed to load (offline on first visit). */
  onLoadError?: (error: unknown) => void;
  className?: string;
  /** Loads the engine module; tests hand in a fake one. */
  load?: () => Promise<EngineModule>;
}

/**
 * The bridge: creates the Phaser game once per mount, in a layout effect, and destroys it on
 * unmount. The engine is imported lazily, so the landing page never downloads it; a StrictMode
 * double mount cancels the first import before it creates anything. Later changes reach the scene
 * through the bus only, never through props.
 */
export function PhaserGame({ bus, initial, motion, look, onLoadError, className, load = loadEngine }: PhaserGameProps) {
  const parentRef = useRef<HTMLDivElement>(null);
  // Read once at creation; afterwards React talks to the scene with 'sync-state' and 'set-motion'.
  const startRef = useRef({ initial, motion, look, onLoadError });
  startRef.current = { initial, motion, look, onLoadError };

  useLayoutEffect(() => {
    const parent = parentRef.current;
    if (!parent) return;
    let cancelled = false;
    let handle: GameHandle | null = null;
    load()
      .then(({ createGame }) => {
        if (cancelled) return;
        const { initial: start, motion: startMotion, look: startLook } = startRef.current;
        handle = createGame({
          parent,
          bus: bus.scene,
          position: start.position,
          lastDie: start.lastDie,
          motion: startMotion,
          look: startLook,
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) startRef.current.onLoadError?.(error);
      });
    return () => {
      cancelled = true;
      handle?.destroy();
      handle = null;
    };
  }, [bus, load]);

  return <div ref={parentRef} className={className} />;
}
