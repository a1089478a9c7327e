import type Phaser from 'phaser';
import { BOARD_COLORS } from '../palette';

export const DIE_SIZE = 104;
/** The die bobs a few times to invite a roll, then keeps still so the game loop can sleep. */
const IDLE_REPEATS = 2;
const PIP = 9;

/** Pip positions per face, in units of a third of the face. */
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** The die in the centre panel: tumbles while the server decides, settles on the server's face. */
export class DieView {
  private readonly scene: Phaser.Scene;
  private readonly root: Phaser.GameObjects.Container;
  private readonly face: Phaser.GameObjects.Graphics;
  private readonly glow: Phaser.GameObjects.Graphics;
  private readonly shadow: Phaser.GameObjects.Ellipse;
  private readonly cx: number;
  private readonly cy: number;
  private current = 1;
  private tumbleTimer: Phaser.Time.TimerEvent | null = null;
  private idleTween: Phaser.Tweens.Tween | null = null;
  private glowTween: Phaser.Tweens.Tween | null = null;
  private rollable = true;
  private animations = true;

  constructor(scene: Phaser.Scene, x: number, y: number) {
    this.scene = scene;
    this.cx = x;
    this.cy = y;
    this.glow = scene.add.graphics({ x, y });
    // Concentric discs of low alpha: a soft halo that works with both renderers.
    for (let ring = 0; ring < 7; ring += 1) {
      this.glow.fillStyle(BOARD_COLORS.gold, 0.045);
      this.glow.fillCircle(0, 0, DIE_SIZE * (0.95 - ring * 0.06));
    }
    this.shadow = scene.add.ellipse(x, y + DIE_SIZE * 0.58, DIE_SIZE * 0.9, DIE_SIZE * 0.22, 0x000000, 0.45);
    this.face = scene.add.graphics();
    this.root = scene.add.container(x, y, [this.face]);
    this.root.setDepth(30);
    this.drawFace(1);
    this.startIdle();
  }

  get value(): number {
    return this.current;
  }

  get isTumbling(): boolean {
    return this.tumbleTimer !== null;
  }

  /** True when (x, y) is on the die (with a forgiving margin for fingers). */
  hit(x: number, y: number): boolean {
    return Math.abs(x - this.cx) <= DIE_SIZE * 0.75 && Math.abs(y - this.cy) <= DIE_SIZE * 0.75;
  }

  setAnimations(on: boolean): void {
    this.animations = on;
    this.startIdle();
  }

  setRollable(on: boolean): void {
    this.rollable = on;
    this.root.setAlpha(on ? 1 : 0.55);
    this.startIdle();
  }

  show(face: number): void {
    this.drawFace(face);
  }

  startTumble(): void {
    this.stopIdle();
    this.stopTumble();
    if (!this.animations) {
      this.root.setAlpha(0.7);
      return;
    }
    this.tumbleTimer = this.scene.time.addEvent({
      delay: 75,
      loop: true,
      callback: () => {
        // Only a picture while the server decides; the real face comes with the answer.
        let next = 1 + Math.floor(Math.random() * 6);
        if (next === this.current) next = (next % 6) + 1;
        this.drawFace(next);
        this.root.setAngle(this.root.angle + 47 + Math.random() * 40);
        this.root.setScale(0.9 + Math.random() * 0.2);
      },
    });
  }

  /** Stops on `face` with a bounce of `duration` ms; calls `done` once the die is still. */
  settle(face: number, duration: number, done: () => void): void {
    this.stopTumble();
    this.drawFace(face);
    this.root.setAlpha(1);
    if (!this.animations || duration <= 0) {
      this.root.setAngle(0).setScale(1);
      done();
      return;
    }
    this.scene.tweens.add({
      targets: this.root,
      angle: 0,
      scale: { from: 1.25, to: 1 },
      duration,
      ease: 'Back.easeOut',
      onComplete: () => done(),
    });
  }

  /** The request failed: back to the last face, still. */
  cancel(): void {
    this.stopTumble();
    this.drawFace(this.current);
    this.root
      .setAngle(0)
      .setScale(1)
      .setAlpha(this.rollable ? 1 : 0.55);
    this.startIdle();
  }

  resumeIdle(): void {
    this.startIdle();
  }

  private stopTumble(): void {
    this.tumbleTimer?.remove(false);
    this.tumbleTimer = null;
  }

  private startIdle(): void {
    this.stopIdle();
    this.root.setPosition(this.cx, this.cy);
    this.glow.setScale(1).setAlpha(this.rollable ? 1 : 0);
    if (!this.animations || !this.rollable || this.isTumbling) return;
    this.idleTween = this.scene.tweens.add({
      targets: this.root,
      y: this.cy - 6,
      duration: 900,
      yoyo: true,
      repeat: IDLE_REPEATS,
      ease: 'Sine.easeInOut',
    });
    this.glowTween = this.scene.tweens.add({
      targets: this.glow,
      scale: { from: 0.92, to: 1.06 },
      alpha: { from: 0.7, to: 1 },
      duration: 900,
      yoyo: true,
      repeat: IDLE_REPEATS,
      ease: 'Sine.easeInOut',
    });
  }

  private stopIdle(): void {
    this.idleTween?.remove();
    this.glowTween?.remove();
    this.idleTween = null;
    this.glowTween = null;
    this.root.setPosition(this.cx, this.cy);
  }

  private drawFace(face: number): void {
    this.current = face;
    const g = this.face;
    const half = DIE_SIZE / 2;
    g.clear();
    g.fillStyle(BOARD_COLORS.dieEdge, 1);
    g.fillRoundedRect(-half, -half + 5, DIE_SIZE, DIE_SIZE, 20);
    g.fillStyle(BOARD_COLORS.dieFace, 1);
    g.fillRoundedRect(-half, -half, DIE_SIZE, DIE_SIZE, 20);
    g.fillStyle(0xffffff, 0.6);
    g.fillRoundedRect(-half + 8, -half + 6, DIE_SIZE - 16, 10, 5);
    const step = DIE_SIZE / 3.6;
    g.fillStyle(face === 1 ? 0xd63a3a : BOARD_COLORS.diePip, 1);
    for (const [px, py] of PIPS[face] ?? []) g.fillCircle(px * step, py * step, face === 1 ? PIP * 1.5 : PIP);
  }
}
