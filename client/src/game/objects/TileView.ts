import Phaser from 'phaser';
import type { Tile } from '@gogo/shared/rules';
import type { TileRect } from '../layout';
import type { LandingKind } from '../rollPlan';
import { BOARD_COLORS, FONT_FAMILY, TILE_COLORS } from '../palette';
import { tileIconKey } from '../assets';

const RADIUS = 10;
const BAND = 21;

/** One board tile: type colour, reward hint, icon and name. Drawn around its centre. */
export class TileView extends Phaser.GameObjects.Container {
  readonly tile: Tile;
  private readonly rect: TileRect;
  private readonly highlight: Phaser.GameObjects.Graphics;
  private readonly flash: Phaser.GameObjects.Graphics;
  readonly texts: Phaser.GameObjects.Text[] = [];

  constructor(scene: Phaser.Scene, rect: TileRect, tile: Tile, hint: string) {
    super(scene, rect.cx, rect.cy);
    this.tile = tile;
    this.rect = rect;
    const { w, h } = rect;
    const color = TILE_COLORS[tile.type].main;

    const body = scene.add.graphics();
    body.fillStyle(BOARD_COLORS.tile, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, RADIUS);
    body.fillStyle(color, 0.12);
    body.fillRoundedRect(-w / 2, -h / 2, w, h, RADIUS);
    body.fillStyle(color, 1);
    body.fillRoundedRect(-w / 2, -h / 2, w, BAND, { tl: RADIUS, tr: RADIUS, bl: 0, br: 0 });
    body.lineStyle(2.5, color, 0.9);
    body.strokeRoundedRect(-w / 2, -h / 2, w, h, RADIUS);
    this.add(body);

    const hintText = scene.add
      .text(0, -h / 2 + BAND / 2 + 0.5, hint, {
        fontFamily: FONT_FAMILY,
        fontSize: '13px',
        fontStyle: 'bold',
        color: '#0b1020',
      })
      .setOrigin(0.5, 0.5);
    this.texts.push(hintText);
    this.add(hintText);

    const iconKey = tileIconKey(tile.icon);
    const iconY = -h / 2 + BAND + (h - BAND) * 0.34;
    if (scene.textures.exists(iconKey)) {
      const icon = scene.add.image(0, iconY, iconKey).setDisplaySize(36, 36);
      this.add(icon);
    } else {
      // The art did not load (offline on first visit): a type-coloured disc keeps the board readable.
      const disc = scene.add.graphics();
      disc.fillStyle(color, 0.9);
      disc.fillCircle(0, iconY, 14);
      this.add(disc);
    }

    const name = scene.add
      .text(0, h / 2 - 5, tile.name, {
        fontFamily: FONT_FAMILY,
        fontSize: '13.5px',
        fontStyle: 'bold',
        color: '#eef1ff',
        align: 'center',
        lineSpacing: -2,
        wordWrap: { width: w - 8, useAdvancedWrap: true },
      })
      .setOrigin(0.5, 1);
    this.texts.push(name);
    this.add(name);

    this.flash = scene.add.graphics();
    this.flash.fillStyle(color, 1);
    this.flash.fillRoundedRect(-w / 2, -h / 2, w, h, RADIUS);
    this.flash.setAlpha(0);
    this.add(this.flash);

    this.highlight = scene.add.graphics();
    this.highlight.lineStyle(4, BOARD_COLORS.highlight, 1);
    this.highlight.strokeRoundedRect(-w / 2 - 1, -h / 2 - 1, w + 2, h + 2, RADIUS + 1);
    this.highlight.setVisible(false);
    this.add(this.highlight);

    this.setSize(w, h);
    scene.add.existing(this);
  }

  setHighlighted(on: boolean): this {
    this.highlight.setVisible(on);
    return this;
  }

  /** The landing reaction: a flash in the tile colour and a short pulse. */
  react(kind: LandingKind, animate: boolean): void {
    const peak = kind === 'loss' ? 0.45 : 0.6;
    if (!animate) {
      this.flash.setAlpha(0.35);
      this.scene.time.delayedCall(150, () => this.flash.setAlpha(0));
      return;
    }
    this.scene.tweens.add({ targets: this.flash, alpha: { from: peak, to: 0 }, duration: 650, ease: 'Quad.easeOut' });
    this.scene.tweens.add({
      targets: this,
      scale: { from: 1, to: kind === 'jackpot' ? 1.16 : 1.1 },
      duration: 160,
      yoyo: true,
      ease: 'Back.easeOut',
    });
    if (kind === 'loss') {
      this.scene.tweens.add({ targets: this, angle: { from: -4, to: 4 }, duration: 60, yoyo: true, repeat: 2 });
      this.scene.time.delayedCall(400, () => this.setAngle(0));
    }
  }

  get centre(): { x: number; y: number } {
    return { x: this.rect.cx, y: this.rect.cy };
  }
}
