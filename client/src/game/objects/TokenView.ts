import type Phaser from 'phaser';
import { BOARD_COLORS, FONT_FAMILY } from '../palette';

const RADIUS = 21;
const LIFT = 26;

/** The player's token: a GOGO coin with a shadow on the board. */
export class TokenView {
  private readonly shadow: Phaser.GameObjects.Ellipse;
  private readonly coin: Phaser.GameObjects.Container;
  readonly label: Phaser.GameObjects.Text;
  private readonly scene: Phaser.Scene;

  constructor(scene: Phaser.Scene, x: number, y: number) {
    this.scene = scene;
    this.shadow = scene.add.ellipse(x, y + RADIUS * 0.8, RADIUS * 1.9, RADIUS * 0.7, 0x000000, 0.4);
    const body = scene.add.graphics();
    body.fillStyle(BOARD_COLORS.goldDark, 1);
    body.fillCircle(0, 3, RADIUS);
    body.fillStyle(BOARD_COLORS.gold, 1);
    body.fillCircle(0, 0, RADIUS);
    body.lineStyle(2.5, BOARD_COLORS.goldLight, 1);
    body.strokeCircle(0, 0, RADIUS - 5);
    body.fillStyle(0xffffff, 0.35);
    body.fillEllipse(-7, -9, 12, 7);
    this.label = scene.add
      .text(0, 0, 'G', { fontFamily: FONT_FAMILY, fontSize: '22px', fontStyle: 'bold', color: '#5a3b00' })
      .setOrigin(0.5, 0.55);
    this.coin = scene.add.container(x, y, [body, this.label]);
    this.shadow.setDepth(20);
    this.coin.setDepth(21);
  }

  get x(): number {
    return this.coin.x;
  }

  get y(): number {
    return this.coin.y;
  }

  place(x: number, y: number): void {
    this.scene.tweens.killTweensOf([this.coin, this.shadow]);
    this.coin.setPosition(x, y).setScale(1);
    this.shadow.setPosition(x, y + RADIUS * 0.8).setScale(1);
  }

  /** One hop to the next tile, taking `duration` ms. */
  hopTo(x: number, y: number, duration: number): void {
    this.scene.tweens.killTweensOf([this.coin, this.shadow]);
    const startX = this.coin.x;
    const startY = this.coin.y;
    const progress = { t: 0 };
    this.scene.tweens.add({
      targets: progress,
      t: 1,
      duration,
      ease: 'Sine.easeInOut',
      onUpdate: () => {
        const { t } = progress;
        const gx = startX + (x - startX) * t;
        const gy = startY + (y - startY) * t;
        const lift = Math.sin(Math.PI * t) * LIFT;
        this.coin.setPosition(gx, gy - lift);
        this.coin.setScale(1 + 0.18 * Math.sin(Math.PI * t));
        this.shadow.setPosition(gx, gy + RADIUS * 0.8);
        this.shadow.setScale(1 - 0.3 * Math.sin(Math.PI * t));
      },
      onComplete: () => {
        this.place(x, y);
        this.scene.tweens.add({
          targets: this.coin,
          scaleY: { from: 0.82, to: 1 },
          duration: 140,
          ease: 'Back.easeOut',
        });
      },
    });
  }
}
