import type Phaser from 'phaser';
import type { TileRect } from '../layout';
import type { LandingKind, RollAnimationPlan } from '../rollPlan';
import { BOARD_COLORS, FONT_FAMILY, TILE_COLORS } from '../palette';
import { TILE_RADIUS } from './TileView';

/** A soft ring that swells out of the landing tile and fades: the tile glows. */
export function glowTile(scene: Phaser.Scene, rect: TileRect, color: number, big: boolean): void {
  const glow = scene.add.graphics({ x: rect.cx, y: rect.cy }).setDepth(13);
  for (let ring = 0; ring < 4; ring += 1) {
    glow.lineStyle(6 - ring, color, 0.55 - ring * 0.12);
    const grow = ring * 4;
    glow.strokeRoundedRect(
      -rect.w / 2 - grow,
      -rect.h / 2 - grow,
      rect.w + grow * 2,
      rect.h + grow * 2,
      TILE_RADIUS + grow,
    );
  }
  scene.tweens.add({
    targets: glow,
    scale: { from: 1, to: big ? 1.35 : 1.2 },
    alpha: { from: 1, to: 0 },
    duration: big ? 900 : 650,
    ease: 'Quad.easeOut',
    onComplete: () => glow.destroy(),
  });
}

/**
 * Coins on a curved path between the tile and the balance: 'in' for a reward (tile → balance),
 * 'out' for a penalty (balance → tile, tinted red). Staggered so they read as a stream.
 */
export function flyCoins(
  scene: Phaser.Scene,
  rect: TileRect,
  balance: { x: number; y: number },
  count: number,
  direction: 'in' | 'out',
): void {
  const from = direction === 'in' ? { x: rect.cx, y: rect.cy } : balance;
  const to = direction === 'in' ? balance : { x: rect.cx, y: rect.cy };
  for (let i = 0; i < count; i += 1) {
    const coin = scene.add.image(from.x, from.y, 'coin').setDepth(45).setScale(1.2);
    if (direction === 'out') coin.setTint(BOARD_COLORS.danger);
    // A control point off the straight line, alternating sides: the coins fan out and converge.
    const side = i % 2 === 0 ? 1 : -1;
    const cx = (from.x + to.x) / 2 + side * (30 + i * 6);
    const cy = Math.min(from.y, to.y) - 40 - i * 4;
    const progress = { t: 0 };
    scene.tweens.add({
      targets: progress,
      t: 1,
      delay: i * 45,
      duration: 520,
      ease: 'Cubic.easeIn',
      onUpdate: () => {
        const { t } = progress;
        const u = 1 - t;
        coin.setPosition(
          u * u * from.x + 2 * u * t * cx + t * t * to.x,
          u * u * from.y + 2 * u * t * cy + t * t * to.y,
        );
        coin.setScale(1.2 - 0.5 * t);
      },
      onComplete: () => coin.destroy(),
    });
  }
}

/**
 * A chance tile turns a card over: the back (a "?") folds away, the face shows the result, so even
 * a 0 is a moment. `onFlip` fires when the face appears.
 */
