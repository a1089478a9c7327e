import { useCallback, useEffect, useRef, useState } from 'react';
import type { RollResult } from '@gogo/shared/api';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';
import type { GameBus, MotionOptions, RollSource } from '../../game/bus';
import { planDurationMs, planRoll } from '../../game/rollPlan';
import { ApiError, messageForError } from '../../lib/api/errors';
import { newRequestId, postRoll } from './api/roll';
import { isConnectionError } from './useConnection';

export type RollPhase = 'idle' | 'requesting' | 'animating';
export type RollNotice = 'cooldown' | 'no-rolls' | null;
export type ControllerSource = RollSource | 'button' | 'auto';

/** Extra time after the planned animation before React finishes a roll itself (hidden tab, lost frame). */
export const WATCHDOG_MARGIN_MS = 4000;
const COOLDOWN_NOTICE_MS = 3000;
const RETRY_DELAY_MS = 700;

export interface RollControllerOptions {
  bus: GameBus;
  /** null until the state is loaded. */
  rollsRemaining: number | null;
  online: boolean;
  sceneReady: boolean;
  /** False while a dialog covers the board. */
  inputAllowed: boolean;
  motion: MotionOptions;
  roll?: (requestId: string) => Promise<RollResult>;
  reportError: (error: unknown) => void;
  /** The request went out (the die starts tumbling). */
  onStart?: (source: ControllerSource) => void;
  /** The server answered: the roll is spent. */
  onResult: (result: RollResult) => void;
  /** The board has shown the roll. */
  onFinished: (result: RollResult) => void;
  /** The roll failed for another reason than the cooldown, no rolls or the connection. */
  onFailure: (message: string) => void;
}

/**
 * The roll flow with the server as the authority: check what can be checked
 * locally (in progress, cooldown, rolls left, online), send the request at once while the die
 * tumbles, hand the answer to the board, and finish when the board says it has shown it.
 */
export function useRollController(options: RollControllerOptions) {
  const [phase, setPhase] = useState<RollPhase>('idle');
  const [notice, setNotice] = useState<RollNotice>(null);
  const phaseRef = useRef<RollPhase>('idle');
  const optionsRef = useRef(options);
  const lastRollAt = useRef(Number.NEGATIVE_INFINITY);
  const current = useRef<{ result: RollResult; watchdog: ReturnType<typeof setTimeout> } | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    optionsRef.current = options;
  });

  const moveTo = (next: RollPhase) => {
    phaseRef.current = next;
    if (mounted.current) setPhase(next);
  };

  const showNotice = useCallback((next: RollNotice) => {
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    noticeTimer.current = null;
    setNotice(next);
    if (next === 'cooldown') noticeTimer.current = setTimeout(() => setNotice(null), COOLDOWN_NOTICE_MS);
  }, []);

  const finish = useCallback((rollId: number) => {
    const active = current.current;
    if (!active || active.result.rollId !== rollId) return;
    clearTimeout(active.watchdog);
    current.current = null;
    moveTo('idle');
    optionsRef.current.onFinished(active.result);
  }, []);

  const requestRoll = useCallback(
    (source: ControllerSource) => {
      const o = optionsRef.current;
      if (phaseRef.current !== 'idle' || !o.sceneReady || !o.inputAllowed) return;
      if (!o.online) return;
      if (o.rollsRemaining === null) return;
      if (o.rollsRemaining < 1) {
        showNotice('no-rolls');
        return;
      }
      const now = performance.now();
      if (now - lastRollAt.current < ROLL_COOLDOWN_MS) {
        showNotice('cooldown');
        return;
      }
      lastRollAt.current = now;
      showNotice(null);
      moveTo('requesting');
      o.bus.react.emit('roll-started', {});
      o.onStart?.(source);

      const requestId = newRequestId();
      const send = o.roll ?? ((id: string) => postRoll(id));
      const attempt = (retriesLeft: number): Promise<RollResult> =>
        send(requestId).catch((error: unknown) => {
          // The same request id is safe to send again: the server never spends a second roll.
          if (retriesLeft > 0 && isConnectionError(error)) {
            return new Promise<RollResult>((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(() =>
              attempt(retriesLeft - 1),
            );
          }
          throw error;
        });

      attempt(1).then(
        (result) => {
          const latest = optionsRef.current;
          if (!mounted.current) return;
          const plan = planRoll(result, latest.motion);
          moveTo('animating');
          current.current = {
            result,
            watchdog: setTimeout(() => finish(result.rollId), planDurationMs(plan) + WATCHDOG_MARGIN_MS),
          };
          latest.onResult(result);
          latest.bus.react.emit('play-roll', { plan });
        },
        (error: unknown) => {
          const latest = optionsRef.current;
          if (!mounted.current) return;
          latest.bus.react.emit('roll-cancelled', {});
          moveTo('idle');
          if (error instanceof ApiError && error.code === 'ROLL_COOLDOWN') {
            showNotice('cooldown');
          } else if (error instanceof ApiError && error.code === 'NO_ROLLS') {
            showNotice('no-rolls');
          } else if (!isConnectionError(error) && !(error instanceof ApiError && error.status === 401)) {
            latest.onFailure(messageForError(error));
          }
          latest.reportError(error);
        },
      );
    },
    [finish, showNotice],
  );

  // Scene intents and the end of the animation.
  const { bus } = options;
  useEffect(() => {
    const offRequest = bus.react.on('roll-requested', ({ source }) => requestRoll(source));
    const offFinished = bus.react.on('animation-finished', ({ rollId }) => finish(rollId));
    return () => {
      offRequest();
      offFinished();
    };
  }, [bus, requestRoll, finish]);

  // The no-rolls notice goes away as soon as there are rolls again.
  useEffect(() => {
    if (notice === 'no-rolls' && (options.rollsRemaining ?? 0) > 0) showNotice(null);
  }, [notice, options.rollsRemaining, showNotice]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (current.current) clearTimeout(current.current.watchdog);
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
    };
  }, []);

  return { phase, notice, requestRoll };
}
