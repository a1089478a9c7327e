/**
 * The buildings of an owned property as plain shapes around (0, ground 0), y up being negative: the
 * board draws them with Phaser (objects/buildings.ts) and the Build sheet with SVG (BuildingArt.tsx),
 * so both show the same building. Level 1 a cottage, 2 a two-storey house, 3 an apartment block
 * beside a house, 4 a tower with a gold crown.
 */
export type Paint = 'wall' | 'wallShade' | 'roof' | 'window' | 'crown' | 'plot';

export type Shape =
  | { kind: 'rect'; paint: Paint; x: number; y: number; w: number; h: number }
  | { kind: 'tri'; paint: Paint; points: [number, number, number, number, number, number] }
  | { kind: 'ellipse'; paint: Paint; cx: number; cy: number; w: number; h: number };

/** Tallest building (level 4) in board units: it fits between a tile's band and its name. */
export const BUILDING_MAX_HEIGHT = 38;

const rect = (paint: Paint, x: number, y: number, w: number, h: number): Shape => ({ kind: 'rect', paint, x, y, w, h });

function windows(x: number, top: number, cols: number, rows: number): Shape[] {
  const out: Shape[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) out.push(rect('window', x + col * 6, top + row * 7, 3.5, 4));
  }
  return out;
}

function house(cx: number, w: number, h: number): Shape[] {
  return [
    rect('wallShade', cx - w / 2, -h, w, h),
    rect('wall', cx - w / 2, -h, w - 3, h),
    { kind: 'tri', paint: 'roof', points: [cx - w / 2 - 3, -h, cx + w / 2 + 3, -h, cx, -h - w * 0.45] },
    rect('window', cx - 2.5, -7, 5, 7), // the door
  ];
}

export function buildingShapes(level: number): Shape[] {
  if (level <= 0) return [];
  const plot: Shape = { kind: 'ellipse', paint: 'plot', cx: 0, cy: 1.5, w: 40, h: 5 };
  if (level === 1) return [plot, ...house(0, 22, 14)];
  if (level === 2) return [plot, ...house(0, 26, 22), ...windows(-9.5, -19, 3, 1)];
  if (level === 3) {
    return [
      plot,
      ...house(-11, 14, 10),
      rect('wallShade', -3, -30, 18, 30),
      rect('wall', -3, -30, 15, 30),
      rect('roof', -5, -33, 22, 4),
      ...windows(0, -26, 2, 3),
    ];
  }
  const top = BUILDING_MAX_HEIGHT;
  return [
    plot,
    ...house(-13, 12, 9),
    rect('wallShade', -6, -28, 22, 28),
    rect('wallShade', -2, -34, 14, 6),
    rect('wall', -6, -28, 19, 28),
    rect('wall', -2, -34, 11, 6),
    ...windows(-3, -24, 3, 3),
    { kind: 'tri', paint: 'crown', points: [-3, -34, 13, -34, 5, -top - 4] },
    rect('crown', 4, -top - 8, 2, 5),
  ];
}