export function flipChanceCard(
  scene: Phaser.Scene,
  rect: TileRect,
  label: string,
  kind: LandingKind,
  onFlip: () => void,
): void {
  const w = rect.w * 0.92;
  const h = rect.h * 1.12;
  const x = Math.min(600 - w / 2 - 4, Math.max(w / 2 + 4, rect.cx));
  const y = Math.min(600 - h / 2 - 4, Math.max(h / 2 + 4, rect.cy - 10));
  const purple = TILE_COLORS.CHANCE.main;
  const back = scene.add.graphics();
  back.fillStyle(purple, 1).fillRoundedRect(-w / 2, -h / 2, w, h, 10);
  back.lineStyle(3, 0xffffff, 0.9).strokeRoundedRect(-w / 2 + 4, -h / 2 + 4, w - 8, h - 8, 8);
  const mark = scene.add
    .text(0, 0, '?', { fontFamily: FONT_FAMILY, fontSize: '44px', fontStyle: 'bold', color: '#ffffff' })
    .setOrigin(0.5);
  const face = scene.add.graphics().setVisible(false);
  face.fillStyle(0xfff8e8, 1).fillRoundedRect(-w / 2, -h / 2, w, h, 10);
  face.lineStyle(3, purple, 1).strokeRoundedRect(-w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 8);
  const color = kind === 'loss' ? '#c62f3f' : kind === 'neutral' ? '#3a3f5c' : '#1f8a5a';
  const result = scene.add
    .text(0, 0, label.replace(' GOGO', '\nGOGO'), {
      fontFamily: FONT_FAMILY,
      fontSize: '22px',
      fontStyle: 'bold',
      color,
      align: 'center',
    })
    .setOrigin(0.5)
    .setVisible(false)
    .setResolution(scene.cameras.main.zoom);
  const card = scene.add.container(x, y, [back, mark, face, result]).setDepth(48).setScale(0.6).setAlpha(0);
  scene.tweens.chain({
    targets: card,
    tweens: [
      { scale: 1, alpha: 1, duration: 140, ease: 'Back.easeOut' },
      {
        scaleX: 0,
        duration: 110,
        ease: 'Quad.easeIn',
        onComplete: () => {
          back.setVisible(false);
          mark.setVisible(false);
          face.setVisible(true);
          result.setVisible(true);
          onFlip();
        },
      },
      { scaleX: 1, duration: 130, ease: 'Quad.easeOut' },
      { y: y - 24, alpha: 0, delay: 650, duration: 300, ease: 'Quad.easeIn' },
    ],
    onComplete: () => card.destroy(),
  });
}

/**
 * The amount that rises from the landing tile, made ahead and hidden: a Text is rasterised when it is
 * made, which the landing's frame cannot afford beside the tile's pop, the coins and React's card.
 */
export function makeFloatLabel(scene: Phaser.Scene, plan: RollAnimationPlan, x: number, y: number): FloatLabel {
  const color = plan.landing.kind === 'loss' ? '#ff8a8a' : plan.landing.kind === 'neutral' ? '#eef1ff' : '#ffd76a';
  const label = scene.add
    .text(x, y - 30, plan.landing.label, {
      fontFamily: FONT_FAMILY,
      fontSize: '20px',
      fontStyle: 'bold',
      color,
      stroke: '#0b1020',
      strokeThickness: 5,
    })
    .setOrigin(0.5, 0.5)
    .setDepth(50)
    .setVisible(false);
  label.setResolution(scene.cameras.main.zoom);
  const half = label.width / 2;
  label.setX(Math.min(600 - half - 4, Math.max(half + 4, x)));
  // Whole on the board: on the top row the label starts inside it and drifts down, not off the edge.
  const top = label.height / 2 + 4;
  const fromY = Math.max(top, y - 30);
  label.setY(fromY);
  return { label, toY: y - 70 < top ? fromY + 40 : y - 70 };
}

export interface FloatLabel {
  label: Phaser.GameObjects.Text;
  /** Where it drifts to. */
  toY: number;
}

/**
 * The amount rises from the landing tile and fades (kept inside the board). Without animations it
 * stays still and goes after the landing, through `after` (the scene's tracked timers).
 */
export function floatLabel(
  scene: Phaser.Scene,
  plan: RollAnimationPlan,
  made: FloatLabel,
  animate: boolean,
  after: (ms: number, done: () => void) => void,
): void {
  const { label, toY } = made;
  label.setVisible(true);
  if (!animate) {
    after(plan.landingMs + 400, () => label.destroy());
    return;
  }
  scene.tweens.add({
    targets: label,
    y: toY,
    alpha: { from: 1, to: 0 },
    duration: 1300,
    ease: 'Cubic.easeOut',
    onComplete: () => label.destroy(),
  });
}
