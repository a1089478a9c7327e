import type Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import type { BoardGoal } from '../bus';
import type { BoardGeometry } from '../layout';
import type { BoardLook } from '../look';
import { TILE_RADIUS } from './TileView';

/** The tiles that glint in turn while the board waits (the three jackpots and Start). */
const GLINT_TILES = TILES.filter((t) => t.type === 'JACKPOT' || t.type === 'START').map((t) => t.id);
const GOLD = 0xf7b731;
const GREEN = 0x3ddc84;

/**
 * What moves on a board left alone, one beat at a time (the scene's idle timer, at the idle pace of
 * scenes/loopPace.ts): a tile glints in turn, the owned properties first, so that what the player
 * built catches the eye; an owned property sends up a coin's sparkle; and the next goal's tile
 * breathes an outline (gold while saving, green once it can be built). Each tween lasts under a
 * second, so the loop sleeps again between beats; the scene calls beat() only while animations are on.
 */
export class BoardAmbience {
  private readonly glint: Phaser.GameObjects.Graphics;
  private readonly ring: Phaser.GameObjects.Graphics;
  private readonly sparkle: Phaser.GameObjects.Graphics;
  private turn = 0;
  private owned: number[] = [];
  private goal: BoardGoal | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly geometry: BoardGeometry,
  ) {
    this.glint = scene.add.graphics().setDepth(14).setAlpha(0);
    this.ring = scene.add.graphics().setDepth(14).setAlpha(0);
    this.sparkle = scene.add.graphics().setDepth(16).setAlpha(0);
  }

  setLook(look: BoardLook): void {
    this.owned = look.properties.filter((p) => p.level > 0).map((p) => p.tileId);
  }

  setGoal(goal: BoardGoal | null): void {
    this.goal = goal;
    if (!goal) this.ring.setAlpha(0);
  }

  /** One beat of the idle board. */
  beat(): void {
    const turn = this.turn;
    this.turn += 1;
    const glints = [...this.owned, ...GLINT_TILES];
    this.glintTile(glints[turn % glints.length]);
    if (this.owned.length > 0) this.sparkleOver(this.owned[turn % this.owned.length]);
    if (this.goal) this.pulseGoal(this.goal);
  }

  private glintTile(id: number | undefined): void {
    const rect = id === undefined ? undefined : this.geometry.tiles[id];
    if (!rect || this.scene.tweens.isTweening(this.glint)) return;
    this.glint.clear().fillStyle(0xffffff, 1).fillRoundedRect(rect.x, rect.y, rect.w, rect.h, TILE_RADIUS);
    this.scene.tweens.add({
      targets: this.glint,
      alpha: { from: 0, to: 0.2 },
      duration: 280,
      yoyo: true,
      ease: 'Sine.easeInOut',
    });
  }

  /** A small coin rises from the building and fades: the property is earning. */
  private sparkleOver(id: number | undefined): void {
    const rect = id === undefined ? undefined : this.geometry.tiles[id];
    if (!rect || this.scene.tweens.isTweening(this.sparkle)) return;
    const x = rect.cx;
    const y = rect.y + rect.h * 0.35;
    this.sparkle.clear().fillStyle(GOLD, 1).fillCircle(0, 0, 6).fillStyle(0xfff4c2, 1).fillCircle(-1.5, -1.5, 2.5);
    this.sparkle.setPosition(x, y);
    this.scene.tweens.add({
      targets: this.sparkle,
      y: y - 22,
      alpha: { from: 1, to: 0 },
      duration: 700,
      ease: 'Quad.easeOut',
    });
  }

  private pulseGoal(goal: BoardGoal): void {
    const rect = this.geometry.tiles[goal.tileId];
    if (!rect || this.scene.tweens.isTweening(this.ring)) return;
    this.ring
      .clear()
      .lineStyle(4, goal.ready ? GREEN : GOLD, 1)
      .strokeRoundedRect(rect.x - 1, rect.y - 1, rect.w + 2, rect.h + 2, TILE_RADIUS + 1);
    this.scene.tweens.add({
      targets: this.ring,
      alpha: { from: 0, to: 0.9 },
      duration: 420,
      yoyo: true,
      ease: 'Sine.easeInOut',
    });
  }
}
