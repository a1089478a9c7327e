import type Phaser from 'phaser';
import { rewardHint, TILES } from '@gogo/shared/rules';
import type { BoardGeometry } from '../layout';
import { BOARD_COLORS } from '../palette';
import { TileView } from './TileView';

/** Text is rasterised at the canvas' real scale (in quarter steps), so it stays crisp when zoomed. */
export function textResolution(zoom: number): number {
  return Math.min(4, Math.max(1, Math.ceil(zoom * 4) / 4));
}

/**
 * The static board (base, centre panel, the twenty tiles) is built once off the display list and
 * baked into one texture at the canvas' real resolution: a frame then costs a single quad for it,
 * which keeps the game smooth on software-rendered and low-end devices.
 */
export class BoardSurface {
  private readonly tileViews: TileView[];
  private readonly staticRoot: Phaser.GameObjects.Container;
  private readonly image: Phaser.GameObjects.Image;
  private texture: Phaser.Textures.DynamicTexture | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    geometry: BoardGeometry,
    private readonly units: number,
  ) {
    const { size, centre } = geometry;
    const base = scene.make.graphics({}, false);
    base.fillStyle(BOARD_COLORS.base, 1);
    base.fillRoundedRect(0, 0, size, size, 18);
    base.lineStyle(3, BOARD_COLORS.baseEdge, 1);
    base.strokeRoundedRect(1.5, 1.5, size - 3, size - 3, 17);
    base.fillStyle(BOARD_COLORS.centre, 1);
    base.fillRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);
    base.lineStyle(2, BOARD_COLORS.centreEdge, 1);
    base.strokeRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);

    this.tileViews = geometry.tiles.map((rect) => {
      const tile = TILES[rect.id]!;
      return new TileView(scene, rect, tile, rewardHint(tile.type));
    });
    this.staticRoot = scene.make.container({ x: 0, y: 0 }, false);
    this.staticRoot.add([base, ...this.tileViews]);
    this.image = scene.add.image(0, 0, '__DEFAULT').setOrigin(0, 0).setVisible(false);
  }

  /** Bakes the board again at the camera's zoom (after every resize). */
  bake(zoom: number): void {
    const { scene, units } = this;
    const pixels = Math.max(1, Math.ceil(units * zoom));
    const resolution = textResolution(zoom);
    for (const view of this.tileViews) view.setTextResolution(resolution);
    if (!this.texture) {
      this.texture = scene.textures.addDynamicTexture('board-static', pixels, pixels);
    } else {
      this.texture.setSize(pixels, pixels);
    }
    const texture = this.texture;
    if (!texture) return;
    this.staticRoot.setScale(pixels / units);
    texture.clear();
    texture.draw(this.staticRoot, 0, 0);
    texture.render();
    this.image.setTexture('board-static').setDisplaySize(units, units).setVisible(true);
  }
}
