import type Phaser from 'phaser';
import type { SurfaceColors } from '../look';
import { buildingShapes, type Paint } from '../buildingShapes';

type Colors = Pick<SurfaceColors, 'wall' | 'wallShade' | 'roof' | 'window' | 'crown'>;

/**
 * Draws the building of a property at `level` on a board of `theme` (buildingShapes.ts) into `g`
 * around (0, 0), the
 * ground line; the plot under it in `outline`, so it reads on a light or a dark tile.
 */
export function drawBuilding(
  g: Phaser.GameObjects.Graphics,
  level: number,
  c: Colors,
  outline: number,
  theme = 'city',
): void {
  const color = (paint: Paint): [number, number] => (paint === 'plot' ? [outline, 0.35] : [c[paint], 1]);
  for (const shape of buildingShapes(level, theme)) {
    g.fillStyle(...color(shape.paint));
    if (shape.kind === 'rect') g.fillRect(shape.x, shape.y, shape.w, shape.h);
    else if (shape.kind === 'tri') g.fillTriangle(...shape.points);
    else g.fillEllipse(shape.cx, shape.cy, shape.w, shape.h);
  }
}
