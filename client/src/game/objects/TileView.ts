import Phaser from 'phaser';
import type { Tile } from '@gogo/shared/rules';
import type { TileRect } from '../layout';
import type { SurfaceColors } from '../look';
import { FONT_FAMILY, TILE_COLORS } from '../palette';
import { TILE_SHEET_KEY } from '../assets';
import { drawBuilding } from './buildings';

/**
 * How much a building is enlarged on its tile. The first two levels are small shapes, drawn larger so
 * a first purchase shows on a phone's board; the heights still grow level by level (about 34, 41, 40
 * and 47 units: level 3 grows sideways, a block beside the house).
 */
export function buildingScale(level: number): number {
  if (level <= 1) return 1.4;
  if (level <= 3) return 1.2;
  return 1.12;
}

export const TILE_RADIUS = 10;
const BAND = 21;

/** How one tile is drawn: its name on this board, the level built on it (properties) and the colours. */
export interface TileLook {
  name: string;
  hint: string;
  /** 0: not owned (or not a property). */
  level: number;
  colors: SurfaceColors;
  /** The resolution its texts are first rasterised at (the board's; 1 when not known yet). */
  textResolution?: number;
  /**
   * A property of a later board: its art is the board's own building (in the board's colours), not
   * board 1's coin logos, which name other places.
   */
  themed?: boolean;
  /** The board's art theme: which kind of building stands on an owned property. */
  theme?: string;
}

/**
 * One board tile drawn around its centre: type colour, reward hint, icon and name; an owned property
 * has a ring and its building beside a smaller icon. The board bakes all twenty into one texture; a
 * live copy pops out of the board when the token lands on a tile.
 */
export class TileView extends Phaser.GameObjects.Container {
  readonly tile: Tile;
  readonly texts: Phaser.GameObjects.Text[] = [];

  constructor(scene: Phaser.Scene, rect: TileRect, tile: Tile, look: TileLook) {
    super(scene, rect.cx, rect.cy);
    this.tile = tile;
    const { w, h } = rect;
    const { colors, level } = look;
    const color = TILE_COLORS[tile.type].main;
    const owned = level > 0;
    // Rasterised once, at the board's resolution: a text made at 1 and raised later is drawn twice.
    const resolution = look.textResolution ?? 1;

    const body = scene.make.graphics({}, false);
    body.fillStyle(colors.tile, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    body.fillStyle(color, owned ? colors.tileTint * 2 : colors.tileTint);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    body.fillStyle(color, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, BAND, { tl: TILE_RADIUS, tr: TILE_RADIUS, bl: 0, br: 0 });
    body.lineStyle(owned ? 4 : 2.5, owned ? colors.owned : color, owned ? 1 : 0.9);
    body.strokeRoundedRect(-w / 2, -h / 2, w, h, TILE_RADIUS);
    this.add(body);

    const hintText = scene.make
      .text(
        {
          x: 0,
          y: -h / 2 + BAND / 2 + 0.5,
          text: look.hint,
          style: { fontFamily: FONT_FAMILY, fontSize: '13px', fontStyle: 'bold', color: colors.bandInk, resolution },
        },
        false,
      )
      .setOrigin(0.5, 0.5);
    this.texts.push(hintText);
    this.add(hintText);

    const iconY = -h / 2 + BAND + (h - BAND) * 0.34;
    // An owned property: its building on the left, the icon smaller on the right.
    const iconX = owned ? w * 0.26 : 0;
    const iconSize = owned ? 26 : 36;
    if (look.themed) {
      // Not owned yet: the board's building as a pale outline of what can stand here.
      if (!owned) {
        const emblem = scene.make.graphics({}, false);
        drawBuilding(emblem, 2, colors, colors.baseEdge, look.theme);
        emblem
          .setPosition(0, iconY + 17)
          .setScale(1.05)
          .setAlpha(0.6);
        this.add(emblem);
      }
    } else if (scene.textures.exists(TILE_SHEET_KEY) && scene.textures.get(TILE_SHEET_KEY).has(tile.icon)) {
      this.add(
        new Phaser.GameObjects.Image(scene, iconX, iconY, TILE_SHEET_KEY, tile.icon).setDisplaySize(iconSize, iconSize),
      );
    } else {
      // The art did not load (offline on first visit): a type-coloured disc keeps the board readable.
      const disc = scene.make.graphics({}, false);
      disc.fillStyle(color, 0.9);
      disc.fillCircle(iconX, iconY, iconSize * 0.4);
      this.add(disc);
    }
    if (owned) {
      const building = scene.make.graphics({}, false);
      drawBuilding(building, level, colors, colors.baseEdge, look.theme);
      building.setPosition(-w * 0.2, iconY + 14).setScale(buildingScale(level));
      this.add(building);
    }

    const name = scene.make
      .text(
        {
          x: 0,
          y: h / 2 - 5,
          text: look.name,
          style: {
            fontFamily: FONT_FAMILY,
            fontSize: '13.5px',
            fontStyle: 'bold',
            color: colors.ink,
            align: 'center',
            lineSpacing: -2,
            wordWrap: { width: w - 8, useAdvancedWrap: true },
            resolution,
          },
        },
        false,
      )
      .setOrigin(0.5, 1);
    this.texts.push(name);
    this.add(name);
    this.setSize(w, h);
  }

  /** Draws the texts again at another resolution (a text already at it is left as it is). */
  setTextResolution(resolution: number): this {
    for (const text of this.texts) if (text.style.resolution !== resolution) text.setResolution(resolution);
    return this;
  }
}
