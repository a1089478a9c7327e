import Phaser from 'phaser';
import { rewardHint, TILES } from '@gogo/shared/rules';
import type { MotionOptions, ReactEvents, SceneSide } from '../bus';
import { boardGeometry, tileAtPoint, type BoardGeometry } from '../layout';
import type { RollAnimationPlan } from '../rollPlan';
import { classifyGesture, type PointerSample } from '../input/gestures';
import { shouldRollOnKey } from '../input/keyboard';
import { BOARD_COLORS, FONT_FAMILY } from '../palette';
import { TileView } from '../objects/TileView';
import { TokenView } from '../objects/TokenView';
import { DieView } from '../objects/DieView';

/** The board is drawn in these logical units; the camera zooms them onto the canvas. */
export const BOARD_UNITS = 600;

export interface BoardSceneOptions {
  bus: SceneSide;
  position: number;
  lastDie: number | null;
  motion: MotionOptions;
  /** Device pixels per CSS pixel of the canvas (the capped device pixel ratio). */
  pixelRatio: () => number;
}

type Phase = 'idle' | 'tumbling' | 'walking' | 'landing';

/**
 * The board: 20 tiles, the centre panel with the die, the token. It draws what React gives it and
 * reports what the player does; it never talks to the server.
 */
export class BoardScene extends Phaser.Scene {
  private readonly options: BoardSceneOptions;
  private geometry: BoardGeometry = boardGeometry(BOARD_UNITS);
  private tiles: TileView[] = [];
  private token!: TokenView;
  private die!: DieView;
  private texts: Phaser.GameObjects.Text[] = [];
  private motion: MotionOptions;
  private position: number;
  private phase: Phase = 'idle';
  private inputEnabled = false;
  private rollable = false;
  private rollStartedAt = 0;
  private selected: number | null = null;
  private pressStart: PointerSample | null = null;
  private timers: Phaser.Time.TimerEvent[] = [];
  private readonly unsubscribers: Array<() => void> = [];
  private sparks: Phaser.GameObjects.Particles.ParticleEmitter | null = null;
  private coins: Phaser.GameObjects.Particles.ParticleEmitter | null = null;

  constructor(options: BoardSceneOptions) {
    super('Board');
    this.options = options;
    this.motion = options.motion;
    this.position = options.position;
  }

