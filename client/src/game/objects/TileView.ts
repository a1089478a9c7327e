import Phaser from 'phaser';
import type { Tile } from '@gogo/shared/rules';
import type { TileRect } from '../layout';
import { BOARD_COLORS, FONT_FAMILY, TILE_COLORS } from '../palette';
import { TILE_SHEET_KEY } from '../assets';

export const TILE_RADIUS = 10;
const BAND = 21;

/**
 * One board tile drawn around its centre: type colour, reward hint, icon and name. The board bakes
 * all twenty into one texture; a live copy pops out of the board when the token lands on a tile.
 */
export class TileView extends Phaser.GameObjects.Container {
  readonly tile: Tile;
  readonly texts: Phaser.GameObjects.Text[] = [];

  constructor(scene: Phaser.Scene, rect: TileRect, tile: Tile, hint: string) {
    super(scene, rect.cx, rect.cy);
    this.tile = tile;
    const { w, h } = rect;
    const color = TILE_COLORS[tile.type].main;

    const body = scene.make.graphics({}, false);
    body.fillStyle(BOARD_COLORS.tile, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    body.fillStyle(color, 0.12);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    body.fillStyle(color, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, BAND, { tl: TILE_RADIUS, tr: TILE_RADIUS, bl: 0, br: 0 });
    body.lineStyle(2.5, color, 0.9);
    body.strokeRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    this.add(body);

    const hintText = scene.make
      .text(
        {
          x: 0,
          y: -h / 2 + BAND / 2 + 0.5,
          text: hint,
          style: { fontFamily: FONT_FAMILY, fontSize: '13px', fontStyle: 'bold', color: '#0b1020' },
        },
        false,
      )
      .setOrigin(0.5, 0.5);
    this.texts.push(hintText);
    this.add(hintText);

    const iconY = -h / 2 + BAND + (h - BAND) * 0.34;
    if (scene.textures.exists(TILE_SHEET_KEY) && scene.textures.get(TILE_SHEET_KEY).has(tile.icon)) {
      this.add(new Phaser.GameObjects.Image(scene, 0, iconY, TILE_SHEET_KEY, tile.icon).setDisplaySize(36, 36));
    } else {
      // The art did not load (offline on first visit): a type-coloured disc keeps the board readable.
      const disc = scene.make.graphics({}, false);
      disc.fillStyle(color, 0.9);
      disc.fillCircle(0, iconY, 14);
      this.add(disc);
    }

    const name = scene.make
      .text(
        {
          x: 0,
          y: h / 2 - 5,
          text: tile.name,
          style: {
            fontFamily: FONT_FAMILY,
            fontSize: '13.5px',
            fontStyle: 'bold',
            color: '#eef1ff',
            align: 'center',
            lineSpacing: -2,
            wordWrap: { width: w - 8, useAdvancedWrap: true },
          },
        },
        false,
      )
      .setOrigin(0.5, 1);
    this.texts.push(name);
    this.add(name);
    this.setSize(w, h);
  }

  setTextResolution(resolution: number): this {
    for (const text of this.texts) text.setResolution(resolution);
    return this;
  }
}
