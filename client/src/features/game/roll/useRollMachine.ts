import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RollResult } from '@gogo/shared/api';
import type { DiceMultiplier } from '@gogo/shared/rules';
import type { GameBus, MotionOptions } from '../../../game/bus';
import { planDurationMs, planRoll } from '../../../game/rollPlan';
import { ApiError, messageForError } from '../../../lib/api/errors';
import { newRequestId, postRoll } from '../api/roll';
import { isConnectionError } from '../useConnection';
import { browserClock, RollDriver, type RollClock } from './driver';
import type { FailureKind, RollState, RollTrigger } from './machine';

export interface RollMachineOptions {
  bus: GameBus;
  /** null until the state is loaded. */
  rollsRemaining: number | null;
  /** Dice each roll spends (the multiplier beside the button); 1 when absent. */
  multiplier?: DiceMultiplier;
  online: boolean;
  sceneReady: boolean;
  /** False while a dialog covers the board. */
  inputAllowed: boolean;
  motion: MotionOptions;
  /** Auto roll is switched on (the game surface's switch, the same setting as in Settings). */
  autoRoll: boolean;
  /** A celebration that needs the player shows or waits: auto roll holds. */
  held: boolean;
  roll?: (requestId: string) => Promise<RollResult>;
  clock?: RollClock;
  reportError: (error: unknown) => void;
  onStart?: (trigger: RollTrigger) => void;
  /** The server answered: the roll is spent. */
  onAnswer: (result: RollResult) => void;
  /** The token has landed: what the roll brought shows now. */
  onReward: (result: RollResult) => void;
  /** The board is done with the roll. */
  onDone?: (result: RollResult) => void;
  /** The roll failed for another reason than the cooldown, no rolls or the connection. */
  onFailure: (message: string) => void;
}

export function classifyRollError(error: unknown): FailureKind {
  if (error instanceof ApiError && error.code === 'ROLL_COOLDOWN') return 'cooldown';
  if (error instanceof ApiError && error.code === 'NO_ROLLS') return 'no-rolls';
  if (isConnectionError(error)) return 'connection';
  if (error instanceof ApiError && error.status === 401) return 'signed-out';
  return 'other';
}

/**
 * The game screen's roll: one RollDriver (roll/driver.ts) over the pure machine (roll/machine.ts),
 * fed by the board's events and the screen's state. Returns the machine's state and the tap.
 */
export function useRollMachine(options: RollMachineOptions): { state: RollState; tap: (t: RollTrigger) => void } {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const [driver] = useState(
    () =>
      new RollDriver(
        {
          clock: options.clock ?? browserClock,
          board: {
            started: () => optionsRef.current.bus.react.emit('roll-started', {}),
            play: (plan) => optionsRef.current.bus.react.emit('play-roll', { plan }),
            cancelled: () => optionsRef.current.bus.react.emit('roll-cancelled', {}),
          },
          send: (id) =>
            (optionsRef.current.roll ?? ((requestId: string) => postRoll(requestId, optionsRef.current.multiplier)))(
              id,
            ),
          newRequestId,
          plan: (result) => {
            const plan = planRoll(result, optionsRef.current.motion);
            return { plan, durationMs: planDurationMs(plan) };
          },
          gate: () => {
            const o = optionsRef.current;
            return { rollsRemaining: o.rollsRemaining, ready: o.sceneReady && o.inputAllowed };
          },
          classify: classifyRollError,
          messageFor: messageForError,
          onStart: (trigger) => optionsRef.current.onStart?.(trigger),
          onAnswer: (result) => optionsRef.current.onAnswer(result),
          onReward: (result) => optionsRef.current.onReward(result),
          onDone: (result) => optionsRef.current.onDone?.(result),
          onFailure: (kind, message, error) => {
            const o = optionsRef.current;
            if (kind === 'other') o.onFailure(message);
            o.reportError(error);
          },
        },
        options.online,
      ),
  );
  const state = useSyncExternalStore(driver.subscribe, driver.getState, driver.getState);

  const { bus, online, autoRoll, held } = options;
  useEffect(() => driver.setOnline(online), [driver, online]);
  useEffect(() => driver.setAuto(autoRoll), [driver, autoRoll]);
  useEffect(() => driver.setHeld(held), [driver, held]);
  useEffect(() => {
    const offs = [
      bus.react.on('roll-requested', ({ source }) => driver.tap(source)),
      bus.react.on('die-settled', ({ rollId }) => driver.dieSettled(rollId)),
      bus.react.on('tile-landed', ({ rollId }) => driver.landed(rollId)),
      bus.react.on('animation-finished', ({ rollId }) => driver.boardDone(rollId)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bus, driver]);
  useEffect(() => {
    driver.open();
    return () => driver.close();
  }, [driver]);

  return { state, tap: driver.tapFn };
}
