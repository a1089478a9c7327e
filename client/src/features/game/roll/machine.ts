import type { RollResult } from '@gogo/shared/api';
import { ROLL_COOLDOWN_MS } from '@gogo/shared/rules';

/**
 * One roll of the game screen as one explicit machine. Pure: every event carries the clock's time,
 * nothing here reads a clock, sets a timer or talks to the server (roll/driver.ts does, with a clock
 * it is given). The board and the HUD both draw from this state.
 *
 *   idle ──tap──▶ rolling ──die-settled──▶ moving ──landed──▶ rewarding ──board-done──▶ idle
 *                   │ (the request is out, the die tumbles; the answer arrives meanwhile)
 *                   └─failed──▶ idle (cooldown, no rolls: a notice) | offline | error
 *
 * The reward shows the moment the token lands ('rewarding'), not after the tile's own animation:
 * nothing waits but the die and the steps. A roll the board never reports (a hidden tab pauses
 * its loop) is finished by the deadline.
 */
export type RollPhase = 'idle' | 'rolling' | 'moving' | 'rewarding' | 'offline' | 'error';
export type RollNotice = 'cooldown' | 'no-rolls' | null;
export type RollTrigger = 'tap' | 'swipe' | 'keyboard' | 'button' | 'auto';
export type FailureKind = 'cooldown' | 'no-rolls' | 'connection' | 'signed-out' | 'other';

export interface RollState {
  phase: RollPhase;
  /** The server's answer for the roll in flight (from 'rolling' on, once it has come). */
  result: RollResult | null;
  /** When the roll in flight was asked for. */
  startedAt: number | null;
  /** The last roll asked for (the spec's 1 s cooldown counts from it). */
  lastRollAt: number;
  /** The board must have shown the roll by then, or the machine finishes it itself. */
  deadline: number | null;
  notice: RollNotice;
  /** The cooldown notice goes away at this time. */
  noticeUntil: number | null;
  /** What went wrong, in words ('error' phase). */
  error: string | null;
  /** Auto roll is switched on. */
  auto: boolean;
  /** The next auto roll is due at this time (null: none planned). */
  autoAt: number | null;
  /** Something the player must close (a jackpot, a level-up, an achievement) is showing or queued. */
  held: boolean;
  /** When the last reward showed, and how long after the landing (the tempo's proof). */
  rewardedAt: number | null;
}

/** What lets a tap become a roll, beyond the machine's own state. */
export interface RollGate {
  /** null until the game state has loaded. */
  rollsRemaining: number | null;
  /** The board is drawn and no dialog covers it. */
  ready: boolean;
}

export type RollEvent =
  | { type: 'tap'; at: number; trigger: RollTrigger; gate: RollGate }
  | { type: 'answer'; at: number; result: RollResult; durationMs: number }
  | { type: 'failed'; at: number; kind: FailureKind; message: string }
  | { type: 'die-settled'; at: number; rollId: number }
  | { type: 'landed'; at: number; rollId: number }
  | { type: 'board-done'; at: number; rollId: number }
  | { type: 'tick'; at: number }
  | { type: 'connection'; at: number; online: boolean }
  | { type: 'set-auto'; at: number; on: boolean }
  | { type: 'hold'; at: number; held: boolean };

/** Extra time after the planned animation before the machine finishes a roll itself. */
export const DEADLINE_MARGIN_MS = 4000;
export const COOLDOWN_NOTICE_MS = 3000;
/** An auto roll follows the board being done after this pause (and never inside the cooldown). */
export const AUTO_ROLL_PAUSE_MS = 450;

export function initialRollState(online = true): RollState {
  return {
    phase: online ? 'idle' : 'offline',
    result: null,
    startedAt: null,
    lastRollAt: Number.NEGATIVE_INFINITY,
    deadline: null,
    notice: null,
    noticeUntil: null,
    error: null,
    auto: false,
    autoAt: null,
    held: false,
    rewardedAt: null,
  };
}

/** A roll is between the tap and the board having shown it. */
export function isRolling(state: Pick<RollState, 'phase'>): boolean {
  return state.phase === 'rolling' || state.phase === 'moving';
}

/**
 * Whether a tap now may start a roll. Once the reward shows, the next tap starts the next roll at once
 * (the board cuts its landing short): one tap per roll.
 */
export function canStartFrom(state: Pick<RollState, 'phase'>): boolean {
  return state.phase === 'idle' || state.phase === 'error' || state.phase === 'rewarding';
}

/** Plans the next auto roll, no sooner than `earliest` and never inside the cooldown. */
function planAuto(state: RollState, earliest: number): RollState {
  const due = state.auto && !state.held && state.phase === 'idle';
  return { ...state, autoAt: due ? Math.max(earliest, state.lastRollAt + ROLL_COOLDOWN_MS) : null };
}

