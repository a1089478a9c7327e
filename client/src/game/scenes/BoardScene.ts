import Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import type { MotionOptions, ReactEvents, SceneSide } from '../bus';
import { boardGeometry, tileAtPoint, type BoardGeometry } from '../layout';
import { coinsFor, type RollAnimationPlan } from '../rollPlan';
import { classifyGesture, type PointerSample } from '../input/gestures';
import { shouldRollOnKey } from '../input/keyboard';
import { BOARD_COLORS } from '../palette';
import { lookKey, type BoardLook } from '../look';
import { TILE_RADIUS } from '../objects/TileView';
import { BoardSurface, makeTileView, textResolution } from '../objects/BoardSurface';
import { createLandingParticles, type LandingParticles } from '../objects/landingParticles';
import { reactTile } from '../objects/tileReaction';
import { PawnView, pawnSpot } from '../objects/PawnView';
import { DieView } from '../objects/DieView';
import { flipChanceCard, floatLabel, flyCoins, makeFloatLabel } from '../objects/effects';
import { PreparedLanding } from '../objects/preparedLanding';
import { LoopPacer } from './loopPace';
import { BoardAmbience } from '../objects/BoardAmbience';

/** The board is drawn in these logical units; the camera zooms them onto the canvas. */
export const BOARD_UNITS = 600;
/** Where the balance sits over the centre panel (GamePage's overlay): coins fly there. */
const BALANCE_POINT = { x: BOARD_UNITS / 2, y: 160 };
/** How often the waiting pawn bobs. */
const PAWN_IDLE_MS = 4200;
/** After this long without a roll or a touch, the pawn bobs only every IDLE_SLOW_EVERY-th time. */
const IDLE_SLOW_AFTER_MS = 20_000;
const IDLE_SLOW_EVERY = 3;

export interface BoardSceneOptions {
  bus: SceneSide;
  position: number;
  lastDie: number | null;
  motion: MotionOptions;
  /** How the board looks at first (scheme, board art, buildings); 'set-look' changes it later. */
  look: BoardLook;
  /** Device pixels per CSS pixel of the canvas (the capped device pixel ratio). */
  pixelRatio: () => number;
  /** Loads Phaser's particle emitters (after the first frame); the board creates its emitters then. */
  loadParticles: () => Promise<unknown>;
}

type Phase = 'idle' | 'tumbling' | 'walking' | 'landing';

/**
 * The board: 20 tiles, the centre panel with the die, the token. It draws what React gives it and
 * reports what the player does; it never talks to the server.
 */
export class BoardScene extends Phaser.Scene {
  private readonly options: BoardSceneOptions;
  private geometry: BoardGeometry = boardGeometry(BOARD_UNITS);
  private surface!: BoardSurface;
  private highlight!: Phaser.GameObjects.Graphics;
  /** The idle board's beat (a glint, an owned property's sparkle, the goal's outline): never a still picture. */
  private ambience!: BoardAmbience;
  /** The last roll or touch: a board left alone a while bobs less often (a phone on the table). */
  private activeAt = performance.now();
  private idleTicks = 0;
  private token!: PawnView;
  private die!: DieView;
  private texts: Phaser.GameObjects.Text[] = [];
  private motion: MotionOptions;
  private look: BoardLook;
  private drawnLook = '';
  private position: number;
  private phase: Phase = 'idle';
  private inputEnabled = false;
  private rollable = false;
  private rollStartedAt = 0;
  private selected: number | null = null;
  private covered = false;
  private landing: { rollId: number; position: number } | null = null;
  /** The next landing's tile copy and amount, made while the die tumbles. */
  private readonly prepared = new PreparedLanding();
  private pressStart: PointerSample | null = null;
  private timers: Phaser.Time.TimerEvent[] = [];
  private readonly unsubscribers: Array<() => void> = [];
  private pacer!: LoopPacer;
  /** Shut down or destroyed: late callbacks (the particle chunk) find nothing to do. */
  private closed = false;
  private particles: LandingParticles | null = null;
  /** The pawn's idle bob, every few seconds on a still board (a window timer: the loop sleeps). */
  private idleTimer: ReturnType<typeof setInterval> | null = null;

