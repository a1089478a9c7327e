import type Phaser from 'phaser';
import type { TileRect } from '../layout';

/** The pawn's colours: a hot pink no tile type uses, with a white rim, so it reads on every tile. */
export const PAWN_COLORS = { body: 0xff3fa4, shade: 0xb81f6f, rim: 0xffffff, light: 0xffb3dc } as const;

/** Size of the pawn in board units (a tile is about 95 units wide). */
export const PAWN_WIDTH = 20;
export const PAWN_HEIGHT = 36;
const HOP_LIFT = 34;

/**
 * Where the pawn stands on a tile: its feet right of the icon, above the name, so it never hides
 * the label (the coin hid "Market Chance"). layout.test.ts checks the boxes never meet.
 */
export function pawnSpot(rect: Pick<TileRect, 'cx' | 'cy' | 'w' | 'h'>): { x: number; y: number } {
  return { x: rect.cx + rect.w * 0.3, y: rect.cy + rect.h * 0.1 };
}

/** The pawn's box around its feet point. */
export function pawnBox(spot: { x: number; y: number }) {
  return { x: spot.x - PAWN_WIDTH / 2, y: spot.y - PAWN_HEIGHT, w: PAWN_WIDTH, h: PAWN_HEIGHT };
}

/**
 * The player's pawn: a classic board-game piece (head, collar, flared base) with a shadow and a ring
 * on the tile it stands on. Hops tile to tile on an arc, squashing before take-off and on landing,
 * stretching in the air.
 */
export class PawnView {
  private readonly scene: Phaser.Scene;
  private readonly shadow: Phaser.GameObjects.Ellipse;
  private readonly ring: Phaser.GameObjects.Ellipse;
  /** Origin at the feet, so squash and stretch keep the pawn standing on the tile. */
  private readonly body: Phaser.GameObjects.Container;

  constructor(scene: Phaser.Scene, x: number, y: number) {
    this.scene = scene;
    this.ring = scene.add.ellipse(x, y, PAWN_WIDTH * 1.5, PAWN_WIDTH * 0.55).setStrokeStyle(2.5, PAWN_COLORS.body, 1);
    this.ring.setFillStyle(PAWN_COLORS.body, 0.18);
    this.shadow = scene.add.ellipse(x, y, PAWN_WIDTH * 1.3, PAWN_WIDTH * 0.42, 0x000000, 0.45);
    const g = scene.add.graphics();
    const w = PAWN_WIDTH;
    const h = PAWN_HEIGHT;
    // Outline first (drawn a little larger), then the fill: a white rim round the whole piece.
    for (const [color, grow] of [
      [PAWN_COLORS.rim, 2.2],
      [PAWN_COLORS.shade, 0],
    ] as const) {
      g.fillStyle(color, 1);
      g.fillEllipse(0, -3, w + grow * 2, 8 + grow * 2); // base
      g.fillTriangle(-w * 0.36 - grow, -4, w * 0.36 + grow, -4, 0, -h * 0.78 - grow); // body
      g.fillEllipse(0, -h * 0.56, w * 0.62 + grow * 2, 5 + grow * 2); // collar
      g.fillCircle(0, -h + w * 0.3, w * 0.3 + grow); // head
    }
    g.fillStyle(PAWN_COLORS.body, 1);
    g.fillEllipse(0, -4, w - 2, 6);
    g.fillTriangle(-w * 0.3, -5, w * 0.3, -5, 0, -h * 0.76);
    g.fillEllipse(0, -h * 0.57, w * 0.56, 4);
    g.fillCircle(0, -h + w * 0.3, w * 0.27);
    g.fillStyle(PAWN_COLORS.light, 0.9);
    g.fillCircle(-w * 0.09, -h + w * 0.22, w * 0.09); // shine on the head
    this.body = scene.add.container(x, y, [g]);
    this.ring.setDepth(19);
    this.shadow.setDepth(20);
    this.body.setDepth(22);
  }

  get x(): number {
    return this.body.x;
  }

  get y(): number {
    return this.body.y;
  }

  place(x: number, y: number): void {
    this.scene.tweens.killTweensOf([this.body, this.shadow, this.ring]);
    this.body.setPosition(x, y).setScale(1);
    this.shadow.setPosition(x, y).setScale(1).setAlpha(0.45);
    this.ring.setPosition(x, y).setScale(1).setAlpha(1);
  }

  /** One hop to (x, y) in `duration` ms: crouch, arc with a stretch, squash on landing. */
  hopTo(x: number, y: number, duration: number): void {
    this.scene.tweens.killTweensOf([this.body, this.shadow, this.ring]);
    const startX = this.body.x;
    const startY = this.body.y;
    const crouch = Math.round(duration * 0.14);
    const flight = Math.round(duration * 0.64);
    const settle = Math.max(40, duration - crouch - flight);
    this.ring.setAlpha(0);
    const progress = { t: 0 };
    this.scene.tweens.chain({
      tweens: [
        { targets: this.body, scaleX: 1.16, scaleY: 0.8, duration: crouch, ease: 'Quad.easeOut' },
        {
          targets: progress,
          t: 1,
          duration: flight,
          ease: 'Linear',
          onUpdate: () => {
            const { t } = progress;
            const gx = startX + (x - startX) * t;
            const gy = startY + (y - startY) * t;
            const arc = Math.sin(Math.PI * t);
            this.body.setPosition(gx, gy - arc * HOP_LIFT);
            // Stretched on the way up and down, round at the top of the arc.
            const stretch = 0.14 * Math.abs(Math.cos(Math.PI * t));
            this.body.setScale(1 - stretch * 0.6, 1 + stretch);
            this.shadow
              .setPosition(gx, gy)
              .setScale(1 - 0.35 * arc)
              .setAlpha(0.45 - 0.2 * arc);
          },
        },
        {
          targets: this.body,
          scaleX: { from: 1.22, to: 1 },
          scaleY: { from: 0.76, to: 1 },
          duration: settle,
          ease: 'Back.easeOut',
          onStart: () => {
            this.body.setPosition(x, y);
            this.shadow.setPosition(x, y).setScale(1).setAlpha(0.45);
            this.ring.setPosition(x, y).setAlpha(1);
          },
        },
      ],
    });
  }
}
