import type Phaser from 'phaser';
import type { SurfaceColors } from '../look';

type Paint = Pick<SurfaceColors, 'wall' | 'wallShade' | 'roof' | 'window' | 'crown'>;

/** Tallest building (level 4) in board units: it fits between a tile's band and its name. */
export const BUILDING_MAX_HEIGHT = 38;

function windows(g: Phaser.GameObjects.Graphics, x: number, top: number, cols: number, rows: number, c: Paint) {
  g.fillStyle(c.window, 1);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) g.fillRect(x + col * 6, top + row * 7, 3.5, 4);
  }
}

function house(g: Phaser.GameObjects.Graphics, cx: number, ground: number, w: number, h: number, c: Paint) {
  g.fillStyle(c.wallShade, 1);
  g.fillRect(cx - w / 2, ground - h, w, h);
  g.fillStyle(c.wall, 1);
  g.fillRect(cx - w / 2, ground - h, w - 3, h);
  g.fillStyle(c.roof, 1);
  g.fillTriangle(cx - w / 2 - 3, ground - h, cx + w / 2 + 3, ground - h, cx, ground - h - w * 0.45);
  g.fillStyle(c.window, 1);
  g.fillRect(cx - 2.5, ground - 7, 5, 7); // the door
}

/**
 * The building on an owned property, standing on `ground` around `cx`; it grows with each level:
 * 1 a cottage, 2 a two-storey house, 3 an apartment block beside a house, 4 a tower with a gold
 * crown. Outlined in `outline` so it reads on a light or a dark tile.
 */
export function drawBuilding(
  g: Phaser.GameObjects.Graphics,
  cx: number,
  ground: number,
  level: number,
  c: Paint,
  outline: number,
): void {
  if (level <= 0) return;
  g.fillStyle(outline, 0.35);
  g.fillEllipse(cx, ground + 1.5, 40, 5); // the plot
  if (level === 1) {
    house(g, cx, ground, 22, 14, c);
    return;
  }
  if (level === 2) {
    house(g, cx, ground, 26, 22, c);
    windows(g, cx - 9.5, ground - 19, 3, 1, c);
    return;
  }
  if (level === 3) {
    house(g, cx - 11, ground, 14, 10, c);
    g.fillStyle(c.wallShade, 1);
    g.fillRect(cx - 3, ground - 30, 18, 30);
    g.fillStyle(c.wall, 1);
    g.fillRect(cx - 3, ground - 30, 15, 30);
    g.fillStyle(c.roof, 1);
    g.fillRect(cx - 5, ground - 33, 22, 4);
    windows(g, cx, ground - 26, 2, 3, c);
    return;
  }
  // Level 4: a tower with setbacks and a gold crown, beside a house.
  house(g, cx - 13, ground, 12, 9, c);
  g.fillStyle(c.wallShade, 1);
  g.fillRect(cx - 6, ground - 28, 22, 28);
  g.fillRect(cx - 2, ground - 34, 14, 6);
  g.fillStyle(c.wall, 1);
  g.fillRect(cx - 6, ground - 28, 19, 28);
  g.fillRect(cx - 2, ground - 34, 11, 6);
  windows(g, cx - 3, ground - 24, 3, 3, c);
  g.fillStyle(c.crown, 1);
  g.fillTriangle(cx - 3, ground - 34, cx + 13, ground - 34, cx + 5, ground - BUILDING_MAX_HEIGHT - 4);
  g.fillRect(cx + 4, ground - BUILDING_MAX_HEIGHT - 8, 2, 5);
}
