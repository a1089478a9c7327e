import type Phaser from 'phaser';
import { rewardHint, TILES } from '@gogo/shared/rules';
import type { BoardGeometry, TileRect } from '../layout';
import { surfaceColors, type BoardLook } from '../look';
import { TileView } from './TileView';

/** Text is rasterised at the canvas' real scale (in quarter steps), so it stays crisp when zoomed. */
export function textResolution(zoom: number): number {
  return Math.min(4, Math.max(1, Math.ceil(zoom * 4) / 4));
}

/** A tile as this look draws it (the baked board and the copy that pops out on a landing). */
export function makeTileView(scene: Phaser.Scene, rect: TileRect, look: BoardLook, resolution = 1): TileView {
  const tile = TILES[rect.id]!;
  const property = look.properties.find((p) => p.tileId === rect.id);
  const level = property?.level ?? 0;
  const hint = rewardHint(tile.type);
  return new TileView(scene, rect, tile, {
    name: property?.name ?? tile.name,
    // An owned property shows what its reward is multiplied by.
    hint: level > 0 && property ? `${hint} \u00d7${property.multiplier}` : hint,
    level,
    colors: surfaceColors(look.scheme, look.board.theme),
    textResolution: resolution,
    themed: look.board.number > 1 && tile.type === 'PROPERTY',
    theme: look.board.theme,
  });
}

/**
 * The static board (base, centre panel, the twenty tiles) is built off the display list and baked
 * into one texture at the canvas' real resolution: a frame then costs a single quad for it, which
 * keeps the game smooth on software-rendered and low-end devices. A new look (a building, another
 * board, the light theme) rebuilds it and bakes again.
 */
export class BoardSurface {
  private tileViews: TileView[] = [];
  private readonly staticRoot: Phaser.GameObjects.Container;
  private readonly image: Phaser.GameObjects.Image;
  private texture: Phaser.Textures.DynamicTexture | null = null;
  private zoom = 0;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly geometry: BoardGeometry,
    private readonly units: number,
    look: BoardLook,
    /** The camera's zoom when the board is first drawn (0 when not known): its texts start at it. */
    zoom = 0,
  ) {
    this.zoom = zoom;
    this.staticRoot = scene.make.container({ x: 0, y: 0 }, false);
    this.image = scene.add.image(0, 0, '__DEFAULT').setOrigin(0, 0).setVisible(false);
    this.build(look);
  }

  private build(look: BoardLook): void {
    const { scene, geometry } = this;
    const { size, centre } = geometry;
    const colors = surfaceColors(look.scheme, look.board.theme);
    this.staticRoot.removeAll(true);
    const base = scene.make.graphics({}, false);
    base.fillStyle(colors.base, 1);
    base.fillRoundedRect(0, 0, size, size, 18);
    base.lineStyle(3, colors.baseEdge, 1);
    base.strokeRoundedRect(1.5, 1.5, size - 3, size - 3, 17);
    base.fillStyle(colors.centre, 1);
    base.fillRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);
    base.lineStyle(2, colors.centreEdge, 1);
    base.strokeRoundedRect(centre.x, centre.y, centre.w, centre.h, 16);
    const resolution = this.zoom > 0 ? textResolution(this.zoom) : 1;
    this.tileViews = geometry.tiles.map((rect) => makeTileView(scene, rect, look, resolution));
    this.staticRoot.add([base, ...this.tileViews]);
  }

  /** Draws another look (the board's art, what is built, the colour scheme) and bakes it at once. */
  redraw(look: BoardLook): void {
    this.build(look);
    if (this.zoom > 0) this.bake(this.zoom);
  }

  /** Bakes the board again at the camera's zoom (after every resize). */
  bake(zoom: number): void {
    const { scene, units } = this;
    this.zoom = zoom;
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
