import { useEffect, type RefObject } from 'react';
import type { GameBus, MotionOptions } from '../../game/bus';
import { sound } from '../../lib/sound';
import { buzz } from './haptics';
import type { RollEffects } from './outcome';

interface BoardBridge {
  bus: GameBus;
  /** The board frame: its data attributes are the e2e hooks GamePage documents. */
  frameRef: RefObject<HTMLDivElement | null>;
  /** The effects of the roll in flight, read when the token lands. */
  pendingEffects: RefObject<RollEffects | null>;
  sceneReady: boolean;
  modalOpen: boolean;
  online: boolean;
  rollsRemaining: number | null;
  phase: string;
  position: number | null;
  lastDie: number | null;
  motion: MotionOptions;
  onSceneReady: () => void;
  onTileSelected: (tileId: number) => void;
}

/**
 * Board ⇄ React: what the Phaser board reports (ready, tile picked, die settled, token moved, landed)
 * and what React tells it (the state to show, whether input is taken, how much motion).
 */
export function useBoardBridge(b: BoardBridge) {
  const { bus, frameRef, pendingEffects, onSceneReady, onTileSelected } = b;
  const animations = b.motion.animations;
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
      bus.react.on('tile-landed', () => {
        const effects = pendingEffects.current;
        if (effects?.landingSound) sound.play(effects.landingSound);
        if (effects) {
          const amount = effects.reward.amount;
          const kind = effects.landingSound === 'jackpot' ? 'jackpot' : amount < 0 ? 'loss' : 'gain';
          buzz(kind, animations);
        }
      }),
      bus.react.on('card-flipped', () => sound.play('flip')),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bus, animations, frameRef, pendingEffects, onSceneReady, onTileSelected]);

  const { sceneReady, modalOpen, online, rollsRemaining, phase, position, lastDie, motion } = b;
  useEffect(() => {
    if (!sceneReady || position === null || phase !== 'idle') return;
    bus.react.emit('sync-state', { position, lastDie });
  }, [bus, sceneReady, position, lastDie, phase]);

  useEffect(() => {
    bus.react.emit('set-input', {
      enabled: sceneReady && !modalOpen,
      rollable: online && (rollsRemaining ?? 0) > 0 && phase === 'idle',
    });
  }, [bus, sceneReady, modalOpen, online, rollsRemaining, phase]);

  useEffect(() => {
    bus.react.emit('set-motion', motion);
  }, [bus, motion]);
}
