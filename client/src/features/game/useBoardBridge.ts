import { useEffect, type RefObject } from 'react';
import type { BoardGoal, GameBus, MotionOptions } from '../../game/bus';
import type { BoardLook } from '../../game/look';
import { sound } from '../../lib/sound';

interface BoardBridge {
  bus: GameBus;
  /** The board frame: its data attributes are the e2e hooks GamePage documents. */
  frameRef: RefObject<HTMLDivElement | null>;
  sceneReady: boolean;
  modalOpen: boolean;
  online: boolean;
  rollsRemaining: number | null;
  /** A roll is under way (the board is not idle). */
  busy: boolean;
  position: number | null;
  lastDie: number | null;
  motion: MotionOptions;
  /** The scheme, the board's art and its buildings. */
  look: BoardLook;
  /** A card covers the whole board. */
  covered: boolean;
  /** The property to aim for (board/goal.ts), or null. */
  goal: BoardGoal | null;
  onSceneReady: () => void;
  onTileSelected: (tileId: number) => void;
}

/**
 * Board ⇄ React: what the Phaser board reports (ready, tile picked, die settled, token moved, landed)
 * and what React tells it (the state to show, whether input is taken, how much motion).
 */
export function useBoardBridge(b: BoardBridge) {
  const { bus, frameRef, onSceneReady, onTileSelected } = b;
  useEffect(() => {
    const offs = [
      bus.react.on('scene-ready', onSceneReady),
      bus.react.on('tile-selected', ({ tileId }) => {
        onTileSelected(tileId);
        bus.react.emit('highlight-tile', { tileId });
      }),
      bus.react.on('die-settled', ({ rollId }) => {
        if (frameRef.current) frameRef.current.dataset.dieSettled = String(rollId);
      }),
      bus.react.on('token-moved', ({ position, step }) => {
        if (frameRef.current) frameRef.current.dataset.tokenPosition = String(position);
        if (step > 0) sound.play('step');
      }),
      bus.react.on('card-flipped', () => sound.play('flip')),
      bus.react.on('look-drawn', ({ key }) => {
        if (frameRef.current) frameRef.current.dataset.boardLook = key;
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bus, frameRef, onSceneReady, onTileSelected]);

  const { sceneReady, modalOpen, online, rollsRemaining, busy, position, lastDie, motion } = b;
  useEffect(() => {
    if (!sceneReady || position === null || busy) return;
    bus.react.emit('sync-state', { position, lastDie });
  }, [bus, sceneReady, position, lastDie, busy]);

  useEffect(() => {
    bus.react.emit('set-input', {
      enabled: sceneReady && !modalOpen,
      rollable: online && (rollsRemaining ?? 0) > 0 && !busy,
    });
  }, [bus, sceneReady, modalOpen, online, rollsRemaining, busy]);

  useEffect(() => {
    bus.react.emit('set-motion', motion);
  }, [bus, motion]);

  const { look } = b;
  useEffect(() => {
    if (sceneReady) bus.react.emit('set-look', { look });
  }, [bus, sceneReady, look]);

  const goalTile = b.goal?.tileId ?? null;
  const goalReady = b.goal?.ready ?? false;
  useEffect(() => {
    if (sceneReady)
      bus.react.emit('set-goal', { goal: goalTile === null ? null : { tileId: goalTile, ready: goalReady } });
  }, [bus, sceneReady, goalTile, goalReady]);

  const { covered } = b;
  useEffect(() => {
    bus.react.emit('set-covered', { covered });
  }, [bus, covered]);
}