  create(): void {
    this.geometry = boardGeometry(BOARD_UNITS);
    this.drawBoard();
    const start = this.geometry.tiles[this.position] ?? this.geometry.tiles[0]!;
    this.token = new TokenView(this, start.cx, start.cy);
    this.texts.push(this.token.label);
    this.die = new DieView(this, this.geometry.centre.cx, this.geometry.centre.cy);
    if (this.options.lastDie) this.die.show(this.options.lastDie);
    this.die.setAnimations(this.motion.animations);
    this.die.setRollable(false);
    this.createParticles();

    this.fitCamera();
    this.scale.on(Phaser.Scale.Events.RESIZE, this.fitCamera, this);
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
    );
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, this.teardown, this);
    this.events.once(Phaser.Scenes.Events.DESTROY, this.teardown, this);

    bus.emit('token-moved', { position: this.position, step: 0, steps: 0 });
    bus.emit('scene-ready', { position: this.position });
  }

  // ── Drawing ────────────────────────────────────────────────────────────────

  private drawBoard(): void {
    const { size, centre } = this.geometry;
    const base = this.add.graphics();
    base.fillStyle(BOARD_COLORS.base, 1);
    base.fillRoundedRect(0, 0, size, size, 18);
    base.lineStyle(3, BOARD_COLORS.baseEdge, 1);
    base.strokeRoundedRect(1.5, 1.5, size - 3, size - 3, 17);

    const panel = this.add.graphics();
    panel.fillStyle(BOARD_COLORS.centre, 1);
    panel.fillRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);
    panel.lineStyle(2, BOARD_COLORS.centreEdge, 1);
    panel.strokeRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);
    // A faint track of the ring inside the panel, with an arrow for the direction of travel.
    panel.lineStyle(1.5, BOARD_COLORS.centreEdge, 0.8);
    panel.strokeRoundedRect(centre.x + 14, centre.y + 14, centre.w - 28, centre.h - 28, 12);
    const arrowX = centre.x + centre.w - 14;
    const arrowY = centre.cy;
    panel.fillStyle(BOARD_COLORS.centreEdge, 1);
    panel.fillTriangle(arrowX - 7, arrowY + 4, arrowX + 7, arrowY + 4, arrowX, arrowY - 8);

    const watermark = this.add
      .text(centre.cx, centre.y + centre.h - 22, 'GOGO BOARD', {
        fontFamily: FONT_FAMILY,
        fontSize: '15px',
        fontStyle: 'bold',
        color: '#34407a',
      })
      .setOrigin(0.5, 0.5)
      .setLetterSpacing(6);
    this.texts.push(watermark);

    this.tiles = this.geometry.tiles.map((rect) => {
      const tile = TILES[rect.id]!;
      const view = new TileView(this, rect, tile, rewardHint(tile.type));
      this.texts.push(...view.texts);
      return view;
    });
  }

  private createParticles(): void {
    this.sparks = this.add.particles(0, 0, 'spark', {
      speed: { min: 80, max: 220 },
      lifespan: 700,
      scale: { start: 0.6, end: 0 },
      alpha: { start: 1, end: 0 },
      gravityY: 220,
      tint: [BOARD_COLORS.goldLight, BOARD_COLORS.gold, 0xffffff],
      emitting: false,
    });
    this.sparks.setDepth(40);
    this.coins = this.add.particles(0, 0, 'coin', {
      speed: { min: 120, max: 260 },
      angle: { min: 220, max: 320 },
      lifespan: 900,
      scale: { start: 1, end: 0.4 },
      alpha: { start: 1, end: 0 },
      rotate: { min: -180, max: 180 },
      gravityY: 420,
      emitting: false,
    });
    this.coins.setDepth(41);
  }

  /** Zooms the 600-unit board onto the canvas, and renders text at the canvas' real resolution. */
  private fitCamera(): void {
    const { width, height } = this.scale.gameSize;
    const zoom = Math.min(width, height) / BOARD_UNITS;
    if (!(zoom > 0)) return;
    const camera = this.cameras.main;
    camera.setSize(width, height);
    camera.setZoom(zoom);
    camera.centerOn(BOARD_UNITS / 2, BOARD_UNITS / 2);
    const resolution = Math.min(4, Math.max(1, Math.ceil(zoom * 4) / 4));
    for (const text of this.texts) if (text.active) text.setResolution(resolution);
  }

  // ── Input ──────────────────────────────────────────────────────────────────

  private onPointerDown(pointer: Phaser.Input.Pointer): void {
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
    this.position = position;
    const tile = this.geometry.tiles[position];
    if (tile) this.token.place(tile.cx, tile.cy);
    if (lastDie) this.die.show(lastDie);
    this.options.bus.emit('token-moved', { position, step: 0, steps: 0 });
  };

  private readonly onSetInput = ({ enabled, rollable }: ReactEvents['set-input']): void => {
    this.inputEnabled = enabled;
    const next = enabled && rollable;
    if (next !== this.rollable) {
      this.rollable = next;
      if (this.phase === 'idle') this.die.setRollable(next);
    }
  };

  private readonly onSetMotion = (motion: ReactEvents['set-motion']): void => {
    this.motion = motion;
    this.die.setAnimations(motion.animations);
  };

  private readonly onHighlight = ({ tileId }: ReactEvents['highlight-tile']): void => {
    if (this.selected !== null) this.tiles[this.selected]?.setHighlighted(false);
    this.selected = tileId;
    if (tileId !== null) this.tiles[tileId]?.setHighlighted(true);
  };

  private readonly onRollStarted = (): void => {
    if (this.phase !== 'idle') return;
    this.phase = 'tumbling';
    this.rollStartedAt = this.time.now;
    this.die.startTumble();
  };

  private readonly onRollCancelled = (): void => {
    if (this.phase !== 'tumbling') return;
    this.phase = 'idle';
    this.die.cancel();
    this.die.setRollable(this.rollable);
  };

  private readonly onPlayRoll = ({ plan }: ReactEvents['play-roll']): void => {
    if (this.phase === 'idle') this.onRollStarted();
    if (this.phase !== 'tumbling') return;
    const waited = this.time.now - this.rollStartedAt;
    this.after(Math.max(0, plan.tumbleMs - waited), () => {
      this.die.settle(plan.die, () => {
        this.options.bus.emit('die-settled', { rollId: plan.rollId, face: plan.die });
        this.walk(plan);
      });
    });
  };

  // ── The roll ───────────────────────────────────────────────────────────────

  private walk(plan: RollAnimationPlan): void {
    this.phase = 'walking';
    const steps = plan.path.length;
    if (plan.stepDelayMs <= 0 || steps === 0) {
      this.moveTokenTo(plan.to, false, 0);
      this.options.bus.emit('token-moved', { position: plan.to, step: steps, steps });
      this.land(plan);
      return;
    }
    plan.path.forEach((position, index) => {
      this.after(plan.stepDelayMs * (index + 1), () => {
        this.moveTokenTo(position, true, plan.stepDelayMs * 0.85);
        this.options.bus.emit('token-moved', { position, step: index + 1, steps });
        if (index === steps - 1) this.after(plan.stepDelayMs * 0.85, () => this.land(plan));
      });
    });
  }

  private moveTokenTo(position: number, animate: boolean, duration: number): void {
    this.position = position;
    const tile = this.geometry.tiles[position];
    if (!tile) return;
    if (animate) this.token.hopTo(tile.cx, tile.cy, duration);
    else this.token.place(tile.cx, tile.cy);
  }

  private land(plan: RollAnimationPlan): void {
    this.phase = 'landing';
    const view = this.tiles[plan.to];
    const animate = this.motion.animations;
    view?.react(plan.landing.kind, animate);
    if (view && plan.particles) {
      const { x, y } = view.centre;
      this.sparks?.explode(plan.landing.kind === 'jackpot' ? 40 : 18, x, y);
      this.coins?.explode(plan.landing.kind === 'jackpot' ? 16 : 6, x, y);
    }
    if (view) this.floatLabel(plan, view.centre.x, view.centre.y, animate);
    this.options.bus.emit('tile-landed', { rollId: plan.rollId, tileId: plan.to });
    this.after(plan.landingMs, () => {
      this.phase = 'idle';
      this.die.setRollable(this.rollable);
      this.die.resumeIdle();
      this.options.bus.emit('animation-finished', { rollId: plan.rollId, position: plan.to });
    });
  }

  private floatLabel(plan: RollAnimationPlan, x: number, y: number, animate: boolean): void {
    const color = plan.landing.kind === 'loss' ? '#ff8a8a' : plan.landing.kind === 'neutral' ? '#eef1ff' : '#ffd76a';
    const label = this.add
      .text(x, y - 30, plan.landing.label, {
        fontFamily: FONT_FAMILY,
        fontSize: '20px',
        fontStyle: 'bold',
        color,
        stroke: '#0b1020',
        strokeThickness: 5,
      })
      .setOrigin(0.5, 0.5)
      .setDepth(50);
    label.setResolution(this.cameras.main.zoom);
    // Keep the label inside the board.
    const half = label.width / 2;
    label.setX(Math.min(BOARD_UNITS - half - 4, Math.max(half + 4, x)));
    if (!animate) {
      this.after(plan.landingMs + 400, () => label.destroy());
      return;
    }
    this.tweens.add({
      targets: label,
      y: y - 70,
      alpha: { from: 1, to: 0 },
      duration: 1300,
      ease: 'Cubic.easeOut',
      onComplete: () => label.destroy(),
    });
  }

  private after(ms: number, callback: () => void): void {
    const timer = this.time.delayedCall(ms, () => {
      this.timers = this.timers.filter((t) => t !== timer);
      callback();
    });
    this.timers.push(timer);
  }

  private teardown(): void {
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    for (const timer of this.timers.splice(0)) timer.remove(false);
    // On game destroy some systems are already gone: remove only what still exists.
    this.scale?.off(Phaser.Scale.Events.RESIZE, this.fitCamera, this);
    this.input?.off(Phaser.Input.Events.POINTER_DOWN, this.onPointerDown, this);
    this.input?.off(Phaser.Input.Events.POINTER_UP, this.onPointerUp, this);
    this.input?.off(Phaser.Input.Events.POINTER_UP_OUTSIDE, this.onPointerUp, this);
    this.input?.off(Phaser.Input.Events.POINTER_MOVE, this.onPointerMove, this);
    this.input?.keyboard?.off('keydown', this.onKeyDown, this);
  }
}
