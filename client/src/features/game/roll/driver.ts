import type { RollResult } from '@gogo/shared/api';
import type { RollAnimationPlan } from '../../../game/rollPlan';
import {
  initialRollState,
  nextDue,
  rollReducer,
  type FailureKind,
  type RollEvent,
  type RollGate,
  type RollState,
  type RollTrigger,
} from './machine';

/** The clock the driver runs on: the browser's in the app, a hand-moved one in tests. */
export interface RollClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserClock: RollClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The board's side of a roll (the bus' React side, narrowed to what a roll sends). */
export interface RollBoard {
  started(): void;
  play(plan: RollAnimationPlan): void;
  cancelled(): void;
}

export interface RollDriverDeps {
  clock: RollClock;
  board: RollBoard;
  send: (requestId: string) => Promise<RollResult>;
  newRequestId: () => string;
  /** The server's answer as the board's plan, and how long the board needs for it. */
  plan: (result: RollResult) => { plan: RollAnimationPlan; durationMs: number };
  /** Read at every tap: rolls left, board ready and uncovered. */
  gate: () => RollGate;
  classify: (error: unknown) => FailureKind;
  messageFor: (error: unknown) => string;
  /** The request went out. */
  onStart?: (trigger: RollTrigger) => void;
  /** The server answered: the roll is spent. */
  onAnswer?: (result: RollResult) => void;
  /** The token has landed: show what the roll brought. */
  onReward?: (result: RollResult) => void;
  /** The board is done with the roll. */
  onDone?: (result: RollResult) => void;
  onFailure?: (kind: FailureKind, message: string, error: unknown) => void;
}

/** An auto roll the gate refused (a dialog covers the board) is tried again after this. */
export const AUTO_RETRY_MS = 500;

/**
 * Runs the roll machine: feeds it events with the clock's time, performs what its transitions ask
 * (send the request, tell the board, call the screen back) and wakes it when something falls due.
 */
export class RollDriver {
  private state: RollState;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private closed = false;
  private trigger: RollTrigger = 'button';

  constructor(
    private readonly deps: RollDriverDeps,
    online = true,
  ) {
    this.state = initialRollState(online);
  }

  getState = (): RollState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  tap(trigger: RollTrigger): void {
    this.trigger = trigger;
    this.dispatch({ type: 'tap', at: this.deps.clock.now(), trigger, gate: this.deps.gate() });
  }
  dieSettled(rollId: number): void {
    this.dispatch({ type: 'die-settled', at: this.deps.clock.now(), rollId });
  }
  landed(rollId: number): void {
    this.dispatch({ type: 'landed', at: this.deps.clock.now(), rollId });
  }
  boardDone(rollId: number): void {
    this.dispatch({ type: 'board-done', at: this.deps.clock.now(), rollId });
  }
  setOnline(online: boolean): void {
    this.dispatch({ type: 'connection', at: this.deps.clock.now(), online });
  }
  setAuto(on: boolean): void {
    this.dispatch({ type: 'set-auto', at: this.deps.clock.now(), on });
  }
  setHeld(held: boolean): void {
    this.dispatch({ type: 'hold', at: this.deps.clock.now(), held });
  }

  /** The tap as a stable function (for buttons). */
  readonly tapFn = (trigger: RollTrigger): void => this.tap(trigger);

  /** Stops its timer and ignores late answers (the screen unmounted); open() resumes (a remount). */
  close(): void {
    this.closed = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  open(): void {
    if (!this.closed) return;
    this.closed = false;
    this.schedule();
  }

  private dispatch(event: RollEvent): void {
    if (this.closed) return;
    const before = this.state;
    const after = rollReducer(before, event);
    if (after === before) return;
    this.state = after;
    this.effects(before, after);
    this.schedule();
    for (const listener of [...this.listeners]) listener();
  }

  private effects(before: RollState, after: RollState): void {
    const d = this.deps;
    if (before.phase !== 'rolling' && after.phase === 'rolling') {
      d.board.started();
      d.onStart?.(this.trigger);
      this.send();
      return;
    }
    if (!before.result && after.result) {
      const { plan } = d.plan(after.result);
      d.onAnswer?.(after.result);
      d.board.play(plan);
    }
    if (before.phase === 'rolling' && !before.result && !after.result && after.phase !== 'rolling') {
      d.board.cancelled();
    }
    const result = after.result ?? before.result;
    if (result && after.rewardedAt !== before.rewardedAt) d.onReward?.(result);
    if (before.result && after.phase === 'idle') d.onDone?.(before.result);
  }

  private send(): void {
    const d = this.deps;
    const requestId = d.newRequestId();
    // A dropped connection or a restarting instance is retried by the transport (lib/api/client.ts,
    // the same request id, about 4 s of backoff): a failure that reaches here is final for this tap.
    d.send(requestId).then(
      (result) => {
        if (this.closed) return;
        const { durationMs } = d.plan(result);
        this.dispatch({ type: 'answer', at: d.clock.now(), result, durationMs });
      },
      (error: unknown) => {
        if (this.closed) return;
        const kind = d.classify(error);
        const message = d.messageFor(error);
        this.dispatch({ type: 'failed', at: d.clock.now(), kind, message });
        d.onFailure?.(kind, message, error);
      },
    );
  }

  /** One timer for whatever falls due first: a notice to clear, a deadline, the next auto roll. */
  private schedule(): void {
    const { clock } = this.deps;
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    const due = nextDue(this.state);
    if (due === null) return;
    this.timer = clock.setTimeout(
      () => {
        this.timer = null;
        const at = clock.now();
        this.dispatch({ type: 'tick', at });
        const { autoAt } = this.state;
        if (autoAt !== null && at >= autoAt) {
          this.tap('auto');
          // Refused for now (the board is covered or not ready): try again shortly.
          if (this.state.autoAt !== null && this.timer === null) {
            this.timer = clock.setTimeout(() => {
              this.timer = null;
              this.tap('auto');
              this.schedule();
            }, AUTO_RETRY_MS);
          }
        } else this.schedule();
      },
      Math.max(0, due - clock.now()),
    );
  }
}
