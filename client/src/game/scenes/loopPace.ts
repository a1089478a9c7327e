import type Phaser from 'phaser';

/**
 * Frames per second while only the idle animations play (the die's breathing, the pawn's bob, a
 * tile's glint): film's rate is smooth enough for them and draws under half the display's frames.
 */
export const IDLE_FPS = 24;
/** A roll's effects (coins, labels, the tile's pulse) still play at the full rate this long after it. */
const LIVELY_TAIL_MS = 2500;
/** Still frames drawn before the loop sleeps, so that the last state is on screen. */
const STILL_FRAMES_BEFORE_SLEEP = 3;

/** What the pacer asks of the board each time. */
export interface PacedBoard {
  /** A card covers the board: nothing is drawn, its frames go to the card. */
  covered(): boolean;
  closed(): boolean;
  /** No roll is being played (no die, walk or landing). */
  rollIdle(): boolean;
  /** No delayed step of a roll is pending. */
  noTimers(): boolean;
  /** Nothing moves at all: no tween, no particle, no tumbling die. */
  quiet(): boolean;
}

/**
 * The game loop's pace: it sleeps while the board is still (an idle page costs nothing), runs at
 * IDLE_FPS while only the idle animations play, and at the display's rate for a roll, a touch or a
 * change from React.
 */
export class LoopPacer {
  private quietFrames = 0;
  private livelyUntil = 0;
  private paced = false;
  private paceQueued = false;

  constructor(
    private readonly loop: Phaser.Core.TimeStep,
    private readonly board: PacedBoard,
  ) {}

  /** Wakes the loop; a lively wake runs at the display's rate, the idle bob's at IDLE_FPS. */
  wake(lively = true): void {
    this.quietFrames = 0;
    if (lively) this.livelyUntil = performance.now() + LIVELY_TAIL_MS;
    if (this.board.covered()) return;
    if (lively && this.paced) {
      // Before the loop wakes, so its first frame already runs at the full rate.
      if (!this.loop.running) this.setPace(false);
      else this.queuePace();
    }
    if (!this.loop.running) this.loop.wake(true);
  }

  /** Called once a frame (the scene's update): keeps the pace, and sleeps once the board is still. */
  frame(): void {
    // A roll's effects outlive it a little: the full rate lasts a while after the board is idle again.
    if (!this.board.rollIdle()) this.livelyUntil = performance.now() + LIVELY_TAIL_MS;
    if (this.wantsIdlePace() !== this.paced) this.queuePace();
    if (!this.board.quiet()) {
      this.quietFrames = 0;
      return;
    }
    this.quietFrames += 1;
    if (this.quietFrames > STILL_FRAMES_BEFORE_SLEEP) this.loop.sleep();
  }

  private wantsIdlePace(): boolean {
    return this.board.rollIdle() && this.board.noTimers() && performance.now() >= this.livelyUntil;
  }

  /**
   * The idle pace runs on a timer at IDLE_FPS, not on requestAnimationFrame with frames skipped: a
   * requested animation frame costs the browser a whole main frame even when nothing is drawn.
   */
  private setPace(idle: boolean): void {
    if (idle === this.paced) return;
    this.paced = idle;
    // Typed read-only, but the loop reads it each time it (re)starts its frame source, which
    // setFPSLimit and wake both do.
    (this.loop as { forceSetTimeOut: boolean }).forceSetTimeOut = idle;
    this.loop.setFPSLimit(idle ? IDLE_FPS : 0);
  }

  /**
   * The pace changes after the current frame: changing the limit restarts the loop's
   * requestAnimationFrame, which inside one of its own callbacks would leave two loops running.
   */
  private queuePace(): void {
    if (this.paceQueued) return;
    this.paceQueued = true;
    queueMicrotask(() => {
      this.paceQueued = false;
      if (!this.board.closed() && this.loop.running) this.setPace(this.wantsIdlePace());
    });
  }
}