  constructor(options: BoardSceneOptions) {
    super('Board');
    this.options = options;
    this.motion = options.motion;
    this.look = options.look;
    this.position = options.position;
  }

  create(): void {
    this.pacer = new LoopPacer(this.game.loop, {
      covered: () => this.covered,
      closed: () => this.closed,
      rollIdle: () => this.phase === 'idle',
      noTimers: () => this.timers.length === 0,
      quiet: () => this.isQuiet(),
    });
    this.geometry = boardGeometry(BOARD_UNITS);
    this.drawBoard();
    const start = pawnSpot(this.geometry.tiles[this.position] ?? this.geometry.tiles[0]!);
    this.token = new PawnView(this, start.x, start.y);
    this.die = new DieView(this, this.geometry.centre.cx, this.geometry.centre.cy);
    if (this.options.lastDie) this.die.show(this.options.lastDie);
    this.die.setAnimations(this.motion.animations);
    this.die.setRollable(false);

    this.fitCamera();
    this.scale.on(Phaser.Scale.Events.RESIZE, this.onResize, this);
    this.input.on(Phaser.Input.Events.POINTER_DOWN, this.onPointerDown, this);
    this.input.on(Phaser.Input.Events.POINTER_UP, this.onPointerUp, this);
    this.input.on(Phaser.Input.Events.POINTER_UP_OUTSIDE, this.onPointerUp, this);
    this.input.on(Phaser.Input.Events.POINTER_MOVE, this.onPointerMove, this);
    this.input.keyboard?.on('keydown', this.onKeyDown, this);

    const { bus } = this.options;
    this.unsubscribers.push(
      bus.on('sync-state', this.onSync),
      bus.on('set-input', this.onSetInput),
      bus.on('roll-started', this.onRollStarted),
      bus.on('play-roll', this.onPlayRoll),
      bus.on('roll-cancelled', this.onRollCancelled),
      bus.on('set-motion', this.onSetMotion),
      bus.on('highlight-tile', this.onHighlight),
      bus.on('set-covered', this.onCovered),
      bus.on('set-look', this.onSetLook),
      bus.on('set-goal', ({ goal }) => this.ambience.setGoal(goal)),
    );
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, this.teardown, this);
    this.events.once(Phaser.Scenes.Events.DESTROY, this.teardown, this);

    this.idleTimer = setInterval(() => {
      if (this.closed || this.phase !== 'idle' || !this.motion.animations || document.hidden) return;
      this.idleTicks += 1;
      const leftAlone = performance.now() - this.activeAt > IDLE_SLOW_AFTER_MS;
      if (leftAlone && this.idleTicks % IDLE_SLOW_EVERY !== 0) return;
      this.pacer.wake(false);
      this.token.idle();
      this.ambience.beat();
    }, PAWN_IDLE_MS);