function finishRoll(state: RollState, at: number): RollState {
  return planAuto(
    { ...state, phase: 'idle', result: null, startedAt: null, deadline: null, autoAt: null },
    at + AUTO_ROLL_PAUSE_MS,
  );
}

function reward(state: RollState, at: number): RollState {
  return { ...state, phase: 'rewarding', rewardedAt: at };
}

function sameRoll(state: RollState, rollId: number): boolean {
  return state.result !== null && state.result.rollId === rollId;
}

export function rollReducer(state: RollState, event: RollEvent): RollState {
  switch (event.type) {
    case 'tap': {
      if (!canStartFrom(state)) return state;
      const { rollsRemaining, ready } = event.gate;
      if (!ready || rollsRemaining === null) return state;
      // The machine's own auto roll is not a player's tap: a stale timer never rolls twice.
      if (event.trigger === 'auto' && (state.autoAt === null || event.at < state.autoAt)) return state;
      if (rollsRemaining < 1) return { ...state, notice: 'no-rolls', noticeUntil: null, autoAt: null };
      if (event.at - state.lastRollAt < ROLL_COOLDOWN_MS) {
        return { ...state, notice: 'cooldown', noticeUntil: event.at + COOLDOWN_NOTICE_MS };
      }
      return {
        ...state,
        phase: 'rolling',
        result: null,
        startedAt: event.at,
        lastRollAt: event.at,
        deadline: null,
        notice: null,
        noticeUntil: null,
        error: null,
        autoAt: null,
      };
    }
    case 'answer': {
      if (state.phase !== 'rolling' || state.result) return state;
      return { ...state, result: event.result, deadline: event.at + event.durationMs + DEADLINE_MARGIN_MS };
    }
    case 'failed': {
      if (state.phase !== 'rolling' || state.result) return state;
      const base = { ...state, result: null, startedAt: null, deadline: null, autoAt: null };
      switch (event.kind) {
        case 'cooldown':
          return { ...base, phase: 'idle', notice: 'cooldown', noticeUntil: event.at + COOLDOWN_NOTICE_MS };
        case 'no-rolls':
          return { ...base, phase: 'idle', notice: 'no-rolls', noticeUntil: null };
        case 'connection':
          return { ...base, phase: 'offline' };
        case 'signed-out':
          return { ...base, phase: 'idle' };
        case 'other':
          return { ...base, phase: 'error', error: event.message, auto: false };
      }
      return base;
    }
    case 'die-settled':
      return state.phase === 'rolling' && sameRoll(state, event.rollId) ? { ...state, phase: 'moving' } : state;
    case 'landed':
      return isRolling(state) && sameRoll(state, event.rollId) ? reward(state, event.at) : state;
    case 'board-done': {
      if (!sameRoll(state, event.rollId)) return state;
      if (isRolling(state)) return finishRoll(reward(state, event.at), event.at);
      return state.phase === 'rewarding' ? finishRoll(state, event.at) : state;
    }
    case 'tick': {
      let next = state;
      if (next.noticeUntil !== null && event.at >= next.noticeUntil) {
        next = { ...next, notice: null, noticeUntil: null };
      }
      if (next.deadline !== null && event.at >= next.deadline && next.result) {
        // The board never said so (a hidden tab): the roll counts as shown.
        next = finishRoll(next.phase === 'rewarding' ? next : reward(next, event.at), event.at);
      }
      return next;
    }
    case 'connection': {
      if (!event.online) {
        // A roll whose answer came still plays out; otherwise the die waits for the connection.
        if (state.phase === 'idle' || state.phase === 'error') return { ...state, phase: 'offline', autoAt: null };
        return state;
      }
      return state.phase === 'offline' ? planAuto({ ...state, phase: 'idle' }, event.at) : state;
    }
    case 'set-auto': {
      const next = { ...state, auto: event.on };
      return event.on ? planAuto(next, event.at) : { ...next, autoAt: null };
    }
    case 'hold': {
      if (state.held === event.held) return state;
      const next = { ...state, held: event.held };
      return event.held ? { ...next, autoAt: null } : planAuto(next, event.at + AUTO_ROLL_PAUSE_MS);
    }
  }
  return state;
}

/** The next time something in the state falls due without an event (notice, deadline, auto roll). */
export function nextDue(state: RollState): number | null {
  const times = [state.noticeUntil, state.deadline, state.autoAt].filter((t): t is number => t !== null);
  return times.length > 0 ? Math.min(...times) : null;
}
