import type Phaser from 'phaser';
import { TILES } from '@gogo/shared/rules';
import type { TileRect } from '../layout';
import { LANDING_MS_REDUCED, type LandingKind } from '../rollPlan';
import { TILE_COLORS } from '../palette';
import { TILE_RADIUS, type TileView } from './TileView';
import { glowTile } from './effects';
import { textResolution } from './BoardSurface';

/**
 * The landing tile lifts out of the board (a live copy of it), flashes its colour and settles back.
 * `after` is the scene's timer, so that the scene stays awake until the flash is gone.
 */
export function reactTile(
  scene: Phaser.Scene,
  rect: TileRect,
  kind: LandingKind,
  animate: boolean,
  after: (ms: number, callback: () => void) => void,
  /** The tile as the board draws it now (its board's name, its building, the colour scheme). */
  makeTile: () => TileView,
): void {
  const tile = TILES[rect.id]!;
  const color = TILE_COLORS[tile.type].main;
  const flash = scene.add.graphics({ x: rect.cx, y: rect.cy }).setDepth(16);
  flash.fillStyle(color, 1);
  flash.fillRoundedRect(-rect.w / 2, -rect.h / 2, rect.w, rect.h, TILE_RADIUS);
  if (!animate) {
    flash.setAlpha(0.35);
    after(LANDING_MS_REDUCED, () => flash.destroy());
    return;
  }
  const pop = makeTile().setTextResolution(textResolution(scene.cameras.main.zoom));
  scene.add.existing(pop);
  pop.setDepth(14);
  flash.setDepth(15);
  glowTile(scene, rect, color, kind === 'jackpot');
  const lift = kind === 'jackpot' ? 1.18 : 1.12;
  scene.tweens.add({
    targets: flash,
    alpha: { from: kind === 'loss' ? 0.45 : 0.6, to: 0 },
    duration: 650,
    ease: 'Quad.easeOut',
  });
  scene.tweens.add({
    targets: [pop, flash],
    scale: { from: 1, to: lift },
    duration: 170,
    yoyo: true,
    ease: 'Back.easeOut',
    onComplete: () => {
      pop.destroy();
      flash.destroy();
    },
  });
  if (kind === 'loss') {
    scene.tweens.add({ targets: [pop, flash], angle: { from: -4, to: 4 }, duration: 60, yoyo: true, repeat: 2 });
  }
}