    bus.emit('token-moved', { position: this.position, step: 0, steps: 0 });
    bus.emit('look-drawn', { key: this.drawnLook });
    bus.emit('scene-ready', { position: this.position });
    // Sparks and coins are not needed before the first landing: their code loads after the first frame.
    void this.options.loadParticles().then(
      () => {
        if (!this.closed) this.particles = createLandingParticles(this);
      },
      () => {}, // offline: landings go without sparks
    );
  }

  // ── Drawing ────────────────────────────────────────────────────────────────

  /** The static board (objects/BoardSurface.ts), then the highlight drawn over it. */
  private drawBoard(): void {
    this.surface = new BoardSurface(this, this.geometry, BOARD_UNITS, this.look, this.cameraZoom());
    this.drawnLook = lookKey(this.look);
    this.highlight = this.add.graphics().setDepth(15).setVisible(false);
    this.ambience = new BoardAmbience(this, this.geometry);
    this.ambience.setLook(this.look);
  }

  /** The zoom that fits the 600-unit board onto the canvas (not a number before the canvas has a size). */
  private cameraZoom(): number {
    const { width, height } = this.scale.gameSize;
    return Math.min(width, height) / BOARD_UNITS;
  }

  /** Zooms the 600-unit board onto the canvas, and renders text at the canvas' real resolution. */
  private fitCamera(): void {
    const { width, height } = this.scale.gameSize;
    const zoom = this.cameraZoom();
    if (!(zoom > 0)) return;
    const camera = this.cameras.main;
    camera.setSize(width, height);
    camera.setZoom(zoom);
    camera.centerOn(BOARD_UNITS / 2, BOARD_UNITS / 2);
    const resolution = textResolution(zoom);
    for (const text of this.texts) if (text.active) text.setResolution(resolution);
    this.surface.bake(zoom);
  }

  private onResize(): void {
    this.pacer.wake();
    this.fitCamera();
  }

  // ── The loop sleeps when nothing moves (loopPace.ts) ──

  private isQuiet(): boolean {
    return (
      this.phase === 'idle' &&
      this.timers.length === 0 &&
      !this.die.isTumbling &&
      this.tweens.getTweens().length === 0 &&
      (this.particles?.sparks.getAliveParticleCount() ?? 0) === 0 &&
      (this.particles?.coins.getAliveParticleCount() ?? 0) === 0
    );
  }

  override update(): void {
    this.pacer.frame();
  }

  // ── Input ──────────────────────────────────────────────────────────────────

  private onPointerDown(pointer: Phaser.Input.Pointer): void {
    this.activeAt = performance.now();
    this.pacer.wake();
    this.pressStart = { x: pointer.x, y: pointer.y, t: performance.now() };
  }

  private onPointerUp(pointer: Phaser.Input.Pointer): void {
    const start = this.pressStart;
    this.pressStart = null;
    if (!start || !this.inputEnabled) return;
    const gesture = classifyGesture(
      start,
      { x: pointer.x, y: pointer.y, t: performance.now() },
      this.options.pixelRatio(),
    );
    if (gesture.kind === 'swipe') {
      this.requestRoll('swipe');
      return;
    }
    if (gesture.kind !== 'tap') return;
    const world = this.cameras.main.getWorldPoint(pointer.x, pointer.y);
    if (this.die.hit(world.x, world.y)) {
      this.requestRoll('tap');
      return;
    }
    const tileId = tileAtPoint(this.geometry, world.x, world.y);
    if (tileId !== null) this.options.bus.emit('tile-selected', { tileId });
  }

  private onPointerMove(pointer: Phaser.Input.Pointer): void {
    const world = this.cameras.main.getWorldPoint(pointer.x, pointer.y);
    const overDie = this.die.hit(world.x, world.y) && this.inputEnabled;
    const overTile = tileAtPoint(this.geometry, world.x, world.y) !== null;
    this.game.canvas.style.cursor = overDie || overTile ? 'pointer' : 'default';
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (!this.inputEnabled || !shouldRollOnKey(event)) return;
    event.preventDefault();
    this.requestRoll('keyboard');
  }

  private requestRoll(source: 'tap' | 'swipe' | 'keyboard'): void {
    if (this.phase !== 'idle') return;
    this.options.bus.emit('roll-requested', { source });
  }

  // ── Commands from React ────────────────────────────────────────────────────

  private readonly onSync = ({ position, lastDie }: ReactEvents['sync-state']): void => {
    if (this.phase !== 'idle') return;
    this.pacer.wake();
    this.position = position;
    const tile = this.geometry.tiles[position];
    if (tile) {
      const spot = pawnSpot(tile);
      this.token.place(spot.x, spot.y);
    }
    if (lastDie) this.die.show(lastDie);
    this.options.bus.emit('token-moved', { position, step: 0, steps: 0 });
  };

  private readonly onSetInput = ({ enabled, rollable }: ReactEvents['set-input']): void => {
    this.pacer.wake();
    this.inputEnabled = enabled;
    const next = enabled && rollable;
    if (next !== this.rollable) {
      this.rollable = next;
      if (this.phase === 'idle') this.die.setRollable(next);
    }
  };

  private readonly onSetMotion = (motion: ReactEvents['set-motion']): void => {
    this.pacer.wake();
    this.motion = motion;
    this.die.setAnimations(motion.animations);
  };

  private readonly onCovered = ({ covered }: ReactEvents['set-covered']): void => {
    this.covered = covered;
    if (covered) this.game.loop.sleep();
    else this.pacer.wake();
  };

  /** A building went up, the board changed or the theme did: the static board is drawn again at once. */
  private readonly onSetLook = ({ look }: ReactEvents['set-look']): void => {
    this.look = look;
    this.ambience.setLook(look);
    const key = lookKey(look);
    if (key === this.drawnLook) return;
    this.pacer.wake();
    this.surface.redraw(look);
    this.drawnLook = key;
    this.options.bus.emit('look-drawn', { key });
  };

  private readonly onHighlight = ({ tileId }: ReactEvents['highlight-tile']): void => {
    this.pacer.wake();
    this.selected = tileId;
    const rect = tileId === null ? undefined : this.geometry.tiles[tileId];
    this.highlight.clear();
    if (!rect) {
      this.highlight.setVisible(false);
      return;
    }
    this.highlight.lineStyle(4, BOARD_COLORS.highlight, 1);
    this.highlight.strokeRoundedRect(rect.x - 1, rect.y - 1, rect.w + 2, rect.h + 2, TILE_RADIUS + 1);
    this.highlight.setVisible(true);
  };

  private readonly onRollStarted = (): void => {
    // The next roll while the last one's landing still plays: that landing ends now.
    if (this.phase === 'landing') this.finishLanding();
    if (this.phase !== 'idle') return;
    this.activeAt = performance.now();
    this.pacer.wake();
    this.phase = 'tumbling';
    // Wall-clock time: the scene clock stands still while the loop sleeps (an idle board) and only
    // catches up on the next frame, so it would count the whole idle time as tumbling.
    this.rollStartedAt = performance.now();
    this.die.startTumble();
  };

  private readonly onRollCancelled = (): void => {
    if (this.phase !== 'tumbling') return;
    this.pacer.wake();
    this.phase = 'idle';
    this.prepared.drop();
    this.die.cancel();
    this.die.setRollable(this.rollable);
  };

  private readonly onPlayRoll = ({ plan }: ReactEvents['play-roll']): void => {
    this.pacer.wake();
    if (this.phase === 'idle') this.onRollStarted();
    if (this.phase !== 'tumbling') return;
    const waited = performance.now() - this.rollStartedAt;
    if (this.motion.animations) this.prepared.prepare(this, plan, this.geometry.tiles[plan.to], this.look);
    this.after(Math.max(0, plan.tumbleMs - waited), () => {
      this.die.settle(plan.die, plan.settleMs, () => {
        this.options.bus.emit('die-settled', { rollId: plan.rollId, face: plan.die });
        this.walk(plan);
      });
    });
  };

  // ── The roll ───────────────────────────────────────────────────────────────

  /** The first hop starts as soon as the die is still; then one hop every stepDelayMs (380 ms). */
  private walk(plan: RollAnimationPlan): void {
    this.phase = 'walking';
    const steps = plan.path.length;
    if (plan.stepDelayMs <= 0 || steps === 0) {
      this.moveTokenTo(plan.to, false, 0);
      this.options.bus.emit('token-moved', { position: plan.to, step: steps, steps });
      this.land(plan);
      return;
    }
    const hop = plan.stepDelayMs * 0.92;
    plan.path.forEach((position, index) => {
      const step = () => {
        this.moveTokenTo(position, true, hop);
        this.options.bus.emit('token-moved', { position, step: index + 1, steps });
        if (index === steps - 1) this.after(hop, () => this.land(plan));
      };
      // The first hop in the same frame as the die stopping; the others on the 380 ms beat.
      if (index === 0) step();
      else this.after(plan.stepDelayMs * index, step);
    });
  }

  private moveTokenTo(position: number, animate: boolean, duration: number): void {
    this.position = position;
    const tile = this.geometry.tiles[position];
    if (!tile) return;
    const spot = pawnSpot(tile);
    if (animate) this.token.hopTo(spot.x, spot.y, duration);
    else this.token.place(spot.x, spot.y);
  }

  private land(plan: RollAnimationPlan): void {
    this.phase = 'landing';
    const rect = this.geometry.tiles[plan.to];
    const animate = this.motion.animations;
    const prepared = this.prepared.take(plan.rollId);
    if (rect) {
      reactTile(
        this,
        rect,
        plan.landing.kind,
        animate,
        (ms, done) => this.after(ms, done),
        () => prepared.pop ?? makeTileView(this, rect, this.look, textResolution(this.cameras.main.zoom)),
      );
      if (!animate) prepared.pop?.destroy();
      const kind = plan.landing.kind;
      if (plan.particles) {
        this.particles?.sparks.explode(kind === 'jackpot' ? 40 : 14, rect.cx, rect.cy);
        if (kind === 'jackpot') this.particles?.coins.explode(16, rect.cx, rect.cy);
      }
      // Rewards land in the balance (over the centre panel); penalties drain out of it.
      if (animate && plan.particles) {
        flyCoins(this, rect, BALANCE_POINT, coinsFor(plan.landing.amount, kind === 'jackpot'), 'in');
      }
      if (animate && kind === 'loss') flyCoins(this, rect, BALANCE_POINT, 5, 'out');
      if (animate && TILES[rect.id]?.type === 'CHANCE') {
        prepared.label?.label.destroy();
        flipChanceCard(this, rect, plan.landing.label, kind, () =>
          this.options.bus.emit('card-flipped', { rollId: plan.rollId }),
        );
      } else {
        const label = prepared.label ?? makeFloatLabel(this, plan, rect.cx, rect.cy);
        floatLabel(this, plan, label, animate, (ms, done) => this.after(ms, done));
      }
    } else {
      prepared.pop?.destroy();
      prepared.label?.label.destroy();
    }
    this.options.bus.emit('tile-landed', { rollId: plan.rollId, tileId: plan.to });
    this.landing = { rollId: plan.rollId, position: plan.to };
    this.after(plan.landingMs, () => this.finishLanding());
  }

  /** The landing is over (its time is up, or the next roll cut it short): the board is idle. */
  private finishLanding(): void {
    const landing = this.landing;
    if (this.phase !== 'landing' || !landing) return;
    this.landing = null;
    this.phase = 'idle';
    this.die.setRollable(this.rollable);
    this.die.resumeIdle();
    this.options.bus.emit('animation-finished', { rollId: landing.rollId, position: landing.position });
  }

  private after(ms: number, callback: () => void): void {
    const timer = this.time.delayedCall(ms, () => {
      this.timers = this.timers.filter((t) => t !== timer);
      callback();
    });
    this.timers.push(timer);
  }

  private teardown(): void {
    this.closed = true;
    this.prepared.drop();
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.idleTimer = null;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    for (const timer of this.timers.splice(0)) timer.remove(false);
    // On game destroy some systems are already gone: remove only what still exists.
    this.scale?.off(Phaser.Scale.Events.RESIZE, this.onResize, this);
    this.input?.off(Phaser.Input.Events.POINTER_DOWN, this.onPointerDown, this);
    this.input?.off(Phaser.Input.Events.POINTER_UP, this.onPointerUp, this);
    this.input?.off(Phaser.Input.Events.POINTER_UP_OUTSIDE, this.onPointerUp, this);
    this.input?.off(Phaser.Input.Events.POINTER_MOVE, this.onPointerMove, this);
    this.input?.keyboard?.off('keydown', this.onKeyDown, this);
  }
}
